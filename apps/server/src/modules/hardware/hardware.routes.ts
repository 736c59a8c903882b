/**
 * The device-model API (§7: `/model/query`, `queryAll`, `add`, `edit`, `delete`, `queryBySn`,
 * `info`, the caller's object as body): hardware models as the system/hardware screen, the product
 * form and the gateway screens read and keep them. Reading is open to whoever works with products
 * or gateways; changing needs `manage:system:hardware`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  MODEL_API_PATHS,
  hardwareModelOptionsSchema,
  hardwareModelPageSchema,
  hardwareModelSchema,
  modelAddBodySchema,
  modelEditBodySchema,
  modelIdBodySchema,
  modelQueryBodySchema,
  modelSnBodySchema,
} from '@lyyp/contracts/hardware';
import { ok } from '../../lib/envelope.ts';
import { callerOf, postRoute } from '../product/catalogue-route.ts';
import type { HardwareModelService } from './hardware.service.ts';

export function registerHardwareModelRoutes(
  app: FastifyInstance,
  { models }: { models: HardwareModelService },
) {
  const tags = ['hardware models'];
  const view = app.allow('hardwareModel.view');
  const manage = app.allow('hardwareModel.edit');

  postRoute(
    app,
    MODEL_API_PATHS.query,
    {
      tags,
      summary: 'Hardware models, paged, with how many gateways and products use each',
      guard: view,
      body: modelQueryBodySchema,
      answer: hardwareModelPageSchema,
    },
    async (request) => {
      const { page, pageSize, name } = request.body;
      return ok(await models.query({ name }, { page, pageSize }));
    },
  );
  postRoute(
    app,
    MODEL_API_PATHS.queryAll,
    {
      tags,
      summary: 'Every hardware model (id and name) for pickers',
      guard: view,
      answer: hardwareModelOptionsSchema,
    },
    async () => ok(await models.queryAll()),
  );
  postRoute(
    app,
    MODEL_API_PATHS.info,
    {
      tags,
      summary: 'One hardware model',
      guard: view,
      body: modelIdBodySchema,
      answer: hardwareModelSchema,
    },
    async (request) => ok(await models.info(request.body.id)),
  );
  postRoute(
    app,
    MODEL_API_PATHS.queryBySn,
    {
      tags,
      summary: 'The hardware model of a gateway the caller may see',
      guard: view,
      body: modelSnBodySchema,
      answer: hardwareModelSchema,
    },
    async (request) => ok(await models.queryBySn(callerOf(request), request.body.sn)),
  );
  postRoute(
    app,
    MODEL_API_PATHS.add,
    {
      tags,
      summary: 'Add a hardware model (send JSON); 2451 when the name exists',
      guard: manage,
      body: modelAddBodySchema,
      answer: hardwareModelSchema,
    },
    async (request) => ok(await models.add(request.body)),
  );
  postRoute(
    app,
    MODEL_API_PATHS.edit,
    {
      tags,
      summary: 'Edit a hardware model; 2455 when a number falls below what a product already holds',
      guard: manage,
      body: modelEditBodySchema,
      answer: hardwareModelSchema,
    },
    async (request) => ok(await models.edit(request.body)),
  );
  postRoute(
    app,
    MODEL_API_PATHS.delete,
    {
      tags,
      summary: 'Delete a hardware model nothing uses (2452 built-in, 2453 in use)',
      guard: manage,
      body: modelIdBodySchema,
      answer: z.null(),
    },
    async (request) => {
      await models.delete(request.body.id);
      return ok(null);
    },
  );
}
