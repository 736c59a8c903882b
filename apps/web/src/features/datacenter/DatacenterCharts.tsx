/**
 * The data centre's chart (ECharts, loaded with this module only): each energy per day, week or
 * month as bars, on a value axis of its unit (one axis per unit), never added to another energy.
 */
import type { EChartsCoreOption } from 'echarts/core';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DatacenterPeriod, DatacenterSummary } from '../../api/report.api.ts';
import { EChart } from '../monitor/common/EChart.tsx';
import { PERIOD_FORMATS } from './datacenter-range.ts';
import { energyLabel } from './energy-label.ts';

export default function DatacenterCharts({
  summary,
  period,
}: {
  summary: DatacenterSummary;
  period: DatacenterPeriod;
}) {
  const { t } = useTranslation();
  const option = useMemo<EChartsCoreOption>(() => {
    const units = [...new Set(summary.energies.map((energy) => energy.unit))];
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 56, top: 48, bottom: 28 },
      xAxis: {
        type: 'category',
        data: summary.periods.map((item) => dayjs(item.at).format(PERIOD_FORMATS[period])),
      },
      // One axis per unit: the first on the left, the others on the right, side by side.
      yAxis: units.map((unit, index) => ({
        type: 'value',
        name: unit,
        position: index === 0 ? 'left' : 'right',
        offset: index > 1 ? (index - 1) * 56 : 0,
        splitLine: { show: index === 0 },
      })),
      series: summary.energies.map((energy) => ({
        name: `${t(`report.datacenter.${energy.kind}`)} · ${energyLabel(energy)}`,
        type: 'bar',
        yAxisIndex: units.indexOf(energy.unit),
        data: summary.periods.map((item) => item.energies[energy.id] ?? 0),
      })),
    };
  }, [summary, period, t]);
  return <EChart option={option} height={300} testId="datacenter-trend" />;
}
