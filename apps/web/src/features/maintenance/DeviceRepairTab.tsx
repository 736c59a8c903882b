/** The repair records tab of a device (§2 device detail): its work orders, and raising a new one. */
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maintenanceApi } from '../../api/maintenance.api.ts';
import type { DeviceTabProps } from '../monitor/device-tab-props.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { NewWorkOrderDialog } from './NewWorkOrderDialog.tsx';
import { WorkOrderCards } from './WorkOrderCards.tsx';
import { WorkOrderDrawer } from './WorkOrderDrawer.tsx';

export function DeviceRepairTab({ device }: Pick<DeviceTabProps, 'device'>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayRaise = useCapabilities().may('workOrder.create');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);
  const orders = useQuery({
    queryKey: ['maintenance', 'work-orders', 'device', device.id, paging],
    queryFn: () => maintenanceApi.listWorkOrders({ equipmentId: device.id, ...paging }),
    placeholderData: keepPreviousData,
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
      <WorkOrderCards
        page={orders.data}
        loading={orders.isFetching}
        showDevice={false}
        onOpen={setOpened}
        onPage={(page, pageSize) => setPaging({ page, pageSize })}
      />
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
