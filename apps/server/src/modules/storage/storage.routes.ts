/**
 * History storage paths (`@lyyp/contracts`, src/api/storage.ts): a product's and a device's
 * storage and retention policy, and the fleet's storage by period for the data centre.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DevicePolicyRequestSchema,
  DeviceStorageRequestSchema,
  DeviceStorageSchema,
  FleetStorageSchema,
  ProductPolicyRequestSchema,
  ProductStorageRequestSchema,
  ProductStorageSchema,
  STORAGE_PATHS,
} from '@lyyp/contracts';
import { z } from 'zod';
import { answerSchemas } from '../../lib/answers.ts';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import { callerOf } from '../product/catalogue-route.ts';
import type { StorageService } from './storage.service.ts';

export function registerStorageRoutes(app: FastifyInstance, storage: StorageService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['storage'];

  api.post(
    STORAGE_PATHS.product,
    {
      schema: {
        tags,
        summary: "A product's history storage (points, bytes, oldest point) and retention policy",
        body: ProductStorageRequestSchema,
        response: answerSchemas(ProductStorageSchema),
      },
      preHandler: app.allow('product.list'),
    },
    async (request) => ok(await storage.productStorage(callerOf(request), request.body.productId)),
  );

  api.post(
    STORAGE_PATHS.productPolicy,
    {
      schema: {
        tags,
        summary: "Set (or with null remove) a product's retention policy",
        body: ProductPolicyRequestSchema,
        response: answerSchemas(ProductStorageSchema),
      },
      preHandler: app.allow('product.edit'),
    },
    async (request) =>
      ok(await storage.setProductPolicy(callerOf(request), request.body.productId, request.body.policy)),
  );

  api.post(
    STORAGE_PATHS.device,
    {
      schema: {
        tags,
        summary: "A device's history storage and the retention policy in force",
        body: DeviceStorageRequestSchema,
        response: answerSchemas(DeviceStorageSchema),
      },
      preHandler: app.allow('device.view'),
    },
    async (request) => ok(await storage.deviceStorage(sessionOf(request).account, request.body.equipmentId)),
  );

  api.post(
    STORAGE_PATHS.devicePolicy,
    {
      schema: {
        tags,
        summary: "Set (or with null remove) a device's own retention policy (staff)",
        body: DevicePolicyRequestSchema,
        response: answerSchemas(DeviceStorageSchema),
      },
      preHandler: app.allow('device.edit'),
    },
    async (request) =>
      ok(
        await storage.setDevicePolicy(
          sessionOf(request).account,
          request.body.equipmentId,
          request.body.policy,
        ),
      ),
  );

  api.post(
    STORAGE_PATHS.fleet,
    {
      schema: {
        tags,
        summary: "The fleet's history storage by period (day partitions, archive months)",
        body: z.object({}).optional(),
        response: answerSchemas(FleetStorageSchema),
      },
      preHandler: app.allow('datacenter.view'),
    },
    async () => ok(await storage.fleet()),
  );
}
