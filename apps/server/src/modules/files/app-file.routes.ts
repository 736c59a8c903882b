/**
 * App packages (/file/app/*): staff holding version maintenance upload one (multipart field
 * `file`, streamed to storage); anyone downloads it, streamed, as an attachment — the download
 * page's QR code is scanned by a phone that is not signed in.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CatalogueError } from '@lyyp/contracts';
import {
  APP_FILE_API_PATHS,
  APP_FILE_EXTENSIONS,
  APP_FILE_FIELD,
  APP_FILE_MAX_LABEL,
} from '@lyyp/contracts/system';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import type { AppFileService } from './app-file.service.ts';
import { SERVED_FILE_POLICY } from './file.routes.ts';

/** Uploads per address and minute: a person publishing versions, not a disk being filled. */
const UPLOAD_RATE_LIMIT = { max: 20, timeWindow: 60_000 };
/** A package of a version may be kept a day by anyone (its id never names other bytes). */
const PACKAGE_CACHE = 'public, max-age=86400';

export function registerAppFileRoutes(app: FastifyInstance, { appFiles }: { appFiles: AppFileService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];

  api.post(
    APP_FILE_API_PATHS.upload,
    {
      schema: {
        tags,
        summary: `Upload an app package (multipart field "${APP_FILE_FIELD}": ${APP_FILE_EXTENSIONS.map((type) => `.${type}`).join(', ')}, at most ${APP_FILE_MAX_LABEL}); streamed to storage; answers its id, size, SHA-256 and public URL`,
        consumes: ['multipart/form-data'],
        security: [{ session: [] }],
      },
      onRequest: [
        app.allow('appVersion.manage'),
        (request) => Promise.resolve(appFiles.refuseDeclaredSize(request)),
      ],
      config: { rateLimit: UPLOAD_RATE_LIMIT },
    },
    async (request) => ok(await appFiles.upload(sessionOf(request).account.id, request)),
  );

  api.get(
    APP_FILE_API_PATHS.download,
    {
      schema: {
        tags,
        summary: 'An app package, to anyone, as an attachment (streamed)',
        params: z.object({ id: z.string().max(64) }),
      },
      onRequest: app.allow('file.download'),
    },
    async (request, reply) => {
      const file = await appFiles.open(request.params.id);
      if (!file) throw new CatalogueError('1003');
      return reply
        .type(file.mime)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', SERVED_FILE_POLICY)
        .header(
          'content-disposition',
          `attachment; filename="${encodeURIComponent(file.name)}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('cache-control', PACKAGE_CACHE)
        .send(file.stream);
    },
  );
}
