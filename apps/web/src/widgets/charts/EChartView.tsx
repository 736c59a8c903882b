/**
 * One ECharts instance drawing an option, sized to its widget box. This module is the only one that
 * imports ECharts' chart types, and it is loaded lazily, so pages without charts never fetch them.
 * The canvas renderer keeps many charts updating once a second cheap.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { ChartOption } from './chart-option.ts';

echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export interface EChartViewProps {
  readonly option: ChartOption;
  readonly width: number;
  readonly height: number;
}

export default function EChartView({ option, width, height }: EChartViewProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return undefined;
    const instance = echarts.init(element.current, null, { renderer: 'canvas' });
    chart.current = instance;
    return () => {
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.resize({ width: Math.max(1, width), height: Math.max(1, height) });
  }, [width, height]);

  useEffect(() => {
    // Replace series and legend entries rather than merge, so removed signals disappear.
    chart.current?.setOption(option, { replaceMerge: ['series'] });
  }, [option]);

  return <div ref={element} data-echart style={{ width, height }} />;
}
