/**
 * History storage in the console: a product's storage tab (§2 /manage/product/edit/:id/storage),
 * a device's storage section, and the fleet's storage growth in the data centre. Each shows the
 * points stored (hot and archived), their bytes and the oldest point, with the retention policy:
 * a product's developer edits the product's, staff edit a device's own (docs/history.md).
 */
import { App, Button, Card, Descriptions, Form, InputNumber, Space, Switch, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RetentionPolicySchema, type RetentionPolicy, type StorageUsage } from '@lyyp/contracts';
import { useFieldRule } from '../../blocks/field-rule.ts';
import { storageApi } from '../../api/storage.api.ts';
import { ProductEditTabs } from '../product/ProductEditTabs.tsx';
import { useProductAbilities } from '../product/use-product-abilities.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { useDeviceAbilities } from '../monitor/common/use-device-abilities.ts';
import { useIsOperationStaff } from '../monitor/common/use-staff.ts';

const DEFAULT_POLICY: RetentionPolicy = { rawDays: 365, minuteDays: 730, summaryYears: null };

export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

function UsageFacts({ usage }: { usage: StorageUsage }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={3} data-testid="storage-usage">
      <Descriptions.Item label={t('storage.points')}>{usage.points.toLocaleString()}</Descriptions.Item>
      <Descriptions.Item label={t('storage.bytes')}>{formatBytes(usage.bytes)}</Descriptions.Item>
      <Descriptions.Item label={t('storage.oldest')}>
        {usage.oldest === null ? t('storage.none') : dayjs(usage.oldest).format('YYYY-MM-DD HH:mm:ss')}
      </Descriptions.Item>
    </Descriptions>
  );
}

interface PolicyFormValues {
  rawDays: number;
  minuteDays: number;
  summariesForever: boolean;
  summaryYears: number | null;
}

