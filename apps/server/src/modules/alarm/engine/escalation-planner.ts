/**
 * Which notifications of one alarm are due now, and when the next one is (so a scheduler can sleep
 * until then). Pure: the alarm's times, its groups, the recipients' preferences, the sends already
 * made and the current time in; the sends to make out. Asking twice gives the same answer, so
 * several nodes or a restarted one never double-send as long as each send is recorded under its key
 * before the next question.
 *
 * Decisions (docs/alarms.md has them for operators):
 * - A stream is one channel to one target: a person (app, SMS, phone, voice) or a group's own
 *   target (WeChat robot, webhook). A person in several groups of the alarm gets each channel once,
 *   following the group that starts it first.
 * - A channel starts at its escalation step's delay after the raise (at once when no step names
 *   it). Repeating channels go again every interval of the group's repeat policy (voice: its voice
 *   policy), up to `times` sends in all or `forever`.
 * - Acknowledgement or release stops every alarm send from that moment, including sends that were
 *   due but not yet made. The release notice is the one message after that: it goes to those a
 *   channel with release notices already reached.
 * - Quiet hours hold the channels marked `hold` (SMS, voice) until they end; what they held goes
 *   out once at the end if the alarm still needs it. App messages, phone calls and group channels
 *   are not held.
 * - A stream late on its schedule (scheduler stopped, quiet hours) sends only its latest due
 *   occurrence; missed repeats are not made up.
 * - Recipients outside `authorisedAccounts` (§6: device authorization revoked) get nothing more.
 */
import {
  ALARM_CHANNEL_DEFINITIONS,
  DEFAULT_TIME_ZONE,
  channelStartSeconds,
  type AlarmChannel,
  type AlarmGroup,
  type NotificationPreferences,
  type QuietHours,
  type RepeatPolicy,
} from '@lyyp/contracts/alarm';
import { quietPeriodAt } from './quiet-hours.ts';

export interface NotifiedAlarm {
  readonly raisedAt: number;
  readonly acknowledgedAt: number | null;
  readonly releasedAt: number | null;
  /** Channels the rule allows (its push methods). */
  readonly pushMethods: readonly AlarmChannel[];
}

export interface NotificationPlanInput {
  readonly alarm: NotifiedAlarm;
  /** The alarm's groups, in the rule's order. */
  readonly groups: readonly AlarmGroup[];
  /** Preferences by account; a person without any receives all the group allows, no quiet hours. */
  readonly preferences: ReadonlyMap<string, NotificationPreferences>;
  /** Accounts that may still see the device; omitted: every recipient of the groups. */
  readonly authorisedAccounts?: ReadonlySet<string>;
  /** Keys of the sends already made for this alarm. */
  readonly sent: ReadonlySet<string>;
  readonly now: number;
}

export interface PlannedSend {
  /** Stable identity: record it when the send is made, pass it back in `sent`. */
  readonly key: string;
  readonly kind: 'alarm' | 'release';
  readonly channel: AlarmChannel;
  readonly groupId: string;
  /** The person; null for a group channel (robot, webhook). */
  readonly accountId: string | null;
  /** 0 for the first send, 1… for repeats; 0 for a release notice. */
  readonly occurrence: number;
  /** When the schedule wanted it, and when it is due after quiet hours. */
  readonly plannedAt: number;
  readonly dueAt: number;
}

export interface NotificationPlan {
  readonly due: readonly PlannedSend[];
  /** When the next send becomes due if nothing changes (acknowledgement, release); null: never. */
  readonly nextAt: number | null;
}

interface Stream {
  readonly id: string;
  readonly channel: AlarmChannel;
  readonly groupId: string;
  readonly accountId: string | null;
  readonly start: number;
  /** Sends in all (Infinity: forever) and the interval between them. */
  readonly count: number;
  readonly intervalMs: number;
  readonly quiet: { readonly hours: QuietHours; readonly timeZone: string } | null;
  readonly releaseNotice: boolean;
}

const NO_PREFERENCES: NotificationPreferences = {
  timeZone: DEFAULT_TIME_ZONE,
  quietHours: null,
  locale: null,
  subscriptions: [],
};

function repeatOf(group: AlarmGroup, channel: AlarmChannel): { count: number; intervalMs: number } {
  const repeat = ALARM_CHANNEL_DEFINITIONS[channel].repeat;
  const policy: RepeatPolicy | null =
    repeat === 'voice' ? group.voice : repeat === 'until-acknowledged' ? group.repeat : null;
  if (!policy) return { count: 1, intervalMs: 0 };
  return {
    count: policy.times === 'forever' ? Infinity : policy.times,
    intervalMs: policy.intervalSeconds * 1000,
  };
}

