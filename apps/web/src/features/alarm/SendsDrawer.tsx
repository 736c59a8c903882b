/**
 * The notifications of one alarm record with every attempt: which channel, to whom, when it was
 * due, whether it went out, and the error of a failed attempt — why a message did not arrive.
 */
import type { NotificationSend } from '@lyyp/contracts/alarm';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Tag, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '../../api/alarm.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { ConsoleTable, timeColumn } from '../../blocks/index.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { channelName, useDescribeAlarmFailure } from './alarm-text.ts';

const STATUS_COLORS: Record<NotificationSend['status'], string> = {
  pending: 'processing',
  sent: 'success',
  failed: 'error',
  cancelled: 'default',
};

export function SendsDrawer({ recordId, onClose }: { recordId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeAlarmFailure();
  const sends = useQuery({
    queryKey: ['alarm-sends', recordId],
    queryFn: () => alarmApi.recordSends(recordId),
  });
  return (
    <Drawer open size={760} title={t('alarm.record.sendsTitle')} onClose={onClose} destroyOnHidden>
      <ConsoleTable<NotificationSend>
        testId="alarm-sends"
        loading={sends.isPending}
        error={sends.error}
        describeError={describeFailure}
        rows={sends.data ?? []}
        emptyText={t('alarm.record.noSends')}
        expandable={{
          rowExpandable: (send) => send.attempts.length > 0,
          expandedRowRender: (send) => (
            <Timeline
              items={send.attempts.map((attempt) => ({
                color: attempt.result === 'sent' ? 'green' : attempt.result === 'failed' ? 'red' : 'gray',
                children: `${formatTime(attempt.at)} · #${attempt.attempt} · ${t(`alarm.sendStatus.${attempt.result}`)}${attempt.error ? ` · ${attempt.error}` : ''}`,
              }))}
            />
          ),
        }}
        columns={[
          {
            title: t('alarm.record.sendKind'),
            dataIndex: 'kind',
            width: 80,
            render: (kind: NotificationSend['kind']) => t(`alarm.sendKind.${kind}`),
          },
          {
            title: t('alarm.fields.channels'),
            dataIndex: 'channel',
            width: 130,
            render: (code: NotificationSend['channel']) => channelName(code, locale),
          },
          {
            title: t('alarm.record.recipient'),
            dataIndex: 'accountId',
            width: 120,
            render: (id: string | null) => id ?? t('alarm.record.groupTarget'),
          },
          timeColumn(t('alarm.record.due'), 'dueAt'),
          {
            title: t('alarm.record.sendStatus'),
            dataIndex: 'status',
            width: 100,
            render: (status: NotificationSend['status']) => (
              <Tag color={STATUS_COLORS[status]}>{t(`alarm.sendStatus.${status}`)}</Tag>
            ),
          },
          {
            title: t('alarm.record.lastError'),
            key: 'error',
            render: (_value, send) => send.attempts.findLast((attempt) => attempt.error)?.error ?? '—',
          },
        ]}
      />
    </Drawer>
  );
}
