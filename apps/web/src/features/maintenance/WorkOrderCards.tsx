/**
 * Work orders as cards: readable on a phone (390 px) as on a desk, one order per card with its
 * number, status, device, problem, repair staff and time. A card opens the order.
 */
import type { WorkOrderItem } from '@lyyp/contracts/maintenance';
import { Card, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MaintenancePage } from '../../api/maintenance.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { WORK_ORDER_STATE_COLORS, formatTime, workOrderStateName } from './maintenance-text.ts';
import { CARD_GRID, cardPagination } from './card-list.ts';

export function WorkOrderCards({
  page,
  loading,
  showDevice = true,
  onOpen,
  onPage,
}: {
  page: MaintenancePage<WorkOrderItem> | undefined;
  loading: boolean;
  showDevice?: boolean;
  onOpen: (id: string) => void;
  onPage: (page: number, pageSize: number) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  return (
    <List
      data-testid="work-order-list"
      loading={loading}
      dataSource={page?.list ?? []}
      locale={{ emptyText: <Empty description={t('maintenance.workOrder.empty')} /> }}
      grid={CARD_GRID}
      pagination={cardPagination(page, onPage)}
      renderItem={(order) => (
        <List.Item>
          <Card
            size="small"
            hoverable
            data-testid="work-order-card"
            onClick={() => onOpen(order.id)}
            title={<Typography.Text strong>{order.number}</Typography.Text>}
            extra={
              <Tag color={WORK_ORDER_STATE_COLORS[order.state]} data-testid="work-order-state">
                {workOrderStateName(order.state, locale)}
              </Tag>
            }
          >
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              {showDevice ? <Typography.Text type="secondary">{order.deviceName}</Typography.Text> : null}
              <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                {order.problem}
              </Typography.Paragraph>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('maintenance.fields.assignee')}: {order.assigneeName ?? '—'} ·{' '}
                {formatTime(order.createdAt, locale)}
              </Typography.Text>
            </Space>
          </Card>
        </List.Item>
      )}
    />
  );
}
