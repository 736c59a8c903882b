/** Gateway paths (/gateway/*): list, details, batch creation, import and export, remark, credentials. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  GatewayCreatedSchema,
  GatewayCredentialsSchema,
  GatewayDeleteAnswerSchema,
  GatewayDetailSchema,
  GatewayImportAnswerSchema,
  GatewayPageSchema,
  GatewaySecretRotatedSchema,
} from '@lyyp/contracts';
import { ok } from '../../lib/envelope.ts';
import { bytesOf, callerOf, postRoute, sendFile } from '../product/catalogue-route.ts';
import type { GatewayService } from './gateway.service.ts';
import {
  gatewayBatchAddSchema,
  gatewayDeleteSchema,
  gatewayExportSchema,
  gatewayImportSchema,
  gatewayQuerySchema,
  gatewayRemarkSchema,
  gatewaySnSchema,
} from './gateway.schemas.ts';

export const GATEWAY_PATHS = {
  query: '/gateway/query',
  info: '/gateway/info',
  batchAdd: '/gateway/batchAdd',
  import: '/gateway/import',
  export: '/gateway/export',
  editRemark: '/gateway/editRemark',
  credentials: '/gateway/credentials',
  rotateSecret: '/gateway/rotateSecret',
  delete: '/gateway/delete',
} as const;

export function registerGatewayRoutes(app: FastifyInstance, { gateways }: { gateways: GatewayService }) {
  const tags = ['gateways'];
  const view = app.allow('gateway.view');
  const edit = app.allow('gateway.edit');

  postRoute(
    app,
    GATEWAY_PATHS.query,
    {
      tags,
      summary: 'Gateways the caller may see, paged, with status, signal band, owner and device',
      guard: app.allow('gateway.list'),
      answer: GatewayPageSchema,
      body: gatewayQuerySchema,
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.body;
      return ok(await gateways.query(callerOf(request), filter, { page, pageSize }));
    },
  );

  postRoute(
    app,
    GATEWAY_PATHS.info,
    {
      tags,
      summary: 'One gateway with its device, product and link counters',
      guard: view,
      answer: GatewayDetailSchema,
      body: gatewaySnSchema,
    },
    async (request) => ok(await gateways.info(callerOf(request), request.body.sn)),
  );

  postRoute(
    app,
    GATEWAY_PATHS.batchAdd,
    {
      tags,
      summary: 'Create gateways (operation staff): generated or given SNs, new codes and secrets',
      guard: app.allow('gateway.create'),
      answer: z.array(GatewayCreatedSchema),
      body: gatewayBatchAddSchema,
    },
    async (request) => ok(await gateways.batchAdd(callerOf(request), request.body)),
  );

  postRoute(
    app,
    GATEWAY_PATHS.import,
    {
      tags,
      summary: 'Import gateways from CSV or XLSX (operation staff), all or nothing',
      guard: app.allow('gateway.import'),
      answer: GatewayImportAnswerSchema,
      body: gatewayImportSchema,
    },
    async (request) =>
      ok(
        await gateways.importSheet(
          callerOf(request),
          bytesOf(request.body.file),
          request.body.developerAccountId,
        ),
      ),
  );

  postRoute(
    app,
    GATEWAY_PATHS.export,
    {
      tags,
      summary: 'Gateways as CSV or XLSX: the chosen SNs or everything the filter matches',
      guard: app.allow('gateway.export'),
      body: gatewayExportSchema,
    },
    async (request, reply) => {
      const { format, sns, ...filter } = request.body;
      return sendFile(reply, await gateways.exportSheet(callerOf(request), { sns, filter }, format));
    },
  );

  postRoute(
    app,
    GATEWAY_PATHS.editRemark,
    {
      tags,
      summary: 'Set or clear the remark of a gateway',
      guard: edit,
      answer: z.null(),
      body: gatewayRemarkSchema,
    },
    async (request) => {
      await gateways.editRemark(callerOf(request), request.body.sn, request.body.remark);
      return ok(null);
    },
  );

  postRoute(
    app,
    GATEWAY_PATHS.credentials,
    {
      tags,
      summary: 'SN, secret and broker settings for the edge agent (staff and owner)',
      guard: app.allow('gateway.credentials'),
      answer: GatewayCredentialsSchema,
      body: gatewaySnSchema,
    },
    async (request) => ok(await gateways.credentials(callerOf(request), request.body.sn)),
  );

  postRoute(
    app,
    GATEWAY_PATHS.rotateSecret,
    {
      tags,
      summary:
        'Replace the secret (staff and owner): the old one stops working and its connection is closed; the new one is answered once',
      guard: app.allow('gateway.rotateSecret'),
      answer: GatewaySecretRotatedSchema,
      body: gatewaySnSchema,
    },
    async (request) => ok(await gateways.rotateSecret(callerOf(request), request.body.sn)),
  );

  postRoute(
    app,
    GATEWAY_PATHS.delete,
    {
      tags,
      summary: 'Delete gateways no device is bound to (operation staff)',
      guard: app.allow('gateway.delete'),
      answer: GatewayDeleteAnswerSchema,
      body: gatewayDeleteSchema,
    },
    async (request) => ok(await gateways.delete(callerOf(request), request.body.sns)),
  );
}
