/** Device commands: read, write, and the §7 callback that answers a command's state by uuid. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import type { CommandService } from './command.service.ts';

const readSchema = z.object({ equipmentId: z.string().min(1), key: z.string().min(1) });
const writeSchema = readSchema.extend({ value: z.union([z.string(), z.number(), z.boolean()]) });
const callbackSchema = z.object({ uuid: z.string().min(1) });

export function registerCommandRoutes(app: FastifyInstance, commands: CommandService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['commands'];
  api.post(
    '/equipment/command/read',
    {
      schema: {
        tags,
        summary: 'Read a variable from the device now → { online, uuid, status }',
        body: readSchema,
      },
      preHandler: app.requirePermission('monitor:device:view'),
    },
    async (request) =>
      ok(
        await commands.issue(sessionOf(request).account, request.body.equipmentId, 'read', request.body.key),
      ),
  );
  api.post(
    '/equipment/command/write',
    {
      schema: { tags, summary: 'Write a value to the device → { online, uuid, status }', body: writeSchema },
      preHandler: app.requirePermission('monitor:device:view'),
    },
    async (request) =>
      ok(
        await commands.issue(
          sessionOf(request).account,
          request.body.equipmentId,
          'write',
          request.body.key,
          request.body.value,
        ),
      ),
  );
  api.post(
    '/bluetooth/equipment/multi/callback',
    {
      schema: { tags, summary: 'State of a command by uuid (§7 polling)', body: callbackSchema },
      preHandler: app.authenticate,
    },
    async (request) => ok(await commands.state(sessionOf(request).account, request.body.uuid)),
  );
}
