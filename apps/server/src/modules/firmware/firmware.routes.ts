/**
 * Firmware paths (`/system/firmware/*`, the §2 system/firmware screen): upload a file, save a
 * firmware naming its files, list and delete. All need the screen's permission, checked before the
 * body is read, so an upload without it streams nothing to storage.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FIRMWARE_API_PATHS,
  FIRMWARE_UPLOAD_FIELD,
  firmwareAddBodySchema,
  firmwareFileSchema,
  firmwareIdBodySchema,
  firmwareItemSchema,
  firmwareListBodySchema,
  firmwarePageSchema,
} from '@lyyp/contracts/firmware';
import { answerSchemas, writeAnswerAsJson } from '../../lib/answers.ts';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import { postRoute } from '../product/catalogue-route.ts';
import type { FirmwareService } from './firmware.service.ts';

/** Firmware uploads per address and minute: a person uploading images, not a disk filler. */
const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

export function registerFirmwareRoutes(app: FastifyInstance, { firmware }: { firmware: FirmwareService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['firmware'];
  const access = app.allow('firmware.manage');

  api.post(
    FIRMWARE_API_PATHS.upload,
    {
      schema: {
        tags,
        summary: `Upload a firmware file (multipart field "${FIRMWARE_UPLOAD_FIELD}", at most 200 MB), streamed to storage; answers its id, size and SHA-256`,
        consumes: ['multipart/form-data'],
        response: answerSchemas(firmwareFileSchema),
        security: [{ session: [] }],
      },
      serializerCompiler: writeAnswerAsJson,
      onRequest: access,
      config: { rateLimit: UPLOAD_RATE_LIMIT },
    },
    async (request) => ok(await firmware.upload(sessionOf(request).account.id, request)),
  );

  postRoute(
    app,
    FIRMWARE_API_PATHS.add,
    {
      tags,
      summary:
        'Save a firmware naming its uploaded files: application (packageFileId) or system (rootfsFileId, kernelFileId)',
      guard: access,
      body: firmwareAddBodySchema,
      answer: firmwareItemSchema,
    },
    async (request) => ok(await firmware.add(sessionOf(request).account.id, request.body)),
  );

  postRoute(
    app,
    FIRMWARE_API_PATHS.list,
    {
      tags,
      summary: 'Firmware, newest first, by kind and a keyword in the name or version',
      guard: access,
      body: firmwareListBodySchema,
      answer: firmwarePageSchema,
    },
    async (request) => ok(await firmware.list(request.body)),
  );

  postRoute(
    app,
    FIRMWARE_API_PATHS.delete,
    {
      tags,
      summary: 'Delete a firmware and its stored files',
      guard: access,
      body: firmwareIdBodySchema,
    },
    async (request) => {
      await firmware.remove(request.body.id);
      return ok(null);
    },
  );
}
