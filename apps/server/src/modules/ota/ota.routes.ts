/**
 * Paths of the §2 product/ota/:id tab: tasks of a product, a new task, a task with each gateway's
 * progress, retry and cancel, and the dialog's choices. All need `manage:product:ota` and a product
 * the caller may see. Validate → call → answer; shapes from `@lyyp/contracts/ota`.
 */
import type { FastifyInstance } from 'fastify';
import {
  OTA_API_PATHS,
  otaAddBodySchema,
  otaFirmwareOptionsSchema,
  otaGatewayOptionsSchema,
  otaListBodySchema,
  otaProductBodySchema,
  otaTaskBodySchema,
  otaTaskDetailSchema,
  otaTaskPageSchema,
} from '@lyyp/contracts/ota';
import { ok } from '../../lib/envelope.ts';
import { callerOf, postRoute } from '../product/catalogue-route.ts';
import type { OtaService } from './ota.service.ts';

export function registerOtaRoutes(app: FastifyInstance, ota: OtaService) {
  const tags = ['ota'];
  const guard = app.allow('ota.manage');

  postRoute(
    app,
    OTA_API_PATHS.list,
    {
      tags,
      summary: 'Upgrade tasks of a product, newest first, with counts of their gateways by state',
      guard,
      body: otaListBodySchema,
      answer: otaTaskPageSchema,
    },
    async (request) => {
      const { productId, page, pageSize } = request.body;
      return ok(await ota.list(callerOf(request), productId, { page, pageSize }));
    },
  );
  postRoute(
    app,
    OTA_API_PATHS.add,
    {
      tags,
      summary:
        'Create an upgrade task: a firmware and the gateways (all of the product, a list of sns, or those on fromVersion); firstBatch stages the rollout',
      guard,
      body: otaAddBodySchema,
      answer: otaTaskDetailSchema,
    },
    async (request) => ok(await ota.add(callerOf(request), request.body)),
  );
  postRoute(
    app,
    OTA_API_PATHS.info,
    {
      tags,
      summary: 'An upgrade task with the progress of each gateway',
      guard,
      body: otaTaskBodySchema,
      answer: otaTaskDetailSchema,
    },
    async (request) => ok(await ota.detail(callerOf(request), request.body.id)),
  );
  postRoute(
    app,
    OTA_API_PATHS.retry,
    {
      tags,
      summary: 'Retry the failed gateways of a task (or the one named by sn); 2736 when none failed',
      guard,
      body: otaTaskBodySchema,
      answer: otaTaskDetailSchema,
    },
    async (request) => ok(await ota.retry(callerOf(request), request.body.id, request.body.sn || undefined)),
  );
  postRoute(
    app,
    OTA_API_PATHS.cancel,
    {
      tags,
      summary: 'Cancel a task (or one gateway of it, by sn); gateways already applying finish',
      guard,
      body: otaTaskBodySchema,
      answer: otaTaskDetailSchema,
    },
    async (request) => ok(await ota.cancel(callerOf(request), request.body.id, request.body.sn || undefined)),
  );
  postRoute(
    app,
    OTA_API_PATHS.firmware,
    {
      tags,
      summary: 'Firmware a task may bring gateways to (name, kind, version)',
      guard,
      body: otaProductBodySchema,
      answer: otaFirmwareOptionsSchema,
    },
    async (request) => ok(await ota.firmwareOptions(callerOf(request), request.body.productId)),
  );
  postRoute(
    app,
    OTA_API_PATHS.gateways,
    {
      tags,
      summary: 'Gateways of a product with status, signal, versions and whether they may upgrade now (§9)',
      guard,
      body: otaProductBodySchema,
      answer: otaGatewayOptionsSchema,
    },
    async (request) => ok(await ota.gatewayOptions(callerOf(request), request.body.productId)),
  );
}
