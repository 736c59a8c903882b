/**
 * Firmware downloads for gateways (`GET /ota/firmware/:id`). A gateway signs in with HTTP Basic
 * `sn:secret`, the credentials it uses on the broker; the attempt is reserved in the limiter
 * before the secret is compared, so secrets cannot be guessed here faster than at sign-in. The
 * answer streams from the file store with `Accept-Ranges`, the SHA-256 as ETag and in
 * `x-checksum-sha256`, and a single `Range` (with `If-Range` on the ETag) to resume a broken
 * download. Only files of saved firmware are served.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CatalogueError } from '@lyyp/contracts';
import { FIRMWARE_API_PATHS, FIRMWARE_CHECKSUM_HEADER } from '@lyyp/contracts/firmware';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import { decideRange } from './byte-range.ts';
import type { FirmwareService } from './firmware.service.ts';

export interface FirmwareDownloadOptions {
  firmware: FirmwareService;
  limiter: AttemptLimiter;
  /** A gateway's secret by SN; undefined when there is no such gateway. */
  gatewaySecret: (sn: string) => Promise<string | undefined>;
}

function same(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** SN and secret of an `Authorization: Basic …` header, or null. */
export function basicCredentialsOf(header: string | undefined): { sn: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon > 64) return null;
  return { sn: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function registerFirmwareDownloadRoutes(app: FastifyInstance, options: FirmwareDownloadOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const authenticateGateway = async (request: FastifyRequest) => {
    const credentials = basicCredentialsOf(request.headers.authorization);
    if (!credentials) throw new CatalogueError('2504');
    const key = `gateway-download:${credentials.sn}`;
    const reservation = await options.limiter.reserve([key]);
    const secret = await options.gatewaySecret(credentials.sn);
    if (secret === undefined || !same(credentials.secret, secret)) throw new CatalogueError('2504');
    await reservation.clear([key]);
  };

  api.get(
    FIRMWARE_API_PATHS.download,
    {
      schema: {
        tags: ['firmware'],
        summary:
          'For gateways (HTTP Basic sn:secret): a firmware file, resumable with a single Range; SHA-256 as ETag and x-checksum-sha256',
        params: z.object({ id: z.string().max(64) }),
      },
      onRequest: [app.allow('firmware.gatewayDownload'), authenticateGateway],
      // Bytes as stored: a range is a range of the file, and the length is the file's. Compressing
      // on the way would leave the declared length wrong and the download waiting for the rest.
      compress: false,
    },
    async (request, reply) => {
      const file = await options.firmware.findSavedFile(request.params.id);
      if (!file) throw new CatalogueError('1003');
      const etag = `"${file.sha256}"`;
      const ifRange = request.headers['if-range'];
      const range =
        ifRange && ifRange !== etag
          ? { kind: 'whole' as const }
          : decideRange(request.headers.range, file.size);
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header(FIRMWARE_CHECKSUM_HEADER, file.sha256)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .type('application/octet-stream');
      if (range.kind === 'unsatisfiable') {
        reply.header('content-range', `bytes */${file.size}`);
        throw new CatalogueError('2505');
      }
      const stream = await options.firmware.openFile(file, range.kind === 'range' ? range : undefined);
      if (!stream) throw new CatalogueError('1003');
      if (range.kind === 'range') {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(stream);
      }
      return reply.header('content-length', file.size).send(stream);
    },
  );
}
