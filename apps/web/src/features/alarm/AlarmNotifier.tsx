/**
 * The console header's alarm bell: a new alarm on the live channel opens a pop-up notification at
 * once, plays a short tone unless muted (remembered in this browser), and counts on the badge until
 * the person opens the list. A notice the platform marks to be spoken is read out by the browser's
 * speech synthesis (voice announcement), unless muted.
 */
import { AlertOutlined, MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Empty, List, Popover, Space, Switch, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocaleStore } from '../../app/i18n.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { usePermission } from '../monitor/common/use-permission.ts';
import { EMPTY_ALARM_FEED, applyAlarmEvent, badgeCount, markFeedSeen, type AlarmFeed } from './alarm-feed.ts';
import { recordTextIn } from '@lyyp/contracts/alarm';
import { recordTypeName } from './alarm-text.ts';
import { playAlarmTone } from './alarm-tone.ts';
import { alarmMuteStore, useAlarmMute } from './mute.ts';
import { useAlarmEvents, useNoticeEvents } from './use-alarm-events.ts';

function speak(text: string, locale: string) {
  const synthesis = (globalThis as { speechSynthesis?: SpeechSynthesis }).speechSynthesis;
  if (!synthesis || typeof SpeechSynthesisUtterance === 'undefined') return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = locale;
  synthesis.speak(utterance);
}

export function AlarmNotifier() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayView = usePermission('monitor:alarm');
  const { muted, toggle } = useAlarmMute();
  // Events are folded in the order they arrive; the ref holds the feed between renders.
  const feedRef = useRef<AlarmFeed>(EMPTY_ALARM_FEED);
  const [feed, setFeed] = useState<AlarmFeed>(EMPTY_ALARM_FEED);
  const [open, setOpen] = useState(false);

  useAlarmEvents((event) => {
    void queryClient.invalidateQueries({ queryKey: ['alarm-records'] });
    void queryClient.invalidateQueries({ queryKey: ['messages'] });
    const next = applyAlarmEvent(feedRef.current, event);
    feedRef.current = next.feed;
    setFeed(next.feed);
    if (!next.announce) return;
    const record = event.record;
    const text = recordTextIn(record, locale);
    notification.warning({
      key: `alarm-${record.id}`,
      title: `${text.name} · ${recordTypeName(record.type, locale)}`,
      description: (
        <Space orientation="vertical" size={0} data-testid="alarm-popup">
          <span>{text.message}</span>
          <Typography.Text type="secondary">{formatTime(record.raisedAt)}</Typography.Text>
        </Space>
      ),
      placement: 'topRight',
      duration: 8,
      actions: mayView ? (
        <Button size="small" type="primary" onClick={() => void navigate('/monitor/alarms')}>
          {t('alarm.live.view')}
        </Button>
      ) : undefined,
    });
    if (!alarmMuteStore.getState().muted) playAlarmTone();
  });

  useNoticeEvents((event) => {
    void queryClient.invalidateQueries({ queryKey: ['messages'] });
    if (event.speak && !alarmMuteStore.getState().muted)
      speak(`${event.message.title} ${event.message.body}`, locale);
  });

  const count = badgeCount(feed);
  const content = (
    <Space orientation="vertical" style={{ width: 340 }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text strong>{t('alarm.live.title')}</Typography.Text>
        <Space size={4}>
          <Typography.Text type="secondary">{t('alarm.live.sound')}</Typography.Text>
          <Switch
            size="small"
            checked={!muted}
            onChange={toggle}
            data-testid="alarm-sound"
            aria-label={t('alarm.live.sound')}
          />
        </Space>
      </Space>
      {feed.recent.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarm.live.none')} />
      ) : (
        <List
          size="small"
          dataSource={feed.recent.slice(0, 6)}
          renderItem={(record) => (
            <List.Item>
              <List.Item.Meta
                title={recordTextIn(record, locale).name}
                description={
                  <>
                    <div>{recordTextIn(record, locale).message}</div>
                    <Typography.Text type="secondary">{formatTime(record.raisedAt)}</Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      {mayView ? (
        <Button
          block
          onClick={() => {
            setOpen(false);
            void navigate('/monitor/alarms');
          }}
        >
          {t('alarm.live.all')}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <Space size={4}>
      <Tooltip title={muted ? t('alarm.live.unmute') : t('alarm.live.mute')}>
        <Button
          type="text"
          data-testid="alarm-mute"
          aria-label={muted ? t('alarm.live.unmute') : t('alarm.live.mute')}
          icon={muted ? <MutedOutlined /> : <SoundOutlined />}
          style={{ color: 'rgba(255,255,255,0.85)' }}
          onClick={toggle}
        />
      </Tooltip>
      <Popover
        trigger="click"
        open={open}
        placement="bottomRight"
        content={content}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) {
            feedRef.current = markFeedSeen(feedRef.current);
            setFeed(feedRef.current);
          }
        }}
      >
        <Badge count={count} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            data-testid="alarm-bell"
            aria-label={t('alarm.live.title')}
            icon={<AlertOutlined />}
            style={{ color: 'rgba(255,255,255,0.85)' }}
          />
        </Badge>
      </Popover>
    </Space>
  );
}
