/**
 * Gateway detail of a device: status and signal (kept live), firmware, hardware, network and
 * gateway mode, last contact, the thumbprint of its OPC UA application certificate (to trust it on
 * an OPC UA server, with copy), and the configuration sync state — whether platform and gateway
 * match — with the Sync button (refused with 1501 or 1503 when the gateway is offline or asleep);
 * browsing the OPC UA server of a driver through the gateway, for those the policy lets browse;
 * then the gateway's operations (replace, factory reset, clear data, restart) and remote settings.
 */
import { SyncOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { commandApi } from '../../api/command.api.ts';
import { opcUaBrowseApi } from '../../api/opcua-browse.api.ts';
import { ConfigSyncTag, GatewayStatusTag, SignalTag } from '../gateway/status-tags.tsx';
import { useDescribeFailure } from './common/catalogue-text.ts';
import { useDeviceAbilities } from './common/use-device-abilities.ts';
import { formatTime } from './common/format-time.ts';
import { describeConfigMatch } from './config-sync.ts';
import { DeviceScriptStatus } from './DeviceScriptStatus.tsx';
import { GatewayOperations } from '../gateway-ops/GatewayOperations.tsx';
import { DeviceTagBrowserButton } from '../product/tag-browser/DeviceTagBrowser.tsx';
import { GatewaySettingsPanel } from '../gateway-ops/GatewaySettingsPanel.tsx';
import type { DeviceTabProps } from './device-tab-props.ts';
import { deviceQueryKey } from './use-device.ts';

export function GatewayTab({ device, live }: DeviceTabProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const queryClient = useQueryClient();
  const gateway = device.gateway;
  const sync = describeConfigMatch(device, live.config);
  const liveStatus = live.gateway?.status;
  const liveSignal = live.gateway?.signal;
  const syncState = live.config?.state;
  // The gateway's operations and settings show as the server's policy allows them on this device.
  const may = useDeviceAbilities(device.id);
  const operations = {
    replace: may('device.replaceGateway'),
    reset: may('device.resetGateway'),
    clear: may('device.clearData'),
    restart: may('device.restartGateway'),
  };

  // Status, signal band and versions come from the platform: read them again when the channel says they moved.
  useEffect(() => {
    if (liveStatus === undefined && syncState === undefined) return;
    void queryClient.invalidateQueries({ queryKey: deviceQueryKey(device.id) });
  }, [liveStatus, liveSignal, syncState, device.id, queryClient]);

  // Made by the gateway when an OPC UA driver first runs; the item shows once there is one.
  const certificate = useQuery({
    queryKey: ['gateway-opcua-certificate', device.id, gateway.sn],
    queryFn: () => opcUaBrowseApi.gatewayCertificate(device.id),
  });
  const thumbprint = certificate.data?.thumbprint;

  const syncNow = useMutation({
    mutationFn: () => commandApi.syncConfiguration(device.id),
    onSuccess: (answer) =>
      void message.success(t('monitor.gatewayDetail.syncStarted', { version: answer.version })),
    onError: (error) => void message.error(describeFailure(error)),
  });
  const text = (value: string | null) => value || '—';

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('monitor.fields.sn')}>{gateway.sn}</Descriptions.Item>
        <Descriptions.Item label={t('monitor.fields.status')}>
          <GatewayStatusTag status={liveStatus ?? gateway.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.fields.signal')}>
          <SignalTag band={gateway.signalBand} signal={gateway.signal} />
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.fields.firmware')}>{text(gateway.firmware)}</Descriptions.Item>
        <Descriptions.Item label={t('monitor.fields.hardwareModel')}>
          {text(gateway.hardwareModel)}
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.gatewayDetail.networkMode')}>
          {gateway.networkMode
            ? t(`monitor.networkMode.${gateway.networkMode}`, { defaultValue: gateway.networkMode })
            : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.gatewayDetail.gatewayMode')}>
          {gateway.gatewayMode
            ? t(`monitor.gatewayMode.${gateway.gatewayMode}`, { defaultValue: gateway.gatewayMode })
            : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.gateway.lastSeen')}>
          {formatTime(gateway.lastSeenAt)}
        </Descriptions.Item>
        {thumbprint ? (
          <Descriptions.Item label={t('tagBrowser.gatewayThumbprint')} span={2}>
            <Space orientation="vertical" size={0}>
              <Typography.Text code copyable data-testid="gateway-opcua-thumbprint">
                {thumbprint}
              </Typography.Text>
              <Typography.Text type="secondary">{t('tagBrowser.thumbprintHelp')}</Typography.Text>
            </Space>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {may('device.browseOpcUa') ? (
        <DeviceTagBrowserButton
          deviceId={device.id}
          online={(liveStatus ?? gateway.status) === 'online'}
          configCurrent={sync.match}
          thumbprint={thumbprint}
        />
      ) : null}

      <Descriptions
        bordered
        size="small"
        column={1}
        title={t('monitor.fields.configSyncState')}
        extra={
          may('device.sync') ? (
            <Button
              icon={<SyncOutlined />}
              loading={syncNow.isPending}
              onClick={() => syncNow.mutate()}
              data-testid="sync-config"
            >
              {t('monitor.gatewayDetail.sync')}
            </Button>
          ) : null
        }
      >
        <Descriptions.Item label={t('monitor.gatewayDetail.match')}>
          <Space>
            <Tag color={sync.match ? 'success' : 'warning'} data-testid="config-match">
              {sync.match ? t('monitor.gatewayDetail.matches') : t('monitor.gatewayDetail.differs')}
            </Tag>
            <ConfigSyncTag state={sync.state} error={gateway.configSyncError} />
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.gatewayDetail.versions')}>
          {t('monitor.gatewayDetail.versionText', { sent: sync.sent, reported: sync.reported })}
        </Descriptions.Item>
      </Descriptions>
      {gateway.configSyncError ? <Alert type="error" showIcon title={gateway.configSyncError} /> : null}
      <DeviceScriptStatus deviceId={device.id} />
      {Object.values(operations).some(Boolean) ? (
        <GatewayOperations
          deviceId={device.id}
          online={(liveStatus ?? gateway.status) === 'online'}
          allowed={operations}
        />
      ) : null}
      {may('device.gatewaySettings') ? (
        <GatewaySettingsPanel deviceId={device.id} manage={may('device.configureGateway')} />
      ) : null}
    </Space>
  );
}
