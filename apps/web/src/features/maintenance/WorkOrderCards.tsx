/**
 * Work orders as cards: readable on a phone (390 px) as on a desk, one order per card with its
 * number, status, device, problem, repair staff and time. A card opens the order.
 */
import type { WorkOrderItem } from '@lyyp/contracts/maintenance';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../app/i18n.ts';
import { WORK_ORDER_STATE_COLORS, formatTime, workOrderStateName } from './maintenance-text.ts';
import { PagedCards, type CardListProps } from './PagedCards.tsx';

export function WorkOrderCards({
  showDevice = true,
  ...props
}: CardListProps<WorkOrderItem> & { showDevice?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  return (
    <PagedCards
      {...props}
      testId="work-order"
      emptyText={t('maintenance.workOrder.empty')}
      face={(order) => ({
        title: <Typography.Text strong>{order.number}</Typography.Text>,
        extra: (
          <Tag color={WORK_ORDER_STATE_COLORS[order.state]} data-testid="work-order-state">
            {workOrderStateName(order.state, locale)}
          </Tag>
        ),
        body: (
          <Space orientation="vertical" size={2} style={{ width: '100%' }}>
            {showDevice ? <Typography.Text type="secondary">{order.deviceName}</Typography.Text> : null}
            <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
              {order.problem}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('maintenance.fields.assignee')}: {order.assigneeName ?? '—'} · {formatTime(order.createdAt)}
            </Typography.Text>
          </Space>
        ),
      })}
    />
  );
}
