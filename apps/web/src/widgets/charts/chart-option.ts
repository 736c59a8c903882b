/**
 * ECharts options of the chart widgets, built from the widget's §3 data and the sampled points.
 * Pure, so the shape of each chart is tested without a browser. Animations are off: values arrive
 * every second and a page may hold many charts.
 */
import dayjs from 'dayjs';
import type { ChartPosition, SeriesItem, WidgetDataOf, WidgetStyle } from '@lyyp/contracts/designer';
import { CHART_THEME } from '@lyyp/designer-core';
import { bucketSamples, pairSamples, type ChartPoint } from './chart-samples.ts';

/** Up to this many samples a line shows each one as a dot. */
const SPARSE_POINTS = 30;

export type TrendKind = 'line' | 'area' | 'bar';
export type ProportionKind = 'pie' | 'ring' | 'rose';

type TrendData = WidgetDataOf<'ComplexLine'>['dataAddon'];
type ProportionData = WidgetDataOf<'ComplexPie'>['dataAddon'];
type XylineData = WidgetDataOf<'ComplexXyline'>['dataAddon'];
type Font = WidgetStyle['font'];
type Margins = Pick<ChartPosition, 'top' | 'right' | 'bottom' | 'left'>;

/** The option object handed to `setOption` (kept loose: ECharts' own types are heavy to import). */
export type ChartOption = Record<string, unknown>;

/** A series' colour: its own when set, else the palette's colour for its place. */
export function seriesColour(item: SeriesItem, index: number, theme: readonly string[]): string {
  if (item.color) return item.color;
  const palette = theme.length > 0 ? theme : CHART_THEME;
  return palette[index % palette.length] ?? CHART_THEME[0];
}

/** The legend name of a series: its title, or its signal key until it has one. */
export function seriesName(item: SeriesItem, index: number): string {
  return item.title || item.signalId || `#${index + 1}`;
}

function textStyle(font: Font) {
  return { color: font.color || '#595959', fontSize: Math.max(8, Math.min(font.size, 24)) };
}

function grid(margins: Margins, legend: boolean) {
  return {
    top: margins.top + (legend ? 24 : 0),
    right: margins.right,
    bottom: margins.bottom,
    left: margins.left,
    containLabel: true,
  };
}

/** The value axis range: ECharts' own fitting when adapting, the fixed bounds when custom. */
function valueAxisRange(mode: 'adapt' | 'custom', min: number | null, max: number | null) {
  if (mode === 'custom') return { min: min ?? undefined, max: max ?? undefined, scale: false };
  return { scale: true };
}

export interface TrendInput {
  readonly kind: TrendKind;
  readonly data: TrendData;
  readonly font: Font;
  readonly margins: Margins;
  /** One list of points per entry of the drawn signal list. */
  readonly points: readonly (readonly ChartPoint[])[];
  readonly now: number;
  /** A fixed span of history instead of the rolling window ending `now`. */
  readonly span?: { readonly start: number; readonly end: number } | null;
  /** Only these of the signal list are drawn (the viewer's pens); all when left out. */
  readonly pens?: readonly number[];
  /** Zoom with the wheel, pan by dragging, and a slider under the plot (running pages). */
  readonly zoom?: boolean;
}

/** Height of the zoom slider under a running trend, with its gap. */
const ZOOM_SLIDER_SPACE = 22;

/** The signals a trend chart draws: the live list, or the report's list in report mode. */
export function trendSeriesItems(data: TrendData): readonly SeriesItem[] {
  return data.type === 'report' ? data.reportSignalArray : data.signalArray;
}

export function buildTrendOption({
  kind,
  data,
  font,
  margins,
  points,
  now,
  span = null,
  pens,
  zoom = false,
}: TrendInput): ChartOption {
  const all = trendSeriesItems(data);
  const drawn = pens ?? all.map((_, index) => index);
  const items = drawn.flatMap((index) => (all[index] ? [all[index]] : []));
  const windowMs = span ? span.end - span.start : data.timeRange * 60_000;
  const end = span ? span.end : now;
  const colours = drawn.map((index) => seriesColour(all[index]!, index, data.theme));
  const format = data.timeFormat || 'HH:mm:ss';
  const style = textStyle(font);
  const legend = items.length > 0;
  return {
    animation: false,
    color: colours,
    textStyle: style,
    grid: zoom
      ? { ...grid(margins, legend), bottom: margins.bottom + ZOOM_SLIDER_SPACE }
      : grid(margins, legend),
    ...(zoom
      ? {
          dataZoom: [
            { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
            { type: 'slider', xAxisIndex: 0, filterMode: 'none', height: 12, bottom: 4, showDetail: false },
          ],
        }
      : {}),
    legend: legend ? { show: true, top: margins.top, textStyle: style, type: 'scroll' } : { show: false },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'time',
      min: end - windowMs,
      max: end,
      axisLabel: { ...style, hideOverlap: true, formatter: (value: number) => dayjs(value).format(format) },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      // Nothing sampled yet (the designer, the first second): show a plain 0–100 plot area.
      ...(points.some((own) => own.length > 0) || data.mode === 'custom'
        ? valueAxisRange(data.mode, data.minVal, data.maxVal)
        : { min: 0, max: 100 }),
      axisLabel: style,
    },
    series: items.map((item, place) => {
      const index = drawn[place] ?? place;
      const own = points[index] ?? [];
      const common = { name: seriesName(item, index), color: colours[place] };
      if (kind === 'bar')
        return { ...common, type: 'bar', data: bucketSamples(own, end, windowMs), barMaxWidth: 24 };
      return {
        ...common,
        type: 'line',
        data: own,
        // Dots while the window is sparse (a page just opened), so single samples are seen.
        showSymbol: own.length <= SPARSE_POINTS,
        symbolSize: 4,
        sampling: 'lttb',
        connectNulls: false,
        lineStyle: { width: 2 },
        ...(kind === 'area' ? { areaStyle: { opacity: 0.25 } } : {}),
      };
    }),
  };
}

