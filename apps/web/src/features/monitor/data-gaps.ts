/**
 * Gaps a gateway reported (points it measured but could not keep while offline), as the history
 * answers carry them: on the curve each breaks the lines of the variables it concerns, so a loss is
 * never drawn as a straight line across it.
 */
import type { HistoryGap } from '@lyyp/contracts';

type PlotData = [number[], ...Array<Array<number | null | undefined>>];

/**
 * The aligned data with a `null` sample in the middle of every gap for the variables it concerns
 * (all of them when it names none), and `undefined` for the others.
 */
export function withGapBreaks(
  data: PlotData,
  gaps: readonly HistoryGap[],
  keys: readonly string[],
): PlotData {
  if (gaps.length === 0) return data;
  const [times, ...columns] = data;
  const rows = times.map((ts, index) => ({ ts, values: columns.map((column) => column[index]) }));
  for (const gap of gaps) {
    const concerned = gap.keys === null ? null : new Set(gap.keys);
    rows.push({
      ts: Math.floor((gap.from + gap.to) / 2),
      values: keys.map((key) => (concerned === null || concerned.has(key) ? null : undefined)),
    });
  }
  rows.sort((a, b) => a.ts - b.ts);
  return [rows.map((row) => row.ts), ...keys.map((_, index) => rows.map((row) => row.values[index]))];
}
