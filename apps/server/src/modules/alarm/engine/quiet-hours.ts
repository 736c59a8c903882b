/**
 * Quiet hours in a person's own time zone, as instants. `quietPeriodAt(t)` answers whether `t` is
 * inside quiet hours and, if so, when that period started and ends. Time zones come from the
 * runtime's Intl data (pure: no clock, no I/O); daylight-saving shifts are followed, and a wall
 * time that does not exist on a given day (inside the skipped spring hour) moves forward by the
 * shift, as calendars do (02:30 → 03:30).
 */
import { minutesOfClockTime, type QuietHours } from '@lyyp/contracts/alarm';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface LocalTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  /** Minutes after local midnight, with seconds and milliseconds as a fraction. */
  readonly minutes: number;
}

function localTimeOf(instant: number, timeZone: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const milliseconds = ((instant % 1000) + 1000) % 1000;
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    minutes: (parts.hour ?? 0) * 60 + (parts.minute ?? 0) + ((parts.second ?? 0) + milliseconds / 1000) / 60,
  };
}

/** Offset of the zone at an instant: local wall time read as UTC, minus the instant. */
function offsetAt(instant: number, timeZone: string): number {
  const local = localTimeOf(Math.floor(instant / 1000) * 1000, timeZone);
  const wall = Date.UTC(local.year, local.month - 1, local.day) + Math.round(local.minutes * 60_000);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant of a local wall time (`dayOffset` days after the given local date). */
function instantOf(local: LocalTime, dayOffset: number, minutes: number, timeZone: string): number {
  const wall = Date.UTC(local.year, local.month - 1, local.day + dayOffset) + minutes * 60_000;
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

export interface QuietPeriod {
  readonly start: number;
  readonly end: number;
}

/** The quiet period containing `instant`, or null when it is outside quiet hours. */
export function quietPeriodAt(
  instant: number,
  hours: QuietHours | null,
  timeZone: string,
): QuietPeriod | null {
  if (!hours) return null;
  const start = minutesOfClockTime(hours.start);
  const end = minutesOfClockTime(hours.end);
  if (start === null || end === null || start === end) return null;
  const local = localTimeOf(instant, timeZone);
  let period: QuietPeriod | null = null;
  if (start < end) {
    if (local.minutes >= start && local.minutes < end) {
      period = { start: instantOf(local, 0, start, timeZone), end: instantOf(local, 0, end, timeZone) };
    }
  } else if (local.minutes >= start) {
    period = { start: instantOf(local, 0, start, timeZone), end: instantOf(local, 1, end, timeZone) };
  } else if (local.minutes < end) {
    period = { start: instantOf(local, -1, start, timeZone), end: instantOf(local, 0, end, timeZone) };
  }
  // Around a daylight-saving shift the computed bounds may miss the instant: then it is not quiet.
  return period && period.start <= instant && instant < period.end ? period : null;
}
