/**
 * Alarm groups (§3 alarm group): who is told (recipients × the channels the group allows each of
 * them), the escalation ladder, the repeat policies, the release notice; and each person's own
 * choices: which groups and channels they receive, and their quiet hours in their time zone.
 */
import { z } from 'zod';
import { LOCALES } from '../locale.ts';
import {
  INVALID_FIELD_MESSAGE,
  addCatalogueIssue,
  boundedNumber,
  requiredText,
} from '../device-model/issues.ts';
import { ALARM_CHANNELS, ALARM_CHANNEL_DEFINITIONS, type AlarmChannel } from './channels.ts';
import { entityId, uniqueList } from './fields.ts';
import {
  ALARM_GROUP_NAME_MAX_LENGTH,
  ALARM_GROUPS_PER_PRODUCT_MAX,
  ESCALATION_DELAY_MAX_SECONDS,
  ESCALATION_STEPS_MAX,
  RECIPIENTS_PER_GROUP_MAX,
  REPEAT_DEFAULTS,
  REPEAT_INTERVAL_MAX_SECONDS,
  REPEAT_INTERVAL_MIN_SECONDS,
  REPEAT_TIMES_MAX,
  VOICE_INTERVAL_MIN_SECONDS,
  VOICE_REPEAT_DEFAULTS,
} from './limits.ts';

const channel = z.enum(ALARM_CHANNELS, { error: INVALID_FIELD_MESSAGE });
const channels = (field: string) => uniqueList(channel, field, ALARM_CHANNELS.length);

/**
 * How often a repeating channel goes out while the alarm is unacknowledged: `times` sends in all
 * (the first included) or `forever`, `intervalSeconds` apart.
 */
function repeatPolicySchema(minInterval: number, defaults: { times: number; intervalSeconds: number }) {
  return z.object({
    times: z
      .union([
        boundedNumber('times', { min: 1, max: REPEAT_TIMES_MAX, integer: true }),
        z.literal('forever', { error: INVALID_FIELD_MESSAGE }),
      ])
      .default(defaults.times),
    intervalSeconds: boundedNumber('intervalSeconds', {
      min: minInterval,
      max: REPEAT_INTERVAL_MAX_SECONDS,
      integer: true,
    }).default(defaults.intervalSeconds),
  });
}

export const repeatPolicySchemaFor = {
  repeat: repeatPolicySchema(REPEAT_INTERVAL_MIN_SECONDS, REPEAT_DEFAULTS),
  voice: repeatPolicySchema(VOICE_INTERVAL_MIN_SECONDS, VOICE_REPEAT_DEFAULTS),
} as const;
export type RepeatPolicy = z.infer<(typeof repeatPolicySchemaFor)['repeat']>;

/** One rung of the ladder: these channels start this long after the alarm was raised. */
export const escalationStepSchema = z.object({
  delaySeconds: boundedNumber('delaySeconds', { min: 0, max: ESCALATION_DELAY_MAX_SECONDS, integer: true }),
  channels: channels('channels').refine((list) => list.length > 0, { error: 'catalogue:1001' }),
});
export type EscalationStep = z.infer<typeof escalationStepSchema>;

export const alarmGroupRecipientSchema = z.object({
  accountId: entityId('accountId'),
  /** The person channels the group allows this person (they may choose fewer). */
  channels: channels('channels'),
});
export type AlarmGroupRecipient = z.infer<typeof alarmGroupRecipientSchema>;

/** Settings of the group channels, keyed by channel (the robot address, the webhook and its key). */
const channelSettingsSchema = z.object(
  Object.fromEntries(
    ALARM_CHANNELS.flatMap((code) => {
      const schema = ALARM_CHANNEL_DEFINITIONS[code].settingsSchema;
      return schema ? [[code, schema.optional()]] : [];
    }),
  ) as {
    wechat: z.ZodOptional<(typeof ALARM_CHANNEL_DEFINITIONS)['wechat']['settingsSchema']>;
    webhook: z.ZodOptional<(typeof ALARM_CHANNEL_DEFINITIONS)['webhook']['settingsSchema']>;
  },
);

export const alarmGroupSchema = z
  .object({
    id: entityId('id'),
    name: requiredText('name', ALARM_GROUP_NAME_MAX_LENGTH),
    /** Every channel the group may use. */
    channels: channels('channels').refine((list) => list.length > 0, { error: 'catalogue:1001' }),
    channelSettings: channelSettingsSchema.prefault({}),
    recipients: z.array(alarmGroupRecipientSchema, { error: INVALID_FIELD_MESSAGE }).default([]),
    /**
     * Optional ladder (in-app at once → WeChat after 2 min → SMS after 5 → voice after 10).
     * A channel the ladder does not name starts at once; acknowledgement stops what has not started.
     */
    escalation: z.array(escalationStepSchema, { error: INVALID_FIELD_MESSAGE }).default([]),
    repeat: repeatPolicySchemaFor.repeat.prefault({}),
    voice: repeatPolicySchemaFor.voice.prefault({}),
    /** Tell those reached that the alarm released (on channels that carry a release notice). */
    releaseNotice: z.boolean({ error: INVALID_FIELD_MESSAGE }).default(true),
  })
  .superRefine((group, context) => {
    const allowed = new Set<AlarmChannel>(group.channels);
    for (const code of group.channels) {
      const definition = ALARM_CHANNEL_DEFINITIONS[code];
      if (definition.settingsSchema && group.channelSettings[code as 'wechat' | 'webhook'] === undefined) {
        addCatalogueIssue(context, '2110', { channel: code }, ['channelSettings', code]);
      }
    }
    if (group.recipients.length > RECIPIENTS_PER_GROUP_MAX) {
      addCatalogueIssue(context, '1002', { field: 'recipients', max: RECIPIENTS_PER_GROUP_MAX }, [
        'recipients',
      ]);
    }
    const accounts = new Set<string>();
    group.recipients.forEach((recipient, index) => {
      if (accounts.has(recipient.accountId)) {
        addCatalogueIssue(context, '1002', { field: 'accountId' }, ['recipients', index, 'accountId']);
      }
      accounts.add(recipient.accountId);
      recipient.channels.forEach((code, position) => {
        const path = ['recipients', index, 'channels', position];
        if (!allowed.has(code)) addCatalogueIssue(context, '2109', { channel: code }, path);
        else if (ALARM_CHANNEL_DEFINITIONS[code].audience !== 'person')
          addCatalogueIssue(context, '1002', { field: 'channels' }, path);
      });
    });
    if (group.escalation.length > ESCALATION_STEPS_MAX) {
      addCatalogueIssue(context, '1002', { field: 'escalation', max: ESCALATION_STEPS_MAX }, ['escalation']);
    }
    const laddered = new Set<AlarmChannel>();
    group.escalation.forEach((step, index) => {
      const previous = group.escalation[index - 1];
      if (previous && !(step.delaySeconds > previous.delaySeconds)) {
        addCatalogueIssue(context, '2113', {}, ['escalation', index, 'delaySeconds']);
      }
      step.channels.forEach((code, position) => {
        const path = ['escalation', index, 'channels', position];
        if (!allowed.has(code)) addCatalogueIssue(context, '2109', { channel: code }, path);
        else if (laddered.has(code)) addCatalogueIssue(context, '2114', { channel: code }, path);
        laddered.add(code);
      });
    });
  });
