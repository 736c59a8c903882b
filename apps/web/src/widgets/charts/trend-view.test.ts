import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSequentialDeps, createWidget } from '@lyyp/designer-core';
import type { ChartPoint } from './chart-samples.ts';
import { buildTrendOption } from './chart-option.ts';
import {
  checkCustomRange,
  historySpan,
  initialPens,
  togglePen,
  TREND_PENS_MAX,
  TREND_POINTS_MAX,
  TREND_RANGE_MAX_MS,
  withinBudget,
} from './trend-view.ts';

const NOW = Date.UTC(2026, 11, 7, 12);

describe('trend view', () => {
  it('reads presets as spans ending now and the live window as none', () => {
    expect(historySpan({ kind: 'live' }, NOW)).toBeNull();
    expect(historySpan({ kind: 'preset', preset: '8h' }, NOW)).toEqual({
      start: NOW - 8 * 3_600_000,
      end: NOW,
    });
    expect(historySpan({ kind: 'custom', start: 1, end: 2 }, NOW)).toEqual({ start: 1, end: 2 });
  });

  it('refuses custom ranges out of order, in the future or longer than 30 days', () => {
    expect(checkCustomRange(NOW - 1000, NOW, NOW)).toBeNull();
    expect(checkCustomRange(NOW, NOW, NOW)).toBe('order');
    expect(checkCustomRange(NOW + 1000, NOW + 2000, NOW)).toBe('future');
    expect(checkCustomRange(NOW - TREND_RANGE_MAX_MS - 1, NOW, NOW)).toBe('too-long');
  });

  it('never draws more than the pen limit, whatever is toggled', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 19 })),
        (count, toggles) => {
          let pens = initialPens(count);
          for (const pen of toggles) pens = togglePen(pens, pen);
          expect(pens.length).toBeLessThanOrEqual(TREND_PENS_MAX);
          expect(new Set(pens).size).toBe(pens.length);
        },
      ),
    );
  });

  it('keeps the latest points within the point budget', () => {
    const series: ChartPoint[][] = Array.from({ length: 10 }, (_, pen) =>
      Array.from({ length: 25_000 }, (_, index): ChartPoint => [index, pen]),
    );
    const kept = withinBudget(series);
    expect(kept.reduce((sum, points) => sum + points.length, 0)).toBeLessThanOrEqual(TREND_POINTS_MAX);
    expect(kept[0]?.at(-1)).toEqual([24_999, 0]);
  });

  it('draws only the chosen pens over a fixed span, with zoom and pan', () => {
    const item = (signalId: string, color: string) => ({
      signalId,
      equipId: '',
      title: signalId,
      subTitle: '',
      color,
    });
    const widget = createWidget(
      'ComplexLine',
      { x: 0, y: 0, width: 400, height: 260 },
      createSequentialDeps(),
    );
    const data = {
      ...widget.data.dataAddon,
      signalArray: [item('a', '#f00'), item('b', '#0f0'), item('c', '#00f')],
    };
    const option = buildTrendOption({
      kind: 'line',
      data,
      font: widget.style.font,
      margins: { top: 0, right: 0, bottom: 0, left: 0 },
      points: [[[NOW - 10, 1]], [[NOW - 10, 2]], [[NOW - 10, 3]]],
      now: NOW,
      span: { start: NOW - 3_600_000, end: NOW - 60_000 },
      pens: [0, 2],
      zoom: true,
    });
    const series = option.series as { name: string; color: string }[];
    expect(series.map((own) => [own.name, own.color])).toEqual([
      ['a', '#f00'],
      ['c', '#00f'],
    ]);
    expect(option.xAxis).toMatchObject({ min: NOW - 3_600_000, max: NOW - 60_000 });
    expect((option.dataZoom as { type: string }[]).map((zoom) => zoom.type)).toEqual(['inside', 'slider']);
  });
});
