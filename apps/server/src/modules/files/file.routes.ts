/**
 * Upload and download of files (/file/*): page images and the WebGL widget's scene models. Uploading needs a signed-in account. Downloading is
 * open for public files (pages show their images to every viewer; ids are random, and such answers
 * may be cached for a year); a file of an object that is not public (a knowledge article's image
 * or attachment) is served only to a signed-in viewer who may see that object, with
 * `Cache-Control: private, no-store`, and looks missing (1003) to anyone else. Served files can
 * never act as a page of this site: the browser must not guess another type, and an SVG runs no
 * script.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CatalogueError } from '@lyyp/contracts';
import { DESIGNER_IMAGE_MAX_BYTES, SCENE_MODEL_MAX_BYTES } from '@lyyp/contracts/designer';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import { FILE_PATHS, type FileService } from './file.service.ts';
import { readUploadedFile } from './multipart.ts';

/** Field of the multipart form that carries the file. */
export const UPLOAD_FIELD = 'file';

/** Uploads per address and minute: enough for a person placing images, not for filling the disk. */
const UPLOAD_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

/** Served files are inert: no script, no plugins, no framing, styles only inside an SVG. */
export const SERVED_FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/** How long a public file may be kept, by anyone. */
export const PUBLIC_FILE_CACHE = 'public, max-age=31536000, immutable';
/** A private file is kept by nobody. */
export const PRIVATE_FILE_CACHE = 'private, no-store';

export function registerFileRoutes(app: FastifyInstance, { files }: { files: FileService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];

  api.post(
    FILE_PATHS.upload,
    {
      schema: {
        tags,
        summary: `Upload an image (multipart field "${UPLOAD_FIELD}": jpg, png, gif, svg or ico under 100K); answers its id and URL`,
        consumes: ['multipart/form-data'],
        security: [{ session: [] }],
      },
      onRequest: app.allow('file.upload'),
      config: { rateLimit: UPLOAD_RATE_LIMIT },
    },
    async (request) => {
      const account = sessionOf(request).account;
      const upload = await readUploadedFile(request, {
        field: UPLOAD_FIELD,
        maxBytes: DESIGNER_IMAGE_MAX_BYTES,
        refusalOfName: (name) => files.refusalOfImageName(name),
      });
      if (!upload) throw new CatalogueError('1001', { field: UPLOAD_FIELD });
      return ok(await files.uploadImage(account.id, upload));
    },
  );

  api.post(
    FILE_PATHS.sceneUpload,
    {
      schema: {
        tags,
        summary: `Upload a scene model of the WebGL widget (multipart field "${UPLOAD_FIELD}": .glb, or .gltf with embedded data, glTF 2.0, at most 20 MB); stored as GLB; answers its id (the widget's sceneId), URL, name and node names`,
        consumes: ['multipart/form-data'],
        security: [{ session: [] }],
      },
      onRequest: app.allow('file.upload'),
      config: { rateLimit: UPLOAD_RATE_LIMIT },
    },
    async (request) => {
      const account = sessionOf(request).account;
      const upload = await readUploadedFile(request, {
        field: UPLOAD_FIELD,
        maxBytes: SCENE_MODEL_MAX_BYTES,
        refusalOfName: (name) => files.refusalOfSceneName(name),
      });
      if (!upload) throw new CatalogueError('1001', { field: UPLOAD_FIELD });
      return ok(await files.uploadScene(account.id, upload));
    },
  );

  api.get(
    FILE_PATHS.download,
    {
      schema: {
        tags,
        summary:
          'An uploaded file with its content type: public files (page images) to everyone; files of a knowledge article only to those who may read it (1003 otherwise)',
        params: z.object({ id: z.string().max(64) }),
      },
      onRequest: app.allow('file.download'),
    },
    async (request, reply) => {
      // The session is optional here: a public file needs none, a private one decides by it.
      await app.authenticate(request).catch(() => undefined);
      const file = await files.openFor(request.params.id, request.activeSession?.account ?? null);
      if (!file) throw new CatalogueError('1003');
      return reply
        .type(file.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', SERVED_FILE_POLICY)
        .header('content-disposition', 'inline')
        .header('cache-control', file.private ? PRIVATE_FILE_CACHE : PUBLIC_FILE_CACHE)
        .send(file.bytes);
    },
  );
}
