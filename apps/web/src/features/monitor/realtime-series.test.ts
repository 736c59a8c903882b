import type { LiveValueItem } from '@lyyp/contracts/live';
import { describe, expect, it } from 'vitest';
import { REALTIME_WINDOW_MS, appendRealtime } from './realtime-series.ts';

const item = (key: string, ts: number, value: LiveValueItem['value']): LiveValueItem => ({
  key,
  ts,
  receivedAt: ts,
  value,
  error: null,
});
const chosen = new Set(['t', 'on']);

describe('real-time curve points', () => {
  it('appends new values of the chosen variables only, booleans as 0 and 1', () => {
    const series = appendRealtime(
      {},
      [item('t', 1000, 70), item('other', 1000, 5), item('on', 1000, true)],
      chosen,
    );
    expect(series).toEqual({ t: [[1000, 70]], on: [[1000, 1]] });
  });

  it('ignores a value reported again for the same device time, and values that cannot be drawn', () => {
    const first = appendRealtime({}, [item('t', 1000, 70)], chosen);
    expect(
      appendRealtime(first, [item('t', 1000, 71), item('t', 2000, null), item('t', 2000, 'x')], chosen),
    ).toBe(first);
  });

  it('fills in history that arrives after the first live values, in time order', () => {
    const live = appendRealtime({}, [item('t', 50_000, 3)], chosen);
    expect(appendRealtime(live, [item('t', 10_000, 1), item('t', 30_000, 2)], chosen).t).toEqual([
      [10_000, 1],
      [30_000, 2],
      [50_000, 3],
    ]);
  });

  it('keeps only the last ten minutes before the newest point', () => {
    const start = appendRealtime({}, [item('t', 0, 1), item('t', 60_000, 2)], chosen);
    const later = appendRealtime(start, [item('t', REALTIME_WINDOW_MS + 30_000, 3)], chosen);
    expect(later.t).toEqual([
      [60_000, 2],
      [REALTIME_WINDOW_MS + 30_000, 3],
    ]);
  });
});
