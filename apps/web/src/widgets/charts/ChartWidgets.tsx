/**
 * The chart widgets: line, area and bar trends over a rolling time range (live samples, or a history
 * report's values in report mode), pie, ring and rose shares
 * of the current values, and the X-Y line of one signal against another. Each renderer works out
 * its option from the widget's data (`chart-option.ts`) and hands it to the lazily loaded ECharts
 * view; until that arrives, a light frame holds the place.
 */
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { WidgetOf } from '@lyyp/contracts/designer';
import type { WidgetRenderer, WidgetRendererProps } from '../render-context.ts';
import {
  buildProportionOption,
  buildTrendOption,
  buildXylineOption,
  trendSeriesItems,
  type ProportionKind,
  type TrendKind,
} from './chart-option.ts';
import { readSeriesValue, type ChartPoint } from './chart-samples.ts';
import { TREND_TOOLBAR_HEIGHT, TrendToolbar } from './TrendToolbar.tsx';
import { historySpan, initialPens, type TrendRange } from './trend-view.ts';
import { useChartSamples } from './use-chart-samples.ts';
import { useReportSamples } from './use-report-samples.ts';
import { useTrendHistory } from './use-trend-history.ts';

const EChartView = lazy(() => import('./EChartView.tsx'));

/** Numbers a chart holds, shown as attributes so a page's live state can be read from outside. */
function countPoints(points: readonly (readonly ChartPoint[])[]): number {
  return points.reduce((sum, series) => sum + series.filter(([, value]) => value !== null).length, 0);
}

function ChartFrame({
  width,
  height,
  points,
  values,
  fromHistory,
  source,
  children,
}: {
  width: number;
  height: number;
  /** Sampled points drawn (trends and the X-Y line). */
  points?: number;
  /** Current values drawn (proportion charts). */
  values?: string;
  /** Stored points the trend opened with (report mode: the report rows drawn). */
  fromHistory?: number;
  /** Where a trend's points come from: live samples (`signal`) or a report's rows (`report`). */
  source?: string;
  children: ReactNode;
}) {
  const placeholder = <div style={{ width, height, border: '1px solid #f0f0f0' }} />;
  return (
    <div
      data-chart
      data-chart-points={points}
      data-chart-values={values}
      data-chart-history={fromHistory}
      data-chart-source={source}
      style={{ width, height }}
    >
      <Suspense fallback={placeholder}>{children}</Suspense>
    </div>
  );
}

type TrendType = 'ComplexLine' | 'ComplexArea' | 'ComplexBar';
type ProportionType = 'ComplexPie' | 'ComplexRing' | 'ComplexRose';

/** Below this height a running trend has no room for its bar of range and pens. */
const TREND_TOOLBAR_MIN_HEIGHT = 120;

