/**
 * The ECharts option of a dashboard widget (§3: min 0, max 100, start 225°, end -45°, 10 divisions,
 * colour bands up to 100, 75, 50, 25). Kept apart from the chart component so it can be tested.
 */
import type { WidgetDataOf, WidgetStyle } from '@lyyp/contracts/designer';

type DashboardData = WidgetDataOf<'UsualDashboard'>['dataAddon'];

/** Colour stops along the dial: each band reaches up to its value, as a share of min..max. */
export function computeGaugeBands(data: DashboardData): [number, string][] {
  const span = data.max - data.min;
  if (span <= 0 || data.thresholds.length === 0) return [[1, '#1668dc']];
  const bands = [...data.thresholds]
    .sort((a, b) => a.value - b.value)
    .map((band): [number, string] => [Math.min(1, Math.max(0, (band.value - data.min) / span)), band.color]);
  const last = bands[bands.length - 1];
  if (last && last[0] < 1) bands.push([1, last[1]]);
  return bands;
}

export function buildGaugeOption(
  data: DashboardData,
  value: number | null,
  font: WidgetStyle['font'],
  title: string,
) {
  return {
    // The needle swings in when the page opens; live updates (once a second) move it at once, since
    // an eased swing redraws the gauge for every frame of it.
    animationDuration: 300,
    animationDurationUpdate: 0,
    series: [
      {
        type: 'gauge' as const,
        min: data.min,
        max: data.max,
        startAngle: data.startAngle,
        endAngle: data.endAngle,
        splitNumber: data.splitNumber,
        radius: '92%',
        axisLine: { lineStyle: { width: 10, color: computeGaugeBands(data) } },
        axisTick: { distance: -10, length: 4, lineStyle: { color: '#fff', width: 1 } },
        splitLine: { distance: -10, length: 10, lineStyle: { color: '#fff', width: 2 } },
        axisLabel: { distance: 14, color: font.color, fontSize: Math.max(8, font.size - 4) },
        pointer: { width: 4, itemStyle: { color: 'auto' } },
        title: { offsetCenter: [0, '70%'], color: font.color, fontSize: Math.max(8, font.size - 2) },
        detail: {
          valueAnimation: false,
          offsetCenter: [0, '40%'],
          color: font.color,
          fontSize: font.size + 4,
          fontWeight: font.weight,
          formatter: (shown: number) => (value === null ? '--' : String(Math.round(shown * 100) / 100)),
        },
        data: [{ value: value ?? data.min, name: title }],
      },
    ],
  };
}
