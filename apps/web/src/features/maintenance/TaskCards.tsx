/** Inspection tasks as cards (phone and desk alike): plan, device, status, result, period and inspector. */
import type { InspectionTaskItem } from '@lyyp/contracts/maintenance';
import { Card, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MaintenancePage } from '../../api/maintenance.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import {
  INSPECTION_STATE_COLORS,
  formatTime,
  inspectionResultName,
  inspectionStateName,
} from './maintenance-text.ts';
import { CARD_GRID, cardPagination } from './card-list.ts';

export function TaskCards({
  page,
  loading,
  onOpen,
  onPage,
}: {
  page: MaintenancePage<InspectionTaskItem> | undefined;
  loading: boolean;
  onOpen: (id: string) => void;
  onPage: (page: number, pageSize: number) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  return (
    <List
      data-testid="task-list"
      loading={loading}
      dataSource={page?.list ?? []}
      locale={{ emptyText: <Empty description={t('maintenance.inspection.emptyTasks')} /> }}
      grid={CARD_GRID}
      pagination={cardPagination(page, onPage)}
      renderItem={(task) => (
        <List.Item>
          <Card
            size="small"
            hoverable
            data-testid="task-card"
            onClick={() => onOpen(task.id)}
            title={task.planName}
            extra={
              <Space size={4}>
                <Tag color={INSPECTION_STATE_COLORS[task.state]}>
                  {inspectionStateName(task.state, locale)}
                </Tag>
                {task.result ? (
                  <Tag color={task.result === 'abnormal' ? 'red' : 'green'}>
                    {inspectionResultName(task.result, locale)}
                  </Tag>
                ) : null}
              </Space>
            }
          >
            <Space orientation="vertical" size={2}>
              <Typography.Text>{task.deviceName}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('maintenance.fields.period')}: {formatTime(task.periodStart, locale)} –{' '}
                {formatTime(task.dueAt, locale)}
              </Typography.Text>
              {task.inspectorName ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('maintenance.fields.inspector')}: {task.inspectorName}
                </Typography.Text>
              ) : null}
            </Space>
          </Card>
        </List.Item>
      )}
    />
  );
}
