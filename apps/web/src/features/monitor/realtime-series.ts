/**
 * The points of the real-time curve: each value the live channel brings for a chosen variable is
 * added in time order (a repeated report of the same device time is not; history that arrives
 * after the first live values fills in before them), and points older than the window before the
 * newest one are dropped, as are the oldest beyond the point limit.
 */
import type { LiveValueItem } from '@lyyp/contracts/live';

export const REALTIME_WINDOW_MS = 10 * 60_000;
export const REALTIME_MAX_POINTS = 1200;

export type RealtimePoint = [ts: number, value: number];
export type RealtimeSeries = Readonly<Record<string, readonly RealtimePoint[]>>;

function plotNumber(value: LiveValueItem['value']): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function appendRealtime(
  series: RealtimeSeries,
  items: readonly LiveValueItem[],
  keys: ReadonlySet<string>,
): RealtimeSeries {
  let next: Record<string, readonly RealtimePoint[]> | null = null;
  for (const item of items) {
    const value = plotNumber(item.value);
    if (!keys.has(item.key) || value === null) continue;
    const points = (next ?? series)[item.key] ?? [];
    if (points.some(([ts]) => ts === item.ts)) continue;
    const newest = Math.max(item.ts, points.at(-1)?.[0] ?? item.ts);
    if (item.ts < newest - REALTIME_WINDOW_MS) continue;
    const merged = [...points, [item.ts, value] as RealtimePoint].sort((left, right) => left[0] - right[0]);
    next ??= { ...series };
    next[item.key] = merged.filter(([ts]) => ts >= newest - REALTIME_WINDOW_MS).slice(-REALTIME_MAX_POINTS);
  }
  return next ?? series;
}
