/** Factory reset: keep or do not keep the device's data on the platform, and an explicit confirmation. */
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Checkbox, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gatewayOpsApi } from '../../api/gateway-ops.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
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
    <Modal
      open={open}
      title={t('gatewayOps.factoryReset.title')}
      okText={t('gatewayOps.factoryReset.submit')}
      okButtonProps={{
        danger: true,
        disabled: !confirmed,
        loading: reset.isPending,
        'data-testid': 'reset-submit',
      }}
      onOk={() => reset.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon message={t('gatewayOps.factoryReset.intro')} />
        <Radio.Group value={keep} onChange={(event) => setKeep(event.target.value as boolean)}>
          <Radio value={true}>{t('gatewayOps.factoryReset.keep')}</Radio>
          <Radio value={false} data-testid="reset-discard">
            {t('gatewayOps.factoryReset.discard')}
          </Radio>
        </Radio.Group>
        {keep ? null : <Alert type="error" showIcon message={t('gatewayOps.factoryReset.discardHint')} />}
        <Checkbox
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
          data-testid="reset-confirm"
        >
          {t('gatewayOps.factoryReset.confirm')}
        </Checkbox>
      </Space>
    </Modal>
  );
}
