/**
 * What the device detail's header offers beyond its pages: sharing the device and unbinding it,
 * each shown only when the server's policy allows it to the signed-in account (a receiver shares
 * further only when its share says so; a view role never unbinds).
 */
import { DeleteOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { DeviceDetail } from '../../api/catalogue.types.ts';
import { DeviceShareDialog } from '../fleet/DeviceShareDialog.tsx';
import { useDescribeFailure } from './common/catalogue-text.ts';
import { useCapabilities, useDeviceAbilities } from './common/use-device-abilities.ts';

export function DeviceHeaderActions({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const describeFailure = useDescribeFailure();
  const queryClient = useQueryClient();
  const may = useDeviceAbilities(device.id);
  const capabilities = useCapabilities();
  const [sharing, setSharing] = useState(false);
  const unbind = useMutation({
    mutationFn: () => catalogueApi.unbindDevice(device.id),
    onSuccess: async () => {
      void message.success(t('monitor.detail.unbound', { name: device.name }));
      await queryClient.invalidateQueries({ queryKey: ['devices'] });
      void navigate('/monitor/devices');
    },
    onError: (error) => void message.error(describeFailure(error)),
  });

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
        <Popconfirm
          title={t('monitor.detail.unbindConfirm', { name: device.name })}
          okText={t('monitor.common.confirm')}
          cancelText={t('monitor.common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => unbind.mutate()}
        >
          <Button danger icon={<DeleteOutlined />} loading={unbind.isPending} data-testid="device-unbind">
            {t('monitor.detail.unbind')}
          </Button>
        </Popconfirm>
      ) : null}
      <DeviceShareDialog device={sharing ? device : null} onClose={() => setSharing(false)} />
    </>
  );
}
