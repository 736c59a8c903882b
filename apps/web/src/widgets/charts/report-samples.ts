/**
 * Report mode of the trend charts (`type` `report`): instead of sampling live values, the chart
 * draws a history report's computed values (the statistic of each listed variable per hour, day or
 * month) over its time range. Which unit, which period and which points are decided here, in Node.
 */
import type { SeriesItem } from '@lyyp/contracts/designer';
import type { ReportGranularity, ReportRow } from '@lyyp/contracts/report';
import { defaultHistoryRange, type HistoryTableRange } from '../complex/history-table.ts';
import type { ChartPoint } from './chart-samples.ts';

const DAY_MINUTES = 24 * 60;
/** Up to three days a chart shows hours, up to a year days, beyond that months. */
const HOURLY_UP_TO_MINUTES = 3 * DAY_MINUTES;
const DAILY_UP_TO_MINUTES = 366 * DAY_MINUTES;

/** The report unit a chart of `timeRange` minutes draws: enough points to read, few enough to draw. */
export function reportGranularityFor(timeRangeMinutes: number): ReportGranularity {
  if (timeRangeMinutes <= HOURLY_UP_TO_MINUTES) return 'hour';
  if (timeRangeMinutes <= DAILY_UP_TO_MINUTES) return 'day';
  return 'month';
}

/** The period read: the chart's range ending now, on whole days or months within the report's limits. */
export function reportChartRange(
  timeRangeMinutes: number,
  granularity: ReportGranularity,
  now: number,
): HistoryTableRange {
  return defaultHistoryRange(
    { interval: granularity, reportId: 'report', timeRange: timeRangeMinutes, timeUnit: 'minute' },
    now,
  );
}

/** One list of points per series item, oldest first, from the report's rows (a missing value is a gap). */
export function reportRowsToPoints(items: readonly SeriesItem[], rows: readonly ReportRow[]): ChartPoint[][] {
  const ordered = [...rows].sort((first, second) => first.at - second.at);
  return items.map((item) => ordered.map((row): ChartPoint => [row.at, row.values[item.signalId] ?? null]));
}
