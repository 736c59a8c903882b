/** The repair records tab of a device (§2 device detail): its work orders, and raising a new one. */
import type { WorkOrderItem } from '@lyyp/contracts/maintenance';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maintenanceApi } from '../../api/maintenance.api.ts';
import { usePagedQuery } from '../../blocks/index.ts';
import type { DeviceTabProps } from '../monitor/device-tab-props.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { NewWorkOrderDialog } from './NewWorkOrderDialog.tsx';
import { WorkOrderCards } from './WorkOrderCards.tsx';
import { WorkOrderDrawer } from './WorkOrderDrawer.tsx';

export function DeviceRepairTab({ device }: Pick<DeviceTabProps, 'device'>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayRaise = useCapabilities().may('workOrder.create');
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);
  const orders = usePagedQuery<WorkOrderItem>({
    queryKey: ['maintenance', 'work-orders', 'device', device.id],
    fetch: (paging) => maintenanceApi.listWorkOrders({ equipmentId: device.id, ...paging }),
    enabled: mayRaise,
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {mayRaise ? (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="new-work-order"
        >
          {t('maintenance.workOrder.new')}
        </Button>
      ) : null}
      <WorkOrderCards paged={orders} showDevice={false} onOpen={setOpened} />
      {creating ? (
        <NewWorkOrderDialog
          deviceId={device.id}
          onClose={() => setCreating(false)}
          onCreated={(order) => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: ['maintenance'] });
            setOpened(order.id);
          }}
        />
      ) : null}
      {opened ? <WorkOrderDrawer id={opened} onClose={() => setOpened(null)} /> : null}
    </Space>
  );
}
