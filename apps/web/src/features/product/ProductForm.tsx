/**
 * The §3 product fields, for creating a product and for its info tab. Name rules come from
 * contracts; limits only the platform knows are shown on the input it names when it refuses.
 */
import { NAME_MAX_LENGTH, maxLengthCheck } from '@lyyp/contracts';
import { Button, Col, Form, Input, Row, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProductFields } from '../../api/catalogue.types.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { CoordinateFields } from '../../blocks/index.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { requiredCheck, rulesFromChecks } from '../monitor/common/schema-rules.ts';
import { locateFields } from '../monitor/common/use-form-failure.ts';
import { HardwareModelSelect } from '../hardware/HardwareModelSelect.tsx';

export interface ProductFormValues {
  title?: string;
  productModel?: string;
  imgUrl?: string;
  note?: string;
  modelId?: string;
  latitude?: number | null;
  longitude?: number | null;
}

export const PRODUCT_FIELDS = [
  'title',
  'productModel',
  'imgUrl',
  'note',
  'modelId',
  'latitude',
  'longitude',
] as const;
export const locateProductField = locateFields(PRODUCT_FIELDS);

const checkTitle = maxLengthCheck('title', NAME_MAX_LENGTH);

/** What the API receives; an emptied optional field is sent empty, which clears it. */
export function toProductFields(values: ProductFormValues): ProductFields {
  return {
    title: values.title?.trim() ?? '',
    productModel: values.productModel?.trim() ?? '',
    imgUrl: values.imgUrl?.trim() ?? '',
    note: values.note ?? '',
    modelId: values.modelId ?? '',
    latitude: values.latitude ?? null,
    longitude: values.longitude ?? null,
  };
}

export function ProductForm({
  form,
  name,
  initialValues,
  alertText,
  submitText,
  submitting,
  readOnly = false,
  onSubmit,
  onChange,
}: {
  form: FormInstance<ProductFormValues>;
  name: string;
  initialValues?: ProductFormValues;
  alertText: string | null;
  submitText: string;
  submitting: boolean;
  /** Shown without a save button (the policy does not let the account change the product). */
  readOnly?: boolean;
  onSubmit: (values: ProductFormValues) => void;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  return (
    <Form
      form={form}
      name={name}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onSubmit}
      onValuesChange={onChange}
      style={{ maxWidth: 720 }}
    >
      <FormAlert text={alertText} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="title"
            label={t('monitor.fields.title')}
            rules={rulesFromChecks(locale, requiredCheck('title'), checkTitle)}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="productModel" label={t('monitor.fields.productModel')}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="modelId" label={t('hardware.model')}>
            <HardwareModelSelect />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="imgUrl" label={t('monitor.fields.imgUrl')}>
            <Input placeholder="https://" />
          </Form.Item>
        </Col>
        <CoordinateFields />
        <Col span={24}>
          <Form.Item name="note" label={t('monitor.fields.note')}>
            <Input.TextArea rows={4} />
          </Form.Item>
        </Col>
      </Row>
      {readOnly ? null : (
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="product-save">
          {submitText}
        </Button>
      )}
    </Form>
  );
}
