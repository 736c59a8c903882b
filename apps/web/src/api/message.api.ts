/**
 * Typed calls of the message centre (`/message/*`): messages by type and status, the unread counts
 * of the header (§9 pop-up alert), marking read, announcements published by operation staff and the
 * notice dialog after sign-in. Shapes are the contract's (`@lyyp/contracts/alarm`).
 */
import {
  ALARM_API_PATHS,
  type MarkMessagesRead,
  type Message,
  type NoticeDialogItem,
  type announcementBodySchema,
  type messageListBodySchema,
  type messageItemSchema,
  type pageAnswerSchema,
  type unreadAnswerSchema,
} from '@lyyp/contracts/alarm';
import type { z } from 'zod';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';

export type { MarkMessagesRead, Message, MessageType, NoticeDialogItem } from '@lyyp/contracts/alarm';

export type MessagePage = z.infer<ReturnType<typeof pageAnswerSchema<typeof messageItemSchema>>>;
export type MessageQuery = z.input<typeof messageListBodySchema>;
export type UnreadCounts = z.infer<typeof unreadAnswerSchema>;
export type AnnouncementDraft = z.input<typeof announcementBodySchema>;

export function createMessageApi(client: ApiClient) {
  return {
    listMessages: (query: MessageQuery) =>
      client.post<MessagePage>(ALARM_API_PATHS.messageList, { ...query }),
    unreadCounts: () => client.post<UnreadCounts>(ALARM_API_PATHS.messageUnread),
    markRead: (request: MarkMessagesRead) =>
      client.post<unknown>(ALARM_API_PATHS.messageRead, { ...request }, { encoding: 'json' }),
    publishAnnouncement: (draft: AnnouncementDraft) =>
      client.post<Message>(ALARM_API_PATHS.announcementPublish, { ...draft }, { encoding: 'json' }),
    noticeDialog: () => client.post<NoticeDialogItem[]>(ALARM_API_PATHS.noticeDialog),
  };
}

export type MessageApi = ReturnType<typeof createMessageApi>;

export const messageApi = createMessageApi(apiClient);
