/**
 * Report and data centre paths: a product's reports (product editors), a device's reports on the
 * monitoring site (table, chart rows, export), a product's report over all its devices (staff) and
 * the data centre. Validate → call → answer; shapes
 * from `@lyyp/contracts/report`, declared the alarm paths' way (`alarmRoute`).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  REPORT_API_PATHS,
  datacenterBodySchema,
  datacenterExportBodySchema,
  datacenterSummarySchema,
  deviceReportListAnswerSchema,
  productReportDataAnswerSchema,
  productReportDataBodySchema,
  productReportExportBodySchema,
  reportProductOptionsAnswerSchema,
  reportProductReportsBodySchema,
  reportAddBodySchema,
  reportDataAnswerSchema,
  reportDataBodySchema,
  reportDefinitionSchema,
  reportDeleteBodySchema,
  reportDeviceBodySchema,
  reportEditBodySchema,
  reportExportBodySchema,
  reportListAnswerSchema,
  reportProductBodySchema,
  reportSeriesAnswerSchema,
  reportSeriesBodySchema,
} from '@lyyp/contracts/report';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import { alarmRoute } from '../alarm/alarm-route.ts';
import { callerOf, sendFile } from '../product/catalogue-route.ts';
import { SHEET_CONTENT_TYPES } from '../product/spreadsheet.ts';
import type { DatacenterService } from './datacenter.service.ts';
import type { ReportConfigService } from './report-config.service.ts';
import type { ProductReportService } from './product-report.service.ts';
import type { ReportQueryService } from './report-query.service.ts';

export interface ReportRoutesOptions {
  readonly config: ReportConfigService;
  readonly queries: ReportQueryService;
  readonly datacenter: DatacenterService;
  readonly productReports: ProductReportService;
}

export function registerReportRoutes(
  app: FastifyInstance,
  { config, queries, datacenter, productReports }: ReportRoutesOptions,
) {
  const tags = ['reports'];
  const centreTags = ['data centre'];
  const view = app.allow('report.definitionView');
  const edit = app.allow('report.definitionEdit');
  // Reports are history: a person who may read a device's history may read its reports.
  const viewReports = app.allow('report.view');
  const exportReports = app.allow('report.export');
  const viewCentre = app.allow('datacenter.view');

  alarmRoute(
    app,
    REPORT_API_PATHS.list,
    {
      tags,
      summary: 'A product’s reports and capacity used/total',
      guard: view,
      body: reportProductBodySchema,
      answer: reportListAnswerSchema,
    },
    async (request) => ok(await config.list(callerOf(request), request.body.productId)),
  );
  alarmRoute(
    app,
    REPORT_API_PATHS.add,
    {
      tags,
      summary: 'Add a report (send JSON: { productId, report }); 1511 beyond capacity',
      description:
        'Computed on the platform from stored points, back over stored history. Errors: 1511, 1508, 2301–2304.',
      guard: edit,
      body: reportAddBodySchema,
      answer: reportDefinitionSchema,
    },
    async (request) => ok(await config.add(callerOf(request), request.body.productId, request.body.report)),
  );
  alarmRoute(
    app,
    REPORT_API_PATHS.edit,
    {
      tags,
      summary: 'Edit a report; what was computed is dropped and computed again',
      guard: edit,
      body: reportEditBodySchema,
      answer: reportDefinitionSchema,
    },
    async (request) => ok(await config.edit(callerOf(request), request.body.productId, request.body.report)),
  );
  alarmRoute(
    app,
    REPORT_API_PATHS.delete,
    {
      tags,
      summary: 'Delete a report and its rows',
      guard: edit,
      body: reportDeleteBodySchema,
      answer: z.null(),
    },
    async (request) => {
      await config.delete(callerOf(request), request.body.productId, request.body.id);
      return ok(null);
    },
  );

  alarmRoute(
    app,
    REPORT_API_PATHS.deviceReports,
    {
      tags,
      summary: 'The reports of a device’s product, with their columns',
      guard: viewReports,
      body: reportDeviceBodySchema,
      answer: deviceReportListAnswerSchema,
    },
    async (request) => ok(await queries.deviceReports(sessionOf(request).account, request.body.equipmentId)),
  );
  alarmRoute(
    app,
    REPORT_API_PATHS.data,
    {
      tags,
      summary: 'A device’s report by hour, day or month: one page, newest first',
      description: 'Hourly rows span at most 30 days (§9 timeRange 720 h), daily 366, monthly 1098 (1805).',
      guard: viewReports,
      body: reportDataBodySchema,
      answer: reportDataAnswerSchema,
    },
    async (request) => ok(await queries.table(sessionOf(request).account, request.body)),
  );
  alarmRoute(
    app,
    REPORT_API_PATHS.series,
    {
      tags,
      summary: 'A device’s report by hour, day or month: every row of the range, oldest first (chart)',
      guard: viewReports,
      body: reportSeriesBodySchema,
      answer: reportSeriesAnswerSchema,
    },
    async (request) => ok(await queries.series(sessionOf(request).account, request.body)),
  );
  alarmRoute(
    app,
    REPORT_API_PATHS.export,
    {
      tags,
      summary: 'A device’s report as XLSX or CSV; the answer is the file',
      guard: exportReports,
      body: reportExportBodySchema,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const file = await queries.export(sessionOf(request).account, request.body, caller.locale);
      return sendFile(reply, {
        name: file.name,
        contentType: SHEET_CONTENT_TYPES[file.format],
        bytes: file.bytes,
      });
    },
  );

  // A product's report over all its devices: the product must be visible (else 1003), the rows come
  // from the devices the caller may see.
  alarmRoute(
    app,
    REPORT_API_PATHS.productOptions,
    {
      tags,
      summary: 'Products whose devices’ reports the caller may read, with their number of reports',
      guard: viewReports,
      answer: reportProductOptionsAnswerSchema,
    },
    async (request) => ok(await productReports.options(callerOf(request))),
  );
  alarmRoute(
    app,
    REPORT_API_PATHS.productReports,
    {
      tags,
      summary: 'The reports of a product, with their columns (a product not visible: 1003)',
      guard: viewReports,
      body: reportProductReportsBodySchema,
      answer: deviceReportListAnswerSchema,
    },
    async (request) => ok(await productReports.reports(callerOf(request), request.body.productId)),
  );
  alarmRoute(
    app,
    REPORT_API_PATHS.productData,
    {
      tags,
      summary: 'A product’s report over all its devices: a row per device per hour, day or month, one page',
      description:
        'Newest unit first, devices by name within a unit; only devices the caller may see. Ranges as /report/data (1805).',
      guard: viewReports,
      body: productReportDataBodySchema,
      answer: productReportDataAnswerSchema,
    },
    async (request) => ok(await productReports.table(callerOf(request), request.body)),
  );
  alarmRoute(
    app,
    REPORT_API_PATHS.productExport,
    {
      tags,
      summary: 'A product’s report over all its devices as XLSX or CSV; the answer is the file',
      guard: exportReports,
      body: productReportExportBodySchema,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const file = await productReports.export(caller, request.body, caller.locale);
      return sendFile(reply, {
        name: file.name,
        contentType: SHEET_CONTENT_TYPES[file.format],
        bytes: file.bytes,
      });
    },
  );

  alarmRoute(
    app,
    REPORT_API_PATHS.datacenterSummary,
    {
      tags: centreTags,
      summary: 'Consumption, production and online rate of the caller’s devices',
      guard: viewCentre,
      body: datacenterBodySchema,
      answer: datacenterSummarySchema,
    },
    async (request) => ok(await datacenter.summary(sessionOf(request).account, request.body)),
  );
  alarmRoute(
    app,
    REPORT_API_PATHS.datacenterExport,
    {
      tags: centreTags,
      summary: 'The data centre’s device table as XLSX or CSV; the answer is the file',
      guard: viewCentre,
      body: datacenterExportBodySchema,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const file = await datacenter.export(sessionOf(request).account, request.body, caller.locale);
      return sendFile(reply, {
        name: file.name,
        contentType: SHEET_CONTENT_TYPES[file.format],
        bytes: file.bytes,
      });
    },
  );
}
