import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { notificationPreferencesSchema } from '@lyyp/contracts/alarm';
import { describe, expect, it } from 'vitest';
import { fromPreferences, toPreferences } from './preferences-form.ts';

dayjs.extend(customParseFormat);

describe('notification preferences form', () => {
  it('round-trips quiet hours over midnight and group choices', () => {
    const preferences = notificationPreferencesSchema.parse({
      timeZone: 'Europe/Berlin',
      quietHours: { start: '22:00', end: '07:00' },
      subscriptions: [{ groupId: 'g1', muted: false, channels: ['app'] }],
    });
    expect(toPreferences(fromPreferences(preferences, dayjs))).toEqual(preferences);
  });

  it('sends no quiet hours when they are switched off, and the default zone when none is chosen', () => {
    const values = fromPreferences(
      notificationPreferencesSchema.parse({ quietHours: { start: '01:00', end: '02:00' } }),
      dayjs,
    );
    expect(toPreferences({ ...values, quietEnabled: false, timeZone: '' })).toMatchObject({
      quietHours: null,
      timeZone: 'Asia/Shanghai',
    });
  });
});
