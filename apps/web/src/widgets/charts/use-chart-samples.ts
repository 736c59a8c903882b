/**
 * Samples a chart's signals once a second in run mode and keeps each series' rolling window
 * (`chart-samples.ts`). The windows live inside the sampling effect; after each sample the chart
 * gets a fresh snapshot, so live values arriving in between re-render the page but leave the
 * chart's option alone. When the runtime can load history, the stored points of the time range go in
 * front of the first samples, so a trend opens with its window filled. In design mode nothing is
 * sampled.
 */
import { useEffect, useRef, useState } from 'react';
import type { SeriesItem } from '@lyyp/contracts/designer';
import type { ValueReader } from '@lyyp/designer-core';
import type { WidgetRuntime } from '../render-context.ts';
import {
  appendSample,
  CHART_SAMPLE_INTERVAL_MS,
  prependHistory,
  readSeriesValue,
  type ChartPoint,
} from './chart-samples.ts';

export interface ChartSamples {
  /** One list per series item, in the list's order. */
  readonly points: readonly (readonly ChartPoint[])[];
  readonly now: number;
  /** Stored points put in front of the live samples when the chart opened. */
  readonly fromHistory: number;
}

const NOTHING: ChartSamples = { points: [], now: 0, fromHistory: 0 };

/** Steps between the sampling phases of charts opened together (prime to the interval). */
const PHASE_STEP_MS = 137;
let nextPhase = 0;

/**
 * Where in each second a newly opened chart samples. Charts of one page open together; sampling
 * all of them in the same instant would redraw every chart in one frame, so each takes its own
 * phase and the redraws spread over the second.
 */
function takeSamplingPhase(): number {
  nextPhase = (nextPhase + PHASE_STEP_MS) % CHART_SAMPLE_INTERVAL_MS;
  return nextPhase;
}

export function useChartSamples(
  items: readonly SeriesItem[],
  read: ValueReader,
  windowMs: number,
  live: boolean,
  loadHistory?: WidgetRuntime['loadHistory'],
): ChartSamples {
  const reader = useRef(read);
  const loader = useRef(loadHistory);
  useEffect(() => {
    reader.current = read;
    loader.current = loadHistory;
  }, [read, loadHistory]);
  const [samples, setSamples] = useState<ChartSamples>(NOTHING);
  const signature = JSON.stringify(items.map((item) => [item.signalId, item.equipId]));

  useEffect(() => {
    if (!live) return undefined;
    const listed = JSON.parse(signature) as [string, string][];
    const windows = listed.map((): ChartPoint[] => []);
    let fromHistory = 0;
    let stopped = false;
    const publish = (now: number) =>
      setSamples({ points: windows.map((points) => points.slice()), now, fromHistory });
    const sample = () => {
      const now = Date.now();
      listed.forEach(([signalId, equipId], index) => {
        const value = readSeriesValue(reader.current, {
          signalId,
          equipId,
          title: '',
          subTitle: '',
          color: '',
        });
        appendSample(windows[index] ?? [], now, value, windowMs);
      });
      publish(now);
    };
    sample();
    let timer: number | undefined;
    const phased = window.setTimeout(() => {
      sample();
      timer = window.setInterval(sample, CHART_SAMPLE_INTERVAL_MS);
    }, takeSamplingPhase());
    const keys = [...new Set(listed.map(([signalId]) => signalId).filter(Boolean))];
    const openedAt = Date.now();
    if (loader.current && keys.length > 0)
      loader
        .current(keys, openedAt - windowMs, openedAt)
        .then((history) => {
          if (stopped) return;
          listed.forEach(([signalId], index) => {
            const points = windows[index];
            const stored = history[signalId];
            if (points && stored) fromHistory += prependHistory(points, stored, windowMs, Date.now());
          });
          publish(Date.now());
        })
        // Without history the chart simply starts from its first sample.
        .catch(() => undefined);
    return () => {
      stopped = true;
      window.clearTimeout(phased);
      window.clearInterval(timer);
    };
  }, [signature, windowMs, live]);

  return live ? samples : NOTHING;
}
