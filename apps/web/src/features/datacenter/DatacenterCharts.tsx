/**
 * The data centre's charts (ECharts, loaded with this module only): consumption and production per
 * day, week or month as bars, and the online rate as a gauge-like ring.
 */
import type { EChartsCoreOption } from 'echarts/core';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DatacenterPeriod, DatacenterSummary } from '../../api/report.api.ts';
import { EChart } from '../monitor/common/EChart.tsx';
import { PERIOD_FORMATS } from './datacenter-range.ts';

export default function DatacenterCharts({
  summary,
  period,
}: {
  summary: DatacenterSummary;
  period: DatacenterPeriod;
}) {
  const { t } = useTranslation();
  const option = useMemo<EChartsCoreOption>(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 24, top: 36, bottom: 28 },
      xAxis: {
        type: 'category',
        data: summary.periods.map((item) => dayjs(item.at).format(PERIOD_FORMATS[period])),
      },
      yAxis: { type: 'value' },
      series: [
        {
          name: t('report.datacenter.consumption'),
          type: 'bar',
          data: summary.periods.map((item) => item.consumption),
        },
        {
          name: t('report.datacenter.production'),
          type: 'bar',
          data: summary.periods.map((item) => item.production),
        },
      ],
    }),
    [summary, period, t],
  );
  return <EChart option={option} height={300} testId="datacenter-trend" />;
}