function streamsOf(input: NotificationPlanInput): Stream[] {
  const streams = new Map<string, Stream>();
  const offer = (stream: Stream) => {
    const existing = streams.get(stream.id);
    if (!existing || stream.start < existing.start) streams.set(stream.id, stream);
  };
  for (const group of input.groups) {
    for (const channel of group.channels) {
      if (!input.alarm.pushMethods.includes(channel)) continue;
      const definition = ALARM_CHANNEL_DEFINITIONS[channel];
      const base = {
        channel,
        groupId: group.id,
        start: input.alarm.raisedAt + channelStartSeconds(group, channel) * 1000,
        ...repeatOf(group, channel),
        releaseNotice: group.releaseNotice && definition.releaseNotice,
      };
      if (definition.audience === 'group') {
        offer({ ...base, id: `${channel}:g:${group.id}`, accountId: null, quiet: null });
        continue;
      }
      for (const recipient of group.recipients) {
        if (!recipient.channels.includes(channel)) continue;
        if (input.authorisedAccounts && !input.authorisedAccounts.has(recipient.accountId)) continue;
        const preferences = input.preferences.get(recipient.accountId) ?? NO_PREFERENCES;
        const subscription = preferences.subscriptions.find((entry) => entry.groupId === group.id);
        if (subscription && (subscription.muted || !subscription.channels.includes(channel))) continue;
        const quiet =
          definition.quietHours === 'hold' && preferences.quietHours
            ? { hours: preferences.quietHours, timeZone: preferences.timeZone }
            : null;
        offer({ ...base, id: `${channel}:p:${recipient.accountId}`, accountId: recipient.accountId, quiet });
      }
    }
  }
  return [...streams.values()];
}

function plannedAtOf(stream: Stream, occurrence: number): number {
  return stream.start + occurrence * stream.intervalMs;
}

/** The time a planned instant is due: the end of the quiet period holding it, or itself. */
function dueAtOf(stream: Stream, planned: number): number {
  if (!stream.quiet) return planned;
  return quietPeriodAt(planned, stream.quiet.hours, stream.quiet.timeZone)?.end ?? planned;
}

/** The latest occurrence due by `now` (-1: none yet). Due times never decrease with the occurrence. */
function latestDueOccurrence(stream: Stream, now: number): number {
  if (now < stream.start) return -1;
  let occurrence =
    stream.intervalMs === 0
      ? 0
      : Math.min(stream.count - 1, Math.floor((now - stream.start) / stream.intervalMs));
  // Occurrences held by the quiet period around `now` are not due yet: step back before its start.
  for (let guard = 0; occurrence >= 0 && guard < 4; guard += 1) {
    const planned = plannedAtOf(stream, occurrence);
    if (dueAtOf(stream, planned) <= now) return occurrence;
    const period = stream.quiet ? quietPeriodAt(planned, stream.quiet.hours, stream.quiet.timeZone) : null;
    if (!period || stream.intervalMs === 0) return -1;
    occurrence = Math.min(occurrence - 1, Math.ceil((period.start - stream.start) / stream.intervalMs) - 1);
  }
  return -1;
}

function sendOf(
  stream: Stream,
  kind: PlannedSend['kind'],
  occurrence: number,
  plannedAt: number,
): PlannedSend {
  return {
    key: kind === 'alarm' ? `alarm:${stream.id}:${occurrence}` : `release:${stream.id}`,
    kind,
    channel: stream.channel,
    groupId: stream.groupId,
    accountId: stream.accountId,
    occurrence,
    plannedAt,
    dueAt: dueAtOf(stream, plannedAt),
  };
}

export function planNotifications(input: NotificationPlanInput): NotificationPlan {
  const { alarm, sent, now } = input;
  const stopAt = Math.min(alarm.acknowledgedAt ?? Infinity, alarm.releasedAt ?? Infinity);
  const due: PlannedSend[] = [];
  let nextAt = Infinity;

  for (const stream of streamsOf(input)) {
    if (now < stopAt) {
      const latest = latestDueOccurrence(stream, now);
      if (latest >= 0) {
        const send = sendOf(stream, 'alarm', latest, plannedAtOf(stream, latest));
        if (!sent.has(send.key)) due.push(send);
      }
      const following = latest + 1;
      if (following < stream.count) {
        const dueAt = dueAtOf(stream, plannedAtOf(stream, following));
        if (dueAt < stopAt) nextAt = Math.min(nextAt, dueAt);
      }
    }
    if (alarm.releasedAt !== null && stream.releaseNotice) {
      const prefix = `alarm:${stream.id}:`;
      const reached = [...sent].some((key) => key.startsWith(prefix));
      if (!reached) continue;
      const notice = sendOf(stream, 'release', 0, alarm.releasedAt);
      if (sent.has(notice.key)) continue;
      if (notice.dueAt <= now) due.push(notice);
      else nextAt = Math.min(nextAt, notice.dueAt);
    }
  }
  due.sort((a, b) => a.dueAt - b.dueAt || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { due, nextAt: Number.isFinite(nextAt) ? nextAt : null };
}
