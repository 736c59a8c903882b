/**
 * Browsing an OPC UA server from a device's gateway tab: for whoever may browse through this
 * device's gateway — the product's developer, and installers (after-sales staff, a dealer with
 * debug rights) checking on site what the server offers. The device's OPC UA drivers come from its
 * configuration; the tree is read-only here: variables are made in the product's variables.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceConfigApi } from '../../../api/device-config.api.ts';
import { GatewayThumbprint } from './GatewayThumbprint.tsx';
import { OpcUaNodeTree } from './OpcUaNodeTree.tsx';

/** The button on the gateway tab; shows only for a device with an OPC UA driver. */
export function DeviceTagBrowserButton({
  deviceId,
  online,
  configCurrent,
  thumbprint,
}: {
  deviceId: string;
  online: boolean;
  /** Whether the gateway runs the configuration the platform last sent. */
  configCurrent: boolean;
  thumbprint: string | null | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const config = useQuery({
    queryKey: ['device-config', deviceId],
    queryFn: () => deviceConfigApi.fetch(deviceId),
  });
  const drivers = (config.data?.drivers ?? []).filter((driver) => driver.protocol === 'opcua');
  if (drivers.length === 0) return null;
  return (
    <>
      <Button data-testid="open-device-tag-browser" onClick={() => setOpen(true)}>
        {t('tagBrowser.open')}
      </Button>
      {open ? (
        <DeviceTagBrowser
          deviceId={deviceId}
          drivers={drivers}
          browsable={online && configCurrent}
          reason={online ? t('tagBrowser.syncing') : t('tagBrowser.status.offline')}
          thumbprint={thumbprint}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function DeviceTagBrowser({
  deviceId,
  drivers,
  browsable,
  reason,
  thumbprint,
  onClose,
}: {
  deviceId: string;
  drivers: readonly { key: string; name: string }[];
  browsable: boolean;
  /** Why the gateway cannot browse now (when it cannot). */
  reason: string;
  thumbprint: string | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [driverKey, setDriverKey] = useState(drivers[0]!.key);
  return (
    <Modal
      open
      width={760}
      title={t('tagBrowser.title')}
      onCancel={onClose}
      data-testid="device-tag-browser"
      footer={<Button onClick={onClose}>{t('tagBrowser.cancel')}</Button>}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {drivers.length > 1 ? (
          <Select
            style={{ width: 260 }}
            value={driverKey}
            aria-label={t('tagBrowser.driver')}
            onChange={(key: string) => setDriverKey(key)}
            options={drivers.map((driver) => ({ value: driver.key, label: driver.name }))}
          />
        ) : null}
        <GatewayThumbprint thumbprint={thumbprint} />
        <Alert type="info" showIcon title={t('tagBrowser.readOnly')} />
        {browsable ? null : (
          <Alert type="warning" showIcon title={t('tagBrowser.cannotBrowse', { reason })} />
        )}
        <OpcUaNodeTree equipmentId={deviceId} driverKey={driverKey} enabled={browsable} />
      </Space>
    </Modal>
  );
}
