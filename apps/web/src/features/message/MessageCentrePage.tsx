/**
 * The message centre (§2, §3 Message, §4): messages by type (alarm, expiration, announcement, work
 * order) and status, newest first; mark the chosen ones or all (of the open type) as read; operation
 * staff publish announcements; a link to the person's own notification preferences.
 */
import { NotificationOutlined, SettingOutlined } from '@ant-design/icons';
import { MESSAGE_TYPES, type Message, type MessageType } from '@lyyp/contracts/alarm';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Segmented, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageApi } from '../../api/message.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import {
  actionColumn,
  PagedTable,
  ScreenCard,
  timeColumn,
  useAction,
  usePagedQuery,
} from '../../blocks/index.ts';
import { messageTypeName, useDescribeAlarmFailure } from '../alarm/alarm-text.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { AnnouncementDialog } from './AnnouncementDialog.tsx';
import { useUnreadCounts } from './use-unread.ts';

type TypeTab = MessageType | 'all';

export default function MessageCentrePage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const describeFailure = useDescribeAlarmFailure();
  const mayAnnounce = useCapabilities().may('announcement.publish');
  const [type, setType] = useState<TypeTab>('all');
  const [status, setStatus] = useState<'all' | 'unread' | 'read'>('all');
  const [selected, setSelected] = useState<string[]>([]);
  const [announcing, setAnnouncing] = useState(false);
  const unread = useUnreadCounts();

  const messages = usePagedQuery<Message>({
    queryKey: ['messages', 'list', type, status, locale],
    fetch: (paging) =>
      messageApi.listMessages({
        ...(type === 'all' ? {} : { type }),
        ...(status === 'all' ? {} : { status }),
        ...paging,
      }),
  });
  const markRead = useAction({
    run: messageApi.markRead,
    onDone: () => {
      setSelected([]);
      return queryClient.invalidateQueries({ queryKey: ['messages'] });
    },
    describeError: describeFailure,
  });

  const countOf = (tab: TypeTab) =>
    tab === 'all'
      ? Object.values(unread.data?.byType ?? {}).reduce((sum, count) => sum + count, 0)
      : (unread.data?.byType[tab] ?? 0);

  return (
    <ScreenCard
      title={t('routes.MonitorMessages')}
      extra={
        <Space>
          {mayAnnounce ? (
            <Button
              icon={<NotificationOutlined />}
              onClick={() => setAnnouncing(true)}
              data-testid="announce"
            >
              {t('alarm.message.publish')}
            </Button>
          ) : null}
          <Button icon={<SettingOutlined />} onClick={() => void navigate('/monitor/messages/preferences')}>
            {t('routes.MonitorMessagePreferences')}
          </Button>
        </Space>
      }
    >
      <Tabs
        activeKey={type}
        onChange={(key) => {
          setType(key as TypeTab);
          setSelected([]);
        }}
        items={(['all', ...MESSAGE_TYPES] as TypeTab[]).map((tab) => ({
          key: tab,
          label: (
            <Badge count={countOf(tab)} size="small" offset={[8, -2]}>
              <span>{tab === 'all' ? t('alarm.message.all') : messageTypeName(tab, locale)}</span>
            </Badge>
          ),
        }))}
      />
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Segmented
          value={status}
          onChange={(value) => setStatus(value as typeof status)}
          options={[
            { value: 'all', label: t('alarm.message.all') },
            { value: 'unread', label: t('alarm.message.unread') },
            { value: 'read', label: t('alarm.message.read') },
          ]}
        />
        <Space>
          <Button
            disabled={selected.length === 0}
            loading={markRead.isPending && markRead.variables.scope === 'selected'}
            onClick={() => markRead.mutate({ scope: 'selected', ids: selected })}
            data-testid="mark-selected"
          >
            {t('alarm.message.markSelected', { count: selected.length })}
          </Button>
          <Button
            type="primary"
            loading={markRead.isPending && markRead.variables.scope === 'all'}
            onClick={() => markRead.mutate(type === 'all' ? { scope: 'all' } : { scope: 'all', type })}
            data-testid="mark-all"
          >
            {t('alarm.message.markAll')}
          </Button>
        </Space>
      </Space>
      <PagedTable<Message>
        paged={messages}
        testId="messages"
        describeError={describeFailure}
        emptyText={t('alarm.message.empty')}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        columns={[
          {
            title: t('alarm.message.status'),
            dataIndex: 'status',
            width: 90,
            render: (value: Message['status']) => (
              <Badge status={value === 'unread' ? 'error' : 'default'} text={t(`alarm.message.${value}`)} />
            ),
          },
          {
            title: t('alarm.message.type'),
            dataIndex: 'type',
            width: 110,
            render: (value: MessageType) => <Tag>{messageTypeName(value, locale)}</Tag>,
          },
          {
            title: t('alarm.message.title'),
            key: 'title',
            render: (_value, item) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong={item.status === 'unread'}>{item.title}</Typography.Text>
                {item.body ? <Typography.Text type="secondary">{item.body}</Typography.Text> : null}
              </Space>
            ),
          },
          timeColumn(t('alarm.message.date'), 'createdAt'),
          actionColumn(
            t('monitor.common.actions'),
            (item) => (
              <Space size={0}>
                {item.status === 'unread' ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => markRead.mutate({ scope: 'selected', ids: [item.id] })}
                  >
                    {t('alarm.message.markOne')}
                  </Button>
                ) : null}
                {item.subject?.kind === 'alarm-record' ? (
                  <Button type="link" size="small" onClick={() => void navigate('/monitor/alarms')}>
                    {t('alarm.live.view')}
                  </Button>
                ) : item.subject?.kind === 'device' ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() =>
                      void navigate(`/monitor/devices/${encodeURIComponent(item.subject?.id ?? '')}`)
                    }
                  >
                    {t('alarm.live.view')}
                  </Button>
                ) : null}
              </Space>
            ),
            150,
          ),
        ]}
      />
      {announcing ? <AnnouncementDialog onClose={() => setAnnouncing(false)} /> : null}
    </ScreenCard>
  );
}
