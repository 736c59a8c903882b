/**
 * The points a live chart draws. The runtime hands a widget only the current value of each binding,
 * so a chart samples its signals once a second and keeps a rolling window: points older than the
 * widget's `timeRange` are dropped, and a series never holds more than `MAX_CHART_POINTS`, so memory
 * stays flat however long a page runs.
 */
import type { CurveAnswer } from '@lyyp/contracts';
import type { SeriesItem } from '@lyyp/contracts/designer';
import { createEmptyBinding, type LiveValue, type ValueReader } from '@lyyp/designer-core';

export const CHART_SAMPLE_INTERVAL_MS = 1000;
/** One point a second for an hour; longer windows keep the newest points. */
export const MAX_CHART_POINTS = 3600;
/** Bars drawn across a bar chart's time range: each is the mean of the samples it covers. */
export const BAR_BUCKETS = 30;

export type ChartPoint = [ts: number, value: number | null];

/** A number a chart can plot: booleans as 0/1, numeric text parsed, anything else a gap. */
export function toPlotNumber(value: LiveValue): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** Reads a chart series' signal: device signals and intermediate variables share the key space. */
export function readSeriesValue(read: ValueReader, item: SeriesItem): number | null {
  if (!item.signalId) return null;
  const binding = { ...createEmptyBinding(), signalId: item.signalId, equipId: item.equipId };
  const direct = toPlotNumber(read(binding));
  if (direct !== null) return direct;
  return toPlotNumber(read({ ...createEmptyBinding(), mvarId: item.signalId }));
}

/**
 * Appends one sample to `points` (mutated, for speed with many charts) and drops what fell out of the
 * window ending at `now`. Returns the same array.
 */
export function appendSample(
  points: ChartPoint[],
  now: number,
  value: number | null,
  windowMs: number,
  maxPoints: number = MAX_CHART_POINTS,
): ChartPoint[] {
  const last = points.at(-1);
  if (last && last[0] >= now) return points;
  points.push([now, value]);
  let drop = 0;
  while (drop < points.length && (points[drop]?.[0] ?? now) < now - windowMs) drop += 1;
  drop = Math.max(drop, points.length - maxPoints);
  if (drop > 0) points.splice(0, drop);
  return points;
}

/**
 * Averages samples into `buckets` equal slices of the window ending at `now`; a slice without
 * numbers is a gap. Each bar stands at the middle of its slice.
 */
export function bucketSamples(
  points: readonly ChartPoint[],
  now: number,
  windowMs: number,
  buckets: number = BAR_BUCKETS,
): ChartPoint[] {
  const start = now - windowMs;
  const width = windowMs / buckets;
  const sums = new Array<number>(buckets).fill(0);
  const counts = new Array<number>(buckets).fill(0);
  for (const [ts, value] of points) {
    if (value === null || ts < start || ts > now) continue;
    const index = Math.min(buckets - 1, Math.floor((ts - start) / width));
    sums[index] = (sums[index] ?? 0) + value;
    counts[index] = (counts[index] ?? 0) + 1;
  }
  return sums.map((sum, index): ChartPoint => {
    const count = counts[index] ?? 0;
    return [Math.round(start + width * (index + 0.5)), count === 0 ? null : sum / count];
  });
}

/** Pairs of (x, y) taken at the same sample times, for the X-Y line; gaps are skipped. */
export function pairSamples(xs: readonly ChartPoint[], ys: readonly ChartPoint[]): [number, number][] {
  const byTime = new Map(ys.map(([ts, value]) => [ts, value]));
  const pairs: [number, number][] = [];
  for (const [ts, x] of xs) {
    const y = byTime.get(ts);
    if (x !== null && y !== null && y !== undefined) pairs.push([x, y]);
  }
  return pairs;
}

/**
 * A history curve as chart points: raw points as they are (non-numbers as gaps), buckets by the
 * middle of their min and max at the bucket's start.
 */
export function curveToPoints(answer: CurveAnswer): Record<string, ChartPoint[]> {
  const points: Record<string, ChartPoint[]> = {};
  for (const series of answer.series) {
    points[series.key] =
      series.mode === 'raw'
        ? series.points.map(([ts, value]): ChartPoint => [ts, toPlotNumber(value as LiveValue)])
        : series.buckets.map(([ts, min, max]): ChartPoint => [ts, (min + max) / 2]);
  }
  return points;
}

/** Stored points older than the first live sample go in front of the window (mutated). */
export function prependHistory(
  window: ChartPoint[],
  history: readonly (readonly [number, number | null])[],
  windowMs: number,
  now: number,
  maxPoints: number = MAX_CHART_POINTS,
): number {
  const first = window[0]?.[0] ?? Number.POSITIVE_INFINITY;
  const room = Math.max(0, maxPoints - window.length);
  const older = history
    .filter(([ts]) => ts < first && ts >= now - windowMs)
    .map(([ts, value]): ChartPoint => [ts, value]);
  const kept = older.slice(Math.max(0, older.length - room));
  window.unshift(...kept);
  return kept.length;
}
