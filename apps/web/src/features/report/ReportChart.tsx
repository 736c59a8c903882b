/**
 * A report's rows as a chart (ECharts, loaded with this module only when the chart is opened):
 * difference columns as bars (amounts per hour, day or month), the others as lines; a missing
 * value is a gap.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportColumn, ReportGranularity, ReportRow } from '../../api/report.api.ts';
import { EChart } from '../monitor/common/EChart.tsx';
import { formatReportTime } from './report-range.ts';

export default function ReportChart({
  columns,
  rows,
  granularity,
}: {
  columns: readonly ReportColumn[];
  rows: readonly ReportRow[];
  granularity: ReportGranularity;
}) {
  const { t } = useTranslation();
  const option = useMemo<EChartsCoreOption>(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 56, right: 24, top: 40, bottom: 56 },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
      xAxis: { type: 'category', data: rows.map((row) => formatReportTime(row.at, granularity)) },
      // Bars are amounts: their axis starts at zero. Lines alone may zoom to their range.
      yAxis: { type: 'value', scale: !columns.some((column) => column.aggregation === 'difference') },
      series: columns.map((column) => ({
        name: `${column.name}${column.unit ? ` (${column.unit})` : ''} · ${t(`report.aggregations.${column.aggregation}`)}`,
        type: column.aggregation === 'difference' ? 'bar' : 'line',
        connectNulls: false,
        showSymbol: rows.length < 60,
        data: rows.map((row) => row.values[column.key] ?? null),
      })),
    }),
    [columns, rows, granularity, t],
  );
  return <EChart option={option} height={360} testId="report-chart" />;
}
