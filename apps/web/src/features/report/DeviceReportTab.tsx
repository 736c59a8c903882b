/**
 * A device's history reports on the monitoring site: the report, rows by hour, day or month, the
 * time range (§9: hourly rows over at most 720 hours), a table with paging or a chart, and the
 * range exported to Excel. The table asks again every rollTime (§9, 30 s) while it is open.
 */
import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import { REPORT_ROLL_TIME_SECONDS } from '@lyyp/contracts/report';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Segmented, Skeleton, Space } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportApi, type ReportRow } from '../../api/report.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import type { DeviceTabProps } from '../monitor/device-tab-props.ts';
import { useDeviceReports } from '../device-config/use-wizard-data.ts';
import { ReportAlerts, ReportControls, ReportTable, useReportRows } from './report-view.tsx';

const ReportChart = lazy(() => import('./ReportChart.tsx'));

type View = 'table' | 'chart';

export default function DeviceReportTab({ device }: DeviceTabProps) {
  const { t } = useTranslation();
  const describeFailure = useDescribeFailure();
  // Exporting is allowed on every device the caller sees (`report.export` over visible devices).
  const canExport = useCapabilities().may('report.export');
  const [chosenReport, setChosenReport] = useState<string | null>(null);
  const [view, setView] = useState<View>('table');

  const reports = useDeviceReports(device.id);
  const reportId = chosenReport ?? reports.data?.[0]?.id ?? null;
  const rows = useReportRows(
    'report-table',
    reportId ? { equipmentId: device.id, reportId } : null,
    reportApi.reportTable,
    view === 'table',
  );
  const { state, body, table } = rows;
  const series = useQuery({
    queryKey: ['report-series', body],
    queryFn: () => reportApi.reportSeries(body!),
    enabled: body !== null && view === 'chart',
    refetchInterval: REPORT_ROLL_TIME_SECONDS * 1000,
  });

  if (reports.isPending) return <Skeleton active />;
  if (reports.error) return <Alert type="error" showIcon title={describeFailure(reports.error)} />;
  if (reports.data.length === 0) return <Empty description={t('report.device.noReports')} />;

  const columns = table.data?.columns ?? reports.data.find((report) => report.id === reportId)?.columns ?? [];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <ReportControls
          rows={rows}
          reports={reports.data}
          value={reportId}
          onReport={setChosenReport}
          testId="report-select"
          exportFile={canExport && reportApi.exportReport}
          exportTestId="report-export"
          extra={
            <Segmented<View>
              value={view}
              onChange={setView}
              options={[
                { value: 'table', icon: <TableOutlined />, label: t('report.device.table') },
                { value: 'chart', icon: <BarChartOutlined />, label: t('report.device.chart') },
              ]}
            />
          }
        />
      </Space>
      <ReportAlerts state={state} failure={view === 'table' ? table.error : series.error} />
      {view === 'table' ? (
        <ReportTable<ReportRow>
          state={state}
          table={table}
          columns={columns}
          rowKey="at"
          testId="report-table"
        />
      ) : series.data ? (
        series.data.rows.length === 0 ? (
          <Empty description={t('report.device.noRows')} />
        ) : (
          <Suspense fallback={<Skeleton active />}>
            <ReportChart
              columns={series.data.columns}
              rows={series.data.rows}
              granularity={state.granularity}
            />
          </Suspense>
        )
      ) : (
        <Skeleton active />
      )}
    </Space>
  );
}
