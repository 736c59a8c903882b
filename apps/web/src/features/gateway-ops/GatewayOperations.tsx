/**
 * Gateway operations of a device on its gateway tab: the latest replacement with its progress
 * (syncing → complete / failed, derived by the platform), and replacing, factory reset, clearing
 * data and restarting, each behind a confirmation and each shown only when the policy allows it on
 * the device (`allowed`). Operations the gateway must carry out are disabled while it is offline or
 * dormant (§8); the platform refuses them too.
 */
import { ClearOutlined, PoweroffOutlined, RollbackOutlined, SwapOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gatewayOpsApi } from '../../api/gateway-ops.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { ConfirmButton } from '../../blocks/index.ts';
import { deviceQueryKey } from '../monitor/use-device.ts';
import { ClearDataDialog } from './ClearDataDialog.tsx';
import { FactoryResetDialog } from './FactoryResetDialog.tsx';
import { gatewaySettingsKey } from './GatewaySettingsPanel.tsx';
import { describeOpsFailure, requireDelivered } from './gateway-ops-text.ts';
import { ReplaceGatewayDialog } from './ReplaceGatewayDialog.tsx';

const STATE_COLOURS = { syncing: 'processing', complete: 'success', failed: 'error' } as const;

type Dialog = 'replace' | 'reset' | 'clear' | null;

/** Which operations the policy allows on the device. */
export interface GatewayOperationsAllowed {
  replace: boolean;
  reset: boolean;
  clear: boolean;
  restart: boolean;
}

interface Props {
  deviceId: string;
  online: boolean;
  allowed: GatewayOperationsAllowed;
}

export function GatewayOperations({ deviceId, online, allowed }: Props) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const replacement = useQuery({
    queryKey: ['gateway-replacement', deviceId],
    queryFn: () => gatewayOpsApi.replacement(deviceId),
    // Progress moves when the new gateway answers: asked again while it syncs.
    refetchInterval: (query) => (query.state.data?.state === 'syncing' ? 3000 : false),
  });
  const refresh = () => {
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: ['gateway-replacement', deviceId] });
    void queryClient.invalidateQueries({ queryKey: gatewaySettingsKey(deviceId) });
    void queryClient.invalidateQueries({ queryKey: deviceQueryKey(deviceId) });
  };
  const last = replacement.data;

  return (
    <Card size="small" title={t('gatewayOps.operations.title')} data-testid="gateway-operations">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {last ? (
          <Space wrap>
            <Typography.Text>
              {t('gatewayOps.operations.lastReplacement', {
                oldSn: last.oldSn,
                newSn: last.newSn,
                at: new Date(last.at).toLocaleString(locale),
              })}
            </Typography.Text>
            <Tag color={STATE_COLOURS[last.state]} data-testid="replacement-state">
              {t(`gatewayOps.operations.replacementState.${last.state}`)}
            </Tag>
            {last.error ? <Typography.Text type="danger">{last.error}</Typography.Text> : null}
          </Space>
        ) : null}
        <Space wrap>
          {allowed.replace ? (
            <Button icon={<SwapOutlined />} onClick={() => setDialog('replace')} data-testid="open-replace">
              {t('gatewayOps.operations.replace')}
            </Button>
          ) : null}
          {allowed.reset ? (
            <Button
              icon={<RollbackOutlined />}
              danger
              disabled={!online}
              onClick={() => setDialog('reset')}
              data-testid="open-reset"
            >
              {t('gatewayOps.operations.factoryReset')}
            </Button>
          ) : null}
          {allowed.clear ? (
            <Button
              icon={<ClearOutlined />}
              danger
              onClick={() => setDialog('clear')}
              data-testid="open-clear"
            >
              {t('gatewayOps.operations.clearData')}
            </Button>
          ) : null}
          {allowed.restart ? (
            <ConfirmButton
              type="default"
              size="middle"
              danger={false}
              icon={<PoweroffOutlined />}
              disabled={!online}
              testId="restart-gateway"
              label={t('gatewayOps.operations.restart')}
              title={t('gatewayOps.operations.restartConfirm')}
              run={() => gatewayOpsApi.restart(deviceId).then(requireDelivered)}
              successText={t('gatewayOps.operations.restarted')}
              describeError={(error) => describeOpsFailure(error, locale)}
            />
          ) : null}
        </Space>
        {online || !(allowed.reset || allowed.restart) ? null : (
          <Typography.Text type="secondary">{t('gatewayOps.operations.offlineHint')}</Typography.Text>
        )}
      </Space>
      <ReplaceGatewayDialog
        deviceId={deviceId}
        open={dialog === 'replace'}
        onClose={() => setDialog(null)}
        onDone={refresh}
      />
      <FactoryResetDialog
        deviceId={deviceId}
        open={dialog === 'reset'}
        onClose={() => setDialog(null)}
        onDone={refresh}
      />
      <ClearDataDialog
        deviceId={deviceId}
        open={dialog === 'clear'}
        onClose={() => setDialog(null)}
        onDone={refresh}
      />
    </Card>
  );
}
