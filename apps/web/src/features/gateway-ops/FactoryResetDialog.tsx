/** Factory reset: keep or do not keep the device's data on the platform, and an explicit confirmation. */
import { Alert, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gatewayOpsApi } from '../../api/gateway-ops.api.ts';
import { ConfirmedActionDialog, type GatewayActionProps } from './ConfirmedActionDialog.tsx';
import { requireDelivered } from './gateway-ops-text.ts';

export function FactoryResetDialog({ deviceId, open, onClose, onDone }: GatewayActionProps) {
  const { t } = useTranslation();
  const [keep, setKeep] = useState(true);

  return (
    <ConfirmedActionDialog
      open={open}
      title={t('gatewayOps.factoryReset.title')}
      intro={t('gatewayOps.factoryReset.intro')}
      submitText={t('gatewayOps.factoryReset.submit')}
      confirmText={t('gatewayOps.factoryReset.confirm')}
      testIdPrefix="reset"
      run={() => gatewayOpsApi.factoryReset(deviceId, keep).then(requireDelivered)}
      doneText={() => t('gatewayOps.factoryReset.done')}
      onDone={onDone}
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
