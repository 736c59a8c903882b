/** The inspection records tab of a device (§2 device detail): its inspection tasks, newest period first. */
import type { InspectionTaskItem } from '@lyyp/contracts/maintenance';
import { useState } from 'react';
import { maintenanceApi } from '../../api/maintenance.api.ts';
import { usePagedQuery } from '../../blocks/index.ts';
import type { DeviceTabProps } from '../monitor/device-tab-props.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { TaskCards } from './TaskCards.tsx';
import { TaskDrawer } from './TaskDrawer.tsx';

export function DeviceInspectionTab({ device }: Pick<DeviceTabProps, 'device'>) {
  const allowed = useCapabilities().may('inspection.view');
  const [opened, setOpened] = useState<string | null>(null);
  const tasks = usePagedQuery<InspectionTaskItem>({
    queryKey: ['maintenance', 'tasks', 'device', device.id],
    fetch: (paging) => maintenanceApi.listTasks({ equipmentId: device.id, ...paging }),
    enabled: allowed,
  });
  return (
    <>
      <TaskCards paged={tasks} onOpen={setOpened} />
      {opened ? <TaskDrawer id={opened} onClose={() => setOpened(null)} /> : null}
    </>
  );
}
