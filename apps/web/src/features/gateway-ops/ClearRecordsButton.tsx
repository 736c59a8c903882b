/**
 * "Clear records" on a device's history and alarm tabs: the same clearing as the gateway tab's
 * (history, summaries, report rows and ended alarm records, all or by date), shown only when the
 * policy allows `device.clearData` on the device.
 */
import { ClearOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceAbilities } from '../monitor/common/use-device-abilities.ts';
import { ClearDataDialog } from './ClearDataDialog.tsx';

export function ClearRecordsButton({ deviceId, onCleared }: { deviceId: string; onCleared: () => void }) {
  const { t } = useTranslation();
  const may = useDeviceAbilities(deviceId);
  const [open, setOpen] = useState(false);
  if (!may('device.clearData')) return null;
  return (
    <>
      <Button danger icon={<ClearOutlined />} onClick={() => setOpen(true)} data-testid="clear-records">
        {t('monitor.detail.clearRecords')}
      </Button>
      <ClearDataDialog
        deviceId={deviceId}
        open={open}
        onClose={() => setOpen(false)}
        onDone={() => {
          setOpen(false);
          onCleared();
        }}
      />
    </>
  );
}
