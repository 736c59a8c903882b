/**
 * What a person viewing a running trend chooses (pure, tested without a screen): the time range
 * (the widget's own rolling window sampled live, a preset ending now, or a custom range, the last
 * two read from the device's history) and the pens (which of the chart's signals are drawn). The
 * history curve gives at most `TREND_POINTS_MAX` points for at most `TREND_PENS_MAX` signals (§9).
 */
import type { ChartPoint } from './chart-samples.ts';

export const TREND_PENS_MAX = 10;
export const TREND_POINTS_MAX = 200_000;
/** The longest custom range (§9: a query spans at most 30 days). */
export const TREND_RANGE_MAX_MS = 30 * 24 * 3_600_000;

export const TREND_PRESETS = ['live', '1h', '8h', '24h', '7d'] as const;
export type TrendPreset = (typeof TREND_PRESETS)[number];

const PRESET_MS: Readonly<Record<Exclude<TrendPreset, 'live'>, number>> = {
  '1h': 3_600_000,
  '8h': 8 * 3_600_000,
  '24h': 24 * 3_600_000,
  '7d': 7 * 24 * 3_600_000,
};

export type TrendRange =
  | { readonly kind: 'live' }
  | { readonly kind: 'preset'; readonly preset: Exclude<TrendPreset, 'live'> }
  | { readonly kind: 'custom'; readonly start: number; readonly end: number };

/** The span of history a range reads, at `now`; null for the live window. */
export function historySpan(range: TrendRange, now: number): { start: number; end: number } | null {
  if (range.kind === 'live') return null;
  if (range.kind === 'custom') return { start: range.start, end: range.end };
  return { start: now - PRESET_MS[range.preset], end: now };
}

export type CustomRangeProblem = 'order' | 'future' | 'too-long';

/** Why a custom range cannot be shown; null when it can. */
export function checkCustomRange(start: number, end: number, now: number): CustomRangeProblem | null {
  if (!(start < end)) return 'order';
  if (start > now) return 'future';
  if (end - start > TREND_RANGE_MAX_MS) return 'too-long';
  return null;
}

/** The pens drawn at first: the chart's signals, at most `TREND_PENS_MAX` of them. */
export function initialPens(count: number): number[] {
  return Array.from({ length: Math.min(count, TREND_PENS_MAX) }, (_, index) => index);
}

/** A pen switched on or off; a pen beyond the limit is not switched on. */
export function togglePen(pens: readonly number[], pen: number): number[] {
  if (pens.includes(pen)) return pens.filter((own) => own !== pen);
  if (pens.length >= TREND_PENS_MAX) return [...pens];
  return [...pens, pen].sort((a, b) => a - b);
}

/**
 * Points for the drawn pens within the budget: each pen keeps at most its share of
 * `TREND_POINTS_MAX`, the latest points where it had more.
 */
export function withinBudget(series: readonly (readonly ChartPoint[])[]): ChartPoint[][] {
  const share = Math.floor(TREND_POINTS_MAX / Math.max(1, series.length));
  return series.map((points) => (points.length > share ? points.slice(points.length - share) : [...points]));
}