export type AlarmGroup = z.infer<typeof alarmGroupSchema>;
export type AlarmGroupInput = z.input<typeof alarmGroupSchema>;

export const alarmGroupsSchema = z
  .array(alarmGroupSchema, { error: INVALID_FIELD_MESSAGE })
  .superRefine((groups, context) => {
    if (groups.length > ALARM_GROUPS_PER_PRODUCT_MAX) {
      addCatalogueIssue(context, '1002', { field: 'groups', max: ALARM_GROUPS_PER_PRODUCT_MAX });
    }
    const ids = new Set<string>();
    groups.forEach((group, index) => {
      if (ids.has(group.id)) addCatalogueIssue(context, '1002', { field: 'id' }, [index, 'id']);
      ids.add(group.id);
    });
  });

/** When a channel of a group starts for an alarm: its ladder step's delay, or at once. */
export function channelStartSeconds(group: Pick<AlarmGroup, 'escalation'>, code: AlarmChannel): number {
  return group.escalation.find((step) => step.channels.includes(code))?.delaySeconds ?? 0;
}

const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** `HH:MM`, 24-hour, as minutes after midnight; null when malformed. */
export function minutesOfClockTime(value: string): number | null {
  const match = CLOCK_TIME.exec(value);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

const clockTime = (field: string) =>
  z.string({ error: INVALID_FIELD_MESSAGE }).superRefine((value, context) => {
    if (minutesOfClockTime(value) === null) addCatalogueIssue(context, '1002', { field });
  });

const zoneCheckCache = new Map<string, boolean>();

/** Whether the runtime knows an IANA time zone (`Asia/Shanghai`, `Europe/Berlin`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  const known = zoneCheckCache.get(zone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    valid = zone.length > 0 && zone.length <= 64 && !!new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    valid = false;
  }
  zoneCheckCache.set(zone, valid);
  return valid;
}

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

export const timeZoneSchema = z.string({ error: INVALID_FIELD_MESSAGE }).superRefine((value, context) => {
  if (!isTimeZone(value)) addCatalogueIssue(context, '2111', { zone: value });
});

/**
 * Quiet hours from `start` to `end` local time; `end` before `start` spans midnight
 * (22:00 → 07:00). Equal times would be no quiet hours at all, so they are refused.
 */
export const quietHoursSchema = z
  .object({ start: clockTime('start'), end: clockTime('end') })
  .superRefine((hours, context) => {
    if (hours.start === hours.end) addCatalogueIssue(context, '1002', { field: 'end' }, ['end']);
  });
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** A person's own choices for one group: leave it muted, or receive only some of its channels. */
export const groupSubscriptionSchema = z.object({
  groupId: entityId('groupId'),
  muted: z.boolean({ error: INVALID_FIELD_MESSAGE }).default(false),
  channels: channels('channels'),
});
export type GroupSubscription = z.infer<typeof groupSubscriptionSchema>;

export const notificationPreferencesSchema = z.object({
  timeZone: timeZoneSchema.default(DEFAULT_TIME_ZONE),
  quietHours: quietHoursSchema.nullable().default(null),
  /**
   * The language of what is sent to the person (SMS, calls, WeChat, webhook texts, the message
   * centre's stored copy); null: not chosen, Chinese.
   */
  locale: z.enum(LOCALES, { error: INVALID_FIELD_MESSAGE }).nullable().default(null),
  /** Groups without an entry are received on every channel the group allows the person. */
  subscriptions: z.array(groupSubscriptionSchema, { error: INVALID_FIELD_MESSAGE }).default([]),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * Checks a person's choice against what the group allows them (2109 for a channel outside it).
 * Choosing within the allowance is all a person can do; the group's owner sets the allowance.
 */
export function findSubscriptionIssues(
  subscription: GroupSubscription,
  allowed: readonly AlarmChannel[],
): { code: '2109'; params: { channel: string }; path: (string | number)[] }[] {
  return subscription.channels.flatMap((code, index) =>
    allowed.includes(code)
      ? []
      : [{ code: '2109' as const, params: { channel: code }, path: ['channels', index] }],
  );
}
