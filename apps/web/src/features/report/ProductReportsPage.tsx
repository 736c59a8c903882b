/**
 * A product's report over all its devices (/monitor/reports), for staff: operators, the product's
 * developer and the super manager pick a product and one of its reports and see a row per device
 * per hour, day or month, newest first, with the time range (§9: hourly rows over at most 720
 * hours), paging and the range exported to Excel. The server keeps to the devices the person may
 * see; the table asks again every rollTime (§9, 30 s) while it is open.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@lyyp/contracts';
import {
  REPORT_GRANULARITIES,
  REPORT_ROLL_TIME_SECONDS,
  type ReportGranularity,
} from '@lyyp/contracts/report';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Segmented,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportApi, type ProductReportRow } from '../../api/report.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeViolation, useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { saveFile } from '../monitor/common/save-file.ts';
import { useProductAbilities } from '../product/use-product-abilities.ts';
import {
  checkReportRange,
  defaultPicked,
  formatReportTime,
  formatReportValue,
  rangeOfPicked,
} from './report-range.ts';
import { IntervalTag } from './IntervalTag.tsx';

export default function ProductReportsPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const [chosenProduct, setChosenProduct] = useState<string | null>(null);
  const [chosenReport, setChosenReport] = useState<string | null>(null);
  const [granularity, setGranularity] = useState<ReportGranularity>('hour');
  const [picked, setPicked] = useState<[Dayjs, Dayjs]>(() => defaultPicked('hour', dayjs()));
  const [page, setPage] = useState(1);

  const products = useQuery({ queryKey: ['report-products'], queryFn: () => reportApi.reportProducts() });
  // The first product with reports is shown at once; a person may pick any other.
  const productId =
    chosenProduct ??
    products.data?.find((product) => product.reports > 0)?.id ??
    products.data?.[0]?.id ??
    null;
  // Export shows when the policy allows exporting this product's reports.
  const canExport = useProductAbilities(productId ?? '')('report.export');
  const reports = useQuery({
    queryKey: ['product-device-reports', productId],
    queryFn: () => reportApi.productReports(productId!),
    enabled: productId !== null,
  });
  const reportId = chosenReport ?? reports.data?.[0]?.id ?? null;
  const range = rangeOfPicked(picked[0], picked[1], granularity);
  const violation = checkReportRange(range, granularity);
  const body =
    productId && reportId && !violation
      ? {
          productId,
          reportId,
          granularity,
          ...range,
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        }
      : null;
  const table = useQuery({
    queryKey: ['product-report-table', body, page],
    queryFn: () => reportApi.productReportTable({ ...body!, page, pageSize: DEFAULT_PAGE_SIZE }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    refetchInterval: REPORT_ROLL_TIME_SECONDS * 1000,
  });
  const exportFile = useMutation({
    mutationFn: () => reportApi.exportProductReport(body!, 'xlsx'),
    onSuccess: saveFile,
    onError: (error) => void message.error(describeFailure(error)),
  });

  const changeGranularity = (next: ReportGranularity) => {
    setGranularity(next);
    setPicked(defaultPicked(next, dayjs()));
    setPage(1);
  };
  const columns =
    table.data?.columns ?? reports.data?.find((report) => report.id === reportId)?.columns ?? [];
  const failure = products.error ?? reports.error ?? table.error;

  let content;
  if (products.isPending) content = <Skeleton active />;
  else if (products.data?.length === 0) content = <Empty description={t('report.products.noProducts')} />;
  else if (reports.data?.length === 0) content = <Empty description={t('report.products.noReports')} />;
  else
    content = (
      <Table<ProductReportRow>
        rowKey={(row) => `${row.at}:${row.deviceId}`}
        size="small"
        data-testid="product-report-table"
        loading={table.isFetching && !table.data}
        dataSource={table.data?.list ?? []}
        scroll={{ x: 360 + columns.length * 150 }}
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
          {
            title: t('report.products.device'),
            dataIndex: 'deviceName',
            width: 200,
            fixed: 'left' as const,
          },
          ...columns.map((column) => ({
            key: column.key,
            title: `${column.name}${column.unit ? ` (${column.unit})` : ''} · ${t(`report.aggregations.${column.aggregation}`)}`,
            width: 150,
            align: 'right' as const,
            render: (_value: unknown, row: ProductReportRow) =>
              formatReportValue(row.values[column.key], column.decimals),
          })),
        ]}
      />
    );

  return (
    <Card variant="borderless" title={t('routes.MonitorReports')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <Select
            aria-label={t('report.products.product')}
            placeholder={t('report.products.choose')}
            style={{ minWidth: 200 }}
            showSearch={{ optionFilterProp: 'label' }}
            value={productId}
            data-testid="product-report-product"
            onChange={(id: string) => {
              setChosenProduct(id);
              setChosenReport(null);
              setPage(1);
            }}
            options={(products.data ?? []).map((product) => ({ value: product.id, label: product.title }))}
          />
          <Select
            aria-label={t('report.device.report')}
            style={{ minWidth: 180 }}
            value={reportId}
            data-testid="product-report-report"
            onChange={(id: string) => {
              setChosenReport(id);
              setPage(1);
            }}
            options={(reports.data ?? []).map((report) => ({ value: report.id, label: report.name }))}
          />
          <IntervalTag minutes={reports.data?.find((report) => report.id === reportId)?.intervalMinutes} />
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
          {canExport ? (
            <Button
              icon={<DownloadOutlined />}
              disabled={body === null}
              loading={exportFile.isPending}
              onClick={() => exportFile.mutate()}
              data-testid="product-report-export"
            >
              {t('report.device.export')}
            </Button>
          ) : null}
        </Space>
        <Typography.Text type="secondary">
          {t('report.products.layout')}
          {table.data ? ` ${t('report.products.devices', { count: table.data.devices })}` : ''}
        </Typography.Text>
        {violation ? <Alert type="warning" showIcon title={describeViolation(violation, locale)} /> : null}
        {failure ? <Alert type="error" showIcon title={describeFailure(failure)} /> : null}
        {content}
      </Space>
    </Card>
  );
}
