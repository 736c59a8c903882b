import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CATALOGUE_ISSUE_PREFIX } from '../validation/index.ts';
import {
  alarmGroupSchema,
  alarmGroupsSchema,
  channelStartSeconds,
  findSubscriptionIssues,
  isPushAddress,
  notificationPreferencesSchema,
  type AlarmGroupInput,
} from './index.ts';

const base: AlarmGroupInput = {
  id: 'g1',
  name: 'Boiler room',
  channels: ['app', 'sms', 'wechat'],
  channelSettings: { wechat: { url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k' } },
  recipients: [{ accountId: 'alice', channels: ['app', 'sms'] }],
};

function refusal(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => [
    issue.message.startsWith(CATALOGUE_ISSUE_PREFIX)
      ? issue.message.slice(CATALOGUE_ISSUE_PREFIX.length)
      : issue.message,
    issue.path.join('.'),
  ]);
}

describe('alarm group schema', () => {
  it('fills repeat, voice and release notice defaults', () => {
    const group = alarmGroupSchema.parse(base);
    expect(group.repeat).toEqual({ times: 3, intervalSeconds: 600 });
    expect(group.voice).toEqual({ times: 3, intervalSeconds: 60 });
    expect(group.releaseNotice).toBe(true);
    expect(group.escalation).toEqual([]);
    expect(group.channelSettings.wechat).toEqual({
      url: base.channelSettings?.wechat?.url,
      mentionAll: false,
    });
  });

  it('accepts a ladder and "forever"', () => {
    const group = alarmGroupSchema.parse({
      ...base,
      escalation: [
        { delaySeconds: 0, channels: ['app'] },
        { delaySeconds: 120, channels: ['wechat'] },
        { delaySeconds: 300, channels: ['sms'] },
      ],
      voice: { times: 'forever', intervalSeconds: 30 },
    });
    expect(channelStartSeconds(group, 'sms')).toBe(300);
    expect(group.voice.times).toBe('forever');
  });

  it('starts a channel the ladder does not name at once', () => {
    const group = alarmGroupSchema.parse({ ...base, escalation: [{ delaySeconds: 300, channels: ['sms'] }] });
    expect(channelStartSeconds(group, 'app')).toBe(0);
  });

  it('refuses inconsistent groups, each with its catalogue code', () => {
    const cases: [Partial<AlarmGroupInput>, string, string][] = [
      [{ channelSettings: {} }, '2110', 'channelSettings.wechat'],
      [
        { channelSettings: { wechat: { url: 'ftp://example.com/robot' } } },
        '2112',
        'channelSettings.wechat.url',
      ],
      [{ recipients: [{ accountId: 'alice', channels: ['phone'] }] }, '2109', 'recipients.0.channels.0'],
      [{ recipients: [{ accountId: 'alice', channels: ['wechat'] }] }, '1002', 'recipients.0.channels.0'],
      [
        {
          recipients: [
            { accountId: 'alice', channels: [] },
            { accountId: 'alice', channels: [] },
          ],
        },
        '1002',
        'recipients.1.accountId',
      ],
      [
        {
          escalation: [
            { delaySeconds: 300, channels: ['sms'] },
            { delaySeconds: 120, channels: ['wechat'] },
          ],
        },
        '2113',
        'escalation.1.delaySeconds',
      ],
      [
        {
          escalation: [
            { delaySeconds: 0, channels: ['sms'] },
            { delaySeconds: 60, channels: ['sms'] },
          ],
        },
        '2114',
        'escalation.1.channels.0',
      ],
      [{ escalation: [{ delaySeconds: 0, channels: ['voice'] }] }, '2109', 'escalation.0.channels.0'],
      [{ repeat: { times: 0, intervalSeconds: 600 } }, '1002', 'repeat.times'],
      [{ repeat: { times: 2, intervalSeconds: 30 } }, '1002', 'repeat.intervalSeconds'],
      [{ voice: { times: 2, intervalSeconds: 5 } }, '1002', 'voice.intervalSeconds'],
      [{ channels: [] }, '1001', 'channels'],
    ];
    for (const [change, code, path] of cases) {
      expect(refusal(alarmGroupSchema, { ...base, ...change }), JSON.stringify(change)).toContainEqual([
        code,
        path,
      ]);
    }
  });

  it('refuses a webhook without its signing key, and short keys', () => {
    const webhook = { ...base, channels: ['webhook'], channelSettings: {}, recipients: [] };
    expect(refusal(alarmGroupSchema, webhook)).toEqual([['2110', 'channelSettings.webhook']]);
    expect(
      refusal(alarmGroupSchema, {
        ...webhook,
        channelSettings: { webhook: { url: 'https://example.com/h', secret: 'short' } },
      }),
    ).toEqual([['1002', 'channelSettings.webhook.secret']]);
  });

  it('refuses two groups with the same id', () => {
    expect(refusal(alarmGroupsSchema, [base, base])).toEqual([['1002', '1.id']]);
  });

  it('takes only http and https addresses without credentials', () => {
    expect(isPushAddress('https://example.com/hook?x=1')).toBe(true);
    expect(isPushAddress('http://example.com/hook')).toBe(true);
    expect(isPushAddress('file:///etc/passwd')).toBe(false);
    expect(isPushAddress('https://user:pass@example.com/')).toBe(false);
    expect(isPushAddress('javascript:alert(1)')).toBe(false);
    expect(isPushAddress('not a url')).toBe(false);
  });
});

describe('notification preferences', () => {
  it('default to Shanghai time, no quiet hours, every group, no language of their own', () => {
    expect(notificationPreferencesSchema.parse({})).toEqual({
      timeZone: 'Asia/Shanghai',
      locale: null,
      quietHours: null,
      subscriptions: [],
    });
  });

  it('refuse unknown time zones and malformed or empty quiet hours', () => {
    expect(refusal(notificationPreferencesSchema, { timeZone: 'Mars/Olympus' })).toEqual([
      ['2111', 'timeZone'],
    ]);
    expect(refusal(notificationPreferencesSchema, { quietHours: { start: '24:00', end: '07:00' } })).toEqual([
      ['1002', 'quietHours.start'],
    ]);
    expect(refusal(notificationPreferencesSchema, { quietHours: { start: '07:00', end: '07:00' } })).toEqual([
      ['1002', 'quietHours.end'],
    ]);
    expect(
      refusal(notificationPreferencesSchema, {
        timeZone: 'Europe/Berlin',
        quietHours: { start: '22:00', end: '06:30' },
      }),
    ).toEqual([]);
  });

  it('lets a person choose only among the channels the group allows them', () => {
    expect(
      findSubscriptionIssues({ groupId: 'g1', muted: false, channels: ['sms'] }, ['app', 'sms']),
    ).toEqual([]);
    expect(
      findSubscriptionIssues({ groupId: 'g1', muted: false, channels: ['app', 'phone'] }, ['app', 'sms']),
    ).toEqual([{ code: '2109', params: { channel: 'phone' }, path: ['channels', 1] }]);
  });
});
