/**
 * The history report table (ComplexHistory): a device's variables over a period, as raw samples or
 * as a history report's hourly, daily or monthly statistics, with paging, a period the viewer may
 * pick, and CSV / Excel export. The designer shows sample rows; a running page reads the page's
 * device through the same calls as the device detail's history and report tabs, with the viewer's
 * own permissions, and reads again every `rollTime` seconds.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { createEmptyBinding } from '@lyyp/designer-core';
import type { SheetFormat } from '@lyyp/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Dropdown, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { historyApi } from '../../api/history.api.ts';
import { reportApi } from '../../api/report.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeViolation, useDescribeFailure } from '../../features/monitor/common/catalogue-text.ts';
import { saveFile } from '../../features/monitor/common/save-file.ts';
import { useCapabilities } from '../../features/monitor/common/use-device-abilities.ts';
import { formatReportValue } from '../../features/report/report-range.ts';
import type { WidgetRendererProps, WidgetRuntime } from '../render-context.ts';
import { formatDataValue } from '../value-format.ts';
import {
  checkHistoryRange,
  defaultHistoryRange,
  formatRowTime,
  granularityOf,
  historyIntervalOf,
  lastShownMoment,
  previewHistoryRows,
  rangeOfPickedPeriod,
  rawKeysOf,
  tableBodyHeight,
  type HistoryAddon,
  type HistoryTableRange,
  type PreviewColumn,
} from './history-table.ts';
import styles from './complex-widgets.module.css';
import { widgetTableProps } from './widget-table.ts';

const PAGE_SIZE = 10;

interface TableColumn extends PreviewColumn {
  readonly format: (value: unknown) => string;
}

interface TableRow {
  readonly at: number;
  readonly values: Readonly<Record<string, unknown>>;
}

function HistoryGrid({
  columns,
  rows,
  interval,
  total,
  page,
  showPage,
  loading,
  empty,
  bodyHeight,
  onPage,
}: {
  columns: readonly TableColumn[];
  rows: readonly TableRow[];
  interval: ReturnType<typeof historyIntervalOf>;
  total: number;
  page: number;
  showPage: boolean;
  loading: boolean;
  empty: ReactNode;
  /** Height left for the rows, so the header and the pager stay in the widget's box. */
  bodyHeight: number;
  onPage?: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table<TableRow>
      rowKey="at"
      {...widgetTableProps('history-widget-table', rows, loading, empty, bodyHeight)}
      pagination={
        showPage
          ? {
              size: 'small',
              current: page,
              pageSize: PAGE_SIZE,
              total,
              showSizeChanger: false,
              showTotal: (count) => t('monitor.common.total', { total: count }),
              ...(onPage ? { onChange: onPage } : {}),
            }
          : false
      }
      columns={[
        {
          title: t('widgetData.history.time'),
          key: 'at',
          fixed: 'left',
          render: (_value: unknown, row: TableRow) => formatRowTime(row.at, interval),
        },
        ...columns.map((column) => ({
          key: column.key,
          title: column.title,
          align: 'right' as const,
          render: (_value: unknown, row: TableRow) => column.format(row.values[column.key]),
        })),
      ]}
    />
  );
}

/** The time now, taken again every `intervalMs` while enabled. */
function useRollingNow(intervalMs: number, enabled: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, enabled]);
  return now;
}

/** The designer's view: the chosen variables (or sample report columns) over five sample rows. */
function HistoryPreview({ addon, bodyHeight }: { addon: HistoryAddon; bodyHeight: number }) {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  const interval = historyIntervalOf(addon);
  const columns: TableColumn[] =
    interval === 'raw'
      ? (addon.signalArray ?? []).map((item, index) => ({
          key: `${index}:${item.signalId}`,
          title: item.subTitle ? `${item.title} (${item.subTitle})` : item.title || item.signalId,
          format: (value) => formatDataValue(value as number),
        }))
      : [1, 2, 3].map((index) => ({
          key: String(index),
          title: t('widgetData.history.sampleColumn', { index }),
          format: (value) => formatReportValue(value as number, 2),
        }));
  const hint =
    interval === 'raw' && columns.length === 0
      ? t('widgetData.history.chooseSignals')
      : interval !== 'raw' && !addon.reportId
        ? t('widgetData.history.chooseReport')
        : null;
  return (
    <>
      <Space className={styles.toolbar} wrap>
        <Typography.Text type="secondary">{hint ?? t('widgetData.history.preview')}</Typography.Text>
        {addon.exportExcel ? (
          <Button size="small" icon={<DownloadOutlined />} disabled>
            {t('widgetData.history.export')}
          </Button>
        ) : null}
      </Space>
      <HistoryGrid
        columns={columns}
        rows={previewHistoryRows(columns, interval, now)}
        interval={interval}
        total={50}
        page={1}
        showPage={addon.showPage}
        loading={false}
        empty={hint}
        bodyHeight={bodyHeight}
      />
    </>
  );
}

