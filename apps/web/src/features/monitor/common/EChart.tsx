/**
 * An ECharts chart in a div that follows its container's size. Only the line, bar and pie charts and
 * the parts they need are registered, so the bundle carries no other chart type. `onItemClick`
 * receives the data item of a clicked slice, bar or point.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerChartParts, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

registerChartParts([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

export function EChart({
  option,
  height,
  testId,
  onItemClick,
}: {
  option: EChartsCoreOption;
  height: number;
  testId?: string;
  onItemClick?: (data: unknown) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const click = useRef(onItemClick);
  useEffect(() => {
    click.current = onItemClick;
  }, [onItemClick]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element);
    chart.current = instance;
    instance.on('click', (event) => click.current?.(event.data));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // Series come and go with the chosen variables, so they are replaced rather than merged.
    chart.current?.setOption(option, { replaceMerge: ['series'], lazyUpdate: true });
  }, [option]);

  return <div ref={container} style={{ width: '100%', height }} data-testid={testId} />;
}
