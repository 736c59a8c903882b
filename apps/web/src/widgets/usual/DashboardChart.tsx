/**
 * The dashboard's gauge, drawn by ECharts (gauge series, SVG renderer so it stays sharp when the
 * page is zoomed). Loaded lazily: pages without a dashboard never fetch ECharts.
 */
import { GaugeChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { WidgetDataOf, WidgetStyle } from '@lyyp/contracts/designer';
import { buildGaugeOption } from '../gauge-option.ts';

echarts.use([GaugeChart, SVGRenderer]);

export interface DashboardChartProps {
  readonly data: WidgetDataOf<'UsualDashboard'>['dataAddon'];
  readonly value: number | null;
  readonly font: WidgetStyle['font'];
  readonly title: string;
  readonly width: number;
  readonly height: number;
}

export default function DashboardChart({ data, value, font, title, width, height }: DashboardChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return undefined;
    const instance = echarts.init(element.current, null, { renderer: 'svg' });
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
    // Drawn with the next frame rather than at once: values of several gauges land in one frame.
    chart.current?.setOption(buildGaugeOption(data, value, font, title), { lazyUpdate: true });
  }, [data, value, font, title]);

  return <div ref={element} style={{ width, height }} />;
}
