/**
 * What a device's report tab and the product report screen share: the unit and time range a person
 * picks (§9 limits, back to page 1 on every change), their controls, the report picker, the Excel
 * export button and the table of report rows with its time and value columns.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@lyyp/contracts';
import {
  REPORT_GRANULARITIES,
  REPORT_ROLL_TIME_SECONDS,
  type ReportColumn,
  type ReportGranularity,
} from '@lyyp/contracts/report';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Empty, Segmented, Select, Table, type TableColumnType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadedFile } from '../../api/catalogue-files.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeViolation, useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { saveFile } from '../monitor/common/save-file.ts';
import { IntervalTag } from './IntervalTag.tsx';
import {
  checkReportRange,
  defaultPicked,
  formatReportTime,
  formatReportValue,
  rangeOfPicked,
} from './report-range.ts';

/** The picked unit, range and page of a report view. */
function useReportRange() {
  const [granularity, setGranularity] = useState<ReportGranularity>('hour');
  const [picked, setPicked] = useState<[Dayjs, Dayjs]>(() => defaultPicked('hour', dayjs()));
  const [page, setPage] = useState(1);
  const range = rangeOfPicked(picked[0], picked[1], granularity);
  return {
    granularity,
    picked,
    page,
    setPage,
    range,
    violation: checkReportRange(range, granularity),
    changeGranularity: (next: ReportGranularity) => {
      setGranularity(next);
      setPicked(defaultPicked(next, dayjs()));
      setPage(1);
    },
    changePicked: (next: [Dayjs, Dayjs]) => {
      setPicked(next);
      setPage(1);
    },
  };
}

export type ReportRangeState = ReturnType<typeof useReportRange>;

/**
 * The picked range and a page of report rows of `target` (a device's or a product's report):
 * `body` is the query in the browser's time zone, or null while none can be asked (no report yet,
 * a range over the limit). The page is asked again every rollTime (§9, 30 s) while it is shown.
 */
export function useReportRows<T extends object, A>(
  name: string,
  target: T | null,
  fetch: (request: ReportQuery<T> & { page: number; pageSize: number }) => Promise<A>,
  enabled = true,
) {
  const state = useReportRange();
  const body: ReportQuery<T> | null =
    target && !state.violation
      ? {
          ...target,
          granularity: state.granularity,
          ...state.range,
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        }
      : null;
  const table = useQuery({
    queryKey: [name, body, state.page],
    queryFn: () => fetch({ ...body!, page: state.page, pageSize: DEFAULT_PAGE_SIZE }),
    enabled: body !== null && enabled,
    placeholderData: keepPreviousData,
    refetchInterval: REPORT_ROLL_TIME_SECONDS * 1000,
  });
  return { state, body, table };
}

type ReportQuery<T> = T & { granularity: ReportGranularity; start: number; end: number; timeZone: string };

export interface ReportControlsProps<B> {
  rows: { state: ReportRangeState; body: B | null };
  reports: readonly { id: string; name: string; intervalMinutes: number }[];
  /** The report shown. */
  value: string | null;
  onReport: (id: string) => void;
  /** The report picker's `data-testid`. */
  testId: string;
  /** More controls after the range (the device's table or chart switch). */
  extra?: ReactNode;
  /** The Excel export of the picked range, when the person may export. */
  exportFile?: ((body: B, format: 'xlsx') => Promise<DownloadedFile>) | false;
  exportTestId: string;
}

/**
 * A report view's controls, inside the caller's row: the report with its interval, the unit (hour,
 * day, month) and range, the caller's `extra`, and the Excel export. A change goes back to page 1.
 */
