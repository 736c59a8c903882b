import { describe, expect, it } from 'vitest';
import type { CurveAnswer } from '../../api/history.api.ts';
import {
  describeLoaded,
  initialView,
  panView,
  requestRangeFor,
  samplesOf,
  shouldRequery,
  toPlotData,
  zoomView,
} from './history-curve.ts';

const HOUR = 3_600_000;

describe('history curve: when to ask the server again', () => {
  const bucketed = { start: 0, end: 10 * HOUR, bucketed: true };
  const raw = { start: 0, end: 10 * HOUR, bucketed: false };

  it('asks when nothing is loaded or the view leaves the loaded range', () => {
    expect(shouldRequery(null, { start: 0, end: HOUR })).toBe(true);
    expect(shouldRequery(raw, { start: 9 * HOUR, end: 11 * HOUR })).toBe(true);
    expect(shouldRequery(raw, { start: -1, end: HOUR })).toBe(true);
  });

  it('pans and zooms within loaded raw points without asking: every point is already there', () => {
    expect(shouldRequery(raw, { start: HOUR, end: HOUR + 1000 })).toBe(false);
    expect(shouldRequery(raw, { start: 2 * HOUR, end: 8 * HOUR })).toBe(false);
  });

  it('asks for finer data once a bucketed view is zoomed to less than half of what is loaded', () => {
    expect(shouldRequery(bucketed, { start: 2 * HOUR, end: 7 * HOUR })).toBe(false);
    expect(shouldRequery(bucketed, { start: 2 * HOUR, end: 7 * HOUR - 1 })).toBe(true);
  });

  it('requests a span either side of the view, with buckets for three plot widths, never before 1970', () => {
    expect(requestRangeFor({ start: 10 * HOUR, end: 12 * HOUR }, 1000)).toEqual({
      start: 8 * HOUR,
      end: 14 * HOUR,
      width: 3000,
    });
    expect(requestRangeFor({ start: HOUR, end: 3 * HOUR }, 2000)).toEqual({
      start: 0,
      end: 5 * HOUR,
      width: 4000,
    });
  });

  it('knows whether an answer came as buckets, and that an empty answer loaded nothing', () => {
    expect(describeLoaded({ start: null, end: null, series: [] })).toBeNull();
    expect(
      describeLoaded({
        start: 0,
        end: 5,
        series: [
          { key: 'a', mode: 'raw', points: [] },
          { key: 'b', mode: 'bucket', buckets: [] },
        ],
      }),
    ).toEqual({ start: 0, end: 5, bucketed: true });
  });
});

describe('history curve: first view', () => {
  it('shows the range of the answer, or a minute around a single point', () => {
    expect(initialView({ start: 0, end: HOUR, bucketed: false })).toEqual({ start: 0, end: HOUR });
    expect(initialView({ start: 90_000, end: 90_000, bucketed: false })).toEqual({
      start: 60_000,
      end: 120_000,
    });
  });
});

describe('history curve: moving the view', () => {
  const view = { start: 0, end: 10 * HOUR };

  it('zooms about the pointer, keeping the time under it in place', () => {
    expect(zoomView(view, 0.5, 0.5)).toEqual({ start: 2.5 * HOUR, end: 7.5 * HOUR });
    expect(zoomView(view, 0.5, 0)).toEqual({ start: 0, end: 5 * HOUR });
    expect(zoomView(view, 2, 1)).toEqual({ start: -10 * HOUR, end: 10 * HOUR });
  });

  it('never zooms in below one second across', () => {
    const zoomed = zoomView({ start: 0, end: 1500 }, 0.01, 0.5);
    expect(zoomed.end - zoomed.start).toBe(1000);
  });

  it('pans by a share of the span', () => {
    expect(panView(view, 0.25)).toEqual({ start: 2.5 * HOUR, end: 12.5 * HOUR });
    expect(panView(view, -0.1)).toEqual({ start: -HOUR, end: 9 * HOUR });
  });
});

describe('history curve: plot data', () => {
  it('aligns raw and bucketed series on shared times: no sample is skipped over, a failed read breaks the line', () => {
    const answer: CurveAnswer = {
      start: 1000,
      end: 3000,
      series: [
        {
          key: 'temperature',
          mode: 'raw',
          points: [
            [1000, 70.5],
            [3000, null],
          ],
        },
        { key: 'running', mode: 'raw', points: [[2000, true]] },
        { key: 'pressure', mode: 'bucket', buckets: [[1000, 0.1, 0.4]] },
      ],
    };
    expect(toPlotData(answer, ['temperature', 'pressure', 'running'])).toEqual([
      [1000, 1001, 2000, 3000],
      [70.5, undefined, undefined, null],
      [0.1, 0.4, undefined, undefined],
      [undefined, undefined, 1, undefined],
    ]);
  });

  it('leaves a chosen variable without data as an empty column', () => {
    const answer: CurveAnswer = { start: 0, end: 1, series: [{ key: 'a', mode: 'raw', points: [[5, 1]] }] };
    expect(toPlotData(answer, ['a', 'b'])).toEqual([[5], [1], [undefined]]);
  });
});

describe('history curve gaps', () => {
  it('breaks a bucketed line where buckets are missing, and a raw line at a long pause', () => {
    const buckets = samplesOf({
      key: 'a',
      mode: 'bucket',
      bucketMs: 10,
      buckets: [
        [0, 1, 2],
        [10, 1, 3],
        [40, 2, 4],
      ],
    });
    expect(buckets).toEqual([
      [0, 1],
      [1, 2],
      [10, 1],
      [11, 3],
      [12, null],
      [40, 2],
      [41, 4],
    ]);
    const raw = samplesOf({
      key: 'a',
      mode: 'raw',
      points: [
        [0, 1],
        [10, 2],
        [20, 3],
        [500, 4],
      ],
    });
    expect(raw).toContainEqual([21, null]);
    expect(raw.filter(([, value]) => value === null)).toHaveLength(1);
  });
});
