/**
 * Staff device management (/manage/equipment): every device the staff member may see (the server
 * applies the device access policy), with filters, paging and export; each row opens the monitoring
 * device detail, the device log and the grants, or unbinds the device — each as the policy allows it
 * on the row (one capabilities answer for the whole list).
 */
import { DownloadOutlined } from '@ant-design/icons';
import type { EquipmentFilter, EquipmentItem, EquipmentSimState } from '@lyyp/contracts/equipment-admin';
import type { GatewayStatus } from '@lyyp/contracts/protocol';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { equipmentAdminApi } from '../../api/equipment-admin.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { PagedTable, actionColumn, textColumn, timeColumn, usePagedQuery } from '../../blocks/index.ts';
import { GatewayStatusTag } from '../gateway/status-tags.tsx';
import { EmptyGuide } from '../monitor/common/EmptyGuide.tsx';
import { saveFile } from '../monitor/common/save-file.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { EquipmentFilters } from './EquipmentFilters.tsx';
import { GrantsDrawer } from './GrantsDrawer.tsx';
import { simStateName, useDescribeEquipmentFailure } from './equipment-text.ts';

const SIM_COLORS: Readonly<Record<EquipmentSimState, string>> = {
  active: 'success',
  'about-to-expire': 'warning',
  expired: 'error',
  shutdown: 'error',
  none: 'default',
};

export default function EquipmentListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const describe = useDescribeEquipmentFailure();
  const { onRow } = useCapabilities();
  const [filter, setFilter] = useState<EquipmentFilter>({});
  const [granting, setGranting] = useState<EquipmentItem | null>(null);
  const devices = usePagedQuery<EquipmentItem>({
    queryKey: ['manage-equipment', filter],
    fetch: (paging) => equipmentAdminApi.listDevices({ ...filter, ...paging }),
  });
  const exporting = useMutation({
    mutationFn: (format: 'xlsx' | 'csv') => equipmentAdminApi.exportDevices({ ...filter, format }),
    onSuccess: saveFile,
    onError: (error) => void message.error(describe(error)),
  });
  const unbind = useMutation({
    mutationFn: (id: string) => equipmentAdminApi.unbind(id),
    onSuccess: () => {
      void message.success(t('equipmentAdmin.actions.unbound'));
      void devices.refetch();
    },
    onError: (error) => void message.error(describe(error)),
  });
  const filtered = Object.keys(filter).length > 0;

  return (
    <Card
      variant="borderless"
      title={t('routes.Equipment')}
      extra={
        <Dropdown
          menu={{
            items: [
              { key: 'xlsx', label: t('equipmentAdmin.actions.exportXlsx') },
              { key: 'csv', label: t('equipmentAdmin.actions.exportCsv') },
            ],
            onClick: ({ key }) => exporting.mutate(key as 'xlsx' | 'csv'),
          }}
        >
          <Button icon={<DownloadOutlined />} loading={exporting.isPending} data-testid="equipment-export">
            {t('equipmentAdmin.actions.export')}
          </Button>
        </Dropdown>
      }
    >
      <Typography.Paragraph type="secondary">{t('equipmentAdmin.intro')}</Typography.Paragraph>
      <EquipmentFilters onSearch={setFilter} />
      <PagedTable<EquipmentItem>
        paged={devices}
        testId="equipment-table"
        describeError={describe}
        showSizeChanger
        scroll={{ x: 1280 }}
        emptyText={
          filtered ? (
            t('equipmentAdmin.noMatch')
          ) : (
            <EmptyGuide title={t('equipmentAdmin.emptyTitle')} text={t('equipmentAdmin.emptyText')} />
          )
        }
        columns={[
          {
            title: t('equipmentAdmin.columns.name'),
            dataIndex: 'name',
            width: 180,
            fixed: 'left',
            render: (name: string, device) => (
              <Link to={`/monitor/devices/${encodeURIComponent(device.id)}`}>{name}</Link>
            ),
          },
          textColumn(t('equipmentAdmin.columns.gatewaySn'), 'gatewaySn', { width: 130 }),
          textColumn(t('equipmentAdmin.columns.product'), 'productTitle', { width: 150 }),
          textColumn(t('equipmentAdmin.columns.group'), 'groupName', { width: 110 }),
          {
            title: t('equipmentAdmin.columns.owner'),
            dataIndex: 'ownerName',
            width: 150,
            render: (name: string | null, device) => (
              <span>
                {name ?? '—'}
                {device.ownerTel ? (
                  <Typography.Text type="secondary"> {device.ownerTel}</Typography.Text>
                ) : null}
              </span>
            ),
          },
          {
            title: t('equipmentAdmin.columns.status'),
            dataIndex: 'gatewayStatus',
            width: 90,
            render: (status: GatewayStatus) => <GatewayStatusTag status={status} />,
          },
          timeColumn(t('equipmentAdmin.columns.lastSeen'), 'lastSeenAt'),
          {
            title: t('equipmentAdmin.columns.sim'),
            dataIndex: 'simState',
            width: 110,
            render: (state: EquipmentSimState) => (
              <Tag color={SIM_COLORS[state]}>{simStateName(state, locale)}</Tag>
            ),
          },
          { title: t('equipmentAdmin.columns.grants'), dataIndex: 'grantCount', width: 70 },
          actionColumn(
            t('monitor.common.actions'),
            (device) => (
              <Space size={0}>
                <Link to={`/monitor/devices/${encodeURIComponent(device.id)}`}>
                  <Button type="link" size="small">
                    {t('equipmentAdmin.actions.detail')}
                  </Button>
                </Link>
                {onRow('device.log', device) ? (
                  <Link to={`/manage/equipment/${encodeURIComponent(device.id)}/log`}>
                    <Button type="link" size="small" data-testid="equipment-log-link">
                      {t('equipmentAdmin.actions.log')}
                    </Button>
                  </Link>
                ) : null}
                {onRow('device.grants', device) ? (
                  <Button type="link" size="small" onClick={() => setGranting(device)}>
                    {t('equipmentAdmin.actions.grants')}
                  </Button>
                ) : null}
                {onRow('device.unbind', device) ? (
                  <Popconfirm
                    title={t('equipmentAdmin.actions.unbindConfirm', { name: device.name })}
                    onConfirm={() => unbind.mutate(device.id)}
                  >
                    <Button type="link" size="small" danger data-testid="equipment-unbind">
                      {t('equipmentAdmin.actions.unbind')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
            270,
          ),
        ]}
      />
      {granting ? (
        <GrantsDrawer
          device={granting}
          mayGrant={onRow('device.grant', granting)}
          onClose={() => setGranting(null)}
          onChanged={() => void devices.refetch()}
        />
      ) : null}
    </Card>
  );
}
