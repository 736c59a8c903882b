/**
 * Binding a new device (§3): the gateway's SN and 6-digit verification code, the product it runs,
 * a name and optionally a group. The caller becomes the device's owner.
 */
import {
  NAME_MAX_LENGTH,
  SN_LENGTH,
  checkVerificationCode,
  maxLengthCheck,
  type Check,
} from '@lyyp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { DeviceRecord } from '../../api/catalogue.types.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { FormDialog } from '../../blocks/index.ts';
import { requiredCheck, rulesFromChecks } from './common/schema-rules.ts';
import { checkSn } from '../gateway/gateway-rules.ts';
import { DEVICE_NAME_MAX_LENGTH } from '@lyyp/contracts/device';

interface BindValues {
  name?: string;
  sn?: string;
  verificationCode?: string;
  productId?: string;
  groupName?: string;
}

const FIELDS = ['name', 'sn', 'verificationCode', 'productId', 'groupName'];

export function BindDeviceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BindValues>();
  const products = useQuery({
    queryKey: ['products', 'selectable'],
    queryFn: () => catalogueApi.listSelectableProducts(),
    enabled: open,
  });

  const rule = (...checks: Check[]) => rulesFromChecks(locale, ...checks);

  return (
    <FormDialog<BindValues, DeviceRecord>
      open={open}
      title={t('monitor.device.bind')}
      okText={t('monitor.device.bindOk')}
      onClose={onClose}
      form={form}
      name="device-bind"
      fields={FIELDS}
      successText={null}
      submit={(values) =>
        catalogueApi.bindDevice({
          name: values.name?.trim() ?? '',
          sn: values.sn?.trim() ?? '',
          verificationCode: values.verificationCode?.trim() ?? '',
          productId: values.productId ?? '',
          ...(values.groupName?.trim() ? { groupName: values.groupName.trim() } : {}),
        })
      }
      onSaved={(device) => {
        void queryClient.invalidateQueries({ queryKey: ['devices'] });
        form.resetFields();
        void navigate(`/monitor/devices/${encodeURIComponent(device.id)}`);
      }}
    >
      <Form.Item name="sn" label={t('monitor.device.gatewaySn')} rules={rule(requiredCheck('sn'), checkSn)}>
        <Input maxLength={SN_LENGTH} inputMode="numeric" placeholder={t('monitor.device.snPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="verificationCode"
        label={t('monitor.fields.verificationCode')}
        rules={rule(requiredCheck('verificationCode'), checkVerificationCode)}
      >
        <Input maxLength={6} inputMode="numeric" placeholder={t('monitor.device.codePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="productId"
        label={t('monitor.fields.productId')}
        extra={t('monitor.device.publishedOnly')}
        rules={rule(requiredCheck('productId', 'choice'))}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={products.isPending}
          options={(products.data ?? []).map((product) => ({
            value: product.id,
            label: product.productModel ? `${product.title} (${product.productModel})` : product.title,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('monitor.device.name')}
        rules={rule(requiredCheck('name'), maxLengthCheck('name', DEVICE_NAME_MAX_LENGTH))}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="groupName"
        label={t('monitor.fields.groupName')}
        rules={rule(maxLengthCheck('groupName', NAME_MAX_LENGTH))}
      >
        <Input />
      </Form.Item>
    </FormDialog>
  );
}
