/**
 * Properties of the escalation planner under a scheduler that wakes when told, over random groups,
 * ladders, repeat policies, acknowledgement and release times and quiet hours.
 */
import { ALARM_CHANNELS, type AlarmChannel } from '@lyyp/contracts/alarm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MINUTE, SECOND, T0, buildGroup, buildPreferences } from './alarm-test-support.ts';
import { simulateScheduler } from './planner-test-support.ts';

const HOUR = 60 * MINUTE;
const PEOPLE = ['alice', 'bob', 'carol'];
const settings = {
  wechat: { url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc' },
  webhook: { url: 'https://example.com/hook', secret: 'a-long-enough-secret' },
};

const timesArbitrary = fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constant('forever' as const));

const groupArbitrary = fc
  .record({
    channels: fc.subarray([...ALARM_CHANNELS], { minLength: 1 }),
    ladderDelays: fc.array(fc.integer({ min: 0, max: 1800 }), { maxLength: 6 }),
    repeat: fc.record({ times: timesArbitrary, intervalSeconds: fc.integer({ min: 60, max: 1800 }) }),
    voice: fc.record({ times: timesArbitrary, intervalSeconds: fc.integer({ min: 10, max: 600 }) }),
    releaseNotice: fc.boolean(),
    recipients: fc.subarray(PEOPLE),
  })
  .map((raw) => {
    const personChannels = raw.channels.filter((code) => code !== 'wechat' && code !== 'webhook');
    // Ladder: strictly increasing delays, each channel on one step.
    const delays = [...new Set(raw.ladderDelays)].sort((a, b) => a - b).slice(0, raw.channels.length);
    const escalation = delays.map((delaySeconds, index) => ({
      delaySeconds,
      channels: raw.channels.filter((_, position) => position % delays.length === index),
    }));
    return buildGroup({
      channels: raw.channels,
      channelSettings: settings,
      escalation: escalation.filter((step) => step.channels.length > 0),
      repeat: raw.repeat,
      voice: raw.voice,
      releaseNotice: raw.releaseNotice,
      recipients: raw.recipients.map((accountId) => ({ accountId, channels: personChannels })),
    });
  });

const optionalTime = fc.option(fc.integer({ min: 0, max: 4 * 3600 }), { nil: undefined });

describe('escalation planner properties', () => {
  it('never sends an alarm message at or after acknowledgement or release, nor anything twice', () => {
    fc.assert(
      fc.property(
        groupArbitrary,
        optionalTime,
        optionalTime,
        fc.boolean(),
        (group, acknowledgeSeconds, releaseSeconds, quiet) => {
          const acknowledgeAt =
            acknowledgeSeconds === undefined ? undefined : T0 + acknowledgeSeconds * SECOND;
          const releaseAt = releaseSeconds === undefined ? undefined : T0 + releaseSeconds * SECOND;
          const preferences = new Map(
            PEOPLE.map((person) => [
              person,
              buildPreferences(quiet ? { quietHours: { start: '16:30', end: '17:15' } } : {}),
            ]),
          );
          const made = simulateScheduler({
            alarm: {
              raisedAt: T0,
              pushMethods: [...ALARM_CHANNELS],
              ...(acknowledgeAt === undefined ? {} : { acknowledgeAt }),
              ...(releaseAt === undefined ? {} : { releaseAt }),
            },
            groups: [group],
            preferences,
            until: T0 + 6 * HOUR,
          });
          const stopAt = Math.min(acknowledgeAt ?? Infinity, releaseAt ?? Infinity);
          for (const send of made) {
            expect(send.madeAt).toBe(send.dueAt);
            if (send.kind === 'alarm') expect(send.madeAt).toBeLessThan(stopAt);
            else expect(send.madeAt).toBeGreaterThanOrEqual(releaseAt ?? Infinity);
          }
          expect(new Set(made.map((send) => send.key)).size).toBe(made.length);
          const streams = new Set(
            made.filter((send) => send.kind === 'alarm').map((send) => send.key.replace(/:\d+$/, '')),
          );
          for (const release of made.filter((send) => send.kind === 'release')) {
            expect(streams.has(release.key.replace(/^release:/, 'alarm:'))).toBe(true);
          }
        },
      ),
    );
  });

  it('plays voice exactly N times for each person while nobody acknowledges', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 10, max: 600 }),
        fc.integer({ min: 0, max: 1800 }),
        fc.subarray(PEOPLE, { minLength: 1 }),
        (times, intervalSeconds, delaySeconds, people) => {
          const group = buildGroup({
            channels: ['app', 'voice'],
            recipients: people.map((accountId) => ({
              accountId,
              channels: ['app', 'voice'] as AlarmChannel[],
            })),
            escalation: [{ delaySeconds, channels: ['voice'] }],
            voice: { times, intervalSeconds },
          });
          const made = simulateScheduler({
            alarm: { raisedAt: T0, pushMethods: ['app', 'voice'] },
            groups: [group],
            until: T0 + 24 * HOUR,
          });
          for (const person of people) {
            const plays = made.filter((send) => send.channel === 'voice' && send.accountId === person);
            expect(plays.map((send) => send.occurrence)).toEqual([...Array(times).keys()]);
            expect(plays[0]?.madeAt).toBe(T0 + delaySeconds * SECOND);
          }
        },
      ),
    );
  });

  it('plays voice "forever" on every interval until the acknowledgement, and then never again', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 600 }),
        fc.integer({ min: 1, max: 7200 }),
        (intervalSeconds, ackSeconds) => {
          const group = buildGroup({
            channels: ['voice'],
            recipients: [{ accountId: 'alice', channels: ['voice'] }],
            voice: { times: 'forever', intervalSeconds },
          });
          const made = simulateScheduler({
            alarm: { raisedAt: T0, pushMethods: ['voice'], acknowledgeAt: T0 + ackSeconds * SECOND },
            groups: [group],
            until: T0 + 24 * HOUR,
          });
          expect(made).toHaveLength(Math.ceil(ackSeconds / intervalSeconds));
        },
      ),
    );
  });
});
