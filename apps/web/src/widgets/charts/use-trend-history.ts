/**
 * The stored points of a trend's signals over a fixed span (a preset ending now, or a custom range)
 * from the runtime's history; reloaded when the span, the signals or `refresh` change. Without a
 * history (typed values in the designer's preview) nothing is loaded.
 */
import { useEffect, useState } from 'react';
import type { SeriesItem } from '@lyyp/contracts/designer';
import type { WidgetRuntime } from '../render-context.ts';
import type { ChartPoint } from './chart-samples.ts';
import { withinBudget } from './trend-view.ts';

export interface TrendHistory {
  readonly points: readonly (readonly ChartPoint[])[];
  readonly loading: boolean;
  readonly failed: boolean;
}

const EMPTY: TrendHistory = { points: [], loading: false, failed: false };

export function useTrendHistory(
  items: readonly SeriesItem[],
  span: { start: number; end: number } | null,
  loadHistory: WidgetRuntime['loadHistory'],
  refresh: number,
): TrendHistory {
  const [history, setHistory] = useState<TrendHistory>(EMPTY);
  // What is loading now, as `start end keys refresh`; the answer it gave, under the same key.
  const request = `${span?.start ?? 0} ${span?.end ?? 0} ${items.map((item) => item.signalId).join(',')} ${refresh}`;
  const [answered, setAnswered] = useState('');
  const keys = items.map((item) => item.signalId).join('\n');
  const start = span?.start ?? 0;
  const end = span?.end ?? 0;

  useEffect(() => {
    if (end === 0 || !loadHistory) return undefined;
    const listed = keys.split('\n');
    const wanted = [...new Set(listed.filter(Boolean))];
    let stopped = false;
    loadHistory(wanted, start, end)
      .then((answer) => {
        if (stopped) return;
        const series = listed.map((key) => (answer[key] ?? []).map(([ts, value]): ChartPoint => [ts, value]));
        setHistory({ points: withinBudget(series), loading: false, failed: false });
        setAnswered(request);
      })
      .catch(() => {
        if (stopped) return;
        setHistory({ points: [], loading: false, failed: true });
        setAnswered(request);
      });
    return () => {
      stopped = true;
    };
    // `request` names the same inputs as the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys, start, end, loadHistory, refresh]);

  if (end === 0) return EMPTY;
  return answered === request ? history : { ...history, loading: true };
}
