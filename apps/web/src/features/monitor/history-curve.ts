/**
 * Decisions behind the history curve (§5, §9: up to 10 variables, the latest 200,000 points). The
 * server answers either raw points or min/max buckets sized to the requested width. The plot asks
 * for a range wider than the one on screen (a span either side), so panning stays within loaded
 * data; it asks again when the view leaves what is loaded, or when zooming in on buckets far enough
 * that finer buckets or raw points would show more. Views move by pure functions (zoom about a
 * point, pan by a fraction), so the plot's gestures are tested without a browser.
 */
import type { CurveAnswer, CurveSeries, HistoryValue } from '../../api/history.api.ts';
import type { TimeRange } from './history-range.ts';

/** §5 and §9: a history curve shows at most 10 variables. The contracts do not hold this limit yet. */
export const HISTORY_CURVE_MAX_VARIABLES = 10;

/** Zooming into bucketed data to less than this share of the loaded span asks for finer data. */
export const REQUERY_ZOOM_RATIO = 0.5;
/** Loaded data reaches this many view spans beyond each side of the view. */
export const PREFETCH_SPANS = 1;
/** The server sizes buckets for at most this many pixels. */
export const MAX_REQUEST_WIDTH = 4000;
/** Zooming stops at one second across the plot. */
export const MIN_VIEW_SPAN_MS = 1000;

export interface LoadedCurve extends TimeRange {
  /** Whether any series came as buckets (then more detail exists for a narrower range). */
  bucketed: boolean;
}

export function describeLoaded(answer: CurveAnswer): LoadedCurve | null {
  if (answer.start === null || answer.end === null) return null;
  return {
    start: answer.start,
    end: answer.end,
    bucketed: answer.series.some((series) => series.mode === 'bucket'),
  };
}

/** The first view shows at least this span, so a variable with a single point has room around it. */
export const MIN_INITIAL_SPAN_MS = 60_000;

/** The view of a first answer: its range, widened about its middle when it is shorter than a minute. */
export function initialView(loaded: LoadedCurve): TimeRange {
  const span = loaded.end - loaded.start;
  if (span >= MIN_INITIAL_SPAN_MS) return { start: loaded.start, end: loaded.end };
  const middle = loaded.start + span / 2;
  return {
    start: Math.round(middle - MIN_INITIAL_SPAN_MS / 2),
    end: Math.round(middle + MIN_INITIAL_SPAN_MS / 2),
  };
}

/** Whether the view needs data the loaded answer does not hold. */
export function shouldRequery(loaded: LoadedCurve | null, view: TimeRange): boolean {
  if (!loaded) return true;
  if (view.start < loaded.start || view.end > loaded.end) return true;
  const loadedSpan = loaded.end - loaded.start;
  return loaded.bucketed && view.end - view.start < loadedSpan * REQUERY_ZOOM_RATIO;
}

/** What to ask for to show `view` on a plot `plotWidth` pixels wide, with room to pan either side. */
export function requestRangeFor(view: TimeRange, plotWidth: number): TimeRange & { width: number } {
  const span = view.end - view.start;
  const sides = 1 + 2 * PREFETCH_SPANS;
  return {
    start: Math.max(0, Math.floor(view.start - span * PREFETCH_SPANS)),
    end: Math.ceil(view.end + span * PREFETCH_SPANS),
    width: Math.max(1, Math.min(MAX_REQUEST_WIDTH, Math.round(plotWidth * sides))),
  };
}

/**
 * The view after zooming by `factor` (below 1 zooms in) about the point at `anchor` (0 = left edge,
 * 1 = right edge), which stays under the pointer.
 */
export function zoomView(view: TimeRange, factor: number, anchor: number): TimeRange {
  const span = view.end - view.start;
  const nextSpan = Math.max(MIN_VIEW_SPAN_MS, span * factor);
  const pivot = view.start + span * Math.min(1, Math.max(0, anchor));
  const start = pivot - (pivot - view.start) * (nextSpan / span);
  return { start: Math.round(start), end: Math.round(start + nextSpan) };
}

/** The view moved by `fraction` of its span (positive moves towards later times). */
export function panView(view: TimeRange, fraction: number): TimeRange {
  const shift = Math.round((view.end - view.start) * fraction);
  return { start: view.start + shift, end: view.end + shift };
}

function plotNumber(value: HistoryValue): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A raw series breaks where a step is this many times its usual (median) step: no data there. */
export const RAW_GAP_FACTOR = 5;

function medianStep(times: readonly number[]): number {
  const steps = times.slice(1).map((ts, index) => ts - times[index]!);
  if (steps.length === 0) return Number.POSITIVE_INFINITY;
  steps.sort((a, b) => a - b);
  return steps[Math.floor(steps.length / 2)]!;
}

/**
 * A series as samples: raw points as they are, a bucket as its minimum then its maximum. Where no
 * data was stored (a missing bucket, or a raw step far longer than usual) a `null` sample breaks
 * the line, so a gap shows as a gap rather than a straight line across it.
 */
export function samplesOf(series: CurveSeries): Array<[number, number | null]> {
  const samples: Array<[number, number | null]> = [];
  if (series.mode === 'raw') {
    const gapAfter = medianStep(series.points.map(([ts]) => ts)) * RAW_GAP_FACTOR;
    series.points.forEach(([ts, value], index) => {
      const previous = series.points[index - 1];
      if (previous && ts - previous[0] > gapAfter) samples.push([previous[0] + 1, null]);
      samples.push([ts, plotNumber(value)]);
    });
    return samples;
  }
  const width = series.bucketMs;
  series.buckets.forEach(([ts, min, max], index) => {
    const previous = series.buckets[index - 1];
    // Min and max one millisecond apart draw each bucket as a vertical stroke: the envelope of the data.
    if (previous && width !== undefined && ts - previous[0] > width * 1.5)
      samples.push([previous[0] + 2, null]);
    samples.push([ts, min], [ts + 1, max]);
  });
  return samples;
}

/**
 * uPlot's aligned data: shared time stamps (ms) and one column per key in the order given. A time
 * at which a series has no sample is `undefined` (the line runs on past it); a sample without a
 * value (a failed read) is `null` (the line breaks there).
 */
export function toPlotData(
  answer: CurveAnswer,
  keys: readonly string[],
): [number[], ...Array<Array<number | null | undefined>>] {
  const byKey = new Map(answer.series.map((series) => [series.key, new Map(samplesOf(series))]));
  const times = [...new Set([...byKey.values()].flatMap((samples) => [...samples.keys()]))].sort(
    (a, b) => a - b,
  );
  const columns = keys.map((key) => {
    const samples = byKey.get(key);
    return times.map((ts) => samples?.get(ts));
  });
  return [times, ...columns];
}
