/**
 * Upload and download of files (/file/*): page images and the WebGL widget's scene models. Uploading needs a signed-in account; downloading is
 * open, as pages show their images to every viewer, and ids are random. Served files can never act
 * as a page of this site: the browser must not guess another type, and an SVG runs no script.
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
      onRequest: app.signedIn('own'),
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
      onRequest: app.signedIn('own'),
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
        summary: 'An uploaded file with its content type (open to everyone: pages show images to viewers)',
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const file = await files.open(request.params.id);
      if (!file) throw new CatalogueError('1003');
      return reply
        .type(file.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', SERVED_FILE_POLICY)
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.bytes);
    },
  );
}
