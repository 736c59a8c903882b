/**
 * A pie or bar chart of the operations centre. ECharts loads with this module (through the console's
 * one chart component), which the page loads lazily; a click on a slice or bar opens the list behind it.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { EChart } from '../monitor/common/EChart.tsx';

export interface ChartEntry {
  key: string;
  label: string;
  value: number;
  color?: string;
}

export default function OverviewChart({
  kind,
  entries,
  height = 220,
  onPick,
  testId,
}: {
  kind: 'pie' | 'bar';
  entries: ChartEntry[];
  height?: number;
  onPick?: (key: string) => void;
  testId?: string;
}) {
  const option = useMemo<EChartsCoreOption>(() => {
    const data = entries.map((entry) => ({
      key: entry.key,
      name: entry.label,
      value: entry.value,
      ...(entry.color ? { itemStyle: { color: entry.color } } : {}),
    }));
    return kind === 'pie'
      ? {
          tooltip: { trigger: 'item' },
          legend: { bottom: 0, type: 'scroll' },
          series: [
            { type: 'pie', radius: ['40%', '65%'], center: ['50%', '42%'], data, label: { show: false } },
          ],
        }
      : {
          tooltip: { trigger: 'axis' },
          grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
          xAxis: {
            type: 'category',
            data: entries.map((entry) => entry.label),
            axisLabel: { interval: 0, fontSize: 11 },
          },
          yAxis: { type: 'value', minInterval: 1 },
          series: [{ type: 'bar', data, barMaxWidth: 36 }],
        };
  }, [entries, kind]);

  return (
    <EChart
      option={option}
      height={height}
      testId={testId}
      onItemClick={(item) => {
        const key = (item as { key?: string } | undefined)?.key;
        if (key !== undefined) onPick?.(key);
      }}
    />
  );
}
