/** Clear data: all of it, or what was measured between two dates (whole local days), after a confirmation. */
import { useMutation } from '@tanstack/react-query';
import { App, DatePicker, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gatewayOpsApi } from '../../api/gateway-ops.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { ConfirmedActionDialog } from './ConfirmedActionDialog.tsx';
import { describeOpsFailure } from './gateway-ops-text.ts';

interface Props {
  deviceId: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

export function ClearDataDialog({ deviceId, open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const [scope, setScope] = useState<'all' | 'range'>('all');
  const [period, setPeriod] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const clear = useMutation({
    mutationFn: () =>
      gatewayOpsApi.clearData({
        equipmentId: deviceId,
        scope,
        ...(scope === 'range'
          ? {
              ...(period?.[0] ? { from: period[0].startOf('day').valueOf() } : {}),
              ...(period?.[1] ? { to: period[1].add(1, 'day').startOf('day').valueOf() } : {}),
            }
          : {}),
      }),
    onSuccess: (cleared) => {
      void message.success(t('gatewayOps.clearData.done', cleared));
      setConfirmed(false);
      onDone();
    },
    onError: (error) => void message.error(describeOpsFailure(error, locale)),
  });

  return (
    <ConfirmedActionDialog
      open={open}
      title={t('gatewayOps.clearData.title')}
      intro={t('gatewayOps.clearData.intro')}
      submitText={t('gatewayOps.clearData.submit')}
      confirmText={t('gatewayOps.clearData.confirm')}
      testIdPrefix="clear"
      confirmed={confirmed}
      onConfirmedChange={setConfirmed}
      pending={clear.isPending}
      onSubmit={() => clear.mutate()}
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