/** The running table of the page's device. */
function HistoryRunning({
  addon,
  runtime,
  deviceId,
  bodyHeight,
}: {
  addon: HistoryAddon;
  runtime: WidgetRuntime;
  deviceId: string;
  bodyHeight: number;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const interval = historyIntervalOf(addon);
  const granularity = granularityOf(interval);
  // Raw rows export as history, summarised periods as a report: the policy's action for each.
  const canExport = useCapabilities().may(granularity === null ? 'history.export' : 'report.export');
  const [picked, setPicked] = useState<HistoryTableRange | null>(null);
  const [page, setPage] = useState(1);
  // The default period ends now: it moves on every rollTime, a picked one stays put.
  const now = useRollingNow(addon.rollTime * 1000, picked === null);
  const range = picked ?? defaultHistoryRange(addon, now);
  const violation = checkHistoryRange(range, interval);
  const keys = rawKeysOf(addon);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const refetchInterval = addon.rollTime * 1000;

  const rawRequest =
    granularity === null && keys.length > 0 && !violation ? { equipmentId: deviceId, keys, ...range } : null;
  const reportRequest =
    granularity !== null && addon.reportId && !violation
      ? { equipmentId: deviceId, reportId: addon.reportId, granularity, ...range, timeZone }
      : null;
  const pageSize = addon.showPage ? PAGE_SIZE : 100;
  const raw = useQuery({
    queryKey: ['widget-history', rawRequest, page, pageSize],
    queryFn: () => historyApi.queryHistory(rawRequest!, page, pageSize),
    enabled: rawRequest !== null,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
  const report = useQuery({
    queryKey: ['widget-report', reportRequest, page, pageSize],
    queryFn: () => reportApi.reportTable({ ...reportRequest!, page, pageSize }),
    enabled: reportRequest !== null,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
  const exportFile = useMutation({
    mutationFn: (format: SheetFormat) =>
      rawRequest
        ? historyApi.exportHistory(rawRequest, format, timeZone)
        : reportApi.exportReport(reportRequest!, format),
    onSuccess: saveFile,
    onError: (error) => void message.error(describeFailure(error)),
  });

  const columns: TableColumn[] =
    granularity === null
      ? (addon.signalArray ?? [])
          .filter(
            (item, index, all) =>
              item.signalId && all.findIndex((other) => other.signalId === item.signalId) === index,
          )
          .map((item) => {
            const info = runtime.describe({
              ...createEmptyBinding(),
              signalId: item.signalId,
              equipId: item.equipId,
            });
            const unit = item.subTitle || info?.unit;
            return {
              key: item.signalId,
              title: unit ? `${item.title || item.signalId} (${unit})` : item.title || item.signalId,
              format: (value: unknown) => formatDataValue(value as never, { ...info, unit: '' }),
            };
          })
      : (report.data?.columns ?? []).map((column) => ({
          key: column.key,
          title: `${column.name}${column.unit ? ` (${column.unit})` : ''} · ${t(`report.aggregations.${column.aggregation}`)}`,
          format: (value: unknown) => formatReportValue(value as number | null, column.decimals),
        }));
  const answer = granularity === null ? raw : report;
  const rows: TableRow[] =
    granularity === null
      ? (raw.data?.list ?? []).map((row) => ({ at: row.ts, values: row.values }))
      : (report.data?.list ?? []);
  const ready = granularity === null ? rawRequest !== null : reportRequest !== null;
  const empty = violation
    ? describeViolation(violation, locale)
    : answer.error
      ? describeFailure(answer.error)
      : granularity === null && keys.length === 0
        ? t('widgetData.history.chooseSignals')
        : granularity !== null && !addon.reportId
          ? t('widgetData.history.chooseReport')
          : t('widgetData.history.empty');

  const handlePick = (values: [Dayjs | null, Dayjs | null] | null) => {
    const [first, last] = values ?? [];
    if (!first || !last) return;
    setPage(1);
    setPicked(rangeOfPickedPeriod(first.valueOf(), last.valueOf(), interval));
  };
  const shownEnd = lastShownMoment(range, interval);

  return (
    <>
      <Space className={styles.toolbar} wrap>
        {addon.filterTime ? (
          <DatePicker.RangePicker
            size="small"
            aria-label={t('widgetData.history.range')}
            data-testid="history-widget-range"
            allowClear={false}
            showTime={granularity === null}
            picker={granularity === 'month' ? 'month' : 'date'}
            value={[dayjs(range.start), dayjs(shownEnd)]}
            onChange={handlePick}
          />
        ) : (
          <Typography.Text type="secondary">
            {formatRowTime(range.start, interval)} ~ {formatRowTime(shownEnd, interval)}
          </Typography.Text>
        )}
        {addon.exportExcel && canExport ? (
          <Dropdown
            disabled={!ready}
            menu={{
              items: [
                { key: 'csv', label: t('widgetData.history.exportCsv') },
                { key: 'xlsx', label: t('widgetData.history.exportXlsx') },
              ],
              onClick: ({ key }) => exportFile.mutate(key as SheetFormat),
            }}
          >
            <Button
              size="small"
              icon={<DownloadOutlined />}
              loading={exportFile.isPending}
              data-testid="history-widget-export"
            >
              {t('widgetData.history.export')}
            </Button>
          </Dropdown>
        ) : null}
      </Space>
      <HistoryGrid
        columns={columns}
        rows={rows}
        interval={interval}
        total={answer.data?.total ?? 0}
        page={page}
        showPage={addon.showPage}
        loading={ready && answer.isFetching && !answer.data}
        empty={empty}
        bodyHeight={bodyHeight}
        onPage={setPage}
      />
    </>
  );
}

export function HistoryWidget({ widget, height, runtime }: WidgetRendererProps<'ComplexHistory'>) {
  const addon = widget.data.dataAddon;
  const bodyHeight = tableBodyHeight(height, addon.showPage);
  const { t } = useTranslation();
  let content: ReactNode;
  if (runtime.mode === 'design') content = <HistoryPreview addon={addon} bodyHeight={bodyHeight} />;
  else if (runtime.deviceId === undefined)
    content = <Typography.Text type="secondary">{t('widgetData.history.noDevice')}</Typography.Text>;
  else
    content = (
      <HistoryRunning addon={addon} runtime={runtime} deviceId={runtime.deviceId} bodyHeight={bodyHeight} />
    );
  return (
    <div
      className={styles.frame}
      data-history-widget={widget.id}
      data-history-interval={historyIntervalOf(addon)}
    >
      {content}
    </div>
  );
}
