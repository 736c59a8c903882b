/**
 * Adding or editing a hardware model: name, description, the capacity of one gateway per kind, and
 * its features. Limits come from the contract; a refusal that names an input (a taken name, a
 * number below what a product already holds) shows on that input.
 */
import {
  CAPACITY_KINDS,
  DEFAULT_MODEL_CAPACITY,
  MODEL_CAPACITY_MAX,
  MODEL_DESCRIPTION_MAX_LENGTH,
  MODEL_FEATURE_FLAGS,
  MODEL_PORTS_MAX,
  type ModelCapacity,
  type ModelFeatures,
} from '@lyyp/contracts/hardware';
import { HARDWARE_MODEL_MAX_LENGTH } from '@lyyp/contracts/gateway';
import { Checkbox, Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { hardwareApi, type HardwareModel } from '../../api/hardware.api.ts';
import { FormDialog, type EditDialogProps } from '../../blocks/index.ts';

interface ModelFormValues {
  name: string;
  description?: string;
  capacity: ModelCapacity;
  features: ModelFeatures;
}

const FIELDS = ['name', 'description', 'capacity', 'features'];

const NEW_MODEL: ModelFormValues = {
  name: '',
  description: '',
  capacity: { ...DEFAULT_MODEL_CAPACITY },
  features: { cellular: true, wifi: false, gps: false, baseStation: true, serialPorts: 2, lanPorts: 1 },
};

export function HardwareModelDialog({ item: model, onClose, onSaved }: EditDialogProps<HardwareModel>) {
  const { t } = useTranslation();
  const submit = (values: ModelFormValues) => {
    const body = {
      name: values.name.trim(),
      description: values.description?.trim() ?? '',
      capacity: values.capacity,
      features: values.features,
    };
    return model ? hardwareApi.edit({ ...body, id: model.id }) : hardwareApi.add(body);
  };
  const initial: ModelFormValues = model
    ? {
        name: model.name,
        description: model.description ?? '',
        capacity: model.capacity,
        features: model.features,
      }
    : NEW_MODEL;

  return (
    <FormDialog<ModelFormValues>
      width={640}
      title={model ? t('hardware.edit') : t('hardware.add')}
      initialValues={initial}
      fields={FIELDS}
      submit={submit}
      onSaved={onSaved}
      onClose={onClose}
      testId="hardware-form"
    >
      <Form.Item
        name="name"
        label={t('hardware.name')}
        rules={[{ required: true, whitespace: true, message: t('hardware.required.name') }]}
      >
        <Input maxLength={HARDWARE_MODEL_MAX_LENGTH} showCount />
      </Form.Item>
      <Form.Item name="description" label={t('hardware.description')}>
        <Input.TextArea maxLength={MODEL_DESCRIPTION_MAX_LENGTH} showCount rows={2} />
      </Form.Item>
      <Form.Item label={t('hardware.capacity')} style={{ marginBottom: 0 }}>
        <Row gutter={12}>
          {CAPACITY_KINDS.map((kind) => (
            <Col span={8} key={kind}>
              <Form.Item
                name={['capacity', kind]}
                label={t(`hardware.kinds.${kind}`)}
                rules={[{ required: true, message: t(`hardware.kinds.${kind}`) }]}
              >
                <InputNumber min={1} max={MODEL_CAPACITY_MAX[kind]} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form.Item>
      <Form.Item label={t('hardware.features')} style={{ marginBottom: 8 }}>
        <Row gutter={12}>
          {MODEL_FEATURE_FLAGS.map((flag) => (
            <Col span={12} key={flag}>
              <Form.Item name={['features', flag]} valuePropName="checked" style={{ marginBottom: 4 }}>
                <Checkbox>{t(`hardware.flags.${flag}`)}</Checkbox>
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form.Item>
      <Row gutter={12}>
        {(['serialPorts', 'lanPorts'] as const).map((ports) => (
          <Col span={12} key={ports}>
            <Form.Item name={['features', ports]} label={t(`hardware.${ports}`)} rules={[{ required: true }]}>
              <InputNumber min={0} max={MODEL_PORTS_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </FormDialog>
  );
}
