/**
 * Coloured tags for the states a gateway reports (§4: online, offline, dormant, power-off), its §9
 * signal band and its configuration sync state, shared by the back-office and the monitoring site.
 * Each state's colour is one entry of a table; its words come from `monitor.*`.
 */
import { GATEWAY_STATUSES, type GatewayStatus } from '@lyyp/contracts/protocol';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConfigSyncState, SignalBand } from '../../api/catalogue.types.ts';

export const GATEWAY_STATUS_COLORS: Readonly<Record<GatewayStatus, string>> = {
  online: 'success',
  offline: 'default',
  dormant: 'warning',
  'power-off': 'error',
};

/** The gateway states as the choices of a filter, in the console's language. */
export function useGatewayStatusOptions(): { value: GatewayStatus; label: string }[] {
  const { t } = useTranslation();
  return GATEWAY_STATUSES.map((status) => ({ value: status, label: t(`monitor.gatewayStatus.${status}`) }));
}

export const SIGNAL_BAND_COLORS: Readonly<Record<SignalBand, string>> = {
  'very-good': 'green',
  good: 'cyan',
  fair: 'orange',
  bad: 'red',
};

export const CONFIG_SYNC_COLORS: Readonly<Record<ConfigSyncState, string>> = {
  none: 'default',
  syncing: 'processing',
  complete: 'success',
  failed: 'error',
};

export function GatewayStatusTag({ status }: { status: GatewayStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={GATEWAY_STATUS_COLORS[status]} data-testid="gateway-status" data-status={status}>
      {t(`monitor.gatewayStatus.${status}`)}
    </Tag>
  );
}

/** The band with the strength itself, or "not reported". */
export function SignalTag({ band, signal }: { band: SignalBand | null; signal: number | null }) {
  const { t } = useTranslation();
  if (band === null || signal === null)
    return <Typography.Text type="secondary">{t('monitor.signalBand.unknown')}</Typography.Text>;
  return (
    <Tag color={SIGNAL_BAND_COLORS[band]}>
      {t(`monitor.signalBand.${band}`)} · {signal}%
    </Tag>
  );
}

export function ConfigSyncTag({ state, error }: { state: ConfigSyncState; error?: string | null }) {
  const { t } = useTranslation();
  const tag = <Tag color={CONFIG_SYNC_COLORS[state]}>{t(`monitor.configSync.${state}`)}</Tag>;
  return error ? <Tooltip title={error}>{tag}</Tooltip> : tag;
}
