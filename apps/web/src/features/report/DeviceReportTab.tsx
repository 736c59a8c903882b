/**
 * A device's history reports on the monitoring site: the report, rows by hour, day or month, the
 * time range (§9: hourly rows over at most 720 hours), a table with paging or a chart, and the
 * range exported to Excel. The table asks again every rollTime (§9, 30 s) while it is open.
 */
import { BarChartOutlined, DownloadOutlined, TableOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@lyyp/contracts';
import {
  REPORT_GRANULARITIES,
  REPORT_ROLL_TIME_SECONDS,
  type ReportGranularity,
} from '@lyyp/contracts/report';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Empty, Segmented, Select, Skeleton, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportApi, type ReportRow } from '../../api/report.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeViolation, useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { saveFile } from '../monitor/common/save-file.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import type { DeviceTabProps } from '../monitor/device-tab-props.ts';
import { useDeviceReports } from '../device-config/use-wizard-data.ts';
import { IntervalTag } from './IntervalTag.tsx';
import {
  checkReportRange,
  defaultPicked,
  formatReportTime,
  formatReportValue,
  rangeOfPicked,
} from './report-range.ts';

const ReportChart = lazy(() => import('./ReportChart.tsx'));

type View = 'table' | 'chart';

export default function DeviceReportTab({ device }: DeviceTabProps) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  // Exporting is allowed on every device the caller sees (`report.export` over visible devices).
  const canExport = useCapabilities().may('report.export');
  const [chosenReport, setChosenReport] = useState<string | null>(null);
  const [granularity, setGranularity] = useState<ReportGranularity>('hour');
  const [picked, setPicked] = useState<[Dayjs, Dayjs]>(() => defaultPicked('hour', dayjs()));
  const [view, setView] = useState<View>('table');
  const [page, setPage] = useState(1);

  const reports = useDeviceReports(device.id);
  const reportId = chosenReport ?? reports.data?.[0]?.id ?? null;
  const range = rangeOfPicked(picked[0], picked[1], granularity);
  const violation = checkReportRange(range, granularity);
  const body =
    reportId && !violation
      ? {
          equipmentId: device.id,
          reportId,
          granularity,
          ...range,
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        }
      : null;
  const refetchInterval = REPORT_ROLL_TIME_SECONDS * 1000;
  const table = useQuery({
    queryKey: ['report-table', body, page],
    queryFn: () => reportApi.reportTable({ ...body!, page, pageSize: DEFAULT_PAGE_SIZE }),
    enabled: body !== null && view === 'table',
    placeholderData: keepPreviousData,
    refetchInterval,
  });
  const series = useQuery({
    queryKey: ['report-series', body],
    queryFn: () => reportApi.reportSeries(body!),
    enabled: body !== null && view === 'chart',
    refetchInterval,
  });
  const exportFile = useMutation({
    mutationFn: () => reportApi.exportReport(body!, 'xlsx'),
    onSuccess: saveFile,
    onError: (error) => void message.error(describeFailure(error)),
  });

  if (reports.isPending) return <Skeleton active />;
  if (reports.error) return <Alert type="error" showIcon title={describeFailure(reports.error)} />;
  if (reports.data.length === 0) return <Empty description={t('report.device.noReports')} />;

  const changeGranularity = (next: ReportGranularity) => {
    setGranularity(next);
    setPicked(defaultPicked(next, dayjs()));
    setPage(1);
  };
  const columns = table.data?.columns ?? reports.data.find((report) => report.id === reportId)?.columns ?? [];
  const failure = view === 'table' ? table.error : series.error;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          aria-label={t('report.device.report')}
          style={{ minWidth: 180 }}
          value={reportId}
          data-testid="report-select"
          onChange={(id: string) => {
            setChosenReport(id);
            setPage(1);
          }}
          options={reports.data.map((report) => ({ value: report.id, label: report.name }))}
        />
        <IntervalTag minutes={reports.data.find((report) => report.id === reportId)?.intervalMinutes} />
        <Segmented<ReportGranularity>
          value={granularity}
          onChange={changeGranularity}
          options={REPORT_GRANULARITIES.map((value) => ({
            value,
            label: t(`report.granularities.${value}`),
          }))}
        />
        <DatePicker.RangePicker
          aria-label={t('report.device.range')}
          picker={granularity === 'month' ? 'month' : 'date'}
          allowClear={false}
          value={picked}
          onChange={(values) => {
            if (values?.[0] && values[1]) {
              setPicked([values[0], values[1]]);
              setPage(1);
            }
          }}
        />
        <Segmented<View>
          value={view}
          onChange={setView}
          options={[
            { value: 'table', icon: <TableOutlined />, label: t('report.device.table') },
            { value: 'chart', icon: <BarChartOutlined />, label: t('report.device.chart') },
          ]}
        />
        {canExport ? (
          <Button
            icon={<DownloadOutlined />}
            disabled={body === null}
            loading={exportFile.isPending}
            onClick={() => exportFile.mutate()}
            data-testid="report-export"
          >
            {t('report.device.export')}
          </Button>
        ) : null}
      </Space>
      {violation ? <Alert type="warning" showIcon title={describeViolation(violation, locale)} /> : null}
      {failure ? <Alert type="error" showIcon title={describeFailure(failure)} /> : null}
      {view === 'table' ? (
        <Table<ReportRow>
          rowKey="at"
          size="small"
          data-testid="report-table"
          loading={table.isFetching && !table.data}
          dataSource={table.data?.list ?? []}
          scroll={{ x: 200 + columns.length * 150 }}
          locale={{ emptyText: <Empty description={t('report.device.noRows')} /> }}
          pagination={{
            current: page,
            pageSize: DEFAULT_PAGE_SIZE,
            total: table.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('monitor.common.total', { total }),
            onChange: setPage,
          }}
          columns={[
            {
              title: t('report.device.time'),
              dataIndex: 'at',
              width: 160,
              fixed: 'left' as const,
              render: (at: number) => formatReportTime(at, granularity),
            },
            ...columns.map((column) => ({
              key: column.key,
              title: `${column.name}${column.unit ? ` (${column.unit})` : ''} · ${t(`report.aggregations.${column.aggregation}`)}`,
              width: 150,
              align: 'right' as const,
              render: (_value: unknown, row: ReportRow) =>
                formatReportValue(row.values[column.key], column.decimals),
            })),
          ]}
        />
      ) : series.data ? (
        series.data.rows.length === 0 ? (
          <Empty description={t('report.device.noRows')} />
        ) : (
          <Suspense fallback={<Skeleton active />}>
            <ReportChart columns={series.data.columns} rows={series.data.rows} granularity={granularity} />
          </Suspense>
        )
      ) : (
        <Skeleton active />
      )}
    </Space>
  );
}
