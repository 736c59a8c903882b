/**
 * What the device detail's header offers beyond its pages: sharing the device and unbinding it,
 * each shown only when the server's policy allows it to the signed-in account (a receiver shares
 * further only when its share says so; a view role never unbinds).
 */
import { DeleteOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { DeviceDetail } from '../../api/catalogue.types.ts';
import { ConfirmButton } from '../../blocks/index.ts';
import { DeviceShareDialog } from '../fleet/DeviceShareDialog.tsx';
import { useCapabilities, useDeviceAbilities } from './common/use-device-abilities.ts';

export function DeviceHeaderActions({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const may = useDeviceAbilities(device.id);
  const capabilities = useCapabilities();
  const [sharing, setSharing] = useState(false);

  return (
    <>
      {capabilities.mayShare(device) ? (
        <Button
          icon={<ShareAltOutlined />}
          onClick={() => setSharing(true)}
          data-testid="device-detail-share"
        >
          {t('monitor.detail.share')}
        </Button>
      ) : null}
      {may('device.unbind') ? (
        <ConfirmButton
          type="default"
          size="middle"
          icon={<DeleteOutlined />}
          testId="device-unbind"
          label={t('monitor.detail.unbind')}
          title={t('monitor.detail.unbindConfirm', { name: device.name })}
          run={() => catalogueApi.unbindDevice(device.id)}
          successText={t('monitor.detail.unbound', { name: device.name })}
          onDone={async () => {
            await queryClient.invalidateQueries({ queryKey: ['devices'] });
            void navigate('/monitor/devices');
          }}
        />
      ) : null}
      <DeviceShareDialog device={sharing ? device : null} onClose={() => setSharing(false)} />
    </>
  );
}
