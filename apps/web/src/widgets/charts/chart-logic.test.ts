import { describe, expect, it } from 'vitest';
import type { SeriesItem } from '@lyyp/contracts/designer';
import {
  CHART_THEME,
  createSequentialDeps,
  createValueReader,
  createWidget,
  getWidgetDefinition,
} from '@lyyp/designer-core';
import { buildProportionOption, buildTrendOption, buildXylineOption, seriesColour } from './chart-option.ts';
import {
  appendSample,
  bucketSamples,
  curveToPoints,
  pairSamples,
  prependHistory,
  readSeriesValue,
  toPlotNumber,
  type ChartPoint,
} from './chart-samples.ts';

const item = (signalId: string, extra: Partial<SeriesItem> = {}): SeriesItem => ({
  title: signalId,
  subTitle: '',
  signalId,
  equipId: '',
  color: '',
  ...extra,
});

function dataOf<T extends 'ComplexLine' | 'ComplexBar' | 'ComplexArea' | 'ComplexPie' | 'ComplexXyline'>(
  type: T,
) {
  return createWidget(type, { x: 0, y: 0, width: 400, height: 260 }, createSequentialDeps());
}

type Series = { type: string; name: string; color: string; data: unknown[]; areaStyle?: unknown };

describe('chart samples', () => {
  it('keeps a rolling window and never more than the point limit', () => {
    const points: ChartPoint[] = [];
    for (let second = 0; second < 400; second += 1)
      appendSample(points, second * 1000, second, 300_000, 1000);
    expect(points).toHaveLength(301);
    expect(points[0]?.[0]).toBe(99_000);
    const capped: ChartPoint[] = [];
    for (let second = 0; second < 50; second += 1) appendSample(capped, second * 1000, second, 3_600_000, 20);
    expect(capped).toHaveLength(20);
    expect(capped.at(-1)).toEqual([49_000, 49]);
  });

  it('ignores a sample that is not newer than the last one', () => {
    const points: ChartPoint[] = [[5000, 1]];
    appendSample(points, 5000, 2, 60_000);
    expect(points).toEqual([[5000, 1]]);
  });

  it('averages bars per slice of the window and leaves empty slices as gaps', () => {
    const points: ChartPoint[] = [
      [0, 1],
      [1000, 3],
      [9000, null],
      [25_000, 10],
    ];
    const bars = bucketSamples(points, 30_000, 30_000, 3);
    expect(bars).toEqual([
      [5000, 2],
      [15_000, null],
      [25_000, 10],
    ]);
  });

  it('pairs x and y samples taken at the same time', () => {
    expect(
      pairSamples(
        [
          [1, 10],
          [2, 20],
          [3, null],
        ],
        [
          [1, 5],
          [3, 7],
        ],
      ),
    ).toEqual([[10, 5]]);
  });

  it('turns a history curve into points, raw as they are and buckets by their middle', () => {
    const points = curveToPoints({
      start: 0,
      end: 10_000,
      series: [
        {
          key: 'a',
          mode: 'raw',
          points: [
            [1000, 5],
            [2000, 'off'],
          ],
        },
        { key: 'b', mode: 'bucket', buckets: [[0, 2, 4]] },
      ],
    });
    expect(points).toEqual({
      a: [
        [1000, 5],
        [2000, null],
      ],
      b: [[0, 3]],
    });
  });

  it('puts stored points in front of the live samples, within the window and the point limit', () => {
    const window: ChartPoint[] = [[10_000, 7]];
    const added = prependHistory(
      window,
      [
        [1000, 1],
        [6000, 2],
        [8000, 3],
        [10_000, 4],
      ],
      5000,
      10_000,
      3,
    );
    expect(added).toBe(2);
    expect(window).toEqual([
      [6000, 2],
      [8000, 3],
      [10_000, 7],
    ]);
  });

  it('reads device signals and intermediate variables, numbers only', () => {
    const read = createValueReader({ temperature: 21.5, 'mvar:efficiency': '0.9', state: 'running' });
    expect(readSeriesValue(read, item('temperature'))).toBe(21.5);
    expect(readSeriesValue(read, item('efficiency'))).toBe(0.9);
    expect(readSeriesValue(read, item('state'))).toBeNull();
    expect(readSeriesValue(read, item(''))).toBeNull();
    expect(toPlotNumber(true)).toBe(1);
    expect(toPlotNumber(Number.NaN)).toBeNull();
  });
});

