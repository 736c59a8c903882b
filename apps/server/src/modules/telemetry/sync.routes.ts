/** The sync button: push a device's configuration to its gateway again. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CatalogueError, DeviceSyncRequestSchema, SyncAnswerSchema } from '@lyyp/contracts';
import { answerSchemas, writeAnswerAsJson, type AnswerOf } from '../../lib/answers.ts';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import type { DeviceAccess } from '../command/command.service.ts';
import type { GatewayLinkService } from './gateway-link.service.ts';
import type { RuntimeRepository } from './runtime.repository.ts';

export function registerSyncRoutes(
  app: FastifyInstance,
  options: { access: DeviceAccess; runtime: RuntimeRepository; link: GatewayLinkService },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/equipment/sync',
    {
      schema: {
        tags: ['commands'],
        summary: 'Send the configuration to the gateway again → { state, version }',
        body: DeviceSyncRequestSchema,
        response: answerSchemas(SyncAnswerSchema),
      },
      serializerCompiler: writeAnswerAsJson,
      preHandler: app.allow('device.sync'),
    },
    async (request): Promise<AnswerOf<typeof SyncAnswerSchema>> => {
      const device = await options.access.findVisibleDevice(
        sessionOf(request).account,
        request.body.equipmentId,
      );
      if (!device) throw new CatalogueError('1003');
      const gateway = await options.runtime.gatewayOfDevice(device.id);
      if (!gateway) throw new CatalogueError('1504');
      if (gateway.status === 'dormant') throw new CatalogueError('1503');
      if (gateway.status !== 'online') throw new CatalogueError('1501');
      const version = await options.link.pushConfig(device.id);
      return ok({ state: 'syncing', version });
    },
  );
}
