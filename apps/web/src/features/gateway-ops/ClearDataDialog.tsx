/** Clear data: all of it, or what was measured between two dates (whole local days), after a confirmation. */
import { DatePicker, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gatewayOpsApi } from '../../api/gateway-ops.api.ts';
import { ConfirmedActionDialog, type GatewayActionProps } from './ConfirmedActionDialog.tsx';

export function ClearDataDialog({ deviceId, open, onClose, onDone }: GatewayActionProps) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<'all' | 'range'>('all');
  const [period, setPeriod] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const clear = () =>
    gatewayOpsApi.clearData({
      equipmentId: deviceId,
      scope,
      ...(scope === 'range'
        ? {
            ...(period?.[0] ? { from: period[0].startOf('day').valueOf() } : {}),
            ...(period?.[1] ? { to: period[1].add(1, 'day').startOf('day').valueOf() } : {}),
          }
        : {}),
    });

  return (
    <ConfirmedActionDialog
      open={open}
      title={t('gatewayOps.clearData.title')}
      intro={t('gatewayOps.clearData.intro')}
      submitText={t('gatewayOps.clearData.submit')}
      confirmText={t('gatewayOps.clearData.confirm')}
      testIdPrefix="clear"
      run={clear}
      doneText={(cleared) => t('gatewayOps.clearData.done', cleared)}
      onDone={onDone}
      onClose={onClose}
    >
      <Radio.Group value={scope} onChange={(event) => setScope(event.target.value as 'all' | 'range')}>
        <Radio value="all">{t('gatewayOps.clearData.all')}</Radio>
        <Radio value="range" data-testid="clear-range">
          {t('gatewayOps.clearData.range')}
        </Radio>
      </Radio.Group>
      {scope === 'range' ? (
        <DatePicker.RangePicker
          value={period}
          onChange={(value) => setPeriod(value)}
          aria-label={t('gatewayOps.clearData.period')}
        />
      ) : null}
    </ConfirmedActionDialog>
  );
}
