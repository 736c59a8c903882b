/**
 * Reading multipart requests: plain fields into a body object (a save of the designer), one
 * uploaded file with its real size counted while it streams (never the size a header claims),
 * and the multipart plugin's failures as catalogue errors instead of unknown ones.
 */
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { CatalogueError } from '@lyyp/contracts';

type PartsOptions = Parameters<FastifyRequest['parts']>[0];

/** Plugin failures a sender can cause; limits are "too large", everything else is a broken body. */
const TOO_LARGE = new Set([
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_REQ_FILE_TOO_LARGE',
]);

export function catalogueErrorOfMultipart(error: unknown): unknown {
  if (error instanceof CatalogueError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TOO_LARGE.has(code)) return new CatalogueError('1005');
  if (typeof code === 'string' && code.startsWith('FST_'))
    return new CatalogueError('1002', { field: 'body' });
  if (error instanceof Error && /multipart|malformed|part terminated|unexpected end/i.test(error.message)) {
    return new CatalogueError('1002', { field: 'body' });
  }
  return error;
}

async function discard(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of stream) {
    // read to the end so the rest of the request can be parsed
  }
}

/**
 * The text fields of a multipart request as a body object (the first value of a repeated field).
 * Files are read past and ignored; a field cut at the plugin's field size is "too large" (1005).
 */
export async function readMultipartFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        await discard(part.file);
        continue;
      }
      if (part.valueTruncated || part.fieldnameTruncated) throw new CatalogueError('1005');
      if (!Object.hasOwn(body, part.fieldname)) body[part.fieldname] = part.value;
    }
  } catch (error) {
    throw catalogueErrorOfMultipart(error);
  }
  return body;
}

export interface UploadedFile {
  /** The file name the browser sent. */
  name: string;
  /** At most `maxBytes` of the file. */
  bytes: Buffer;
  /** The file was longer than `maxBytes`; the rest was not kept. */
  truncated: boolean;
}

export interface FileReadRule {
  /** Name of the form field carrying the file. */
  field: string;
  /** Bytes kept at most; anything longer is reported as truncated. */
  maxBytes: number;
  /** Why a file name is refused, checked before the body is read (a wrong type is not read at all). */
  refusalOfName?: (name: string) => Error | null;
}

/** The one file of a multipart request, read to at most `maxBytes`; undefined when there is none. */
export async function readUploadedFile(
  request: FastifyRequest,
  rule: FileReadRule,
): Promise<UploadedFile | undefined> {
  if (!request.isMultipart()) throw new CatalogueError('1009');
  // The plugin would throw at the limit; reading the truncated stream tells us the same, with the size.
  const options = { limits: { fileSize: rule.maxBytes }, throwFileSizeLimit: false } as PartsOptions;
  let uploaded: UploadedFile | undefined;
  let refusal: Error | null = null;
  try {
    for await (const part of request.parts(options)) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== rule.field || uploaded || refusal) {
        await discard(part.file);
        continue;
      }
      refusal = rule.refusalOfName?.(part.filename) ?? null;
      if (refusal) {
        await discard(part.file);
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= rule.maxBytes) chunks.push(chunk);
      }
      uploaded = {
        name: part.filename,
        bytes: Buffer.concat(chunks).subarray(0, rule.maxBytes),
        truncated: part.file.truncated || size > rule.maxBytes,
      };
    }
  } catch (error) {
    throw catalogueErrorOfMultipart(error);
  }
  if (refusal) throw refusal;
  return uploaded;
}

export interface StreamedFile {
  /** The file name the browser sent. */
  name: string;
  /** Bytes stored. */
  size: number;
  /** SHA-256 of the stored bytes, lower-case hex. */
  sha256: string;
}

export interface FileStreamRule extends Omit<FileReadRule, 'maxBytes'> {
  /** Files longer than this are refused and nothing is kept. */
  maxBytes: number;
  /** Called with the file's stream; writes it to storage and settles when the bytes are durable. */
  store: (source: Readable) => Promise<void>;
  /** Called when a stored file has to be given up (longer than allowed). */
  discardStored: () => Promise<void>;
}

/**
 * The one file of a multipart request streamed to storage as it arrives, never held in memory,
 * with its size and SHA-256 counted on the way. A file over `maxBytes` is refused with 1802
 * (`tooLarge`) after its stored part is removed; undefined when the request has no file.
 */
export async function streamUploadedFile(
  request: FastifyRequest,
  rule: FileStreamRule & { tooLarge: () => Error },
): Promise<StreamedFile | undefined> {
  if (!request.isMultipart()) throw new CatalogueError('1009');
  const options = { limits: { fileSize: rule.maxBytes }, throwFileSizeLimit: false } as PartsOptions;
  let streamed: StreamedFile | undefined;
  let refusal: Error | null = null;
  try {
    for await (const part of request.parts(options)) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== rule.field || streamed || refusal) {
        await discard(part.file);
        continue;
      }
      refusal = rule.refusalOfName?.(part.filename) ?? null;
      if (refusal) {
        await discard(part.file);
        continue;
      }
      const hash = createHash('sha256');
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          hash.update(chunk);
          done(null, chunk);
        },
      });
      part.file.once('error', (error) => counter.destroy(error));
      await rule.store(part.file.pipe(counter));
      if (part.file.truncated) {
        await rule.discardStored();
        refusal = rule.tooLarge();
        continue;
      }
      streamed = { name: part.filename, size, sha256: hash.digest('hex') };
    }
  } catch (error) {
    if (streamed) await rule.discardStored();
    throw catalogueErrorOfMultipart(error);
  }
  if (refusal) throw refusal;
  return streamed;
}
