/**
 * A pie or bar chart of the operations centre. ECharts (pie and bar only) loads with this module,
 * which the page loads lazily; a click on a slice or bar opens the list behind it.
 */
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerChartParts, type EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

registerChartParts([PieChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

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
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element);
    chart.current = instance;
    instance.on('click', (event) => {
      const key = (event.data as { key?: string } | undefined)?.key;
      if (key !== undefined) pick.current?.(key);
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const data = entries.map((entry) => ({
      key: entry.key,
      name: entry.label,
      value: entry.value,
      ...(entry.color ? { itemStyle: { color: entry.color } } : {}),
    }));
    chart.current?.setOption(
      kind === 'pie'
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
          },
      { notMerge: true },
    );
  }, [entries, kind]);

  return <div ref={container} style={{ width: '100%', height }} data-testid={testId} />;
}
