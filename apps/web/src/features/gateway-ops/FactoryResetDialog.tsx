/** Factory reset: keep or do not keep the device's data on the platform, and an explicit confirmation. */
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gatewayOpsApi } from '../../api/gateway-ops.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { ConfirmedActionDialog } from './ConfirmedActionDialog.tsx';
import { describeOpsFailure, requireDelivered } from './gateway-ops-text.ts';

interface Props {
  deviceId: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

export function FactoryResetDialog({ deviceId, open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const [keep, setKeep] = useState(true);
  const [confirmed, setConfirmed] = useState(false);
  const reset = useMutation({
    mutationFn: () => gatewayOpsApi.factoryReset(deviceId, keep).then(requireDelivered),
    onSuccess: () => {
      void message.success(t('gatewayOps.factoryReset.done'));
      setConfirmed(false);
      onDone();
    },
    onError: (error) => void message.error(describeOpsFailure(error, locale)),
  });

  return (
    <ConfirmedActionDialog
      open={open}
      title={t('gatewayOps.factoryReset.title')}
      intro={t('gatewayOps.factoryReset.intro')}
      submitText={t('gatewayOps.factoryReset.submit')}
      confirmText={t('gatewayOps.factoryReset.confirm')}
      testIdPrefix="reset"
      confirmed={confirmed}
      onConfirmedChange={setConfirmed}
      pending={reset.isPending}
      onSubmit={() => reset.mutate()}
      onClose={onClose}
    >
      <Radio.Group value={keep} onChange={(event) => setKeep(event.target.value as boolean)}>
        <Radio value={true}>{t('gatewayOps.factoryReset.keep')}</Radio>
        <Radio value={false} data-testid="reset-discard">
          {t('gatewayOps.factoryReset.discard')}
        </Radio>
      </Radio.Group>
      {keep ? null : <Alert type="error" showIcon title={t('gatewayOps.factoryReset.discardHint')} />}
    </ConfirmedActionDialog>
  );
}