/** The policy as a form: days of raw points and minute summaries, years (or for ever) of hour/day summaries. */
function PolicyForm(props: {
  policy: RetentionPolicy | null;
  editable: boolean;
  saving: boolean;
  onSave: (policy: RetentionPolicy | null) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PolicyFormValues>();
  const current = props.policy ?? DEFAULT_POLICY;
  useEffect(() => {
    form.setFieldsValue({
      rawDays: current.rawDays,
      minuteDays: current.minuteDays,
      summariesForever: current.summaryYears === null,
      summaryYears: current.summaryYears ?? 10,
    });
  }, [form, current.rawDays, current.minuteDays, current.summaryYears]);
  const forever = Form.useWatch('summariesForever', form);
  // Out-of-range numbers are refused in the catalogue's words, never moved into range by the input.
  const daysRule = useFieldRule(RetentionPolicySchema.shape.rawDays);
  const yearsRule = useFieldRule(RetentionPolicySchema.shape.summaryYears);
  return (
    <Form
      form={form}
      layout="inline"
      disabled={!props.editable}
      onFinish={(values) =>
        props.onSave({
          rawDays: values.rawDays,
          minuteDays: values.minuteDays,
          summaryYears: values.summariesForever ? null : values.summaryYears,
        })
      }
    >
      <Form.Item name="rawDays" label={t('storage.rawDays')} rules={[{ required: true }, daysRule]}>
        <InputNumber precision={0} suffix={t('storage.days')} data-testid="raw-days" />
      </Form.Item>
      <Form.Item name="minuteDays" label={t('storage.minuteDays')} rules={[{ required: true }, daysRule]}>
        <InputNumber precision={0} suffix={t('storage.days')} />
      </Form.Item>
      <Form.Item name="summariesForever" label={t('storage.summariesForever')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {forever ? null : (
        <Form.Item
          name="summaryYears"
          label={t('storage.summaryYears')}
          rules={[{ required: true }, yearsRule]}
        >
          <InputNumber precision={0} suffix={t('storage.years')} />
        </Form.Item>
      )}
      {/* Viewing never implies changing: only those who may change the policy see its buttons. */}
      {props.editable ? (
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={props.saving} data-testid="save-policy">
              {t('storage.save')}
            </Button>
            {props.policy ? (
              <Button onClick={() => props.onSave(null)} disabled={props.saving}>
                {t('storage.remove')}
              </Button>
            ) : null}
          </Space>
        </Form.Item>
      ) : null}
    </Form>
  );
}

function usePolicySaved() {
  const { t } = useTranslation();
  const describeFailure = useDescribeFailure();
  const { message } = App.useApp();
  return {
    onSuccess: () => void message.success(t('storage.saved')),
    onError: (error: unknown) => void message.error(describeFailure(error)),
  };
}

/** A product's storage and its policy (the product tab). */
export function ProductStoragePanel({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editable = useProductAbilities(productId)('product.edit');
  const storage = useQuery({
    queryKey: ['storage', 'product', productId],
    queryFn: () => storageApi.product(productId),
  });
  const saved = usePolicySaved();
  const save = useMutation({
    mutationFn: (policy: RetentionPolicy | null) => storageApi.setProductPolicy(productId, policy),
    onSuccess: (answer) => {
      queryClient.setQueryData(['storage', 'product', productId], answer);
      saved.onSuccess();
    },
    onError: saved.onError,
  });
  return (
    <Card title={t('storage.title')} loading={storage.isPending} data-testid="product-storage">
      {storage.data ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <UsageFacts usage={storage.data.usage} />
          <Typography.Text type="secondary">
            {storage.data.policy ? t('storage.policyOfProduct') : t('storage.keptForever')}
          </Typography.Text>
          <PolicyForm
            policy={storage.data.policy}
            editable={editable}
            saving={save.isPending}
            onSave={(policy) => save.mutate(policy)}
          />
        </Space>
      ) : null}
    </Card>
  );
}

/** The product edit screen's storage tab. */
export default function ProductStorageTab() {
  const { id = '' } = useParams();
  return (
    <ProductEditTabs productId={id}>
      <ProductStoragePanel productId={id} />
    </ProductEditTabs>
  );
}

/** A device's storage, the policy in force and (for staff) its own override. */
export function DeviceStoragePanel({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  // The platform's rule: staff who may edit the device set its own policy; everyone else only sees it.
  const staff = useIsOperationStaff();
  const canEdit = useDeviceAbilities(deviceId)('device.edit');
  const queryClient = useQueryClient();
  const storage = useQuery({
    queryKey: ['storage', 'device', deviceId],
    queryFn: () => storageApi.device(deviceId),
  });
  const saved = usePolicySaved();
  const save = useMutation({
    mutationFn: (policy: RetentionPolicy | null) => storageApi.setDevicePolicy(deviceId, policy),
    onSuccess: (answer) => {
      queryClient.setQueryData(['storage', 'device', deviceId], answer);
      saved.onSuccess();
    },
    onError: saved.onError,
  });
  const data = storage.data;
  return (
    <Card title={t('storage.title')} loading={storage.isPending} data-testid="device-storage">
      {data ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <UsageFacts usage={data.usage} />
          <Typography.Text type="secondary">
            {data.override
              ? t('storage.policyOfDevice')
              : data.productPolicy
                ? t('storage.policyOfProduct')
                : t('storage.keptForever')}
          </Typography.Text>
          <PolicyForm
            policy={data.override ?? data.policy}
            editable={staff && canEdit}
            saving={save.isPending}
            onSave={(policy) => save.mutate(policy)}
          />
        </Space>
      ) : null}
    </Card>
  );
}

/** The fleet's storage by period, newest first (the data centre). */
export function FleetStorageCard() {
  const { t } = useTranslation();
  const fleet = useQuery({ queryKey: ['storage', 'fleet'], queryFn: () => storageApi.fleet() });
  const periods = [...(fleet.data?.periods ?? [])].reverse();
  return (
    <Card
      title={t('storage.fleetTitle')}
      loading={fleet.isPending}
      extra={fleet.data ? formatBytes(fleet.data.totalBytes) : null}
      data-testid="fleet-storage"
    >
      <Table
        size="small"
        rowKey={(period) => `${period.kind}-${period.start}`}
        dataSource={periods}
        pagination={{ pageSize: 10 }}
        columns={[
          {
            title: t('storage.period'),
            render: (_, period) =>
              period.kind === 'hot'
                ? dayjs(period.start).format('YYYY-MM-DD')
                : dayjs(period.start).format('YYYY-MM'),
          },
          { title: t('storage.kind'), render: (_, period) => t(`storage.kinds.${period.kind}`) },
          { title: t('storage.bytes'), align: 'right', render: (_, period) => formatBytes(period.bytes) },
          { title: t('storage.rows'), align: 'right', render: (_, period) => period.rows.toLocaleString() },
        ]}
      />
    </Card>
  );
}
