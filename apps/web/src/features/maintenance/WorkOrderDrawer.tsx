/**
 * One work order: its facts, the buttons of what the caller may do now (from the server's
 * `actions`), the timeline with comments and photos, and a comment box. Full width on a phone.
 */
import { WORK_ORDER_COMMENT_MAX_LENGTH, type WorkOrderAction } from '@lyyp/contracts/maintenance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Grid, Image, Input, Space, Tag, Timeline, Typography, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maintenanceApi } from '../../api/maintenance.api.ts';
import { formatReading } from '../../app/format-value.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { DetailDrawer } from '../../blocks/index.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import {
  WORK_ORDER_STATE_COLORS,
  formatTime,
  workOrderActionName,
  workOrderStateName,
} from './maintenance-text.ts';
import { PhotoUpload, type UploadedPhoto } from './PhotoUpload.tsx';
import { WorkOrderActionDialog } from './WorkOrderActionDialog.tsx';

export function WorkOrderDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeFailure();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const [acting, setActing] = useState<WorkOrderAction | null>(null);
  const [comment, setComment] = useState('');
  const [photos, setPhotos] = useState<UploadedPhoto[]>([]);
  const order = useQuery({
    queryKey: ['maintenance', 'work-order', id],
    queryFn: () => maintenanceApi.workOrder(id),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['maintenance'] });
  const addComment = useMutation({
    mutationFn: () =>
      maintenanceApi.commentOnWorkOrder({ id, comment, photos: photos.map((photo) => photo.id) }),
    onSuccess: () => {
      setComment('');
      setPhotos([]);
      refresh();
    },
    onError: (error) => void message.error(describeFailure(error)),
  });
  const data = order.data;

  return (
    <DetailDrawer
      onClose={onClose}
      size={screens.md ? 560 : window.innerWidth}
      title={data ? `${t('maintenance.workOrder.detail')} ${data.number}` : t('maintenance.workOrder.detail')}
      error={order.error}
      testId="work-order-drawer"
    >
      {data ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <Tag color={WORK_ORDER_STATE_COLORS[data.state]} data-testid="drawer-state">
              {workOrderStateName(data.state, locale)}
            </Tag>
            {data.actions.map((action) => (
              <Button
                key={action}
                type={action === 'end' ? 'default' : 'primary'}
                danger={action === 'end'}
                data-testid={`action-${action}`}
                onClick={() => setActing(action)}
              >
                {workOrderActionName(action, locale)}
              </Button>
            ))}
          </Space>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('maintenance.fields.device')}>{data.deviceName}</Descriptions.Item>
            <Descriptions.Item label={t('maintenance.fields.problem')}>{data.problem}</Descriptions.Item>
            {data.alarmName ? (
              <Descriptions.Item label={t('maintenance.fields.alarm')}>
                {data.alarmName} · {formatReading(data.alarmValue, locale)} · {formatTime(data.alarmAt)}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('maintenance.fields.assignee')}>
              {data.assigneeName ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenance.fields.content')}>
              {data.content || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenance.fields.creator')}>
              {data.creatorName} · {formatTime(data.createdAt)}
            </Descriptions.Item>
          </Descriptions>
          {data.photos.length > 0 ? (
            <Image.PreviewGroup>
              <Photos photos={data.photos} size={72} />
            </Image.PreviewGroup>
          ) : null}
          <Typography.Title level={5}>{t('maintenance.workOrder.timeline')}</Typography.Title>
          <Timeline
            data-testid="work-order-timeline"
            items={data.timeline.map((event) => ({
              children: (
                <Space orientation="vertical" size={0}>
                  <Typography.Text>
                    <b>{event.byName}</b>{' '}
                    {t(`maintenance.workOrder.events.${event.kind}`, { name: event.assigneeName ?? '' })}
                  </Typography.Text>
                  {event.comment ? <Typography.Text>{event.comment}</Typography.Text> : null}
                  <Photos photos={event.photos} size={48} />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatTime(event.at)}
                  </Typography.Text>
                </Space>
              ),
            }))}
          />
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Input.TextArea
              rows={2}
              value={comment}
              maxLength={WORK_ORDER_COMMENT_MAX_LENGTH}
              placeholder={t('maintenance.workOrder.addComment')}
              onChange={(event) => setComment(event.target.value)}
            />
            <Space wrap>
              <PhotoUpload value={photos} onChange={setPhotos} />
              <Button
                disabled={!comment.trim()}
                loading={addComment.isPending}
                onClick={() => addComment.mutate()}
              >
                {t('maintenance.workOrder.send')}
              </Button>
            </Space>
          </Space>
        </Space>
      ) : null}
      {data && acting ? (
        <WorkOrderActionDialog
          order={data}
          action={acting}
          onClose={() => setActing(null)}
          onDone={() => {
            setActing(null);
            refresh();
          }}
        />
      ) : null}
    </DetailDrawer>
  );
}

/** Photos as square thumbnails that open the preview. */
function Photos({ photos, size }: { photos: readonly { id: string; url: string }[]; size: number }) {
  return (
    <Space wrap>
      {photos.map((photo) => (
        <Image key={photo.id} src={photo.url} width={size} height={size} style={{ objectFit: 'cover' }} />
      ))}
    </Space>
  );
}
