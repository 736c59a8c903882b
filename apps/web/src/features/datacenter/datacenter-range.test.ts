import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { changeOf, checkCentreRange, defaultCentrePicked, rangeOfCentrePicked } from './datacenter-range.ts';

describe('data centre range', () => {
  it('starts this month by day and covers whole days', () => {
    const now = dayjs('2026-05-20T15:30:00');
    const [first, last] = defaultCentrePicked('day', now);
    expect(rangeOfCentrePicked(first, last, 'day')).toEqual({
      start: dayjs('2026-05-01T00:00:00').valueOf(),
      end: dayjs('2026-05-21T00:00:00').valueOf(),
    });
  });

  it('allows a year and says how much changed since the previous period', () => {
    expect(checkCentreRange({ start: 0, end: 366 * 86_400_000 })).toBeNull();
    expect(checkCentreRange({ start: 0, end: 367 * 86_400_000 })?.code).toBe('1805');
    expect(changeOf(110, 100)).toBeCloseTo(0.1);
    expect(changeOf(5, 0)).toBeNull();
  });
});
