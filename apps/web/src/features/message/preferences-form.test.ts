import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { notificationPreferencesSchema, type MyAlarmGroup } from '@lyyp/contracts/alarm';
import { describe, expect, it } from 'vitest';
import { fromPreferences, toPreferences } from './preferences-form.ts';

dayjs.extend(customParseFormat);

const group = (groupId: string, overrides: Partial<MyAlarmGroup> = {}): MyAlarmGroup => ({
  groupId,
  groupName: groupId,
  productId: 'p1',
  productName: 'Boiler',
  allowed: ['app', 'sms'],
  muted: false,
  channels: ['app', 'sms'],
  ...overrides,
});

describe('notification preferences form', () => {
  it('round-trips quiet hours over midnight, the language and group choices', () => {
    const preferences = notificationPreferencesSchema.parse({
      timeZone: 'Europe/Berlin',
      quietHours: { start: '22:00', end: '07:00' },
      locale: 'en-US',
      subscriptions: [{ groupId: 'g1', muted: false, channels: ['app'] }],
    });
    const groups = [group('g1', { channels: ['app'] })];
    expect(toPreferences(fromPreferences(preferences, dayjs, groups), groups)).toEqual(preferences);
  });

  it('shows one row per group and keeps an entry only for a group muted or narrowed', () => {
    const groups = [group('g1'), group('g2', { muted: true, channels: [] }), group('g3')];
    const values = fromPreferences(notificationPreferencesSchema.parse({}), dayjs, groups);
    expect(values.subscriptions?.map((row) => row.groupId)).toEqual(['g1', 'g2', 'g3']);
    const rows = values.subscriptions!.map((row) =>
      row.groupId === 'g3' ? { ...row, channels: ['sms' as const, 'voice' as const] } : row,
    );
    expect(toPreferences({ ...values, subscriptions: rows }, groups).subscriptions).toEqual([
      { groupId: 'g2', muted: true, channels: [] },
      { groupId: 'g3', muted: false, channels: ['sms'] },
    ]);
  });

  it('sends no quiet hours when they are switched off, and the defaults when nothing is chosen', () => {
    const values = fromPreferences(
      notificationPreferencesSchema.parse({ quietHours: { start: '01:00', end: '02:00' } }),
      dayjs,
      [],
    );
    expect(toPreferences({ ...values, quietEnabled: false, timeZone: '', locale: '' }, [])).toMatchObject({
      quietHours: null,
      timeZone: 'Asia/Shanghai',
      locale: null,
    });
  });
});
