/**
 * Batch creation of gateways (operation staff): a number of generated SNs or a typed SN list, with
 * hardware model, the product they are made for, firmware and remark. The answer's SNs, verification codes and secrets are shown
 * once, to copy or export.
 */
import { REMARK_MAX_LENGTH, maxLengthCheck } from '@lyyp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { GatewayBatchAdd, GatewayCreated } from '../../api/catalogue.types.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { describeViolation } from '../monitor/common/catalogue-text.ts';
import { requiredText } from '../auth/form-rules.ts';
import { rulesFromChecks } from '../monitor/common/schema-rules.ts';
import { locateFields, useFormFailure } from '../monitor/common/use-form-failure.ts';
import { CreatedGatewaysView } from './CreatedGatewaysView.tsx';
import { checkSnList, splitSnList } from './gateway-rules.ts';
import { HardwareModelSelect } from '../hardware/HardwareModelSelect.tsx';

interface BatchAddValues {
  mode: 'count' | 'sns';
  count?: number;
  snText?: string;
  hardwareModelId?: string;
  productId?: string;
  firmware?: string;
  remark?: string;
}

const locate = locateFields(['count', 'hardwareModelId', 'productId', 'firmware', 'remark']);
const checkRemark = maxLengthCheck('remark', REMARK_MAX_LENGTH);
const optional = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

function toRequest(values: BatchAddValues): GatewayBatchAdd {
  const details = {
    hardwareModelId: values.hardwareModelId || undefined,
    productId: values.productId || undefined,
    firmware: optional(values.firmware),
    remark: optional(values.remark),
  };
  return values.mode === 'count'
    ? { count: values.count ?? 1, ...details }
    : { sns: splitSnList(values.snText ?? ''), ...details };
}

export function BatchAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [form] = Form.useForm<BatchAddValues>();
  const mode = Form.useWatch('mode', form) ?? 'count';
  const [created, setCreated] = useState<GatewayCreated[] | null>(null);
  const queryClient = useQueryClient();
  const { alertText, showFailure, clearFailure } = useFormFailure(form, locate);
  const products = useQuery({
    queryKey: ['selectable-products'],
    queryFn: () => catalogueApi.listSelectableProducts(),
    enabled: open,
  });

  const add = useMutation({
    mutationFn: (values: BatchAddValues) => catalogueApi.batchAddGateways(toRequest(values)),
    onSuccess: async (gateways) => {
      setCreated(gateways);
      await queryClient.invalidateQueries({ queryKey: ['gateways'] });
    },
    onError: showFailure,
  });

  const close = () => {
    setCreated(null);
    form.resetFields();
    clearFailure();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={
        created ? t('monitor.gateway.createdTitle', { count: created.length }) : t('monitor.gateway.batchAdd')
      }
      width={created ? 760 : 520}
      okText={created ? t('monitor.common.close') : t('monitor.gateway.create')}
      cancelButtonProps={created ? { style: { display: 'none' } } : {}}
      confirmLoading={add.isPending}
      onOk={created ? close : () => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      {created ? (
        <CreatedGatewaysView gateways={created} />
      ) : (
        <Form
          form={form}
          name="gateway-batch-add"
          layout="vertical"
          initialValues={{ mode: 'count', count: 1 }}
          onFinish={(values) => add.mutate(values)}
          onValuesChange={clearFailure}
        >
          <FormAlert text={alertText} />
          <Form.Item name="mode" label={t('monitor.gateway.snSource')}>
            <Radio.Group
              options={[
                { value: 'count', label: t('monitor.gateway.generateSns') },
                { value: 'sns', label: t('monitor.gateway.typeSns') },
              ]}
            />
          </Form.Item>
          {mode === 'count' ? (
            <Form.Item
              name="count"
              label={t('monitor.gateway.count')}
              rules={[{ required: true, message: requiredText(t('monitor.gateway.count'), locale) }]}
            >
              <InputNumber min={1} precision={0} style={{ width: 160 }} />
            </Form.Item>
          ) : (
            <Form.Item
              name="snText"
              label={t('monitor.gateway.snList')}
              extra={t('monitor.gateway.snListHint')}
              rules={[
                {
                  validator: (_rule, value: string | undefined) => {
                    const problem = checkSnList(splitSnList(value ?? ''));
                    if (!problem) return Promise.resolve();
                    const text = describeViolation(problem.violation, locale);
                    return Promise.reject(new Error(problem.sn ? `${text}: ${problem.sn}` : text));
                  },
                },
              ]}
            >
              <Input.TextArea rows={5} placeholder="100000000001" />
            </Form.Item>
          )}
          <Form.Item name="hardwareModelId" label={t('monitor.fields.hardwareModel')}>
            <HardwareModelSelect />
          </Form.Item>
          <Form.Item name="productId" label={t('monitor.gateway.madeForProduct')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('monitor.gateway.madeForProductHint')}
              loading={products.isFetching}
              options={(products.data ?? []).map((product) => ({ value: product.id, label: product.title }))}
            />
          </Form.Item>
          <Form.Item name="firmware" label={t('monitor.fields.firmware')}>
            <Input />
          </Form.Item>
          <Form.Item
            name="remark"
            label={t('monitor.fields.remark')}
            rules={rulesFromChecks(locale, checkRemark)}
          >
            <Input />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
