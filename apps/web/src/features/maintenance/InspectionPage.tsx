/**
 * Inspections of the monitoring site (§2): the tasks of the devices the caller may see (status
 * filter kept in `?state=`, overdue derived by the platform) and the plans behind them.
 */
import {
  INSPECTION_STATES,
  type InspectionState,
  type InspectionTaskItem,
} from '@lyyp/contracts/maintenance';
import { Card, Select, Space, Switch, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { maintenanceApi } from '../../api/maintenance.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { usePagedQuery } from '../../blocks/index.ts';
import { inspectionStateName, readChoice } from './maintenance-text.ts';
import { PlanList } from './PlanList.tsx';
import { TaskCards } from './TaskCards.tsx';
import { TaskDrawer } from './TaskDrawer.tsx';

export default function InspectionPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [search, setSearch] = useSearchParams();
  const state = readChoice(INSPECTION_STATES, search.get('state'));
  const [mine, setMine] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);
  const tasks = usePagedQuery<InspectionTaskItem>({
    queryKey: ['maintenance', 'tasks', state, mine],
    fetch: (paging) =>
      maintenanceApi.listTasks({ ...(state ? { state } : {}), ...(mine ? { mine } : {}), ...paging }),
    pageSize: 12,
  });
  const taskList = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('maintenance.fields.state')}
          value={state}
          onChange={(next: InspectionState | undefined) =>
            setSearch(next ? { state: next } : {}, { replace: true })
          }
          options={INSPECTION_STATES.map((code) => ({
            value: code,
            label: inspectionStateName(code, locale),
          }))}
        />
        <Space size={4}>
          <Switch size="small" checked={mine} onChange={setMine} />
          <Typography.Text>{t('maintenance.fields.mine')}</Typography.Text>
        </Space>
      </Space>
      <TaskCards paged={tasks} onOpen={setOpened} />
    </Space>
  );
  return (
    <Card variant="borderless" title={t('routes.MonitorInspections')} styles={{ body: { paddingTop: 0 } }}>
      <Tabs
        items={[
          { key: 'tasks', label: t('maintenance.inspection.tasks'), children: taskList },
          { key: 'plans', label: t('maintenance.inspection.plans'), children: <PlanList /> },
        ]}
      />
      {opened ? <TaskDrawer id={opened} onClose={() => setOpened(null)} /> : null}
    </Card>
  );
}
