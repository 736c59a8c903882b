/**
 * Time ranges and times of a device's report table: a range per unit (yesterday and today by hour, the last 30
 * days by day, the last 12 months by month), checked with the contract's limits (§9 timeRange
 * 720 h for hourly rows) so the form says what the server would (1804, 1805, 1806).
 */
import { checkQueryRange, type RuleViolation } from '@lyyp/contracts';
import { REPORT_RANGE_DAYS, type ReportGranularity } from '@lyyp/contracts/report';
import dayjs, { type Dayjs } from 'dayjs';

export interface ReportRange {
  /** Epoch ms, inclusive. */
  start: number;
  /** Epoch ms, exclusive. */
  end: number;
}

/** The range of whole days (hour, day) or months (month) from `first` to `last`, both included. */
export function rangeOfPicked(first: Dayjs, last: Dayjs, granularity: ReportGranularity): ReportRange {
  const unit = granularity === 'month' ? 'month' : 'day';
  return { start: first.startOf(unit).valueOf(), end: last.endOf(unit).valueOf() + 1 };
}

export function defaultPicked(granularity: ReportGranularity, now: Dayjs): [Dayjs, Dayjs] {
  if (granularity === 'hour') return [now.subtract(1, 'day'), now];
  if (granularity === 'day') return [now.subtract(29, 'day'), now];
  return [now.subtract(11, 'month'), now];
}

export function checkReportRange(range: ReportRange, granularity: ReportGranularity): RuleViolation | null {
  return checkQueryRange(range, REPORT_RANGE_DAYS[granularity]);
}

const FORMATS: Record<ReportGranularity, string> = {
  hour: 'YYYY-MM-DD HH:00',
  day: 'YYYY-MM-DD',
  month: 'YYYY-MM',
};

export function formatReportTime(at: number, granularity: ReportGranularity): string {
  return dayjs(at).format(FORMATS[granularity]);
}

/** A value with the column's decimal places, or a dash. */
export function formatReportValue(value: number | null | undefined, decimals: number): string {
  if (value === null || value === undefined) return '—';
  return value.toFixed(Math.max(0, Math.min(decimals, 6)));
}
