/**
 * The configuration of a device (§2 device management: gateway and driver): each driver's address
 * on this device beside its product's, marked where it differs, saved and sent to the gateway
 * (an offline gateway receives it when it comes back), with the version and its sync state, and
 * copying the settings to other devices. Those the policy allows to configure the device
 * (`device.configure`) edit; others read.
 */
import { CopyOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Input, InputNumber, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deviceConfigApi,
  type DeviceConfigAnswer,
  type DeviceConfigDriver,
  type DriverAddressField,
} from '../../api/device-config.api.ts';
import { ConsoleTable } from '../../blocks/index.ts';
import type { DeviceTabProps } from '../monitor/device-tab-props.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { useDeviceAbilities } from '../monitor/common/use-device-abilities.ts';
import { CopyConfigDialog } from './CopyConfigDialog.tsx';
import { TemplatePanel } from './TemplatePanel.tsx';
import { deviceConfigQueryKey, useDeviceConfig } from './use-wizard-data.ts';
import {
  differsFromProduct,
  draftOf,
  overridesOf,
  productDraftOf,
  type AddressValue,
  type ConfigDraft,
} from './config-draft.ts';

const SYNC_COLORS: Record<DeviceConfigAnswer['syncState'], string> = {
  queued: 'default',
  syncing: 'processing',
  complete: 'success',
  failed: 'error',
};

const NUMBER_LIMITS: Partial<Record<DriverAddressField, { min: number; max: number }>> = {
  port: { min: 1, max: 65535 },
  slaveId: { min: 1, max: 247 },
};

export default function DeviceConfigTab({ device, live }: DeviceTabProps) {
  const describeFailure = useDescribeFailure();
  const queryClient = useQueryClient();
  const editable = useDeviceAbilities(device.id)('device.configure');
  const config = useDeviceConfig(device.id);
  const syncState = live.config?.state;

  // The gateway's reports move the sync state: read it again when the live channel says so.
  useEffect(() => {
    if (syncState !== undefined)
      void queryClient.invalidateQueries({ queryKey: deviceConfigQueryKey(device.id) });
  }, [syncState, device.id, queryClient]);

  if (config.error) return <Alert type="error" showIcon title={describeFailure(config.error)} />;
  if (!config.data) return <Skeleton active />;
  // A new version (saved here or elsewhere) starts the inputs again from what the device runs.
  return (
    <ConfigEditor key={config.data.version} deviceId={device.id} editable={editable} answer={config.data} />
  );
}

interface ConfigEditorProps {
  deviceId: string;
  editable: boolean;
  answer: DeviceConfigAnswer;
}

function ConfigEditor({ deviceId, editable, answer }: ConfigEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ConfigDraft>(() => draftOf(answer.drivers));
  const [copyOpen, setCopyOpen] = useState(false);

  const save = useMutation({
    mutationFn: (drivers: DeviceConfigDriver[]) =>
      deviceConfigApi.save(deviceId, overridesOf(drivers, draft)),
    onSuccess: (saved) => {
      queryClient.setQueryData(deviceConfigQueryKey(deviceId), saved);
      void message.success(
        saved.version === answer.version
          ? t('deviceConfig.unchanged')
          : t('deviceConfig.saved', { version: saved.version }),
      );
    },
    onError: (error) => void message.error(describeFailure(error)),
  });

  const setValue = (driverKey: string, field: DriverAddressField, value: AddressValue) =>
    setDraft((current) => ({ ...current, [driverKey]: { ...current[driverKey], [field]: value } }));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('deviceConfig.intro')} />
      <Space wrap align="center">
        <Tag color={answer.customised ? 'warning' : 'default'} data-testid="config-customised">
          {answer.customised ? t('deviceConfig.customised') : t('deviceConfig.sameAsProduct')}
        </Tag>
        <Tag color={SYNC_COLORS[answer.syncState]} data-testid="config-sync-state">
          {t(`deviceConfig.syncState.${answer.syncState}`)}
        </Tag>
        <Typography.Text type="secondary">
          {t('deviceConfig.version', {
            version: answer.version,
            product: answer.productModelVersion,
            revision: answer.revision,
          })}
        </Typography.Text>
        {answer.updatedAt ? (
          <Typography.Text type="secondary">{formatTime(answer.updatedAt)}</Typography.Text>
        ) : null}
      </Space>
      {answer.drivers.length === 0 ? <Empty description={t('deviceConfig.noDrivers')} /> : null}
      {answer.drivers.map((driver) => (
        <Card
          key={driver.key}
          size="small"
          title={`${driver.name} (${driver.key})`}
          extra={<Tag>{t(`monitor.protocol.${driver.protocol}`, { defaultValue: driver.protocol })}</Tag>}
          data-testid={`config-driver-${driver.key}`}
        >
          <ConsoleTable
            rowKey="field"
            rows={driver.addresses}
            emptyText={null}
            columns={[
              {
                title: t('deviceConfig.columns.field'),
                dataIndex: 'field',
                width: 160,
                render: (field: DriverAddressField) => t(`deviceConfig.fields.${field}`),
              },
              { title: t('deviceConfig.columns.product'), dataIndex: 'product', width: 200 },
              {
                title: t('deviceConfig.columns.device'),
                dataIndex: 'device',
                render: (_value: unknown, row) => {
                  const value = draft[driver.key]?.[row.field];
                  const limits = NUMBER_LIMITS[row.field];
                  const differs = differsFromProduct(row.product, value);
                  return (
                    <Space>
                      {limits ? (
                        <InputNumber
                          {...limits}
                          precision={0}
                          value={typeof value === 'number' ? value : null}
                          placeholder={String(row.product)}
                          disabled={!editable}
                          onChange={(next) => setValue(driver.key, row.field, next)}
                          data-testid={`config-${driver.key}-${row.field}`}
                        />
                      ) : (
                        <Input
                          value={typeof value === 'string' ? value : ''}
                          placeholder={String(row.product)}
                          disabled={!editable}
                          style={{ width: 220 }}
                          onChange={(event) => setValue(driver.key, row.field, event.target.value)}
                          data-testid={`config-${driver.key}-${row.field}`}
                        />
                      )}
                      {differs ? <Tag color="warning">{t('deviceConfig.differs')}</Tag> : null}
                    </Space>
                  );
                },
              },
            ]}
          />
        </Card>
      ))}
      {editable && answer.drivers.length > 0 ? (
        <Space wrap>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            disabled={answer.templateId !== null}
            onClick={() => save.mutate(answer.drivers)}
            data-testid="config-save"
          >
            {t('deviceConfig.save')}
          </Button>
          <Button icon={<UndoOutlined />} onClick={() => setDraft(productDraftOf(answer.drivers))}>
            {t('deviceConfig.followProduct')}
          </Button>
          <Button icon={<CopyOutlined />} onClick={() => setCopyOpen(true)} data-testid="config-copy">
            {t('deviceConfig.copy.button')}
          </Button>
        </Space>
      ) : null}
      <TemplatePanel
        deviceId={deviceId}
        answer={answer}
        editable={editable}
        draftOverrides={() => overridesOf(answer.drivers, draft)}
      />
      <CopyConfigDialog
        deviceId={deviceId}
        productId={answer.productId}
        open={copyOpen}
        onClose={() => setCopyOpen(false)}
      />
    </Space>
  );
}
