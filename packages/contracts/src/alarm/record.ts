/**
 * Alarm records (§3: time, release time, value, type) with their acknowledgement, and the ISA-18.2
 * view of them: an alarm is active or cleared (§4 unresolved → released), and acknowledged or not,
 * independently. A cleared alarm can still be acknowledged; an acknowledged one can still be active.
 */
import { z } from 'zod';
import { INVALID_FIELD_MESSAGE, optionalText } from '../device-model/issues.ts';
import { LOCALES, type Locale } from '../locale.ts';
import { DEVICE_STATUS_ALARM_TYPES } from './rule.ts';
import { entityId, uniqueList } from './fields.ts';
import { ACKNOWLEDGE_COMMENT_MAX_LENGTH, ACKNOWLEDGE_MAX_RECORDS } from './limits.ts';

export const ALARM_RECORD_TYPES = ['variable', ...DEVICE_STATUS_ALARM_TYPES] as const;
export type AlarmRecordType = (typeof ALARM_RECORD_TYPES)[number];

export const ALARM_RECORD_TYPE_NAMES = {
  variable: { zh: '变量报警', en: 'Variable alarm' },
  offline: { zh: '离线报警', en: 'Offline alarm' },
  'power-off': { zh: '断电报警', en: 'Power-off alarm' },
} as const satisfies Record<AlarmRecordType, { zh: string; en: string }>;

/** Why an alarm released. Only `condition-cleared` and `device-back` mean the process is normal again. */
export const ALARM_RELEASE_REASONS = {
  'condition-cleared': { zh: '条件解除', en: 'Condition cleared' },
  'device-back': { zh: '设备恢复', en: 'Device back' },
  'rule-changed': { zh: '规则已修改', en: 'Rule changed' },
  'rule-disabled': { zh: '规则已停用', en: 'Rule disabled' },
  'rule-deleted': { zh: '规则已删除', en: 'Rule deleted' },
} as const;
export type AlarmReleaseReason = keyof typeof ALARM_RELEASE_REASONS;
export const ALARM_RELEASE_REASON_CODES = Object.keys(ALARM_RELEASE_REASONS) as [
  AlarmReleaseReason,
  ...AlarmReleaseReason[],
];

/** ISA-18.2 states, as the record list and the monitoring screens show them. */
export const ALARM_STATES = {
  'active-unacknowledged': { zh: '报警中，未确认', en: 'Active, unacknowledged' },
  'active-acknowledged': { zh: '报警中，已确认', en: 'Active, acknowledged' },
  'cleared-unacknowledged': { zh: '已解除，未确认', en: 'Cleared, unacknowledged' },
  'cleared-acknowledged': { zh: '已解除，已确认', en: 'Cleared, acknowledged' },
} as const;
export type AlarmState = keyof typeof ALARM_STATES;

/**
 * A record's name and message in one language, and once it released, the release notice's text
 * (with the value it released at).
 */
export const alarmRecordTextSchema = z.object({
  name: z.string(),
  message: z.string(),
  release: z.string().optional(),
});
export type AlarmRecordText = z.infer<typeof alarmRecordTextSchema>;

/**
 * A record's name and message in every console language, rendered when it was raised, so each
 * reader (and each notified person) gets their own language.
 */
export const alarmRecordTextsSchema = z.object(
  Object.fromEntries(LOCALES.map((locale) => [locale, alarmRecordTextSchema])) as Record<
    Locale,
    typeof alarmRecordTextSchema
  >,
);
export type AlarmRecordTexts = z.infer<typeof alarmRecordTextsSchema>;

/** The record's name and message in a language (the stored Chinese ones when it has no texts). */
export function recordTextIn(
  record: {
    readonly name: string;
    readonly message: string;
    readonly texts?: AlarmRecordTexts | null | undefined;
  },
  locale: Locale,
): AlarmRecordText {
  return record.texts?.[locale] ?? { name: record.name, message: record.message };
}

const pointValue = z.union([z.number(), z.string(), z.boolean(), z.null()], { error: INVALID_FIELD_MESSAGE });
const epochMs = z.number({ error: INVALID_FIELD_MESSAGE }).int({ error: INVALID_FIELD_MESSAGE });

export const alarmRecordSchema = z.object({
  id: entityId('id'),
  deviceId: entityId('deviceId'),
  type: z.enum(ALARM_RECORD_TYPES, { error: INVALID_FIELD_MESSAGE }),
  /** The rule that raised it; null for offline and power-off alarms. */
  ruleId: entityId('ruleId').nullable(),
  /** The rule's name and the rendered message as they were when it was raised, in the reader's language. */
  name: z.string(),
  message: z.string(),
  /** Both in every language (records raised before texts were kept in both have only Chinese). */
  texts: alarmRecordTextsSchema.optional(),
  /** The value that raised it (the sample's true time is `raisedAt`). */
  value: pointValue,
  /** When the condition was first seen in the run that raised it (offline: since when). */
  since: epochMs,
  /** The true time of the raise, from the device's clock, even when the data arrived late. */
  raisedAt: epochMs,
  /** The data that raised it arrived late (replayed from a gateway's buffer). */
  late: z.boolean(),
  releasedAt: epochMs.nullable(),
  releaseReason: z.enum(ALARM_RELEASE_REASON_CODES, { error: INVALID_FIELD_MESSAGE }).nullable(),
  releaseValue: pointValue.optional(),
  acknowledgedAt: epochMs.nullable(),
  acknowledgedBy: entityId('acknowledgedBy').nullable(),
  acknowledgeComment: z.string().nullable(),
});
export type AlarmRecord = z.infer<typeof alarmRecordSchema>;

export function alarmStateOf(record: Pick<AlarmRecord, 'releasedAt' | 'acknowledgedAt'>): AlarmState {
  const activity = record.releasedAt === null ? 'active' : 'cleared';
  const acknowledgement = record.acknowledgedAt === null ? 'unacknowledged' : 'acknowledged';
  return `${activity}-${acknowledgement}`;
}

/**
 * Whether a record can be acknowledged: once only (2108), active or already cleared alike
 * (ISA-18.2: a cleared alarm still waits for its acknowledgement).
 */
export function acknowledgementRefusal(record: Pick<AlarmRecord, 'acknowledgedAt'>): '2108' | null {
  return record.acknowledgedAt === null ? null : '2108';
}

/** Acknowledge one or more records (active or already cleared), with an optional comment. */
export const acknowledgeRequestSchema = z.object({
  ids: uniqueList(entityId('ids'), 'ids', ACKNOWLEDGE_MAX_RECORDS).refine((ids) => ids.length > 0, {
    error: 'catalogue:1001',
  }),
  comment: optionalText('comment', ACKNOWLEDGE_COMMENT_MAX_LENGTH).default(''),
});
export type AcknowledgeRequest = z.infer<typeof acknowledgeRequestSchema>;
