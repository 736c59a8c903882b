/**
 * The work orders of the monitoring site (§2): every order of the devices the caller may see,
 * filtered by status, "mine" and a keyword, exported as XLSX or CSV. The status filter is kept in
 * the address (`?state=`) so the operations centre can link to it.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { WORK_ORDER_STATES, type WorkOrderItem, type WorkOrderState } from '@lyyp/contracts/maintenance';
import { Button, Card, Dropdown, Input, Select, Space, Switch, Typography, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { maintenanceApi } from '../../api/maintenance.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { usePagedQuery } from '../../blocks/index.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { workOrderStateName, readChoice } from './maintenance-text.ts';
import { WorkOrderCards } from './WorkOrderCards.tsx';
import { WorkOrderDrawer } from './WorkOrderDrawer.tsx';

export default function WorkOrderListPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeFailure();
  const mayExport = useCapabilities().may('workOrder.export');
  const [search, setSearch] = useSearchParams();
  const state = readChoice(WORK_ORDER_STATES, search.get('state'));
  const olderThan = search.get('olderThanHours');
  const [mine, setMine] = useState(false);
  const [keyword, setKeyword] = useState('');
  const filter = {
    ...(state ? { state } : {}),
    ...(mine ? { mine } : {}),
    ...(keyword ? { keyword } : {}),
    ...(olderThan ? { olderThanHours: Number(olderThan) } : {}),
  };
  const orders = usePagedQuery<WorkOrderItem>({
    queryKey: ['maintenance', 'work-orders', filter],
    fetch: (paging) => maintenanceApi.listWorkOrders({ ...filter, ...paging }),
    pageSize: 12,
  });
  const opened = search.get('open');
  const setParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next, { replace: true });
  };
  const exportAs = (format: 'csv' | 'xlsx') =>
    void maintenanceApi
      .exportWorkOrders(filter, format, Intl.DateTimeFormat().resolvedOptions().timeZone)
      .catch((error: unknown) => void message.error(describeFailure(error)));

  return (
    <Card variant="borderless" title={t('routes.MonitorWorkOrders')} styles={{ body: { paddingTop: 12 } }}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('maintenance.fields.state')}
          value={state}
          data-testid="work-order-state-filter"
          onChange={(next: WorkOrderState | undefined) => setParam('state', next)}
          options={WORK_ORDER_STATES.map((code) => ({
            value: code,
            label: workOrderStateName(code, locale),
          }))}
        />
        <Input.Search
          allowClear
          style={{ width: 220 }}
          placeholder={t('maintenance.fields.keyword')}
          onSearch={(value) => setKeyword(value.trim())}
        />
        <Space size={4}>
          <Switch size="small" checked={mine} onChange={setMine} />
          <Typography.Text>{t('maintenance.fields.mine')}</Typography.Text>
        </Space>
        {mayExport ? (
          <Dropdown
            menu={{
              items: [
                { key: 'xlsx', label: 'XLSX', onClick: () => exportAs('xlsx') },
                { key: 'csv', label: 'CSV', onClick: () => exportAs('csv') },
              ],
            }}
          >
            <Button icon={<DownloadOutlined />}>{t('maintenance.workOrder.export')}</Button>
          </Dropdown>
        ) : null}
      </Space>
      <WorkOrderCards paged={orders} onOpen={(id) => setParam('open', id)} />
      {opened ? <WorkOrderDrawer id={opened} onClose={() => setParam('open', undefined)} /> : null}
    </Card>
  );
}
