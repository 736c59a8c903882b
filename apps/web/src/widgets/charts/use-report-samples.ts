/**
 * Report mode of a trend chart at run time: reads the report's rows over the chart's range when the
 * page opens and again every REPORT_ROLL_TIME_SECONDS (§9), through the runtime's
 * `loadReportSeries` (the viewer's own session and permissions). Nothing is read in the designer.
 */
import { REPORT_ROLL_TIME_SECONDS } from '@lyyp/contracts/report';
import type { SeriesItem } from '@lyyp/contracts/designer';
import { useEffect, useRef, useState } from 'react';
import type { WidgetRuntime } from '../render-context.ts';
import { reportChartRange, reportGranularityFor, reportRowsToPoints } from './report-samples.ts';
import type { ChartSamples } from './use-chart-samples.ts';

const NOTHING: ChartSamples = { points: [], now: 0, fromHistory: 0 };

export function useReportSamples(
  items: readonly SeriesItem[],
  reportId: string,
  timeRangeMinutes: number,
  loadReportSeries: WidgetRuntime['loadReportSeries'] | undefined,
): ChartSamples {
  const loader = useRef(loadReportSeries);
  useEffect(() => {
    loader.current = loadReportSeries;
  }, [loadReportSeries]);
  const [samples, setSamples] = useState<ChartSamples>(NOTHING);
  const signature = JSON.stringify(items.map((item) => item.signalId));
  const enabled = Boolean(reportId) && loadReportSeries !== undefined;

  useEffect(() => {
    if (!enabled) return undefined;
    const keys = JSON.parse(signature) as string[];
    const listed = keys.map((signalId) => ({ signalId, title: '', subTitle: '', equipId: '', color: '' }));
    let stopped = false;
    const read = () => {
      const now = Date.now();
      const granularity = reportGranularityFor(timeRangeMinutes);
      const range = reportChartRange(timeRangeMinutes, granularity, now);
      loader
        .current?.({ reportId, granularity, ...range })
        .then((answer) => {
          if (stopped) return;
          setSamples({
            points: reportRowsToPoints(listed, answer.rows),
            now,
            fromHistory: answer.rows.length,
          });
        })
        // A refusal or a report that is gone leaves the chart empty; the next read tries again.
        .catch(() => undefined);
    };
    read();
    const timer = window.setInterval(read, REPORT_ROLL_TIME_SECONDS * 1000);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [enabled, signature, reportId, timeRangeMinutes]);

  return enabled ? samples : NOTHING;
}