// The three trend types (and the three proportion types) share one data shape.
function trendRenderer<T extends TrendType>(kind: TrendKind): WidgetRenderer<T> {
  return function TrendChartWidget({ widget: own, width, height, runtime }: WidgetRendererProps<T>) {
    const widget = own as unknown as WidgetOf<'ComplexLine'>;
    const data = widget.data.dataAddon;
    // Report mode draws the report's values of its signals instead of sampling them live.
    const items = trendSeriesItems(data);
    const live = runtime.mode === 'run';
    const fromReport = data.type === 'report';
    // The viewer's choices: the range (live window, preset, custom) and the pens drawn.
    const [range, setRange] = useState<TrendRange>({ kind: 'live' });
    const [pens, setPens] = useState<number[]>(() => initialPens(items.length));
    const [refresh, setRefresh] = useState(0);
    const [spanAt, setSpanAt] = useState(() => Date.now());
    const span = useMemo(
      () => (live && !fromReport ? historySpan(range, spanAt) : null),
      [live, fromReport, range, spanAt],
    );
    const sampled = useChartSamples(
      items,
      runtime.read,
      data.timeRange * 60_000,
      live && !fromReport && span === null,
      runtime.loadHistory,
    );
    const stored = useTrendHistory(items, span, runtime.loadHistory, refresh);
    const reported = useReportSamples(
      items,
      fromReport && live ? data.reportId : '',
      data.timeRange,
      runtime.loadReportSeries,
    );
    const samples = useMemo(
      () => (fromReport ? reported : span ? { ...sampled, points: stored.points } : sampled),
      [fromReport, reported, span, sampled, stored.points],
    );
    // Design mode draws the time axis ending when the page was opened.
    const [openedAt] = useState(() => Date.now());
    const toolbar = live && !fromReport && height >= TREND_TOOLBAR_MIN_HEIGHT;
    const chartHeight = toolbar ? height - TREND_TOOLBAR_HEIGHT : height;
    const { font } = widget.style;
    const { top, right, bottom, left } = widget.position;
    const option = useMemo(
      () =>
        buildTrendOption({
          kind,
          data,
          font,
          margins: { top, right, bottom, left },
          points: samples.points,
          now: samples.now || openedAt,
          span,
          ...(toolbar ? { pens, zoom: true } : {}),
        }),
      [data, font, top, right, bottom, left, samples, openedAt, span, toolbar, pens],
    );
    const chooseRange = (next: TrendRange) => {
      setSpanAt(Date.now());
      setRange(next);
    };
    return (
      <ChartFrame
        width={width}
        height={height}
        points={countPoints(samples.points)}
        fromHistory={samples.fromHistory}
        source={data.type}
      >
        {toolbar ? (
          <TrendToolbar
            lng={runtime.locale}
            items={items}
            pens={pens}
            onPens={setPens}
            range={range}
            onRange={chooseRange}
            onRefresh={() => {
              setSpanAt(Date.now());
              setRefresh((count) => count + 1);
            }}
            loading={stored.loading}
          />
        ) : null}
        <EChartView option={option} width={width} height={chartHeight} />
      </ChartFrame>
    );
  };
}

function proportionRenderer<T extends ProportionType>(kind: ProportionKind): WidgetRenderer<T> {
  return function ProportionChartWidget({ widget: own, width, height, runtime }: WidgetRendererProps<T>) {
    const widget = own as unknown as WidgetOf<'ComplexPie'>;
    const data = widget.data.dataAddon;
    // Design mode shows equal shares, so the layout and palette can be judged.
    const values = data.signalArray.map((item) =>
      runtime.mode === 'run' ? readSeriesValue(runtime.read, item) : 1,
    );
    const { font } = widget.style;
    const valueKey = values.join(',');
    const option = useMemo(
      () => buildProportionOption({ kind, data, font, values: valueKey === '' ? [] : values }),
      // `valueKey` stands for `values`: equal values keep the option.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [data, font, valueKey],
    );
    return (
      <ChartFrame width={width} height={height} values={valueKey}>
        <EChartView option={option} width={width} height={height} />
      </ChartFrame>
    );
  };
}

export function XylineWidget({ widget, width, height, runtime }: WidgetRendererProps<'ComplexXyline'>) {
  const data = widget.data.dataAddon;
  // The X-Y line keeps the last ten minutes of pairs.
  const samples = useChartSamples(data.signalArray, runtime.read, 10 * 60_000, runtime.mode === 'run');
  const { font } = widget.style;
  const { top, right, bottom, left } = widget.position;
  const option = useMemo(
    () =>
      buildXylineOption({
        data,
        font,
        margins: { top, right, bottom, left },
        xs: samples.points[0] ?? [],
        ys: samples.points[1] ?? [],
      }),
    [data, font, top, right, bottom, left, samples],
  );
  return (
    <ChartFrame width={width} height={height} points={countPoints(samples.points)}>
      <EChartView option={option} width={width} height={height} />
    </ChartFrame>
  );
}

export const LineChartWidget = trendRenderer<'ComplexLine'>('line');
export const AreaChartWidget = trendRenderer<'ComplexArea'>('area');
export const BarChartWidget = trendRenderer<'ComplexBar'>('bar');
export const PieChartWidget = proportionRenderer<'ComplexPie'>('pie');
export const RingChartWidget = proportionRenderer<'ComplexRing'>('ring');
export const RoseChartWidget = proportionRenderer<'ComplexRose'>('rose');
