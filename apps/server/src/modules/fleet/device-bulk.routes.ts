/**
 * The device list in bulk: groups (`/equipment/group/*`), import with its template, export, and
 * unbinding several devices. Validate → call the service → answer.
 */
import type { FastifyInstance } from 'fastify';
import {
  DEVICE_BULK_PATHS as PATHS,
  DeviceBatchRequestSchema,
  DeviceExportRequestSchema,
  DeviceGroupAddSchema,
  DeviceGroupIdSchema,
  DeviceGroupListSchema,
  DeviceGroupMoveAnswerSchema,
  DeviceGroupMoveSchema,
  DeviceGroupRenameSchema,
  DeviceImportAnswerSchema,
  DeviceImportFieldsSchema,
  DeviceImportTemplateSchema,
  DeviceUnbindBatchAnswerSchema,
} from '@lyyp/contracts/fleet';
import { ok } from '../../lib/envelope.ts';
import { bytesOf, callerOf, postRoute, sendFile, uploadedFile } from '../product/catalogue-route.ts';
import { SHEET_CONTENT_TYPES } from '../product/spreadsheet.ts';
import type { DeviceGroupService } from './device-group.service.ts';
import type { DeviceSheetService } from './device-sheet.service.ts';

/** An import tries verification codes like binding: limited per address here, per gateway and account in the database. */
const IMPORT_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

export function registerDeviceBulkRoutes(
  app: FastifyInstance,
  { groups, sheets }: { groups: DeviceGroupService; sheets: DeviceSheetService },
) {
  const tags = ['devices'];
  // The same codes as the device paths: staff from the back office, end users on the monitoring site.
  const view = app.allow('device.list');
  const manage = app.allow('device.edit');

  postRoute(
    app,
    PATHS.groupList,
    {
      tags,
      summary: 'My device groups with their device counts',
      guard: view,
      answer: DeviceGroupListSchema,
    },
    async (request) => ok(await groups.list(callerOf(request))),
  );
  postRoute(
    app,
    PATHS.groupAdd,
    {
      tags,
      summary: 'Create a device group; answers my groups',
      guard: manage,
      body: DeviceGroupAddSchema,
      answer: DeviceGroupListSchema,
    },
    async (request) => ok(await groups.add(callerOf(request), request.body)),
  );
  postRoute(
    app,
    PATHS.groupRename,
    {
      tags,
      summary: 'Rename one of my device groups (its devices follow); answers my groups',
      guard: manage,
      body: DeviceGroupRenameSchema,
      answer: DeviceGroupListSchema,
    },
    async (request) => ok(await groups.rename(callerOf(request), request.body)),
  );
  postRoute(
    app,
    PATHS.groupDelete,
    {
      tags,
      summary: 'Delete one of my device groups; its devices become ungrouped',
      guard: manage,
      body: DeviceGroupIdSchema,
      answer: DeviceGroupListSchema,
    },
    async (request) => ok(await groups.delete(callerOf(request), request.body.id)),
  );
  postRoute(
    app,
    PATHS.groupMove,
    {
      tags,
      summary: 'Move devices into a group, or out of every group without groupId; all or nothing',
      guard: manage,
      body: DeviceGroupMoveSchema,
      answer: DeviceGroupMoveAnswerSchema,
    },
    async (request) => ok(await groups.move(callerOf(request), request.body)),
  );
  postRoute(
    app,
    PATHS.importTemplate,
    {
      tags,
      summary: 'The empty device import sheet (XLSX or CSV); the answer is the file',
      guard: manage,
      body: DeviceImportTemplateSchema,
    },
    async (request, reply) => {
      const file = await sheets.template(callerOf(request), request.body.format);
      return sendFile(reply, { ...file, contentType: SHEET_CONTENT_TYPES[request.body.format] });
    },
  );
  postRoute(
    app,
    PATHS.import,
    {
      tags,
      summary:
        'Bind the devices of a sheet (SN, verification code, name, remark, group, sort number); a result per row',
      guard: manage,
      body: DeviceImportFieldsSchema.extend({ file: uploadedFile }),
      answer: DeviceImportAnswerSchema,
      rateLimit: IMPORT_RATE_LIMIT,
    },
    async (request) =>
      ok(await sheets.importSheet(callerOf(request), bytesOf(request.body.file), request.body.productId)),
  );
  postRoute(
    app,
    PATHS.export,
    {
      tags,
      summary: 'The device list with the same filters as XLSX or CSV; the answer is the file',
      guard: view,
      body: DeviceExportRequestSchema,
    },
    async (request, reply) => {
      const { format, ...filter } = request.body;
      const file = await sheets.exportSheet(callerOf(request), filter, format);
      return sendFile(reply, { ...file, contentType: SHEET_CONTENT_TYPES[format] });
    },
  );
  postRoute(
    app,
    PATHS.unbindBatch,
    {
      tags,
      summary: 'Unbind several devices (owner or staff); all or nothing',
      guard: app.allow('device.unbind'),
      body: DeviceBatchRequestSchema,
      answer: DeviceUnbindBatchAnswerSchema,
    },
    async (request) => ok(await sheets.unbindMany(callerOf(request), request.body.ids)),
  );
}
