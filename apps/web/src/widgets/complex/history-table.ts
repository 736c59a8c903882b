/**
 * Decisions of the history report table (ComplexHistory), kept out of React so they are tested in
 * Node: which rows it shows (raw samples or a report's hourly, daily or monthly statistics), the
 * period it opens with (the widget's time range ending now, within what the platform answers for
 * that kind of row), and the sample rows the designer previews.
 */
import { MAX_QUERY_RANGE_DAYS, checkQueryRange, type RuleViolation } from '@lyyp/contracts';
import type { HistoryInterval, TIME_UNITS, WidgetDataOf } from '@lyyp/contracts/designer';
import { REPORT_RANGE_DAYS, type ReportGranularity } from '@lyyp/contracts/report';
import dayjs from 'dayjs';

export type HistoryAddon = WidgetDataOf<'ComplexHistory'>['dataAddon'];
type TimeUnit = (typeof TIME_UNITS)[number];

const UNIT_MS: Readonly<Record<TimeUnit, number>> = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};

/** The rows of a table; pages saved before the field existed: raw without a report, else hourly. */
export function historyIntervalOf(addon: Pick<HistoryAddon, 'interval' | 'reportId'>): HistoryInterval {
  return addon.interval ?? (addon.reportId ? 'hour' : 'raw');
}

/** The report granularity of an interval, or null for raw samples. */
export function granularityOf(interval: HistoryInterval): ReportGranularity | null {
  return interval === 'raw' ? null : interval;
}

/** Days one request may span for this kind of row (§9: raw 30 days, hourly 720 hours). */
export function maxRangeDays(interval: HistoryInterval): number {
  const granularity = granularityOf(interval);
  return granularity === null ? MAX_QUERY_RANGE_DAYS : REPORT_RANGE_DAYS[granularity];
}

export interface HistoryTableRange {
  /** Epoch ms, inclusive. */
  readonly start: number;
  /** Epoch ms, exclusive for reports, inclusive for raw samples. */
  readonly end: number;
}

/**
 * The period the table opens with at `now`: the widget's time range ending now, shortened to what
 * one request may span. Report rows are whole units, so the start is taken back to the start of its
 * day (hourly and daily rows) or month (monthly rows), as the report's own picker does
 * (`rangeOfPicked`), and the end to the end of the current one.
 */
export function defaultHistoryRange(
  addon: Pick<HistoryAddon, 'interval' | 'reportId' | 'timeRange' | 'timeUnit'>,
  now: number,
): HistoryTableRange {
  const interval = historyIntervalOf(addon);
  const longest = maxRangeDays(interval) * UNIT_MS.day;
  const span = Math.min(addon.timeRange * UNIT_MS[addon.timeUnit], longest);
  const granularity = granularityOf(interval);
  if (granularity === null) return { start: now - span, end: now };
  const unit = granularity === 'month' ? 'month' : 'day';
  const start = dayjs(now - span).startOf(unit);
  const end = dayjs(now).endOf(unit).valueOf() + 1;
  // Aligning may have stretched the range past the limit by a part of a unit: start a unit later.
  const aligned = end - start.valueOf() > longest ? start.add(1, unit) : start;
  return { start: aligned.valueOf(), end };
}

/**
 * The period a viewer picked: raw rows from the first to the last moment picked; report rows from
 * the start of the first picked day (month) to the end of the last.
 */
export function rangeOfPickedPeriod(
  first: number,
  last: number,
  interval: HistoryInterval,
): HistoryTableRange {
  const granularity = granularityOf(interval);
  if (granularity === null) return { start: first, end: last };
  const unit = granularity === 'month' ? 'month' : 'day';
  return { start: dayjs(first).startOf(unit).valueOf(), end: dayjs(last).endOf(unit).valueOf() + 1 };
}

/** The last moment a period holds, as its picker shows it (report ends are exclusive). */
export function lastShownMoment(range: HistoryTableRange, interval: HistoryInterval): number {
  return interval === 'raw' ? range.end : range.end - 1;
}

/** A range the person picked, checked with the limits the platform applies. */
export function checkHistoryRange(range: HistoryTableRange, interval: HistoryInterval): RuleViolation | null {
  return checkQueryRange(range, maxRangeDays(interval));
}

/** Variable keys of the raw table: listed once each, blanks left out. */
export function rawKeysOf(addon: Pick<HistoryAddon, 'signalArray'>): string[] {
  return [...new Set((addon.signalArray ?? []).map((item) => item.signalId).filter(Boolean))];
}

export interface PreviewColumn {
  readonly key: string;
  readonly title: string;
}

export interface PreviewRow {
  readonly at: number;
  readonly values: Readonly<Record<string, number>>;
}

const PREVIEW_ROWS = 5;
const PREVIEW_STEP_MS: Readonly<Record<HistoryInterval, number>> = {
  raw: 1_000,
  hour: UNIT_MS.hour,
  day: UNIT_MS.day,
  month: 30 * UNIT_MS.day,
};

/**
 * What the designer shows instead of stored rows: five rows, newest first, ending at `now`, with
 * values that differ by column and row so the table reads like a real one.
 */
export function previewHistoryRows(
  columns: readonly PreviewColumn[],
  interval: HistoryInterval,
  now: number,
): PreviewRow[] {
  const step = PREVIEW_STEP_MS[interval];
  return Array.from({ length: PREVIEW_ROWS }, (_, row) => ({
    at: Math.floor(now / step) * step - row * step,
    values: Object.fromEntries(
      columns.map((column, index) => [
        column.key,
        Number((20 + index * 12.5 + ((row * 7) % 5) * 1.25).toFixed(2)),
      ]),
    ),
  }));
}

const ROW_TIME_FORMATS: Readonly<Record<HistoryInterval, string>> = {
  raw: 'YYYY-MM-DD HH:mm:ss',
  hour: 'YYYY-MM-DD HH:00',
  day: 'YYYY-MM-DD',
  month: 'YYYY-MM',
};

/** A row's time as the table writes it: to the second for samples, the unit for report rows. */
export function formatRowTime(at: number, interval: HistoryInterval): string {
  return dayjs(at).format(ROW_TIME_FORMATS[interval]);
}

/** Room the toolbar, the table header and the pager take inside the widget, in page units. */
const TOOLBAR_HEIGHT = 40;
const HEADER_HEIGHT = 40;
const PAGER_HEIGHT = 48;
const MIN_BODY_HEIGHT = 60;

/**
 * The height the rows may take in a widget `height` tall, so the header and the pager stay in the
 * box and the rows scroll. Used by both tables (history and alarm records).
 */
export function tableBodyHeight(height: number, paged: boolean): number {
  const chrome = TOOLBAR_HEIGHT + HEADER_HEIGHT + (paged ? PAGER_HEIGHT : 0) + 16;
  return Math.max(MIN_BODY_HEIGHT, Math.round(height - chrome));
}
