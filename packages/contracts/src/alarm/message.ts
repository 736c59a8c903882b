/**
 * The message centre (§3 Message: title, type, status, date; §4 unread → read by "mark selected"
 * or "mark all") and the notice dialog items. Which types count in the pop-up alert (§9: new
 * system, expiration and alarm messages) is part of the type registry.
 */
import { z } from 'zod';
import { INVALID_FIELD_MESSAGE, optionalText, requiredText } from '../device-model/issues.ts';
import { entityId, uniqueList } from './fields.ts';
import { MARK_READ_MAX_MESSAGES, MESSAGE_BODY_MAX_LENGTH, MESSAGE_TITLE_MAX_LENGTH } from './limits.ts';

export const MESSAGE_TYPES = ['alarm', 'expiration', 'announcement', 'work-order'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const MESSAGE_TYPE_DEFINITIONS = {
  alarm: { name: { zh: '报警消息', en: 'Alarm' }, countsInPopup: true },
  expiration: { name: { zh: '到期提醒', en: 'Expiration' }, countsInPopup: true },
  announcement: { name: { zh: '系统公告', en: 'Announcement' }, countsInPopup: true },
  'work-order': { name: { zh: '工单消息', en: 'Work order' }, countsInPopup: false },
} as const satisfies Record<MessageType, { name: { zh: string; en: string }; countsInPopup: boolean }>;

export const MESSAGE_STATUSES = ['unread', 'read'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What a message is about, so the console can open it (an alarm record, a device, a work order). */
export const MESSAGE_SUBJECTS = ['alarm-record', 'device', 'work-order'] as const;

export const messageSchema = z.object({
  id: entityId('id'),
  type: z.enum(MESSAGE_TYPES, { error: INVALID_FIELD_MESSAGE }),
  title: requiredText('title', MESSAGE_TITLE_MAX_LENGTH),
  body: optionalText('body', MESSAGE_BODY_MAX_LENGTH).default(''),
  status: z.enum(MESSAGE_STATUSES, { error: INVALID_FIELD_MESSAGE }).default('unread'),
  createdAt: z.number().int(),
  subject: z
    .object({ kind: z.enum(MESSAGE_SUBJECTS, { error: INVALID_FIELD_MESSAGE }), id: entityId('subject.id') })
    .nullable()
    .default(null),
});
export type Message = z.infer<typeof messageSchema>;

/** Mark the chosen messages read, or all of the caller's messages (optionally of one type). */
export const markMessagesReadSchema = z.discriminatedUnion(
  'scope',
  [
    z.object({
      scope: z.literal('selected'),
      ids: uniqueList(entityId('ids'), 'ids', MARK_READ_MAX_MESSAGES).refine((ids) => ids.length > 0, {
        error: 'catalogue:1001',
      }),
    }),
    z.object({
      scope: z.literal('all'),
      type: z.enum(MESSAGE_TYPES, { error: INVALID_FIELD_MESSAGE }).optional(),
    }),
  ],
  { error: INVALID_FIELD_MESSAGE },
);
export type MarkMessagesRead = z.infer<typeof markMessagesReadSchema>;

/** The pop-up alert's count: unread messages of the types that count in it. */
export function popupCount(messages: readonly Pick<Message, 'type' | 'status'>[]): number {
  return messages.filter(
    (message) => message.status === 'unread' && MESSAGE_TYPE_DEFINITIONS[message.type].countsInPopup,
  ).length;
}

/** §3 Notice dialog item: shown in the notice dialog after sign-in. */
export const NOTICE_TYPES = ['expire', 'notice'] as const;
export const NOTICE_EQUIP_TYPES = ['api', 'project', 'card'] as const;

export const noticeDialogItemSchema = z.object({
  id: entityId('id'),
  title: requiredText('title', MESSAGE_TITLE_MAX_LENGTH),
  note: optionalText('note', MESSAGE_BODY_MAX_LENGTH).default(''),
  type: z.enum(NOTICE_TYPES, { error: INVALID_FIELD_MESSAGE }),
  equipType: z.enum(NOTICE_EQUIP_TYPES, { error: INVALID_FIELD_MESSAGE }),
  imgUrl: z.string().default(''),
});
export type NoticeDialogItem = z.infer<typeof noticeDialogItemSchema>;
