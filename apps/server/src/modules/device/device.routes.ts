/** Device paths (/equipment/*): bind, list, details, edit, unbind. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DeviceDetailSchema,
  DeviceGroupsSchema,
  DevicePageSchema,
  DeviceRecordSchema,
} from '@lyyp/contracts';
import { ok } from '../../lib/envelope.ts';
import { callerOf, postRoute } from '../product/catalogue-route.ts';
import type { DeviceService } from './device.service.ts';
import { deviceAddSchema, deviceEditSchema, deviceIdSchema, deviceQuerySchema } from './device.schemas.ts';

export const DEVICE_PATHS = {
  add: '/equipment/add',
  query: '/equipment/query',
  groups: '/equipment/groups',
  info: '/equipment/info',
  edit: '/equipment/edit',
  delete: '/equipment/delete',
} as const;

/** Binding tries verification codes: limited per address here, per gateway and account in the database. */
const BIND_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

export function registerDeviceRoutes(app: FastifyInstance, { devices }: { devices: DeviceService }) {
  const tags = ['devices'];
  // Back-office staff manage devices; end users manage their own from the monitoring site.
  const view = app.allow('device.list');

  postRoute(
    app,
    DEVICE_PATHS.add,
    {
      tags,
      summary: 'Bind a device to a gateway by SN and verification code; the caller owns it',
      guard: app.allow('device.bind'),
      answer: DeviceRecordSchema,
      body: deviceAddSchema,
      rateLimit: BIND_RATE_LIMIT,
    },
    async (request) => ok(await devices.bind(callerOf(request), request.body)),
  );

  postRoute(
    app,
    DEVICE_PATHS.query,
    {
      tags,
      summary: 'Devices the caller may see, paged, with gateway status; larger sort number first',
      guard: view,
      answer: DevicePageSchema,
      body: deviceQuerySchema,
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.body;
      return ok(await devices.query(callerOf(request), filter, { page, pageSize }));
    },
  );

  postRoute(
    app,
    DEVICE_PATHS.groups,
    {
      tags,
      summary: 'Group names of the devices the caller may see',
      guard: view,
      answer: DeviceGroupsSchema,
    },
    async (request) => ok(await devices.groups(callerOf(request))),
  );

  postRoute(
    app,
    DEVICE_PATHS.info,
    {
      tags,
      summary: 'A device with its gateway and product',
      guard: app.allow('device.view'),
      answer: DeviceDetailSchema,
      body: deviceIdSchema,
    },
    async (request) => ok(await devices.info(callerOf(request), request.body.id)),
  );

  postRoute(
    app,
    DEVICE_PATHS.edit,
    {
      tags,
      summary: 'Change the §3 fields of a device (owner or staff)',
      guard: app.allow('device.edit'),
      answer: DeviceRecordSchema,
      body: deviceEditSchema,
    },
    async (request) => ok(await devices.edit(callerOf(request), request.body)),
  );

  postRoute(
    app,
    DEVICE_PATHS.delete,
    {
      tags,
      summary: 'Unbind a device: it is removed and its gateway is free again',
      guard: app.allow('device.unbind'),
      answer: z.null(),
      body: deviceIdSchema,
    },
    async (request) => {
      await devices.unbind(callerOf(request), request.body.id);
      return ok(null);
    },
  );
}
