/**
 * The uPlot chart of the history curve. It first shows the range holding the latest points, then
 * follows the person: drag to pan, wheel to zoom about the pointer, double-click for the latest
 * range again. The view moves at once on the data already loaded; a moment later the platform is
 * asked again when `shouldRequery` says the view needs data it does not hold (outside the loaded
 * range, or zoomed into min/max buckets far enough that finer ones would show more).
 */
import { Alert, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { HistoryGap } from '@lyyp/contracts';
import { historyApi, type CurveAnswer } from '../../api/history.api.ts';
import { useDescribeFailure } from './common/catalogue-text.ts';
import { formatTime } from './common/format-time.ts';
import { VISIBLE_AXES, assignUnitAxes, timeLabelFormat, type CurveLine } from './curve-axes.ts';
import {
  describeLoaded,
  initialView,
  panView,
  requestRangeFor,
  shouldRequery,
  toPlotData,
  zoomView,
  type LoadedCurve,
} from './history-curve.ts';
import type { TimeRange } from './history-range.ts';
import { DataGapNotice } from './DataGapNotice.tsx';
import { withGapBreaks } from './data-gaps.ts';

const HEIGHT = 420;
/** The platform is asked again once the view has rested this long. */
const SETTLE_MS = 250;
const ZOOM_STEP = 1.25;

interface PlotStatus {
  loading: boolean;
  error: unknown;
  empty: boolean;
  bucketed: boolean;
  view: TimeRange | null;
  /** Data the gateway lost within the loaded range. */
  gaps: readonly HistoryGap[];
}

export function HistoryCurvePlot({ deviceId, lines }: { deviceId: string; lines: readonly CurveLine[] }) {
  const { t } = useTranslation();
  const timeLabel = t('monitor.fields.time');
  const describeFailure = useDescribeFailure();
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<PlotStatus>({
    loading: true,
    error: null,
    empty: false,
    bucketed: false,
    view: null,
    gaps: [],
  });

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const keys = lines.map((line) => line.key);
    const { units } = assignUnitAxes(lines);
    const scaleOf = (unit: string) => `unit:${units.indexOf(unit)}`;
    const formatTicks = (plotted: uPlot, ticks: number[]) => {
      const span = (plotted.scales.x?.max ?? 0) - (plotted.scales.x?.min ?? 0);
      return ticks.map((tick) => dayjs(tick).format(timeLabelFormat(span)));
    };
    let loaded: LoadedCurve | null = null;
    let view: TimeRange | null = null;
    let pending: AbortController | null = null;
    let settleTimer: number | undefined;

    const plot = new uPlot(
      {
        width: element.clientWidth || 800,
        height: HEIGHT,
        ms: 1,
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        series: [
          { label: timeLabel, value: (_plot, ts: number | null) => (ts === null ? '—' : formatTime(ts)) },
          ...lines.map((line) => ({
            label: line.label,
            scale: scaleOf(line.unit),
            stroke: line.colour,
            width: 1.5,
            value: (_plot: uPlot, value: number | null) => line.format(value),
          })),
        ],
        axes: [
          { values: formatTicks },
          ...units.map((unit, index) => ({
            scale: scaleOf(unit),
            show: index < VISIBLE_AXES,
            side: index === 0 ? 3 : 1,
            size: 64,
            label: unit || undefined,
            grid: { show: index === 0 },
          })),
        ],
      },
      [[], ...lines.map(() => [])],
      element,
    );

    const show = (answer: CurveAnswer) => {
      plot.setData(withGapBreaks(toPlotData(answer, keys), answer.gaps ?? [], keys), false);
      if (view) plot.setScale('x', { min: view.start, max: view.end });
    };

    async function load(range: (TimeRange & { width: number }) | null) {
      pending?.abort();
      const controller = new AbortController();
      pending = controller;
      try {
        const answer = await historyApi.queryCurve(
          {
            equipmentId: deviceId,
            keys,
            width: range?.width ?? plot.bbox.width / devicePixelRatio,
            ...(range ? { start: range.start, end: range.end } : {}),
          },
          controller.signal,
        );
        if (controller.signal.aborted) return;
        loaded = describeLoaded(answer);
        if (!range) view = loaded ? initialView(loaded) : null;
        show(answer);
        setStatus({
          loading: false,
          error: null,
          empty: loaded === null,
          bucketed: loaded?.bucketed ?? false,
          view,
          gaps: answer.gaps ?? [],
        });
      } catch (error) {
        if (!controller.signal.aborted) setStatus((current) => ({ ...current, loading: false, error }));
      }
    }

    const moveTo = (next: TimeRange) => {
      view = next;
      plot.setScale('x', { min: next.start, max: next.end });
      setStatus((current) => ({ ...current, view: next }));
      window.clearTimeout(settleTimer);
      settleTimer = window.setTimeout(() => {
        if (!view || !shouldRequery(loaded, view)) return;
        setStatus((current) => ({ ...current, loading: true }));
        void load(requestRangeFor(view, plot.over.clientWidth));
      }, SETTLE_MS);
    };

    const over = plot.over;
    const handleWheel = (event: WheelEvent) => {
      if (!view) return;
      event.preventDefault();
      const anchor = event.offsetX / over.clientWidth;
      moveTo(zoomView(view, event.deltaY > 0 ? ZOOM_STEP : 1 / ZOOM_STEP, anchor));
    };
    const handleDown = (event: MouseEvent) => {
      if (!view || event.button !== 0) return;
      const startX = event.clientX;
      const startView = view;
      const handleMove = (move: MouseEvent) =>
        moveTo(panView(startView, -(move.clientX - startX) / over.clientWidth));
      const handleUp = () => {
        window.removeEventListener('mousemove', handleMove);
        window.removeEventListener('mouseup', handleUp);
      };
      window.addEventListener('mousemove', handleMove);
      window.addEventListener('mouseup', handleUp);
    };
    const handleDoubleClick = () => {
      setStatus((current) => ({ ...current, loading: true }));
      view = null;
      void load(null);
    };
    over.addEventListener('wheel', handleWheel, { passive: false });
    over.addEventListener('mousedown', handleDown);
    over.addEventListener('dblclick', handleDoubleClick);
    const observer = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    observer.observe(element);
    void load(null);

    return () => {
      observer.disconnect();
      window.clearTimeout(settleTimer);
      pending?.abort();
      over.removeEventListener('wheel', handleWheel);
      over.removeEventListener('mousedown', handleDown);
      over.removeEventListener('dblclick', handleDoubleClick);
      plot.destroy();
    };
  }, [deviceId, lines, timeLabel]);

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Space wrap>
        {status.loading ? <Spin size="small" /> : null}
        {status.view ? (
          <Typography.Text type="secondary" data-testid="curve-range">
            {formatTime(status.view.start)} ~ {formatTime(status.view.end)}
          </Typography.Text>
        ) : null}
        {!status.empty && !status.loading ? (
          <Tag color={status.bucketed ? 'blue' : 'green'}>
            {status.bucketed ? t('monitor.curve.bucketed') : t('monitor.curve.raw')}
          </Tag>
        ) : null}
        <Typography.Text type="secondary">{t('monitor.curve.gestures')}</Typography.Text>
      </Space>
      {status.error ? <Alert type="error" showIcon title={describeFailure(status.error)} /> : null}
      <DataGapNotice
        gaps={status.gaps}
        nameOf={(key) => lines.find((line) => line.key === key)?.label ?? key}
      />
      {status.empty ? <Empty description={t('monitor.curve.noHistory')} /> : null}
      <div
        ref={host}
        data-testid="history-curve"
        data-loaded={status.loading ? 'false' : 'true'}
        style={{ cursor: 'grab', userSelect: 'none' }}
      />
    </Space>
  );
}
