/**
 * Typed calls of history reports (`/report/*`) and the data centre (`/datacenter/*`): a product's
 * report definitions, a device's reports as tables, chart rows and files, a product's report over
 * all its devices (staff), and the data centre's
 * summary and export. Paths, requests and answers are the contract's (`@lyyp/contracts/report`);
 * a report definition is a nested body, so it goes as JSON.
 */
import {
  REPORT_API_PATHS,
  type DatacenterBody,
  type DatacenterSummary,
  type DeviceReport,
  type ProductReportDataAnswer,
  type ProductReportDataBody,
  type ProductReportExportBody,
  type ReportDataAnswer,
  type ReportProductOption,
  type ReportDataBody,
  type ReportDefinition,
  type ReportDefinitionInput,
  type ReportListAnswer,
  type ReportSeriesAnswer,
  type ReportSeriesBody,
} from '@lyyp/contracts/report';
import type { SheetFormat } from '@lyyp/contracts';
import { fileApi } from './catalogue.api.ts';
import type { FileApi } from './catalogue-files.ts';
import type { ApiClient } from './client.ts';
import { productItemCalls } from './product-items.ts';
import { apiClient } from './instance.ts';

export type {
  DatacenterBody,
  DatacenterDevice,
  DatacenterPeriod,
  DatacenterSummary,
  DeviceReport,
  ProductReportDataAnswer,
  ProductReportDataBody,
  ProductReportRow,
  ReportColumn,
  ReportProductOption,
  ReportDataAnswer,
  ReportDataBody,
  ReportDefinition,
  ReportDefinitionInput,
  ReportGranularity,
  ReportListAnswer,
  ReportRow,
  ReportSeriesAnswer,
  ReportSeriesBody,
} from '@lyyp/contracts/report';

export function createReportApi(client: ApiClient, files: FileApi) {
  const reports = productItemCalls<ReportDefinition, ReportDefinitionInput>(
    client,
    'report',
    REPORT_API_PATHS,
  );
  return {
    listReports: (productId: string) => client.post<ReportListAnswer>(REPORT_API_PATHS.list, { productId }),
    addReport: reports.add,
    editReport: reports.edit,
    deleteReport: reports.remove,

    deviceReports: (equipmentId: string) =>
      client.post<DeviceReport[]>(REPORT_API_PATHS.deviceReports, { equipmentId }),
    reportTable: (body: ReportDataBody) => client.post<ReportDataAnswer>(REPORT_API_PATHS.data, { ...body }),
    reportSeries: (body: ReportSeriesBody) =>
      client.post<ReportSeriesAnswer>(REPORT_API_PATHS.series, { ...body }),
    exportReport: (body: ReportSeriesBody, format: SheetFormat) =>
      files.download(REPORT_API_PATHS.export, { ...body, format }, `report.${format}`),

    reportProducts: () => client.post<ReportProductOption[]>(REPORT_API_PATHS.productOptions, {}),
    productReports: (productId: string) =>
      client.post<DeviceReport[]>(REPORT_API_PATHS.productReports, { productId }),
    productReportTable: (body: ProductReportDataBody) =>
      client.post<ProductReportDataAnswer>(REPORT_API_PATHS.productData, { ...body }),
    exportProductReport: (body: Omit<ProductReportExportBody, 'format'>, format: SheetFormat) =>
      files.download(REPORT_API_PATHS.productExport, { ...body, format }, `product-report.${format}`),

    datacenterSummary: (body: DatacenterBody) =>
      client.post<DatacenterSummary>(REPORT_API_PATHS.datacenterSummary, { ...body }),
    exportDatacenter: (body: DatacenterBody, format: SheetFormat) =>
      files.download(REPORT_API_PATHS.datacenterExport, { ...body, format }, `datacenter.${format}`),
  };
}

export type ReportApi = ReturnType<typeof createReportApi>;

export const reportApi = createReportApi(apiClient, fileApi);
