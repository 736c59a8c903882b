/**
 * The alarm group form (§3 alarm group): recipients × the channels allowed to each, the group's
 * own targets (WeChat robot, signed webhook), the escalation ladder in minutes, the repeat policies
 * (N times or forever, §9) and the release notice; and its conversion to and from the contract's
 * group. Settings of a channel the group does not use are not sent.
 */
import {
  ALARM_CHANNEL_DEFINITIONS,
  REPEAT_DEFAULTS,
  VOICE_REPEAT_DEFAULTS,
  type AlarmChannel,
  type AlarmGroup,
  type AlarmGroupInput,
} from '@lyyp/contracts/alarm';

export interface RepeatFormValues {
  forever?: boolean;
  times?: number | null;
  intervalSeconds?: number | null;
}

export interface GroupFormValues {
  name?: string;
  channels?: AlarmChannel[];
  wechatUrl?: string;
  wechatMentionAll?: boolean;
  webhookUrl?: string;
  webhookSecret?: string;
  recipients?: { accountId?: string; channels?: AlarmChannel[] }[];
  /** Ladder steps; the delay is typed in minutes. */
  escalation?: { delayMinutes?: number | null; channels?: AlarmChannel[] }[];
  repeat?: RepeatFormValues;
  voice?: RepeatFormValues;
  releaseNotice?: boolean;
}

export function createGroupValues(): GroupFormValues {
  return {
    channels: ['app'],
    recipients: [],
    escalation: [],
    repeat: { forever: false, ...REPEAT_DEFAULTS },
    voice: { forever: false, ...VOICE_REPEAT_DEFAULTS },
    releaseNotice: true,
    wechatMentionAll: false,
  };
}

const finite = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function toRepeat(
  values: RepeatFormValues | undefined,
  defaults: { times: number; intervalSeconds: number },
) {
  return {
    times: values?.forever ? ('forever' as const) : (finite(values?.times) ?? defaults.times),
    intervalSeconds: finite(values?.intervalSeconds) ?? defaults.intervalSeconds,
  };
}

function toRepeatValues(policy: AlarmGroup['repeat']): RepeatFormValues {
  return policy.times === 'forever'
    ? { forever: true, times: null, intervalSeconds: policy.intervalSeconds }
    : { forever: false, times: policy.times, intervalSeconds: policy.intervalSeconds };
}

/** Channels that reach a person, among those the group uses: what each recipient may be allowed. */
export function personChannelsOf(channels: readonly AlarmChannel[] | undefined): AlarmChannel[] {
  return (channels ?? []).filter((code) => ALARM_CHANNEL_DEFINITIONS[code].audience === 'person');
}

export function toGroupInput(values: GroupFormValues, id = 'new'): AlarmGroupInput {
  const channels = values.channels ?? [];
  const channelSettings: Record<string, unknown> = {};
  if (channels.includes('wechat')) {
    channelSettings.wechat = {
      url: values.wechatUrl?.trim() ?? '',
      mentionAll: values.wechatMentionAll ?? false,
    };
  }
  if (channels.includes('webhook')) {
    channelSettings.webhook = { url: values.webhookUrl?.trim() ?? '', secret: values.webhookSecret ?? '' };
  }
  return {
    id,
    name: values.name?.trim() ?? '',
    channels,
    channelSettings,
    recipients: (values.recipients ?? []).map((recipient) => ({
      accountId: recipient.accountId?.trim() ?? '',
      channels: recipient.channels ?? [],
    })),
    escalation: (values.escalation ?? []).map((step) => ({
      delaySeconds: Math.round((finite(step.delayMinutes) ?? 0) * 60),
      channels: step.channels ?? [],
    })),
    repeat: toRepeat(values.repeat, REPEAT_DEFAULTS),
    voice: toRepeat(values.voice, VOICE_REPEAT_DEFAULTS),
    releaseNotice: values.releaseNotice ?? true,
  };
}

export function toGroupFormValues(group: AlarmGroup): GroupFormValues {
  return {
    name: group.name,
    channels: [...group.channels],
    wechatUrl: group.channelSettings.wechat?.url ?? '',
    wechatMentionAll: group.channelSettings.wechat?.mentionAll ?? false,
    webhookUrl: group.channelSettings.webhook?.url ?? '',
    webhookSecret: group.channelSettings.webhook?.secret ?? '',
    recipients: group.recipients.map((recipient) => ({
      accountId: recipient.accountId,
      channels: [...recipient.channels],
    })),
    escalation: group.escalation.map((step) => ({
      delayMinutes: step.delaySeconds / 60,
      channels: [...step.channels],
    })),
    repeat: toRepeatValues(group.repeat),
    voice: toRepeatValues(group.voice),
    releaseNotice: group.releaseNotice,
  };
}

/** Where a path of the group (a schema issue, the server's `field`) sits in the form. */
export function formNameOfGroupPath(path: readonly (string | number)[]): (string | number)[] | null {
  const parts = path.map((part) =>
    typeof part === 'number' || /^\d+$/.test(String(part)) ? Number(part) : part,
  );
  if (parts[0] === 'group') parts.shift();
  const [head, second, third] = parts;
  if (head === 'channelSettings' && (second === 'wechat' || second === 'webhook')) {
    return [third === 'secret' ? 'webhookSecret' : `${second}Url`];
  }
  if (head === 'recipients' && typeof second === 'number')
    return ['recipients', second, third === 'channels' ? 'channels' : 'accountId'];
  if (head === 'recipients') return ['recipients'];
  if (head === 'escalation' && typeof second === 'number')
    return ['escalation', second, third === 'delaySeconds' ? 'delayMinutes' : 'channels'];
  if ((head === 'repeat' || head === 'voice') && typeof second === 'string') return [head, second];
  if (head === 'name' || head === 'channels' || head === 'releaseNotice') return [head];
  return null;
}