const PROPORTION_RADIUS: Readonly<Record<ProportionKind, [string, string]>> = {
  pie: ['0%', '55%'],
  ring: ['32%', '55%'],
  rose: ['12%', '55%'],
};

/** Slice labels: the legend names the slices, so labels show only the number unless it is hidden. */
function sliceLabel(data: ProportionData): string {
  const number = data.valueType === 'percent' ? '{d}%' : '{c}';
  return data.legend === 'none' ? `{b}: ${number}` : number;
}

function legendAt(position: ProportionData['legend'], style: ReturnType<typeof textStyle>) {
  if (position === 'none') return { show: false };
  const vertical = position === 'left' || position === 'right';
  return {
    show: true,
    type: 'scroll',
    orient: vertical ? 'vertical' : 'horizontal',
    [position]: 4,
    ...(vertical ? { top: 'middle' } : {}),
    textStyle: style,
  };
}

/** Where the pie stands so the legend beside it does not cover it. */
function pieCentre(position: ProportionData['legend']): [string, string] {
  if (position === 'left') return ['60%', '50%'];
  if (position === 'right') return ['40%', '50%'];
  if (position === 'top') return ['50%', '56%'];
  if (position === 'bottom') return ['50%', '44%'];
  return ['50%', '50%'];
}

export interface ProportionInput {
  readonly kind: ProportionKind;
  readonly data: ProportionData;
  readonly font: Font;
  /** The current value of each signal; null before one arrives. */
  readonly values: readonly (number | null)[];
}

export function buildProportionOption({ kind, data, font, values }: ProportionInput): ChartOption {
  const style = textStyle(font);
  const items = data.signalArray;
  return {
    animation: false,
    textStyle: style,
    legend: legendAt(data.legend, style),
    tooltip: { trigger: 'item' },
    series: [
      {
        type: 'pie',
        radius: PROPORTION_RADIUS[kind],
        center: pieCentre(data.legend),
        ...(kind === 'rose' ? { roseType: 'radius' } : {}),
        label: { ...style, formatter: sliceLabel(data) },
        labelLayout: { hideOverlap: true },
        // Shares cannot be negative: a negative reading counts as nothing, a missing one too.
        data: items.map((item, index) => ({
          name: seriesName(item, index),
          value: Math.max(0, values[index] ?? 0),
          itemStyle: { color: seriesColour(item, index, data.theme) },
        })),
      },
    ],
  };
}

export interface XylineInput {
  readonly data: XylineData;
  readonly font: Font;
  readonly margins: Margins;
  /** Samples of the first (x) and second (y) signal. */
  readonly xs: readonly ChartPoint[];
  readonly ys: readonly ChartPoint[];
}

export function buildXylineOption({ data, font, margins, xs, ys }: XylineInput): ChartOption {
  const style = textStyle(font);
  const [xItem, yItem] = data.signalArray;
  const colour = yItem ? seriesColour(yItem, 0, data.theme) : (data.theme[0] ?? CHART_THEME[0]);
  const axis = (mode: XylineData['modeX'], item: SeriesItem | undefined, nameGap: number) => ({
    type: 'value',
    name: item ? seriesName(item, 0) : '',
    nameLocation: 'middle',
    nameGap,
    nameTextStyle: style,
    axisLabel: { ...style, hideOverlap: true },
    splitNumber: 4,
    scale: mode === 'adapt',
  });
  return {
    animation: false,
    textStyle: style,
    grid: { ...grid(margins, false), bottom: margins.bottom + 20, left: margins.left + 24 },
    tooltip: { trigger: 'item' },
    xAxis: axis(data.modeX, xItem, 28),
    yAxis: axis(data.modeY, yItem, 44),
    series: [
      {
        type: 'line',
        color: colour,
        data: pairSamples(xs, ys),
        showSymbol: true,
        symbolSize: 4,
        lineStyle: { width: 1.5 },
      },
    ],
  };
}
