import { describe, expect, it } from 'vitest';
import {
  acknowledgeRequestSchema,
  acknowledgementRefusal,
  alarmMessageTemplate,
  alarmStateOf,
  dueSimExpiryReminder,
  formatAlarmValue,
  markMessagesReadSchema,
  noticeDialogItemSchema,
  popupCount,
  renderAlarmMessage,
  simCardStatusOf,
  unknownPlaceholders,
} from './index.ts';

const DAY = 24 * 3600 * 1000;
const NOW = Date.UTC(2025, 5, 1);

describe('alarm states (ISA-18.2)', () => {
  it('keeps activity and acknowledgement independent', () => {
    expect(alarmStateOf({ releasedAt: null, acknowledgedAt: null })).toBe('active-unacknowledged');
    expect(alarmStateOf({ releasedAt: null, acknowledgedAt: NOW })).toBe('active-acknowledged');
    expect(alarmStateOf({ releasedAt: NOW, acknowledgedAt: null })).toBe('cleared-unacknowledged');
    expect(alarmStateOf({ releasedAt: NOW, acknowledgedAt: NOW })).toBe('cleared-acknowledged');
  });

  it('acknowledges a record once, active or cleared', () => {
    expect(acknowledgementRefusal({ acknowledgedAt: null })).toBeNull();
    expect(acknowledgementRefusal({ acknowledgedAt: NOW })).toBe('2108');
  });

  it('acknowledges one or more records with an optional comment', () => {
    expect(acknowledgeRequestSchema.parse({ ids: ['r1', 'r2'] })).toEqual({ ids: ['r1', 'r2'], comment: '' });
    expect(acknowledgeRequestSchema.safeParse({ ids: [] }).error?.issues[0]?.message).toBe('catalogue:1001');
    expect(
      acknowledgeRequestSchema.safeParse({ ids: ['r1'], comment: 'x'.repeat(201) }).error?.issues[0]?.message,
    ).toBe('catalogue:1137');
  });
});

describe('alarm message texts', () => {
  it('renders value and unit, and leaves no known placeholder behind', () => {
    expect(renderAlarmMessage('锅炉温度过高：{value}{unit}', { value: '85.5', unit: '℃' })).toBe(
      '锅炉温度过高：85.5℃',
    );
    expect(renderAlarmMessage('{device}: {variable} {value}{unit}', { value: '1' })).toBe(':  1');
  });

  it('formats values with the variable’s decimals and state texts', () => {
    expect(formatAlarmValue(85.456, { decimals: 1 })).toBe('85.5');
    expect(formatAlarmValue(2, { stateMapping: [{ value: 2, text: '故障' }] })).toBe('故障');
    expect(formatAlarmValue(true)).toBe('1');
    expect(formatAlarmValue(null)).toBe('--');
    expect(formatAlarmValue('E1')).toBe('E1');
  });

  it('lists unknown placeholders once each', () => {
    expect(unknownPlaceholders('{value}{unit} {when} {when} {x1}')).toEqual(['when', 'x1']);
    expect(unknownPlaceholders('plain {value} and { spaced }')).toEqual([]);
  });

  it('uses the default text of the reader’s language when the rule has none', () => {
    expect(alarmMessageTemplate('', 'variable', 'en-US')).toContain('{value}{unit}');
    expect(alarmMessageTemplate('  ', 'offline', 'zh-CN')).toBe('{device} 网关离线');
    expect(alarmMessageTemplate('Own {value}', 'variable', 'zh-CN')).toBe('Own {value}');
  });
});

describe('messages', () => {
  it('marks chosen messages or all of them read', () => {
    expect(markMessagesReadSchema.parse({ scope: 'selected', ids: ['m1'] })).toEqual({
      scope: 'selected',
      ids: ['m1'],
    });
    expect(markMessagesReadSchema.parse({ scope: 'all', type: 'alarm' })).toEqual({
      scope: 'all',
      type: 'alarm',
    });
    expect(markMessagesReadSchema.safeParse({ scope: 'selected', ids: [] }).success).toBe(false);
    expect(markMessagesReadSchema.safeParse({ scope: 'some' }).success).toBe(false);
  });

  it('counts unread alarm, expiration and announcement messages in the pop-up, not work orders (§9)', () => {
    expect(
      popupCount([
        { type: 'alarm', status: 'unread' },
        { type: 'expiration', status: 'unread' },
        { type: 'announcement', status: 'unread' },
        { type: 'work-order', status: 'unread' },
        { type: 'alarm', status: 'read' },
      ]),
    ).toBe(3);
  });

  it('reads notice dialog items', () => {
    expect(
      noticeDialogItemSchema.parse({ id: 'n1', title: 'Card', type: 'expire', equipType: 'card' }),
    ).toEqual({
      id: 'n1',
      title: 'Card',
      note: '',
      type: 'expire',
      equipType: 'card',
      imgUrl: '',
    });
  });
});

describe('SIM cards', () => {
  it('tells shutdown, expired, about to expire and active apart', () => {
    expect(simCardStatusOf({ expiresAt: NOW + DAY, shutdown: true }, NOW)).toBe('shutdown');
    expect(simCardStatusOf({ expiresAt: NOW, shutdown: false }, NOW)).toBe('expired');
    expect(simCardStatusOf({ expiresAt: NOW + 30 * DAY, shutdown: false }, NOW)).toBe('about-to-expire');
    expect(simCardStatusOf({ expiresAt: NOW + 30 * DAY + 1, shutdown: false }, NOW)).toBe('active');
    expect(simCardStatusOf({ expiresAt: null, shutdown: false }, NOW)).toBe('active');
  });

  it('reminds 30, 7 and 1 days before expiry, once each, the most urgent only when several are due', () => {
    const expiresAt = NOW + 40 * DAY;
    expect(dueSimExpiryReminder(expiresAt, NOW, [])).toBeNull();
    expect(dueSimExpiryReminder(expiresAt, NOW + 10 * DAY, [])).toBe(30);
    expect(dueSimExpiryReminder(expiresAt, NOW + 11 * DAY, [30])).toBeNull();
    expect(dueSimExpiryReminder(expiresAt, NOW + 33 * DAY, [30])).toBe(7);
    expect(dueSimExpiryReminder(expiresAt, NOW + 39 * DAY + 1, [30, 7])).toBe(1);
    expect(dueSimExpiryReminder(expiresAt, NOW + 35 * DAY, [])).toBe(7);
    expect(dueSimExpiryReminder(expiresAt, NOW + 36 * DAY, [7])).toBeNull();
    expect(dueSimExpiryReminder(expiresAt, expiresAt, [])).toBeNull();
  });
});
