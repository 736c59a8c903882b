/**
 * Device commands: read, write, and the §7 callback that answers a command's state by uuid.
 * Requests and answers are the contract's (`@lyyp/contracts`, src/api/command.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CommandCallbackRequestSchema,
  CommandReadRequestSchema,
  CommandReplySchema,
  CommandWriteRequestSchema,
} from '@lyyp/contracts';
import { answerSchemas, writeAnswerAsJson, type AnswerOf } from '../../lib/answers.ts';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import type { CommandService } from './command.service.ts';

const reply = { response: answerSchemas(CommandReplySchema) };
type Reply = Promise<AnswerOf<typeof CommandReplySchema>>;

export function registerCommandRoutes(app: FastifyInstance, commands: CommandService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['commands'];
  api.post(
    '/equipment/command/read',
    {
      schema: {
        tags,
        summary: 'Read a variable from the device now → { online, uuid, status }',
        body: CommandReadRequestSchema,
        ...reply,
      },
      serializerCompiler: writeAnswerAsJson,
      preHandler: app.allow('device.readValues'),
    },
    async (request): Reply =>
      ok(
        await commands.issue(sessionOf(request).account, request.body.equipmentId, 'read', request.body.key),
      ),
  );
  api.post(
    '/equipment/command/write',
    {
      schema: {
        tags,
        summary: 'Write a value to the device → { online, uuid, status }',
        body: CommandWriteRequestSchema,
        ...reply,
      },
      serializerCompiler: writeAnswerAsJson,
      preHandler: app.allow('device.write'),
    },
    async (request): Reply =>
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
      schema: {
        tags,
        summary: 'State of a command by uuid (§7 polling)',
        body: CommandCallbackRequestSchema,
        ...reply,
      },
      serializerCompiler: writeAnswerAsJson,
      preHandler: app.allow('device.commandResult'),
    },
    async (request): Reply => ok(await commands.state(sessionOf(request).account, request.body.uuid)),
  );
}
