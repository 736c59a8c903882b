/**
 * The time range of a history query (§5, §9): shortcuts today, yesterday, this week, last week or a
 * custom range; the start must precede the end, the range spans at most MAX_QUERY_RANGE_DAYS, and
 * no date lies before 1970. Violations carry the catalogue codes the server answers with
 * (1804, 1805, 1806), so the form says what the server would.
 */
import { MAX_QUERY_RANGE_DAYS, type RuleViolation } from '@lyyp/contracts';
import type { Dayjs } from 'dayjs';

export const RANGE_SHORTCUTS = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'custom'] as const;
export type RangeShortcut = (typeof RANGE_SHORTCUTS)[number];

export interface TimeRange {
  /** Epoch ms, inclusive. */
  start: number;
  /** Epoch ms, inclusive. */
  end: number;
}

const DAY_MS = 86_400_000;

/**
 * The range a shortcut stands for at `now` (in the console's time zone and week convention, which
 * `now` carries). Ranges of the current day or week end now; past ones end at their last millisecond.
 * `custom` has no range of its own.
 */
export function rangeOfShortcut(shortcut: RangeShortcut, now: Dayjs): TimeRange | null {
  switch (shortcut) {
    case 'today':
      return { start: now.startOf('day').valueOf(), end: now.valueOf() };
    case 'yesterday': {
      const day = now.subtract(1, 'day');
      return { start: day.startOf('day').valueOf(), end: day.endOf('day').valueOf() };
    }
    case 'thisWeek':
      return { start: now.startOf('week').valueOf(), end: now.valueOf() };
    case 'lastWeek': {
      const week = now.subtract(1, 'week');
      return { start: week.startOf('week').valueOf(), end: week.endOf('week').valueOf() };
    }
    case 'custom':
      return null;
  }
}

/** The first rule of §5 a range breaks, or null when it may be queried. */
export function checkTimeRange(range: TimeRange): RuleViolation | null {
  if (range.start < 0 || range.end < 0) return { code: '1806' };
  if (range.start >= range.end) return { code: '1804' };
  if (range.end - range.start > MAX_QUERY_RANGE_DAYS * DAY_MS) {
    return { code: '1805', params: { days: MAX_QUERY_RANGE_DAYS } };
  }
  return null;
}

/** Custom ranges may only pick days from 1970 on and not in the future. */
export function isSelectableDay(day: Dayjs, now: Dayjs): boolean {
  return day.year() >= 1970 && !day.isAfter(now.endOf('day'));
}
