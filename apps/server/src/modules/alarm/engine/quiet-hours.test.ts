import { describe, expect, it } from 'vitest';
import { quietPeriodAt } from './quiet-hours.ts';

const night = { start: '22:00', end: '07:00' };
const lunch = { start: '12:00', end: '13:30' };

describe('quiet hours', () => {
  it('finds the period around an instant in the person’s time zone, across midnight', () => {
    // 23:30 in Shanghai (UTC+8) is 15:30 UTC.
    expect(quietPeriodAt(Date.UTC(2025, 0, 10, 15, 30), night, 'Asia/Shanghai')).toEqual({
      start: Date.UTC(2025, 0, 10, 14, 0),
      end: Date.UTC(2025, 0, 10, 23, 0),
    });
    // 06:59 the next morning is still inside the same period.
    expect(quietPeriodAt(Date.UTC(2025, 0, 10, 22, 59), night, 'Asia/Shanghai')?.end).toBe(
      Date.UTC(2025, 0, 10, 23, 0),
    );
  });

  it('includes the start and excludes the end', () => {
    expect(quietPeriodAt(Date.UTC(2025, 0, 10, 14, 0), night, 'Asia/Shanghai')).not.toBeNull();
    expect(quietPeriodAt(Date.UTC(2025, 0, 10, 23, 0), night, 'Asia/Shanghai')).toBeNull();
    expect(quietPeriodAt(Date.UTC(2025, 0, 10, 13, 59), night, 'Asia/Shanghai')).toBeNull();
  });

  it('handles a period within one day', () => {
    expect(quietPeriodAt(Date.UTC(2025, 0, 10, 12, 45), lunch, 'UTC')).toEqual({
      start: Date.UTC(2025, 0, 10, 12, 0),
      end: Date.UTC(2025, 0, 10, 13, 30),
    });
    expect(quietPeriodAt(Date.UTC(2025, 0, 10, 13, 30), lunch, 'UTC')).toBeNull();
  });

  it('reads the same instant differently for people in different zones', () => {
    const instant = Date.UTC(2025, 0, 10, 23, 30); // 07:30 in Shanghai, 00:30 in Berlin
    expect(quietPeriodAt(instant, night, 'Asia/Shanghai')).toBeNull();
    expect(quietPeriodAt(instant, night, 'Europe/Berlin')).toEqual({
      start: Date.UTC(2025, 0, 10, 21, 0),
      end: Date.UTC(2025, 0, 11, 6, 0),
    });
  });

  it('follows daylight saving: a night that changes offset ends at local 07:00', () => {
    // Berlin moves from UTC+1 to UTC+2 at 02:00 on 30 March 2025.
    const period = quietPeriodAt(Date.UTC(2025, 2, 29, 23, 0), night, 'Europe/Berlin');
    expect(period).toEqual({ start: Date.UTC(2025, 2, 29, 21, 0), end: Date.UTC(2025, 2, 30, 5, 0) });
  });

  it('moves a start inside the skipped spring hour forward by the shift', () => {
    // 02:30 does not exist in Berlin on 30 March 2025; the period starts at 03:30 local (01:30 UTC).
    const early = { start: '02:30', end: '06:00' };
    expect(quietPeriodAt(Date.UTC(2025, 2, 30, 1, 29), early, 'Europe/Berlin')).toBeNull();
    expect(quietPeriodAt(Date.UTC(2025, 2, 30, 1, 30), early, 'Europe/Berlin')).toEqual({
      start: Date.UTC(2025, 2, 30, 1, 30),
      end: Date.UTC(2025, 2, 30, 4, 0),
    });
  });

  it('has no quiet hours without settings', () => {
    expect(quietPeriodAt(Date.UTC(2025, 0, 10, 15, 30), null, 'Asia/Shanghai')).toBeNull();
  });
});
