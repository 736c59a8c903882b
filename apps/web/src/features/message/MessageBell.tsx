/**
 * The header's message bell (§9: the pop-up alert counts new system, expiration and alarm
 * messages): the total on the badge, each type's count in its menu, a click opens the centre.
 */
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocaleStore } from '../../app/i18n.ts';
import { messageTypeName } from '../alarm/alarm-text.ts';
import { useNoticeEvents } from '../alarm/use-alarm-events.ts';
import { headerBadgeCount, listHeaderCounts } from './message-counts.ts';
import { useUnreadCounts } from './use-unread.ts';

export function MessageBell() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const navigate = useNavigate();
  const unread = useUnreadCounts();
  useNoticeEvents(() => void unread.refetch());
  const counts = listHeaderCounts(unread.data);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          ...counts.map((entry) => ({
            key: entry.type,
            label: (
              <span data-testid={`unread-${entry.type}`}>
                {messageTypeName(entry.type, locale)}{' '}
                <Badge
                  count={entry.count}
                  showZero
                  size="small"
                  color={entry.count ? undefined : '#bfbfbf'}
                />
              </span>
            ),
          })),
          { type: 'divider' as const },
          { key: 'open', label: t('alarm.message.openCentre') },
        ],
        onClick: () => void navigate('/monitor/messages'),
      }}
    >
      <Badge count={headerBadgeCount(unread.data)} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          data-testid="message-bell"
          aria-label={t('routes.MonitorMessages')}
          icon={<BellOutlined />}
          style={{ color: 'rgba(255,255,255,0.85)' }}
        />
      </Badge>
    </Dropdown>
  );
}
