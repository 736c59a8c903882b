import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { describe, expect, it } from 'vitest';
import { checkTimeRange, isSelectableDay, rangeOfShortcut } from './history-range.ts';

// Thursday 2026-03-12 15:30 local time; Chinese weeks start on Monday.
const now = dayjs('2026-03-12T15:30:00').locale('zh-cn');
const at = (text: string) => dayjs(text).valueOf();

describe('history time ranges', () => {
  it('today runs from midnight until now; yesterday is the whole previous day', () => {
    expect(rangeOfShortcut('today', now)).toEqual({ start: at('2026-03-12T00:00:00'), end: now.valueOf() });
    expect(rangeOfShortcut('yesterday', now)).toEqual({
      start: at('2026-03-11T00:00:00'),
      end: at('2026-03-11T23:59:59.999'),
    });
  });

  it('this week starts on the locale first weekday; last week is the whole week before', () => {
    expect(rangeOfShortcut('thisWeek', now)).toEqual({
      start: at('2026-03-09T00:00:00'),
      end: now.valueOf(),
    });
    expect(rangeOfShortcut('lastWeek', now)).toEqual({
      start: at('2026-03-02T00:00:00'),
      end: at('2026-03-08T23:59:59.999'),
    });
    expect(rangeOfShortcut('thisWeek', now.locale('en'))?.start).toBe(at('2026-03-08T00:00:00'));
  });

  it('custom leaves the range to the person', () => {
    expect(rangeOfShortcut('custom', now)).toBeNull();
  });

  it('refuses a start that is not before the end (1804)', () => {
    expect(checkTimeRange({ start: at('2026-03-12'), end: at('2026-03-12') })?.code).toBe('1804');
    expect(checkTimeRange({ start: at('2026-03-12'), end: at('2026-03-11') })?.code).toBe('1804');
  });

  it('allows exactly 30 days and refuses more (1805, naming the limit)', () => {
    expect(checkTimeRange({ start: at('2026-02-10T00:00:00'), end: at('2026-03-12T00:00:00') })).toBeNull();
    expect(checkTimeRange({ start: at('2026-02-10T00:00:00'), end: at('2026-03-12T00:00:01') })).toEqual({
      code: '1805',
      params: { days: 30 },
    });
  });

  it('refuses dates before 1970 (1806) and offers no such day or future day in the picker', () => {
    expect(checkTimeRange({ start: -1, end: 1000 })?.code).toBe('1806');
    expect(isSelectableDay(dayjs('1969-12-31'), now)).toBe(false);
    expect(isSelectableDay(dayjs('1970-01-01'), now)).toBe(true);
    expect(isSelectableDay(dayjs('2026-03-13'), now)).toBe(false);
    expect(isSelectableDay(dayjs('2026-03-12T23:00:00'), now)).toBe(true);
  });
});
