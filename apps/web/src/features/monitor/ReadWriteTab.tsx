/**
 * Read/write data: every variable of the device with its live value (unit, decimals, state mapping
 * text), the device time of the value and a stale mark when it is not current; a Read button asks
 * the device now, a Write button opens the write dialog for writable variables.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Alert, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commandApi } from '../../api/command.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { ConsoleTable, TIME_COLUMN_WIDTH } from '../../blocks/index.ts';
import { useDescribeFailure } from './common/catalogue-text.ts';
import { formatTime } from './common/format-time.ts';
import { useDeviceAbilities } from './common/use-device-abilities.ts';
import type { DeviceTabProps } from './device-tab-props.ts';
import { isValueStale } from './live-values.ts';
import type { DeviceVariable } from './use-device.ts';
import { useNow } from './use-live.ts';
import { formatValue } from './value-format.ts';
import { WriteDialog } from './WriteDialog.tsx';
import { GatewayUnavailableError } from './write-dialog-state.ts';

export function ReadWriteTab({ device, live, variables }: DeviceTabProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const now = useNow();
  const locale = useLocaleStore((state) => state.locale);
  // Writing to a running machine: the write code and a relation that allows writing (policy).
  const canWrite = useDeviceAbilities(device.id)('device.write');
  const [writing, setWriting] = useState<DeviceVariable | null>(null);

  const read = useMutation({
    mutationFn: (variable: DeviceVariable) => commandApi.readValue(device.id, variable.key),
    onSuccess: (reply, variable) => {
      if (!reply.online) {
        void message.error(describeFailure(new GatewayUnavailableError(reply.code ?? '1501')));
        return;
      }
      void message.success(
        t('monitor.data.readResult', {
          name: variable.name,
          value: formatValue(variable.definition, reply.data?.value),
        }),
      );
    },
    onError: (error) => void message.error(describeFailure(error)),
  });

  const writable = (variable: DeviceVariable) =>
    canWrite &&
    (!variable.definition ||
      (variable.definition.readWrite !== 'read-only' && variable.definition.writePermission));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {!live.connected && live.loaded ? (
        <Alert type="warning" showIcon title={t('monitor.data.disconnected')} />
      ) : null}
      {live.errorCode ? (
        <Alert type="error" showIcon title={translateCatalogue(live.errorCode, locale)} />
      ) : null}
      {!variables.some((variable) => variable.definition) && variables.length > 0 ? (
        <Alert type="info" showIcon title={t('monitor.data.noModel')} />
      ) : null}
      <ConsoleTable<DeviceVariable>
        rowKey="key"
        testId="live-values"
        rows={variables}
        emptyText={null}
        columns={[
          {
            title: t('monitor.fields.name'),
            dataIndex: 'name',
            render: (name: string, variable) => (
              <Space orientation="vertical" size={0}>
                <span>{name}</span>
                {name === variable.key ? null : (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {variable.key}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('monitor.fields.value'),
            key: 'value',
            render: (_, variable) => {
              const item = live.values[variable.key];
              const stale = isValueStale(live, variable.key, now);
              return (
                <Space data-testid={`value-${variable.key}`} data-stale={stale ? 'true' : 'false'}>
                  <Typography.Text
                    strong={!stale}
                    type={stale ? 'secondary' : undefined}
                    style={{ fontSize: 15 }}
                  >
                    {formatValue(variable.definition, item?.value)}
                  </Typography.Text>
                  {item?.error ? (
                    <Tooltip title={translateCatalogue(item.error, locale)}>
                      <Tag color="error">{t('monitor.data.readError')}</Tag>
                    </Tooltip>
                  ) : null}
                  {stale ? (
                    <Tooltip title={t('monitor.data.staleHint')}>
                      <Tag color="default">{t('monitor.data.stale')}</Tag>
                    </Tooltip>
                  ) : null}
                </Space>
              );
            },
          },
          {
            title: t('monitor.fields.time'),
            key: 'time',
            width: TIME_COLUMN_WIDTH,
            render: (_, variable) => formatTime(live.values[variable.key]?.ts),
          },
          {
            title: t('monitor.fields.readWrite'),
            key: 'readWrite',
            render: (_, variable) =>
              variable.definition ? t(`monitor.readWrite.${variable.definition.readWrite}`) : '—',
          },
          {
            title: t('monitor.common.actions'),
            key: 'actions',
            render: (_, variable) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<ReloadOutlined />}
                  loading={read.isPending && read.variables.key === variable.key}
                  disabled={variable.definition?.readWrite === 'write-only'}
                  onClick={() => read.mutate(variable)}
                  data-testid={`read-${variable.key}`}
                >
                  {t('monitor.data.read')}
                </Button>
                {writable(variable) ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setWriting(variable)}
                    data-testid={`write-${variable.key}`}
                  >
                    {t('monitor.data.write')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {writing ? (
        <WriteDialog
          deviceId={device.id}
          variable={writing}
          currentValue={live.values[writing.key]?.value}
          onClose={() => setWriting(null)}
        />
      ) : null}
    </Space>
  );
}
