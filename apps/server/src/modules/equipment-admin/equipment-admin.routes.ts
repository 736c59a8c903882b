/** Staff device management paths (/manage/equipment/*). Validate → call the service → answer. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  EQUIPMENT_ADMIN_PATHS,
  deviceLogExportSchema,
  deviceLogPageSchema,
  deviceLogQuerySchema,
  equipmentAuthorizeSchema,
  equipmentExportSchema,
  equipmentGrantListSchema,
  equipmentIdSchema,
  equipmentPageSchema,
  equipmentQuerySchema,
  equipmentRevokeSchema,
} from '@lyyp/contracts/equipment-admin';
import { ok } from '../../lib/envelope.ts';
import { callerOf, postRoute, sendFile } from '../product/catalogue-route.ts';
import { SHEET_CONTENT_TYPES } from '../product/spreadsheet.ts';
import type { EquipmentAdminService } from './equipment-admin.service.ts';

export function registerEquipmentAdminRoutes(app: FastifyInstance, service: EquipmentAdminService) {
  const tags = ['staff devices'];
  const view = app.allow('device.staffList');
  const edit = app.allow('device.grant');
  const log = app.allow('device.log');

  postRoute(
    app,
    EQUIPMENT_ADMIN_PATHS.query,
    {
      tags,
      summary: 'Every device I may see: product, gateway SN, online state, owner, group, SIM state; paged',
      guard: view,
      body: equipmentQuerySchema,
      answer: equipmentPageSchema,
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.body;
      return ok(await service.list(callerOf(request), filter, { page, pageSize }));
    },
  );
  postRoute(
    app,
    EQUIPMENT_ADMIN_PATHS.export,
    {
      tags,
      summary: 'Export the device list (same filters) as XLSX or CSV; the answer is the file',
      guard: view,
      body: equipmentExportSchema,
    },
    async (request, reply) => {
      const { format, ...filter } = request.body;
      const file = await service.export(callerOf(request), filter, format);
      return sendFile(reply, {
        name: file.name,
        contentType: SHEET_CONTENT_TYPES[format],
        bytes: file.bytes,
      });
    },
  );
  postRoute(
    app,
    EQUIPMENT_ADMIN_PATHS.unbind,
    {
      tags,
      summary: 'Unbind a device: it is removed and its gateway is free again',
      guard: app.allow('device.unbind'),
      body: equipmentIdSchema,
      answer: z.null(),
    },
    async (request) => {
      await service.unbind(callerOf(request), request.body.id);
      return ok(null);
    },
  );
  postRoute(
    app,
    EQUIPMENT_ADMIN_PATHS.grants,
    {
      tags,
      summary: 'Accounts a device is authorised or shared to',
      guard: app.allow('device.grants'),
      body: equipmentIdSchema,
      answer: equipmentGrantListSchema,
    },
    async (request) => ok(await service.grants(callerOf(request), request.body.id)),
  );
  postRoute(
    app,
    EQUIPMENT_ADMIN_PATHS.authorize,
    {
      tags,
      summary: 'Authorise a device to an account (username or phone), with or without writing',
      guard: edit,
      body: equipmentAuthorizeSchema,
      answer: equipmentGrantListSchema,
    },
    async (request) => ok(await service.authorize(callerOf(request), request.body)),
  );
  postRoute(
    app,
    EQUIPMENT_ADMIN_PATHS.revoke,
    {
      tags,
      summary: 'Revoke an account’s access to a device; its alarm pushes and SMS stop',
      guard: edit,
      body: equipmentRevokeSchema,
      answer: equipmentGrantListSchema,
    },
    async (request) => ok(await service.revoke(callerOf(request), request.body)),
  );
  postRoute(
    app,
    EQUIPMENT_ADMIN_PATHS.log,
    {
      tags,
      summary: 'Device log: writes, configuration push and sync, binding, status changes (range ≤ 30 days)',
      guard: log,
      body: deviceLogQuerySchema,
      answer: deviceLogPageSchema,
    },
    async (request) => ok(await service.log(callerOf(request), request.body)),
  );
  postRoute(
    app,
    EQUIPMENT_ADMIN_PATHS.logExport,
    {
      tags,
      summary: 'Export the device log (same filters) as XLSX or CSV; the answer is the file',
      guard: log,
      body: deviceLogExportSchema,
    },
    async (request, reply) => {
      const { format, ...input } = request.body;
      const file = await service.exportLog(callerOf(request), input, format);
      return sendFile(reply, {
        name: file.name,
        contentType: SHEET_CONTENT_TYPES[format],
        bytes: file.bytes,
      });
    },
  );
}
