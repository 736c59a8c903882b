/** A product's reports and its variables as the report dialog needs them, shared through the query cache. */
import { reportApi } from '../../api/report.api.ts';
import { useProductQuery, useProductVariables, useRefreshLists } from '../product/product-queries.ts';
import type { ReportVariableOption } from './report-form.ts';

export const productReportsKey = (productId: string) => ['product-reports', productId] as const;

export const useProductReports = (productId: string) =>
  useProductQuery(productReportsKey(productId), productId, reportApi.listReports);

export const useReportVariables = (productId: string) =>
  useProductVariables(productId, 'report', ({ key, name, unit, dataType }): ReportVariableOption => ({
    key,
    name,
    unit,
    dataType,
  }));

const reportKeys = (productId: string) => [productReportsKey(productId)];

export const useReportsChanged = (productId: string) => useRefreshLists(productId, reportKeys);
