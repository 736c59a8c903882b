/**
 * The variables of a device's model for anyone who may see the device (end users included, who
 * may not read the product): names, units, decimals, state texts and write limits for the live
 * table, the write dialog and device pages.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CatalogueError, DeviceIdRequestSchema, DeviceVariablesSchema } from '@lyyp/contracts';
import { answerSchemas, writeAnswerAsJson, type AnswerOf } from '../../lib/answers.ts';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import type { DeviceAccess } from '../command/command.service.ts';
import type { RuntimeRepository } from '../telemetry/runtime.repository.ts';

export function registerDeviceVariableRoutes(
  app: FastifyInstance,
  options: { access: DeviceAccess; runtime: RuntimeRepository },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/equipment/variables',
    {
      schema: {
        tags: ['devices'],
        summary: "The variables of a device's model → { list }",
        body: DeviceIdRequestSchema,
        response: answerSchemas(DeviceVariablesSchema),
      },
      serializerCompiler: writeAnswerAsJson,
      preHandler: app.allow('device.view'),
    },
    async (request): Promise<AnswerOf<typeof DeviceVariablesSchema>> => {
      const device = await options.access.findVisibleDevice(sessionOf(request).account, request.body.id);
      const context = device ? await options.runtime.deviceContextById(device.id) : undefined;
      if (!context) throw new CatalogueError('1003');
      return ok({
        list: context.model.variables,
        drivers: context.model.drivers.map(({ key, name, pollIntervalMs }) => ({
          key,
          name,
          pollIntervalMs,
        })),
      });
    },
  );
}
