/**
 * Notification channels as a registry: one definition per channel says who it reaches, what
 * settings an alarm group must give it, whether it repeats while an alarm is unacknowledged,
 * whether quiet hours hold it, and whether it carries the release notice. The escalation planner,
 * the group schema and the console's forms all read this table; nobody switches on a channel name.
 */
import { z } from 'zod';
import { INVALID_FIELD_MESSAGE } from '../device-model/issues.ts';
import { pushAddress } from './fields.ts';
import { WEBHOOK_SECRET_MAX_LENGTH, WEBHOOK_SECRET_MIN_LENGTH } from './limits.ts';

/**
 * §3 push methods (app/WeChat, SMS, phone, voice) and the integrations: a WeChat Work group robot
 * and a signed webhook.
 */
export const ALARM_CHANNELS = ['app', 'wechat', 'sms', 'phone', 'voice', 'webhook'] as const;
export type AlarmChannel = (typeof ALARM_CHANNELS)[number];

/** `person`: one send per recipient; `group`: one send per alarm group to the group's own target. */
export type ChannelAudience = 'person' | 'group';

/**
 * `none`: sent once; `until-acknowledged`: again every repeat interval of the group up to its
 * repeat count (or forever) until acknowledged or released; `voice`: the group's voice policy
 * (§9: N times or forever).
 */
export type ChannelRepeat = 'none' | 'until-acknowledged' | 'voice';

/**
 * During a person's quiet hours a `hold` channel waits until they end (and is then sent once if the
 * alarm still needs it); a `deliver` channel goes out anyway. Group channels have no person, so
 * quiet hours never apply to them.
 */
export type ChannelQuietHours = 'hold' | 'deliver';

export interface AlarmChannelDefinition {
  readonly code: AlarmChannel;
  readonly name: { readonly zh: string; readonly en: string };
  readonly audience: ChannelAudience;
  /** What an alarm group sets for the channel; `null` when it needs nothing. */
  readonly settingsSchema: z.ZodType | null;
  readonly repeat: ChannelRepeat;
  readonly quietHours: ChannelQuietHours;
  /** Whether the channel tells those it reached that the alarm released. */
  readonly releaseNotice: boolean;
}

export const wechatRobotSettingsSchema = z.object({
  /** The group robot's webhook address (`https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…`). */
  url: pushAddress('url'),
  /** Mention everyone in the WeChat group (`@all`). */
  mentionAll: z.boolean({ error: INVALID_FIELD_MESSAGE }).default(false),
});
export type WechatRobotSettings = z.infer<typeof wechatRobotSettingsSchema>;

export const signedWebhookSettingsSchema = z.object({
  url: pushAddress('url'),
  /** Key of the HMAC-SHA256 signature sent with each call; the receiver checks it. */
  secret: z
    .string({ error: INVALID_FIELD_MESSAGE })
    .min(WEBHOOK_SECRET_MIN_LENGTH, { error: INVALID_FIELD_MESSAGE })
    .max(WEBHOOK_SECRET_MAX_LENGTH, { error: INVALID_FIELD_MESSAGE }),
});
export type SignedWebhookSettings = z.infer<typeof signedWebhookSettingsSchema>;

export const ALARM_CHANNEL_DEFINITIONS = {
  app: {
    code: 'app',
    name: { zh: 'APP/微信', en: 'App/WeChat' },
    audience: 'person',
    settingsSchema: null,
    // The message itself stays in the message centre; it is quiet, so it is never held.
    repeat: 'none',
    quietHours: 'deliver',
    releaseNotice: true,
  },
  wechat: {
    code: 'wechat',
    name: { zh: '企业微信群机器人', en: 'WeChat Work group robot' },
    audience: 'group',
    settingsSchema: wechatRobotSettingsSchema,
    repeat: 'until-acknowledged',
    quietHours: 'deliver',
    releaseNotice: true,
  },
  sms: {
    code: 'sms',
    name: { zh: '短信', en: 'SMS' },
    audience: 'person',
    settingsSchema: null,
    repeat: 'until-acknowledged',
    quietHours: 'hold',
    releaseNotice: true,
  },
  phone: {
    code: 'phone',
    name: { zh: '电话', en: 'Phone call' },
    audience: 'person',
    settingsSchema: null,
    // A call is what a group configures to wake someone: it rings through quiet hours.
    repeat: 'until-acknowledged',
    quietHours: 'deliver',
    releaseNotice: false,
  },
  voice: {
    code: 'voice',
    name: { zh: '语音', en: 'Voice announcement' },
    audience: 'person',
    settingsSchema: null,
    repeat: 'voice',
    quietHours: 'hold',
    releaseNotice: false,
  },
  webhook: {
    code: 'webhook',
    name: { zh: '签名 Webhook', en: 'Signed webhook' },
    audience: 'group',
    settingsSchema: signedWebhookSettingsSchema,
    // A machine receiver gets each event once: raised, then released.
    repeat: 'none',
    quietHours: 'deliver',
    releaseNotice: true,
  },
} as const satisfies { readonly [K in AlarmChannel]: AlarmChannelDefinition & { readonly code: K } };

export function alarmChannelDefinition(code: AlarmChannel): AlarmChannelDefinition {
  return ALARM_CHANNEL_DEFINITIONS[code];
}

/** Channels that reach a person (the ones people choose among). */
export const PERSON_CHANNELS: readonly AlarmChannel[] = ALARM_CHANNELS.filter(
  (code) => ALARM_CHANNEL_DEFINITIONS[code].audience === 'person',
);
