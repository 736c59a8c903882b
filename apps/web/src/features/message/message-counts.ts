/**
 * The header's message counts (§9: the pop-up alert counts new system, expiration and alarm
 * messages): one number per type that counts in the pop-up, from the contract's type registry, and
 * the total the badge shows.
 */
import { MESSAGE_TYPES, MESSAGE_TYPE_DEFINITIONS, type MessageType } from '@lyyp/contracts/alarm';

export interface UnreadByType {
  readonly byType: Partial<Record<MessageType, number>>;
  readonly popup: number;
}

/** Types the header names, in registry order. */
export const POPUP_MESSAGE_TYPES: readonly MessageType[] = MESSAGE_TYPES.filter(
  (type) => MESSAGE_TYPE_DEFINITIONS[type].countsInPopup,
);

export interface HeaderCount {
  readonly type: MessageType;
  readonly count: number;
}

/** The unread count of each type the pop-up counts (zero when the answer leaves it out). */
export function listHeaderCounts(unread: UnreadByType | undefined): HeaderCount[] {
  return POPUP_MESSAGE_TYPES.map((type) => ({ type, count: unread?.byType[type] ?? 0 }));
}

/** The bell's number: the server's pop-up count, or the sum of the types when it is not given. */
export function headerBadgeCount(unread: UnreadByType | undefined): number {
  if (!unread) return 0;
  return Number.isInteger(unread.popup)
    ? unread.popup
    : listHeaderCounts(unread).reduce((sum, entry) => sum + entry.count, 0);
}