export function ReportControls<B>({
  rows: { state, body },
  reports,
  value,
  onReport,
  testId,
  extra,
  exportFile,
  exportTestId,
}: ReportControlsProps<B>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const download = useMutation({
    mutationFn: () => (exportFile ? exportFile(body!, 'xlsx') : Promise.reject(new Error('no export'))),
    onSuccess: saveFile,
    onError: (error) => void message.error(describeFailure(error)),
  });
  return (
    <>
      <Select
        aria-label={t('report.device.report')}
        style={{ minWidth: 180 }}
        value={value}
        data-testid={testId}
        onChange={(id: string) => {
          onReport(id);
          state.setPage(1);
        }}
        options={reports.map((report) => ({ value: report.id, label: report.name }))}
      />
      <IntervalTag minutes={reports.find((report) => report.id === value)?.intervalMinutes} />
      <Segmented<ReportGranularity>
        value={state.granularity}
        onChange={state.changeGranularity}
        options={REPORT_GRANULARITIES.map((unit) => ({
          value: unit,
          label: t(`report.granularities.${unit}`),
        }))}
      />
      <DatePicker.RangePicker
        aria-label={t('report.device.range')}
        picker={state.granularity === 'month' ? 'month' : 'date'}
        allowClear={false}
        value={state.picked}
        onChange={(values) => {
          if (values?.[0] && values[1]) state.changePicked([values[0], values[1]]);
        }}
      />
      {extra}
      {exportFile ? (
        <Button
          icon={<DownloadOutlined />}
          disabled={body === null}
          loading={download.isPending}
          onClick={() => download.mutate()}
          data-testid={exportTestId}
        >
          {t('report.device.export')}
        </Button>
      ) : null}
    </>
  );
}

/** The range's complaint (§9 limits) and a failed load, above the rows. */
export function ReportAlerts({ state, failure }: { state: ReportRangeState; failure: unknown }) {
  const locale = useLocaleStore((store) => store.locale);
  const describeFailure = useDescribeFailure();
  return (
    <>
      {state.violation ? (
        <Alert type="warning" showIcon title={describeViolation(state.violation, locale)} />
      ) : null}
      {failure ? <Alert type="error" showIcon title={describeFailure(failure)} /> : null}
    </>
  );
}

interface ReportPage<R> {
  list: R[];
  total: number;
}

/** Report rows in pages: the time, the columns before the values (a device), then a value column each. */
export function ReportTable<R extends { at: number; values: Record<string, number | null> }>({
  state,
  table,
  columns,
  leading = [],
  rowKey,
  testId,
}: {
  state: ReportRangeState;
  table: { data?: ReportPage<R>; isFetching: boolean };
  columns: ReportColumn[];
  leading?: TableColumnType<R>[];
  rowKey: keyof R | ((row: R) => string);
  testId: string;
}) {
  const { t } = useTranslation();
  const leadingWidth = leading.reduce((sum, column) => sum + Number(column.width ?? 0), 0);
  return (
    <Table<R>
      rowKey={rowKey as string}
      size="small"
      data-testid={testId}
      loading={table.isFetching && !table.data}
      dataSource={table.data?.list ?? []}
      scroll={{ x: Math.max(200, 160 + leadingWidth) + columns.length * 150 }}
      locale={{ emptyText: <Empty description={t('report.device.noRows')} /> }}
      pagination={{
        current: state.page,
        pageSize: DEFAULT_PAGE_SIZE,
        total: table.data?.total ?? 0,
        showSizeChanger: false,
        showTotal: (total) => t('monitor.common.total', { total }),
        onChange: state.setPage,
      }}
      columns={[
        {
          title: t('report.device.time'),
          dataIndex: 'at',
          width: 160,
          fixed: 'left' as const,
          render: (at: number) => formatReportTime(at, state.granularity),
        },
        ...leading,
        ...columns.map((column) => ({
          key: column.key,
          title: `${column.name}${column.unit ? ` (${column.unit})` : ''} · ${t(`report.aggregations.${column.aggregation}`)}`,
          width: 150,
          align: 'right' as const,
          render: (_value: unknown, row: R) => formatReportValue(row.values[column.key], column.decimals),
        })),
      ]}
    />
  );
}
