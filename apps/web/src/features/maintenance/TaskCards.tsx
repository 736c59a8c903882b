/** Inspection tasks as cards (phone and desk alike): plan, device, status, result, period and inspector. */
import type { InspectionTaskItem } from '@lyyp/contracts/maintenance';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../app/i18n.ts';
import {
  INSPECTION_STATE_COLORS,
  formatTime,
  inspectionResultName,
  inspectionStateName,
} from './maintenance-text.ts';
import { PagedCards, type CardListProps } from './PagedCards.tsx';

export function TaskCards(props: CardListProps<InspectionTaskItem>) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  return (
    <PagedCards
      {...props}
      testId="task"
      emptyText={t('maintenance.inspection.emptyTasks')}
      face={(task) => ({
        title: task.planName,
        extra: (
          <Space size={4}>
            <Tag color={INSPECTION_STATE_COLORS[task.state]}>{inspectionStateName(task.state, locale)}</Tag>
            {task.result ? (
              <Tag color={task.result === 'abnormal' ? 'red' : 'green'}>
                {inspectionResultName(task.result, locale)}
              </Tag>
            ) : null}
          </Space>
        ),
        body: (
          <Space orientation="vertical" size={2}>
            <Typography.Text>{task.deviceName}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('maintenance.fields.period')}: {formatTime(task.periodStart)} – {formatTime(task.dueAt)}
            </Typography.Text>
            {task.inspectorName ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('maintenance.fields.inspector')}: {task.inspectorName}
              </Typography.Text>
            ) : null}
          </Space>
        ),
      })}
    />
  );
}
