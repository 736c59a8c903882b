/**
 * The report and data centre API (`/lyyp/developer/report/*`, `/datacenter/*`): paths, request
 * bodies and answers, written once. A report definition is a nested body and is easiest sent as
 * JSON; every other body is flat and may be form-encoded (§7). Times are epoch ms.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../limits.ts';
import { INVALID_FIELD_MESSAGE } from '../device-model/issues.ts';
import { entityId } from '../alarm/fields.ts';
import { SHEET_FORMATS, epochMsInput, CapacityUseSchema } from '../api/common.ts';
import { REPORT_PAGE_SIZE_MAX } from './limits.ts';
import { REPORT_AGGREGATIONS, REPORT_GRANULARITIES, REPORT_TYPES, reportDefinitionSchema } from './report.ts';

export const REPORT_API_PATHS = {
  list: '/report/list',
  add: '/report/add',
  edit: '/report/edit',
  delete: '/report/delete',
  deviceReports: '/report/device/list',
  data: '/report/data',
  series: '/report/series',
  export: '/report/export',
  productOptions: '/report/product/options',
  productReports: '/report/product/reports',
  productData: '/report/product/data',
  productExport: '/report/product/export',
  datacenterSummary: '/datacenter/summary',
  datacenterExport: '/datacenter/export',
} as const;

const withNewId = (value: unknown) =>
  value !== null && typeof value === 'object' && !('id' in value) ? { ...value, id: 'new' } : value;

// Definitions (product report tab) ---------------------------------------------------------------

export const reportProductBodySchema = z.object({ productId: entityId('productId') });
export const reportAddBodySchema = z.object({
  productId: entityId('productId'),
  report: z.preprocess(withNewId, reportDefinitionSchema),
});
export const reportEditBodySchema = z.object({
  productId: entityId('productId'),
  report: reportDefinitionSchema,
});
export const reportDeleteBodySchema = z.object({ productId: entityId('productId'), id: entityId('id') });

export const reportListAnswerSchema = z.object({
  productId: z.string(),
  reports: z.array(reportDefinitionSchema),
  /** §8/§9 capacity used/total per gateway; adding beyond it answers 1511. */
  capacity: CapacityUseSchema,
});
export type ReportListAnswer = z.infer<typeof reportListAnswerSchema>;

// A device's reports (monitoring site) ------------------------------------------------------------

export const reportDeviceBodySchema = z.object({ equipmentId: entityId('equipmentId') });

/** A column of a report table: a listed variable with its name, unit and aggregation. */
export const reportColumnSchema = z.object({
  key: z.string(),
  name: z.string(),
  unit: z.string(),
  decimals: z.number().int(),
  aggregation: z.enum(REPORT_AGGREGATIONS),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const deviceReportSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(REPORT_TYPES),
  intervalMinutes: z.number().int(),
  columns: z.array(reportColumnSchema),
});
export type DeviceReport = z.infer<typeof deviceReportSchema>;
export const deviceReportListAnswerSchema = z.array(deviceReportSchema);

const rangeFields = {
  equipmentId: entityId('equipmentId'),
  reportId: entityId('reportId'),
  granularity: z.enum(REPORT_GRANULARITIES, { error: INVALID_FIELD_MESSAGE }).default('hour'),
  /** Epoch ms, inclusive. */
  start: epochMsInput,
  /** Epoch ms, exclusive. */
  end: epochMsInput,
  /** IANA time zone days and months are cut in; the server's own when missing or unknown. */
  timeZone: z.string().max(64).optional(),
};

export const reportDataBodySchema = z.object({
  ...rangeFields,
  page: z.coerce.number({ error: INVALID_FIELD_MESSAGE }).int().min(1).default(1),
  pageSize: z.coerce
    .number({ error: INVALID_FIELD_MESSAGE })
    .int()
    .min(1)
    .max(REPORT_PAGE_SIZE_MAX)
    .default(DEFAULT_PAGE_SIZE),
});
export type ReportDataBody = z.input<typeof reportDataBodySchema>;
export const reportSeriesBodySchema = z.object(rangeFields);
export type ReportSeriesBody = z.input<typeof reportSeriesBodySchema>;
export const reportExportBodySchema = z.object({
  ...rangeFields,
  format: z.enum(SHEET_FORMATS, { error: INVALID_FIELD_MESSAGE }).default('xlsx'),
});
export type ReportExportBody = z.input<typeof reportExportBodySchema>;

/** One row of a report table: the start of its hour, day or month and each column's value. */
export const reportRowSchema = z.object({
  at: z.number().int(),
  values: z.record(z.string(), z.number().nullable()),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/** Newest row first. */
export const reportDataAnswerSchema = z.object({
  columns: z.array(reportColumnSchema),
  list: z.array(reportRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReportDataAnswer = z.infer<typeof reportDataAnswerSchema>;

/** Every row of the range, oldest first (for the chart). */
export const reportSeriesAnswerSchema = z.object({
  columns: z.array(reportColumnSchema),
  rows: z.array(reportRowSchema),
});
export type ReportSeriesAnswer = z.infer<typeof reportSeriesAnswerSchema>;

// A product's report over all its devices (monitoring site, staff) --------------------------------

/** A product whose devices' reports the caller may read, with how many reports it defines. */
export const reportProductOptionSchema = z.object({
  id: z.string(),
  title: z.string(),
  reports: z.number().int(),
});
export type ReportProductOption = z.infer<typeof reportProductOptionSchema>;
export const reportProductOptionsAnswerSchema = z.array(reportProductOptionSchema);

export const reportProductReportsBodySchema = z.object({ productId: entityId('productId') });

const productRangeFields = {
  productId: entityId('productId'),
  reportId: entityId('reportId'),
  granularity: rangeFields.granularity,
  start: rangeFields.start,
  end: rangeFields.end,
  timeZone: rangeFields.timeZone,
};

export const productReportDataBodySchema = z.object({
  ...productRangeFields,
  page: reportDataBodySchema.shape.page,
  pageSize: reportDataBodySchema.shape.pageSize,
});
export type ProductReportDataBody = z.input<typeof productReportDataBodySchema>;
export const productReportExportBodySchema = z.object({
  ...productRangeFields,
  format: reportExportBodySchema.shape.format,
});
export type ProductReportExportBody = z.input<typeof productReportExportBodySchema>;

/** One row of a product's report: one device in one hour, day or month. */
export const productReportRowSchema = reportRowSchema.extend({
  deviceId: z.string(),
  deviceName: z.string(),
});
export type ProductReportRow = z.infer<typeof productReportRowSchema>;

/** Newest unit first; within a unit, devices by name. `total` counts (device, unit) rows. */
export const productReportDataAnswerSchema = z.object({
  columns: z.array(reportColumnSchema),
  list: z.array(productReportRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Devices of the product the caller may see (the rows come from these). */
  devices: z.number().int(),
});
export type ProductReportDataAnswer = z.infer<typeof productReportDataAnswerSchema>;
