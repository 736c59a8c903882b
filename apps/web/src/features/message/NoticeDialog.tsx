/**
 * After sign-in, the notice dialog (§3 Notice dialog item) shows what is new: unread announcements
 * and SIM expiry reminders, once per sign-in of this browser tab.
 */
import type { NoticeDialogItem } from '@lyyp/contracts/alarm';
import { useQuery } from '@tanstack/react-query';
import { Image, List, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageApi } from '../../api/message.api.ts';
import { useSessionStore } from '../../app/session-store.ts';

const SHOWN_KEY = 'lyyp.notice.shownFor';

function shownFor(): string | null {
  try {
    return window.sessionStorage.getItem(SHOWN_KEY);
  } catch {
    return null;
  }
}

export function NoticeDialog() {
  const { t } = useTranslation();
  const accountId = useSessionStore((state) => state.user?.id ?? null);
  const [closedFor, setClosedFor] = useState<string | null>(() => shownFor());
  const due = accountId !== null && closedFor !== accountId;
  const items = useQuery({
    queryKey: ['messages', 'notice-dialog', accountId],
    queryFn: messageApi.noticeDialog,
    enabled: due,
  });
  const list: NoticeDialogItem[] = items.data ?? [];
  const close = () => {
    try {
      if (accountId) window.sessionStorage.setItem(SHOWN_KEY, accountId);
    } catch {
      // Shown again on the next reload of this tab, nothing worse.
    }
    setClosedFor(accountId);
  };
  return (
    <Modal
      open={due && list.length > 0}
      title={t('alarm.notice.title')}
      onCancel={close}
      onOk={close}
      okText={t('alarm.notice.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
      data-testid="notice-dialog"
    >
      <List
        dataSource={list}
        renderItem={(item) => (
          <List.Item
            extra={item.imgUrl ? <Image width={96} src={item.imgUrl} alt="" preview={false} /> : null}
          >
            <List.Item.Meta
              title={
                <>
                  <Tag color={item.type === 'expire' ? 'orange' : 'blue'}>
                    {t(`alarm.notice.${item.type}`)}
                  </Tag>
                  {item.title}
                </>
              }
              description={
                <Typography.Paragraph style={{ marginBottom: 0 }}>{item.note}</Typography.Paragraph>
              }
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
