/**
 * A chart widget's ECharts view: the console's one ECharts wrapper (`features/monitor/common`)
 * in a box of the widget's size. This module is loaded lazily, so pages without charts never
 * fetch ECharts.
 */
import { EChart } from '../../features/monitor/common/EChart.tsx';
import type { ChartOption } from './chart-option.ts';

export interface EChartViewProps {
  readonly option: ChartOption;
  readonly width: number;
  readonly height: number;
}

export default function EChartView({ option, width, height }: EChartViewProps) {
  return (
    <div data-echart style={{ width, height }}>
      <EChart option={option} height={height} />
    </div>
  );
}
