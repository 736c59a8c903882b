import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { unitStart, unitStarts, type CalendarUnit } from './calendar.ts';

/** The plain way: a step longer than a unit, then back to the unit's start through dayjs. */
function referenceStarts(start: number, end: number, unit: CalendarUnit, zone: string): number[] {
  const step = unit === 'day' ? 26 * 3_600_000 : 32 * 86_400_000;
  const starts: number[] = [];
  for (let cursor = unitStart(start, unit, zone); cursor < end; cursor = unitStart(cursor + step, unit, zone))
    starts.push(cursor);
  return starts;
}

/** Local date and time of an instant, read with Intl (not dayjs). */
function wallTime(ts: number, zone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(ts);
}

describe('unit starts in a time zone', () => {
  const from = Date.UTC(2023, 0, 1, 7, 30);
  const to = Date.UTC(2026, 2, 15);

  it.each(['Asia/Shanghai', 'UTC', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'America/Santiago'])(
    'days and months in %s are those of stepping through dayjs',
    (zone) => {
      for (const unit of ['day', 'month'] as const)
        expect(unitStarts(from, to, unit, zone)).toEqual(referenceStarts(from, to, unit, zone));
    },
  );

  // Half-hour daylight saving at 02:00: dayjs shifts the start of the changing day itself by the
  // new offset; every start here is a true local midnight, one local day after the other.
  it.each(['Australia/Lord_Howe', 'Pacific/Chatham', 'America/New_York', 'Asia/Shanghai'])(
    'every day in %s starts at local midnight, with no day missing or twice',
    (zone) => {
      const starts = unitStarts(from, to, 'day', zone);
      const dates = starts.map((ts) => wallTime(ts, zone));
      for (const date of dates) expect(date.slice(11)).toBe('00:00:00');
      const days = dates.map((date) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / 86_400_000);
      days.forEach((day, index) => index > 0 && expect(day - days[index - 1]!).toBe(1));
      expect(dayjs(starts.at(-1)).tz(zone).format('YYYY-MM-DD')).toBe(wallTime(to - 1, zone).slice(0, 10));
      const months = unitStarts(from, to, 'month', zone).map((ts) => wallTime(ts, zone));
      for (const month of months) expect(month.slice(8)).toBe('01 00:00:00');
    },
  );
});
