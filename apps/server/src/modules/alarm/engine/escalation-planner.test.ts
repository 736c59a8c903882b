import { describe, expect, it } from 'vitest';
import { MINUTE, SECOND, T0, buildGroup, buildPreferences } from './alarm-test-support.ts';
import { planNotifications, type NotificationPlanInput } from './escalation-planner.ts';
import { simulateScheduler } from './planner-test-support.ts';

const HOUR = 60 * MINUTE;
const alarm = {
  raisedAt: T0,
  acknowledgedAt: null,
  releasedAt: null,
  pushMethods: ['app', 'sms', 'wechat', 'phone', 'voice', 'webhook'],
} as const;
const robot = { wechat: { url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc' } };

function plan(overrides: Partial<NotificationPlanInput> = {}) {
  return planNotifications({
    alarm,
    groups: [buildGroup()],
    preferences: new Map(),
    sent: new Set(),
    now: T0,
    ...overrides,
  });
}

const keysOf = (sends: readonly { key: string }[]) => sends.map((send) => send.key);
const timeline = (sends: readonly { key: string; madeAt: number }[]) =>
  sends.map((send) => [(send.madeAt - T0) / SECOND, send.key]);

describe('first sends and repeats', () => {
  it('sends every channel at once without a ladder, and says when the next repeat is due', () => {
    const result = plan();
    expect(keysOf(result.due)).toEqual(['alarm:app:p:alice:0', 'alarm:sms:p:alice:0']);
    expect(result.due[1]).toMatchObject({
      kind: 'alarm',
      channel: 'sms',
      accountId: 'alice',
      groupId: 'group-1',
    });
    expect(result.nextAt).toBe(T0 + 600 * SECOND);
  });

  it('repeats SMS until acknowledged, up to the repeat count, and sends the app message once', () => {
    const group = buildGroup({ repeat: { times: 3, intervalSeconds: 300 } });
    const made = simulateScheduler({ alarm, groups: [group], until: T0 + 2 * HOUR });
    expect(timeline(made)).toEqual([
      [0, 'alarm:app:p:alice:0'],
      [0, 'alarm:sms:p:alice:0'],
      [300, 'alarm:sms:p:alice:1'],
      [600, 'alarm:sms:p:alice:2'],
    ]);
  });

  it('answers the same when asked again before the sends are recorded, and nothing once they are', () => {
    const first = plan();
    expect(plan()).toEqual(first);
    expect(plan({ sent: new Set(keysOf(first.due)) }).due).toEqual([]);
  });

  it('only uses channels the rule allows', () => {
    const result = plan({ alarm: { ...alarm, pushMethods: ['sms'] } });
    expect(keysOf(result.due)).toEqual(['alarm:sms:p:alice:0']);
  });
});

describe('escalation ladder', () => {
  const group = buildGroup({
    channels: ['app', 'wechat', 'sms', 'voice'],
    channelSettings: robot,
    recipients: [{ accountId: 'alice', channels: ['app', 'sms', 'voice'] }],
    escalation: [
      { delaySeconds: 0, channels: ['app'] },
      { delaySeconds: 120, channels: ['wechat'] },
      { delaySeconds: 300, channels: ['sms'] },
      { delaySeconds: 600, channels: ['voice'] },
    ],
    repeat: { times: 1, intervalSeconds: 600 },
    voice: { times: 2, intervalSeconds: 60 },
  });

  it('climbs the ladder: in-app at once, WeChat after 2 min, SMS after 5, voice after 10', () => {
    const made = simulateScheduler({ alarm, groups: [group], until: T0 + HOUR });
    expect(timeline(made)).toEqual([
      [0, 'alarm:app:p:alice:0'],
      [120, 'alarm:wechat:g:group-1:0'],
      [300, 'alarm:sms:p:alice:0'],
      [600, 'alarm:voice:p:alice:0'],
      [660, 'alarm:voice:p:alice:1'],
    ]);
  });

  it('stops at the acknowledgement: later steps never start', () => {
    const made = simulateScheduler({
      alarm: { ...alarm, acknowledgeAt: T0 + 200 * SECOND },
      groups: [group],
      until: T0 + HOUR,
    });
    expect(keysOf(made)).toEqual(['alarm:app:p:alice:0', 'alarm:wechat:g:group-1:0']);
  });

  it('sends nothing that was due before the acknowledgement but not yet made', () => {
    const result = plan({
      alarm: { ...alarm, acknowledgedAt: T0 + 130 * SECOND },
      groups: [group],
      sent: new Set(['alarm:app:p:alice:0']),
      now: T0 + 140 * SECOND,
    });
    expect(result).toEqual({ due: [], nextAt: null });
  });
});

describe('voice', () => {
  const voiceGroup = (times: number | 'forever') =>
    buildGroup({
      channels: ['voice'],
      recipients: [{ accountId: 'alice', channels: ['voice'] }],
      voice: { times, intervalSeconds: 30 },
    });

  it('plays exactly N times', () => {
    const made = simulateScheduler({ alarm, groups: [voiceGroup(4)], until: T0 + HOUR });
    expect(timeline(made)).toEqual([
      [0, 'alarm:voice:p:alice:0'],
      [30, 'alarm:voice:p:alice:1'],
      [60, 'alarm:voice:p:alice:2'],
      [90, 'alarm:voice:p:alice:3'],
    ]);
  });

  it('plays forever until acknowledged', () => {
    const made = simulateScheduler({
      alarm: { ...alarm, acknowledgeAt: T0 + 10 * MINUTE },
      groups: [voiceGroup('forever')],
      until: T0 + HOUR,
    });
    expect(made).toHaveLength(20);
    expect(made.at(-1)?.madeAt).toBe(T0 + 9 * MINUTE + 30 * SECOND);
  });

  it('makes up no missed plays: a late scheduler plays the latest one', () => {
    const result = plan({
      groups: [voiceGroup('forever')],
      sent: new Set(['alarm:voice:p:alice:0']),
      now: T0 + 95 * SECOND,
    });
    expect(keysOf(result.due)).toEqual(['alarm:voice:p:alice:3']);
    expect(result.nextAt).toBe(T0 + 120 * SECOND);
  });
});

describe('release notice', () => {
  const group = buildGroup({
    channels: ['app', 'sms', 'phone', 'webhook'],
    channelSettings: { webhook: { url: 'https://example.com/hook', secret: 'a-long-enough-secret' } },
    recipients: [
      { accountId: 'alice', channels: ['app', 'sms', 'phone'] },
      { accountId: 'bob', channels: ['sms'] },
    ],
    escalation: [{ delaySeconds: 600, channels: ['sms'] }],
  });

  it('tells those already reached, on channels that carry a release notice, even after acknowledgement', () => {
    const made = simulateScheduler({
      alarm: { ...alarm, acknowledgeAt: T0 + 60 * SECOND, releaseAt: T0 + 120 * SECOND },
      groups: [group],
      until: T0 + HOUR,
    });
    expect(timeline(made)).toEqual([
      [0, 'alarm:app:p:alice:0'],
      [0, 'alarm:phone:p:alice:0'],
      [0, 'alarm:webhook:g:group-1:0'],
      [120, 'release:app:p:alice'],
      [120, 'release:webhook:g:group-1'],
    ]);
  });

  it('sends none when the group does not want them', () => {
    const quiet = { ...group, releaseNotice: false };
    const made = simulateScheduler({
      alarm: { ...alarm, releaseAt: T0 + 120 * SECOND },
      groups: [quiet],
      until: T0 + HOUR,
    });
    expect(made.filter((send) => send.kind === 'release')).toEqual([]);
  });

  it('calls nobody about an alarm that was over before it was learnt (replayed data)', () => {
    const result = plan({ alarm: { ...alarm, releasedAt: T0 + SECOND }, now: T0 + HOUR });
    expect(result).toEqual({ due: [], nextAt: null });
  });
});

describe('quiet hours', () => {
  // 23:00 in Shanghai: inside 22:00-07:00, which ends at 23:00 UTC.
  const night = Date.UTC(2025, 0, 10, 15, 0);
  const morning = Date.UTC(2025, 0, 10, 23, 0);
  const sleeper = new Map([['alice', buildPreferences({ quietHours: { start: '22:00', end: '07:00' } })]]);
  const group = buildGroup({
    channels: ['app', 'sms', 'phone'],
    recipients: [{ accountId: 'alice', channels: ['app', 'sms', 'phone'] }],
    repeat: { times: 'forever', intervalSeconds: 3600 },
  });
  const nightAlarm = { ...alarm, raisedAt: night };

  it('holds SMS until the morning, and lets the app message and the phone call through', () => {
    const result = plan({ alarm: nightAlarm, groups: [group], preferences: sleeper, now: night });
    expect(keysOf(result.due)).toEqual(['alarm:app:p:alice:0', 'alarm:phone:p:alice:0']);
    expect(result.nextAt).toBe(night + HOUR);
  });

  it('sends what the night held once in the morning, as the latest repeat', () => {
    // Raised at 23:10 local, repeated hourly: 23:10 … 06:10 fall in quiet hours.
    const lateAlarm = { ...nightAlarm, raisedAt: night + 10 * MINUTE, pushMethods: ['sms' as const] };
    const held = plan({ alarm: lateAlarm, groups: [group], preferences: sleeper, now: morning - SECOND });
    expect(held).toEqual({ due: [], nextAt: morning });
    const made = simulateScheduler({
      alarm: lateAlarm,
      groups: [group],
      preferences: sleeper,
      until: morning + 90 * MINUTE,
    });
    expect(made.map((send) => [send.madeAt, send.key, send.plannedAt])).toEqual([
      [morning, 'alarm:sms:p:alice:7', morning - 50 * MINUTE],
      [morning + 10 * MINUTE, 'alarm:sms:p:alice:8', morning + 10 * MINUTE],
      [morning + 70 * MINUTE, 'alarm:sms:p:alice:9', morning + 70 * MINUTE],
    ]);
  });

  it('drops a held send when the alarm is acknowledged before the quiet hours end', () => {
    const made = simulateScheduler({
      alarm: { ...nightAlarm, pushMethods: ['sms'], acknowledgeAt: morning - MINUTE },
      groups: [group],
      preferences: sleeper,
      until: morning + 3 * HOUR,
    });
    expect(made).toEqual([]);
  });

  it('does not hold anyone else', () => {
    const shared = buildGroup({
      channels: ['sms'],
      recipients: [
        { accountId: 'alice', channels: ['sms'] },
        { accountId: 'bob', channels: ['sms'] },
      ],
    });
    const result = plan({ alarm: nightAlarm, groups: [shared], preferences: sleeper, now: night });
    expect(keysOf(result.due)).toEqual(['alarm:sms:p:bob:0']);
  });
});

describe('who receives', () => {
  it('respects a person’s choice of channels and muted groups', () => {
    const choosy = new Map([
      [
        'alice',
        buildPreferences({ subscriptions: [{ groupId: 'group-1', muted: false, channels: ['app'] }] }),
      ],
    ]);
    expect(keysOf(plan({ preferences: choosy }).due)).toEqual(['alarm:app:p:alice:0']);
    const muted = new Map([
      [
        'alice',
        buildPreferences({ subscriptions: [{ groupId: 'group-1', muted: true, channels: ['app'] }] }),
      ],
    ]);
    expect(plan({ preferences: muted })).toEqual({ due: [], nextAt: null });
  });

  it('sends only the channels the group allows the person', () => {
    const group = buildGroup({ recipients: [{ accountId: 'alice', channels: ['app'] }] });
    expect(keysOf(plan({ groups: [group] }).due)).toEqual(['alarm:app:p:alice:0']);
  });

  it('reaches a person in two groups once per channel, following the group that starts first', () => {
    const late = buildGroup({ id: 'late', escalation: [{ delaySeconds: 300, channels: ['sms'] }] });
    const early = buildGroup({ id: 'early' });
    const result = plan({ groups: [late, early] });
    expect(result.due.map((send) => [send.key, send.groupId])).toEqual([
      ['alarm:app:p:alice:0', 'late'],
      ['alarm:sms:p:alice:0', 'early'],
    ]);
  });

  it('stops pushing to an account whose access to the device was revoked (§6)', () => {
    const group = buildGroup({
      recipients: [
        { accountId: 'alice', channels: ['app', 'sms'] },
        { accountId: 'bob', channels: ['sms'] },
      ],
    });
    const result = plan({ groups: [group], authorisedAccounts: new Set(['bob']), now: T0 + 600 * SECOND });
    expect(keysOf(result.due)).toEqual(['alarm:sms:p:bob:1']);
  });
});
