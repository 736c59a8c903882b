/**
 * One click on an alarm record raises its work order (device, alarm, time and value carried) and
 * opens it; an alarm with an open order already says which one.
 */
import { useMutation } from '@tanstack/react-query';
import { Button, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maintenanceApi } from '../../api/maintenance.api.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { WorkOrderDrawer } from './WorkOrderDrawer.tsx';

export function RaiseWorkOrderButton({ alarmRecordId }: { alarmRecordId: string }) {
  const { t } = useTranslation();
  const describeFailure = useDescribeFailure();
  const allowed = useCapabilities().may('workOrder.create');
  const [opened, setOpened] = useState<string | null>(null);
  const raise = useMutation({
    mutationFn: () => maintenanceApi.workOrderFromAlarm(alarmRecordId),
    onSuccess: (order) => {
      void message.success(t('maintenance.workOrder.fromAlarmDone', { number: order.number }));
      setOpened(order.id);
    },
    onError: (error) => void message.error(describeFailure(error)),
  });
  if (!allowed) return null;
  return (
    <>
      <Button
        type="link"
        size="small"
        loading={raise.isPending}
        onClick={() => raise.mutate()}
        data-testid="raise-work-order"
      >
        {t('maintenance.workOrder.fromAlarm')}
      </Button>
      {opened ? <WorkOrderDrawer id={opened} onClose={() => setOpened(null)} /> : null}
    </>
  );
}
