import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { checkReportRange, defaultPicked, formatReportValue, rangeOfPicked } from './report-range.ts';

describe('report ranges', () => {
  const now = dayjs('2026-05-20T15:30:00');

  it('covers whole days or months, the end exclusive', () => {
    const [first, last] = defaultPicked('hour', now);
    expect(rangeOfPicked(first, last, 'hour')).toEqual({
      start: dayjs('2026-05-19T00:00:00').valueOf(),
      end: dayjs('2026-05-21T00:00:00').valueOf(),
    });
    const months = defaultPicked('month', now);
    expect(rangeOfPicked(months[0], months[1], 'month').start).toBe(dayjs('2025-06-01T00:00:00').valueOf());
  });

  it('allows 30 days of hourly rows and a year of daily rows, as the server does', () => {
    const days = (count: number) => ({ start: 0, end: count * 86_400_000 });
    expect(checkReportRange(days(30), 'hour')).toBeNull();
    expect(checkReportRange(days(31), 'hour')).toEqual({ code: '1805', params: { days: 30 } });
    expect(checkReportRange(days(366), 'day')).toBeNull();
    expect(checkReportRange({ start: 5, end: 5 }, 'day')).toEqual({ code: '1804' });
  });

  it('shows values with the variable’s decimals', () => {
    expect(formatReportValue(12.3456, 2)).toBe('12.35');
    expect(formatReportValue(null, 2)).toBe('—');
  });
});
