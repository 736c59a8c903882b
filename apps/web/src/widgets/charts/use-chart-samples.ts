/**
 * Samples a chart's signals once a second in run mode and keeps each series' rolling window
 * (`chart-samples.ts`). The windows live inside the sampling effect; after each sample the chart
 * gets a fresh snapshot, so live values arriving in between re-render the page but leave the
 * chart's option alone. In design mode nothing is sampled.
 */
import { useEffect, useRef, useState } from 'react';
import type { SeriesItem } from '@lyyp/contracts/designer';
import type { ValueReader } from '@lyyp/designer-core';
import { appendSample, CHART_SAMPLE_INTERVAL_MS, readSeriesValue, type ChartPoint } from './chart-samples.ts';

export interface ChartSamples {
  /** One list per series item, in the list's order. */
  readonly points: readonly (readonly ChartPoint[])[];
  readonly now: number;
}

const NOTHING: ChartSamples = { points: [], now: 0 };

export function useChartSamples(
  items: readonly SeriesItem[],
  read: ValueReader,
  windowMs: number,
  live: boolean,
): ChartSamples {
  const reader = useRef(read);
  useEffect(() => {
    reader.current = read;
  }, [read]);
  const [samples, setSamples] = useState<ChartSamples>(NOTHING);
  const signature = JSON.stringify(items.map((item) => [item.signalId, item.equipId]));

  useEffect(() => {
    if (!live) return undefined;
    const listed = JSON.parse(signature) as [string, string][];
    const windows = listed.map((): ChartPoint[] => []);
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
      setSamples({ points: windows.map((points) => points.slice()), now });
    };
    sample();
    const timer = window.setInterval(sample, CHART_SAMPLE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [signature, windowMs, live]);

  return live ? samples : NOTHING;
}
