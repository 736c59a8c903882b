/**
 * A product's report over all its devices (/monitor/reports), for staff: operators, the product's
 * developer and the super manager pick a product and one of its reports and see a row per device
 * per hour, day or month, newest first, with the time range (§9: hourly rows over at most 720
 * hours), paging and the range exported to Excel. The server keeps to the devices the person may
 * see; the table asks again every rollTime (§9, 30 s) while it is open.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportApi, type ProductReportRow } from '../../api/report.api.ts';
import { useProductAbilities } from '../product/use-product-abilities.ts';
import { ReportAlerts, ReportControls, ReportTable, useReportRows } from './report-view.tsx';

export default function ProductReportsPage() {
  const { t } = useTranslation();
  const [chosenProduct, setChosenProduct] = useState<string | null>(null);
  const [chosenReport, setChosenReport] = useState<string | null>(null);

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
  const rows = useReportRows(
    'product-report-table',
    productId && reportId ? { productId, reportId } : null,
    reportApi.productReportTable,
  );
  const { state, table } = rows;

  const columns =
    table.data?.columns ?? reports.data?.find((report) => report.id === reportId)?.columns ?? [];

  let content;
  if (products.isPending) content = <Skeleton active />;
  else if (products.data?.length === 0) content = <Empty description={t('report.products.noProducts')} />;
  else if (reports.data?.length === 0) content = <Empty description={t('report.products.noReports')} />;
  else
    content = (
      <ReportTable<ProductReportRow>
        state={state}
        table={table}
        columns={columns}
        rowKey={(row) => `${row.at}:${row.deviceId}`}
        testId="product-report-table"
        leading={[
          {
            title: t('report.products.device'),
            dataIndex: 'deviceName',
            width: 200,
            fixed: 'left' as const,
          },
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
              state.setPage(1);
            }}
            options={(products.data ?? []).map((product) => ({ value: product.id, label: product.title }))}
          />
          <ReportControls
            rows={rows}
            reports={reports.data ?? []}
            value={reportId}
            onReport={setChosenReport}
            testId="product-report-report"
            exportFile={canExport && reportApi.exportProductReport}
            exportTestId="product-report-export"
          />
        </Space>
        <Typography.Text type="secondary">
          {t('report.products.layout')}
          {table.data ? ` ${t('report.products.devices', { count: table.data.devices })}` : ''}
        </Typography.Text>
        <ReportAlerts state={state} failure={products.error ?? reports.error ?? table.error} />
        {content}
      </Space>
    </Card>
  );
}
