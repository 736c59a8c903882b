/** The inspection records tab of a device (§2 device detail): its inspection tasks, newest period first. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { maintenanceApi } from '../../api/maintenance.api.ts';
import type { DeviceTabProps } from '../monitor/device-tab-props.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { TaskCards } from './TaskCards.tsx';
import { TaskDrawer } from './TaskDrawer.tsx';

export function DeviceInspectionTab({ device }: Pick<DeviceTabProps, 'device'>) {
  const allowed = useCapabilities().may('inspection.view');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [opened, setOpened] = useState<string | null>(null);
  const tasks = useQuery({
    queryKey: ['maintenance', 'tasks', 'device', device.id, paging],
    queryFn: () => maintenanceApi.listTasks({ equipmentId: device.id, ...paging }),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  return (
    <>
      <TaskCards
        page={tasks.data}
        loading={tasks.isFetching}
        onOpen={setOpened}
        onPage={(page, pageSize) => setPaging({ page, pageSize })}
      />
      {opened ? <TaskDrawer id={opened} onClose={() => setOpened(null)} /> : null}
    </>
  );
}
