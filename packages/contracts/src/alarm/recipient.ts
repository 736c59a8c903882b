/**
 * Choosing people instead of typing account ids: the recipient picker of an alarm group searches
 * the accounts that may see the product's devices (§6: a person who cannot see a device is never
 * told about it), showing a name and a masked phone only; and a person's own list of the alarm
 * groups they are in, with the channels each group allows them and what they chose.
 */
import { z } from 'zod';
import { INVALID_FIELD_MESSAGE, optionalText } from '../device-model/issues.ts';
import { ALARM_CHANNELS } from './channels.ts';
import { entityId, uniqueList } from './fields.ts';
import { RECIPIENTS_PER_GROUP_MAX, RECIPIENT_KEYWORD_MAX_LENGTH } from './limits.ts';

/**
 * A phone number as the picker shows it: the first three and the last four digits
 * (`138****5678`). Shorter numbers show only their last two digits.
 */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.trim();
  if (digits.length >= 8) return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
  return `${'*'.repeat(Math.max(digits.length - 2, 1))}${digits.slice(-2)}`;
}

/**
 * Whether a search text is a phone number search: only a whole number or its last four digits
 * match, so a search never reveals the digits the mask hides.
 */
export function phoneSearchDigits(keyword: string): string | null {
  const trimmed = keyword.trim();
  return /^\d{4}$/.test(trimmed) || /^\+?\d{8,15}$/.test(trimmed) ? trimmed : null;
}

export const recipientSearchBodySchema = z.object({
  productId: entityId('productId'),
  /** Part of a name or user name, a whole phone number or its last four digits; blank: everyone. */
  keyword: optionalText('keyword', RECIPIENT_KEYWORD_MAX_LENGTH).default(''),
  /** Also answer these accounts (a group's present recipients), so the picker can name them. */
  accountIds: uniqueList(entityId('accountIds'), 'accountIds', RECIPIENTS_PER_GROUP_MAX).default([]),
});
export type RecipientSearchBody = z.input<typeof recipientSearchBodySchema>;

export const recipientCandidateSchema = z.object({
  accountId: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  /** Masked (`138****5678`); never the whole number. */
  phone: z.string().nullable(),
  /** False for a present recipient who no longer sees the product's devices: they receive nothing. */
  seesDevices: z.boolean(),
});
export type RecipientCandidate = z.infer<typeof recipientCandidateSchema>;

export const recipientSearchAnswerSchema = z.object({
  list: z.array(recipientCandidateSchema),
  /** More matches than `RECIPIENT_SEARCH_MAX_RESULTS` exist: narrow the search. */
  more: z.boolean(),
});
export type RecipientSearchAnswer = z.infer<typeof recipientSearchAnswerSchema>;

const channelList = z.array(z.enum(ALARM_CHANNELS, { error: INVALID_FIELD_MESSAGE }));

/** One alarm group the caller is a recipient of, as the preferences screen lists it. */
export const myAlarmGroupSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  productId: z.string(),
  productName: z.string(),
  /** The person channels the group allows the caller (they may choose fewer). */
  allowed: channelList,
  /** The caller's choice: muted, and the channels received (all allowed ones without a choice). */
  muted: z.boolean(),
  channels: channelList,
});
export type MyAlarmGroup = z.infer<typeof myAlarmGroupSchema>;
export const myAlarmGroupsAnswerSchema = z.array(myAlarmGroupSchema);
