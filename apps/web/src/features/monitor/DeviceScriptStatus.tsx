/**
 * The scripts of a device as its gateway last reported them (`up/script`, stored by the
 * platform): last run, how long it took, whether it succeeded, the last error in the reader's
 * language, runs and failures, and the last run's log. Shown in the gateway detail, since the
 * scripts run on the gateway.
 */
import { Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceScriptRow } from '../../api/edge-logic.api.ts';
import { useDeviceScripts } from '../device-config/use-wizard-data.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { ConsoleTable } from '../../blocks/index.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { formatTime } from './common/format-time.ts';

type ScriptState = NonNullable<DeviceScriptRow['state']>;

export function DeviceScriptStatus({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const status = useDeviceScripts(deviceId, true);
  const describeError = (state: ScriptState) => {
    if (!state.lastErrorCode) return null;
    const params = { ...state.lastErrorParams };
    // A failed write names the device's own answer: that code in words too.
    if (typeof params.reason === 'string' && /^\d+$/.test(params.reason))
      params.reason = translateCatalogue(params.reason, locale);
    return translateCatalogue(state.lastErrorCode, locale, params);
  };
  const withState =
    (render: (state: ScriptState) => React.ReactNode) => (_value: unknown, row: DeviceScriptRow) =>
      row.state ? (
        render(row.state)
      ) : (
        <Typography.Text type="secondary">{t('edgeLogic.status.notReported')}</Typography.Text>
      );

  return (
    <Card size="small" title={t('edgeLogic.status.title')} data-testid="device-scripts">
      <ConsoleTable<DeviceScriptRow>
        rowKey="key"
        loading={status.isPending}
        error={status.error}
        rows={status.data?.list}
        scroll={{ x: 900 }}
        emptyText={t('edgeLogic.status.empty')}
        columns={[
          {
            title: t('edgeLogic.fields.name'),
            key: 'name',
            width: 170,
            render: (_value, row) => (
              <Space orientation="vertical" size={0}>
                <span>{row.name}</span>
                <Space size={4}>
                  <Tag>{t(`edgeLogic.policies.${row.policy}`)}</Tag>
                  {row.enabled ? null : <Tag color="default">{t('edgeLogic.status.disabled')}</Tag>}
                </Space>
              </Space>
            ),
          },
          {
            title: t('edgeLogic.status.lastRun'),
            key: 'lastRun',
            width: 170,
            render: withState((state) =>
              state.lastRunAt === null ? '—' : formatTime(new Date(state.lastRunAt).toISOString()),
            ),
          },
          {
            title: t('edgeLogic.status.result'),
            key: 'result',
            width: 90,
            render: withState((state) =>
              state.lastOk === null ? (
                '—'
              ) : state.lastOk ? (
                <Tag color="success">{t('edgeLogic.status.ok')}</Tag>
              ) : (
                <Tag color="error">{t('edgeLogic.status.failed')}</Tag>
              ),
            ),
          },
          {
            title: t('monitor.device.scriptState'),
            key: 'paused',
            width: 90,
            render: withState((state) =>
              typeof state.pausedAt === 'number' ? (
                <Tag color="warning" title={t('edgeLogic.status.paused')} data-testid="script-paused">
                  {t('edgeLogic.status.pausedShort')}
                </Tag>
              ) : null,
            ),
          },
          {
            title: t('edgeLogic.status.duration'),
            key: 'duration',
            width: 80,
            render: withState((state) =>
              state.lastDurationMs === null ? '—' : `${state.lastDurationMs} ms`,
            ),
          },
          {
            title: t('edgeLogic.status.runs'),
            key: 'runs',
            width: 100,
            render: withState((state) => `${state.runs} / ${state.failures}`),
          },
          {
            title: t('edgeLogic.status.lastError'),
            key: 'lastError',
            render: withState((state) => {
              const text = describeError(state);
              return text ? (
                <Space orientation="vertical" size={0}>
                  <Typography.Text type="danger">{text}</Typography.Text>
                  {state.lastErrorAt ? (
                    <Typography.Text type="secondary">
                      {formatTime(new Date(state.lastErrorAt).toISOString())}
                    </Typography.Text>
                  ) : null}
                </Space>
              ) : (
                '—'
              );
            }),
          },
          {
            title: t('edgeLogic.status.log'),
            key: 'log',
            width: 220,
            render: withState((state) =>
              state.log.length === 0 ? (
                '—'
              ) : (
                <Typography.Paragraph
                  style={{ fontFamily: 'monospace', fontSize: 12, margin: 0, whiteSpace: 'pre-wrap' }}
                  ellipsis={{ rows: 3, expandable: true }}
                >
                  {state.log.join('\n')}
                </Typography.Paragraph>
              ),
            ),
          },
        ]}
      />
    </Card>
  );
}
