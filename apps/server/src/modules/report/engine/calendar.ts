/**
 * Hours, days, weeks and months in a person's time zone: the boundaries of a range, computed once
 * per boundary (not per row), so a year of hourly windows is grouped into days with a few hundred
 * time-zone conversions. Pure: the range comes in, nothing reads the clock.
 */
import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeek);

export type CalendarUnit = 'hour' | 'day' | 'week' | 'month';

const HOUR_MS = 3_600_000;
const NEXT_UNIT_STEP_MS: Record<CalendarUnit, number> = {
  hour: 1.5 * HOUR_MS,
  day: 26 * HOUR_MS,
  week: 7 * 24 * HOUR_MS + 3 * HOUR_MS,
  month: 32 * 24 * HOUR_MS,
};

/** Whether the name is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone to use: the asked one when known, else the server's own. */
export function resolveTimeZone(name: string | undefined): string {
  return name && isTimeZone(name) ? name : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The start of the unit holding `ts`, in `zone`. */
export function unitStart(ts: number, unit: CalendarUnit, zone: string): number {
  const local = dayjs(ts).tz(zone);
  return (unit === 'week' ? local.startOf('isoWeek') : local.startOf(unit)).valueOf();
}

const wallFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `ts` (local wall time less UTC), in milliseconds. */
function offsetAt(ts: number, zone: string): number {
  let format = wallFormatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallFormatters.set(zone, format);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of format.formatToParts(ts)) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(ts / 1000) * 1000;
}

/**
 * Day and month starts by local calendar arithmetic: each next start is the next local midnight
 * (or first of the month) at the offset of the previous one, checked with one offset lookup;
 * only where the offset changed (daylight saving) is the start found again through dayjs. A year of
 * days costs a few milliseconds instead of hundreds (dayjs's time zone conversion per day).
 */
function calendarStarts(start: number, end: number, unit: 'day' | 'month', zone: string): number[] {
  const first = unitStart(start, unit, zone);
  const starts: number[] = [];
  let offset = offsetAt(first, zone);
  const local = new Date(first + offset);
  const [year, month, day] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
  for (let index = 0, cursor = first; cursor < end; index += 1) {
    starts.push(cursor);
    const wall =
      unit === 'day' ? Date.UTC(year, month, day + index + 1) : Date.UTC(year, month + index + 1, 1);
    cursor = wall - offset;
    if (offsetAt(cursor, zone) !== offset) {
      // The offset changed within the unit: the start is within a few hours of the guess.
      cursor = unitStart(cursor + 3 * HOUR_MS, unit, zone);
      offset = offsetAt(cursor, zone);
    }
  }
  return starts;
}

/** Every unit start from the one holding `start` up to (not including) `end`, oldest first. */
export function unitStarts(start: number, end: number, unit: CalendarUnit, zone: string): number[] {
  if (unit === 'day' || unit === 'month') return calendarStarts(start, end, unit, zone);
  const starts: number[] = [];
  let cursor = unitStart(start, unit, zone);
  while (cursor < end) {
    starts.push(cursor);
    // A step longer than any unit but shorter than two, then back to the unit's start: days and
    // months stay whole across daylight-saving changes.
    cursor = unitStart(cursor + NEXT_UNIT_STEP_MS[unit], unit, zone);
  }
  return starts;
}

/**
 * Groups times sorted ascending by the unit starts (`unitStarts`): the index of the unit each falls
 * in, or -1 before the first.
 */
export function assignUnits(times: readonly number[], starts: readonly number[]): number[] {
  const result: number[] = [];
  let unit = -1;
  for (const ts of times) {
    while (unit + 1 < starts.length && starts[unit + 1]! <= ts) unit += 1;
    result.push(unit);
  }
  return result;
}
