/**
 * SIM card status (§4 card status: shutdown, expired, about to expire; and active) and the expiry
 * reminders sent as expiration messages 30, 7 and 1 days before a card expires.
 */

export const SIM_CARD_STATUSES = {
  active: { zh: '正常', en: 'Active' },
  'about-to-expire': { zh: '即将到期', en: 'About to expire' },
  expired: { zh: '已到期', en: 'Expired' },
  shutdown: { zh: '已停机', en: 'Shut down' },
} as const;
export type SimCardStatus = keyof typeof SIM_CARD_STATUSES;

/** Days before expiry at which a reminder goes out, the earliest first. */
export const SIM_EXPIRY_REMINDER_DAYS = [30, 7, 1] as const;
export type SimExpiryReminderDay = (typeof SIM_EXPIRY_REMINDER_DAYS)[number];

const DAY_MS = 24 * 3600 * 1000;

export interface SimCard {
  /** Epoch ms at which the card's plan ends; null when unknown. */
  readonly expiresAt: number | null;
  /** The operator stopped the card (unpaid, reported lost). */
  readonly shutdown: boolean;
}

/** Whole days left, counting a part of a day as a day (23 h left is 1 day); 0 once expired. */
export function daysLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / DAY_MS));
}

/** Shut down wins over everything; then expired; then about to expire within the first reminder. */
export function simCardStatusOf(card: SimCard, now: number): SimCardStatus {
  if (card.shutdown) return 'shutdown';
  if (card.expiresAt === null) return 'active';
  if (now >= card.expiresAt) return 'expired';
  return daysLeft(card.expiresAt, now) <= SIM_EXPIRY_REMINDER_DAYS[0] ? 'about-to-expire' : 'active';
}

/**
 * The reminder due now, or null: the most urgent reminder day the card has reached, unless that
 * one or a more urgent one was already sent. A card first seen 5 days before expiry gets the
 * 7-day reminder only, not the 30-day one as well.
 */
export function dueSimExpiryReminder(
  expiresAt: number,
  now: number,
  sent: readonly number[],
): SimExpiryReminderDay | null {
  if (now >= expiresAt) return null;
  const left = daysLeft(expiresAt, now);
  const reached = SIM_EXPIRY_REMINDER_DAYS.filter((day) => left <= day);
  const mostUrgent = reached[reached.length - 1];
  if (mostUrgent === undefined) return null;
  return sent.some((day) => day <= mostUrgent) ? null : mostUrgent;
}