describe('chart options', () => {
  const margins = { top: 10, right: 10, bottom: 10, left: 10 };
  const now = Date.UTC(2026, 0, 1, 8, 0, 0);

  it('new trend charts take the §3 defaults and offer their panel properties', () => {
    expect(dataOf('ComplexLine').data.dataAddon).toMatchObject({
      type: 'signal',
      mode: 'adapt',
      timeRange: 5,
    });
    expect(dataOf('ComplexBar').data.dataAddon.timeRange).toBe(60);
    expect(dataOf('ComplexArea').data.dataAddon.timeRange).toBe(60);
    expect(dataOf('ComplexLine').data.dataAddon.theme).toEqual([...CHART_THEME]);
    const keys = getWidgetDefinition('ComplexLine').properties.map((property) => property.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'data.dataAddon.signalArray',
        'data.dataAddon.mode',
        'data.dataAddon.minVal',
        'data.dataAddon.maxVal',
        'data.dataAddon.timeRange',
        'data.dataAddon.timeFormat',
        'data.dataAddon.theme',
      ]),
    );
    const xy = getWidgetDefinition('ComplexXyline').properties.find(
      (property) => property.key === 'data.dataAddon.signalArray',
    );
    expect(xy?.max).toBe(2);
  });

  it('draws a line per signal over the time range ending now, in the palette colours', () => {
    const widget = dataOf('ComplexLine');
    const data = { ...widget.data.dataAddon, signalArray: [item('a'), item('b', { color: '#123456' })] };
    const points: ChartPoint[][] = [[[now - 1000, 1]], [[now - 1000, 2]]];
    const option = buildTrendOption({ kind: 'line', data, font: widget.style.font, margins, points, now });
    const series = option.series as Series[];
    expect(series.map((entry) => [entry.type, entry.name, entry.color])).toEqual([
      ['line', 'a', CHART_THEME[0]],
      ['line', 'b', '#123456'],
    ]);
    expect(series[0]?.data).toEqual([[now - 1000, 1]]);
    expect(option.xAxis).toMatchObject({ type: 'time', min: now - 5 * 60_000, max: now });
    expect(option.yAxis).toMatchObject({ scale: true });
    const formatter = (option.xAxis as { axisLabel: { formatter: (value: number) => string } }).axisLabel
      .formatter;
    expect(formatter(now)).toMatch(/^\d\d:\d\d:\d\d$/);
  });

  it('fixes the value axis in custom mode, fills areas and buckets bars', () => {
    const widget = dataOf('ComplexArea');
    const data = {
      ...widget.data.dataAddon,
      mode: 'custom' as const,
      minVal: 0,
      maxVal: 100,
      timeFormat: 'HH:mm',
      signalArray: [item('a')],
    };
    const area = buildTrendOption({
      kind: 'area',
      data,
      font: widget.style.font,
      margins,
      points: [[]],
      now,
    });
    expect(area.yAxis).toMatchObject({ min: 0, max: 100, scale: false });
    expect((area.series as Series[])[0]?.areaStyle).toBeDefined();
    const bar = buildTrendOption({ kind: 'bar', data, font: widget.style.font, margins, points: [[]], now });
    expect((bar.series as Series[])[0]).toMatchObject({ type: 'bar' });
    expect((bar.series as Series[])[0]?.data).toHaveLength(30);
  });

  it('draws the report signal list in report mode', () => {
    const widget = dataOf('ComplexLine');
    const data = {
      ...widget.data.dataAddon,
      type: 'report' as const,
      signalArray: [item('live')],
      reportSignalArray: [item('reported')],
    };
    const option = buildTrendOption({
      kind: 'line',
      data,
      font: widget.style.font,
      margins,
      points: [],
      now,
    });
    expect((option.series as Series[]).map((entry) => entry.name)).toEqual(['reported']);
  });

  it('shows shares as values or percentages, with the legend where asked', () => {
    const widget = dataOf('ComplexPie');
    const data = { ...widget.data.dataAddon, signalArray: [item('a'), item('b')] };
    const pie = buildProportionOption({ kind: 'pie', data, font: widget.style.font, values: [3, -1] });
    const [series] = pie.series as { radius: string[]; label: { formatter: string }; data: unknown[] }[];
    expect(series?.data).toEqual([
      { name: 'a', value: 3, itemStyle: { color: CHART_THEME[0] } },
      { name: 'b', value: 0, itemStyle: { color: CHART_THEME[1] } },
    ]);
    expect(series?.label.formatter).toBe('{c}');
    expect(pie.legend).toMatchObject({ show: true, bottom: 4, orient: 'horizontal' });

    const ring = buildProportionOption({
      kind: 'ring',
      data: { ...data, valueType: 'percent', legend: 'right' },
      font: widget.style.font,
      values: [1, 1],
    });
    const [ringSeries] = ring.series as { radius: string[]; label: { formatter: string } }[];
    expect(ringSeries?.radius[0]).not.toBe('0%');
    expect(ringSeries?.label.formatter).toBe('{d}%');
    expect(ring.legend).toMatchObject({ orient: 'vertical', right: 4 });
    const rose = buildProportionOption({
      kind: 'rose',
      data: { ...data, legend: 'none' },
      font: widget.style.font,
      values: [],
    });
    expect((rose.series as { roseType?: string }[])[0]?.roseType).toBe('radius');
    expect((rose.series as { label: { formatter: string } }[])[0]?.label.formatter).toBe('{b}: {c}');
    expect(rose.legend).toEqual({ show: false });
  });

  it('plots the second signal against the first on the X-Y line', () => {
    const widget = dataOf('ComplexXyline');
    const data = { ...widget.data.dataAddon, modeX: 'custom' as const, signalArray: [item('x'), item('y')] };
    const option = buildXylineOption({
      data,
      font: widget.style.font,
      margins,
      xs: [
        [1, 1],
        [2, 2],
      ],
      ys: [
        [1, 10],
        [2, 20],
      ],
    });
    expect(option.xAxis).toMatchObject({ name: 'x', scale: false });
    expect(option.yAxis).toMatchObject({ name: 'y', scale: true });
    expect((option.series as Series[])[0]?.data).toEqual([
      [1, 10],
      [2, 20],
    ]);
  });

  it('falls back to the theme palette, then the default one, for series without a colour', () => {
    expect(seriesColour(item('a'), 11, ['#111111', '#222222'])).toBe('#222222');
    expect(seriesColour(item('a'), 0, [])).toBe(CHART_THEME[0]);
  });
});
