/** One inspection task: each checklist item to record (by the plan's inspectors), then finish or abort. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Grid, Space, Tag, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { maintenanceApi } from '../../api/maintenance.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { ConfirmButton, DetailDrawer } from '../../blocks/index.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { ItemRecorder, type ItemRecording } from './ItemRecorder.tsx';
import {
  INSPECTION_STATE_COLORS,
  formatTime,
  inspectionResultName,
  inspectionStateName,
} from './maintenance-text.ts';

export function TaskDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeFailure();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const task = useQuery({ queryKey: ['maintenance', 'task', id], queryFn: () => maintenanceApi.task(id) });
  const done = () => void queryClient.invalidateQueries({ queryKey: ['maintenance'] });
  const failed = (error: unknown) => void message.error(describeFailure(error));
  const record = useMutation({
    mutationFn: (recording: ItemRecording) => maintenanceApi.recordItem({ id, ...recording }),
    onSuccess: done,
    onError: failed,
  });
  const finish = useMutation({
    mutationFn: () => maintenanceApi.finishTask({ id }),
    onSuccess: done,
    onError: failed,
  });
  const data = task.data;
  const open =
    data && (data.state === 'not-started' || data.state === 'in-progress' || data.state === 'overdue');
  const editable = Boolean(open && data?.canAct);

  return (
    <DetailDrawer
      onClose={onClose}
      size={screens.md ? 560 : window.innerWidth}
      title={t('maintenance.inspection.detail')}
      error={task.error}
    >
      {data ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text strong>
            {data.planName} · {data.deviceName}
          </Typography.Text>
          <Space wrap>
            <Tag color={INSPECTION_STATE_COLORS[data.state]}>{inspectionStateName(data.state, locale)}</Tag>
            {data.result ? (
              <Tag color={data.result === 'abnormal' ? 'red' : 'green'}>
                {inspectionResultName(data.result, locale)}
              </Tag>
            ) : null}
            <Typography.Text type="secondary">
              {t('maintenance.fields.dueAt')}: {formatTime(data.dueAt)}
            </Typography.Text>
          </Space>
          {open && !data.canAct ? (
            <Alert type="info" showIcon title={t('maintenance.inspection.notInspector')} />
          ) : null}
          {data.items.map((item) => (
            <ItemRecorder
              key={`${item.id}:${data.results.find((result) => result.itemId === item.id)?.recordedAt ?? 0}`}
              item={item}
              recorded={data.results.find((result) => result.itemId === item.id)}
              editable={editable}
              busy={record.isPending && record.variables.itemId === item.id}
              onRecord={(recording) => record.mutate(recording)}
            />
          ))}
          {editable ? (
            <Space wrap>
              <Button type="primary" loading={finish.isPending} onClick={() => finish.mutate()}>
                {t('maintenance.inspection.finish')}
              </Button>
              <ConfirmButton
                type="default"
                size="middle"
                label={t('maintenance.inspection.abort')}
                title={t('maintenance.inspection.abort')}
                run={() => maintenanceApi.abortTask({ id })}
                onDone={done}
                describeError={describeFailure}
              />
            </Space>
          ) : null}
        </Space>
      ) : null}
    </DetailDrawer>
  );
}
