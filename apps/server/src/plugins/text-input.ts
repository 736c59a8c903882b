/**
 * The one place every text a request brings passes through. Bodies (form-encoded and JSON) and
 * query strings are decoded strictly: bytes that are not UTF-8 — among them `%ED%A0%80`, the
 * encoding of a lone surrogate — are not silently turned into U+FFFD but kept as lone surrogates
 * (like Python's "surrogateescape"). Then every string of the body, query and path parameters,
 * every multipart field value and file name, is checked: a NUL or a lone surrogate is refused with
 * 1002 naming the field, before anything is stored.
 *
 * Multipart texts are decoded by the multipart parser, which replaces invalid bytes itself;
 * browsers send only well-formed text there (form data values are USVStrings).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import qs from 'qs';
import { CatalogueError, REQUEST_BODY_MAX_DEPTH, isMalformedText } from '@lyyp/contracts';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/**
 * UTF-8 to text without losing anything: each byte that is not part of a valid sequence becomes
 * the lone surrogate U+DC80 + byte, which the text check refuses.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    // fall through to the byte-by-byte pass below
  }
  let text = '';
  let index = 0;
  while (index < bytes.length) {
    const length = sequenceLength(bytes[index]!);
    let decoded: string | null = null;
    if (length > 0 && index + length <= bytes.length) {
      try {
        decoded = strictUtf8.decode(bytes.subarray(index, index + length));
      } catch {
        decoded = null;
      }
    }
    if (decoded === null) {
      text += String.fromCharCode(0xdc00 + bytes[index]!);
      index += 1;
    } else {
      text += decoded;
      index += length;
    }
  }
  return text;
}

const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/** One form or query component: `+` is a space, percent escapes are UTF-8, decoded as above. */
export function decodeFormComponent(text: string): string {
  const spaced = text.replaceAll('+', ' ');
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    // Malformed escapes stay as written; well-formed ones that are not UTF-8 become lone surrogates.
    return spaced.replace(PERCENT_RUN, (run) => decodeUtf8(Buffer.from(run.replaceAll('%', ''), 'hex')));
  }
}

/** Query strings and form bodies (§7): dot notation for objects and arrays, decoded strictly. */
export function parseFormText(text: string): Record<string, unknown> {
  return qs.parse(text, {
    allowDots: true,
    depth: 5,
    arrayLimit: 200,
    decoder: (value: string) => decodeFormComponent(value),
  });
}

/**
 * A form body: like a query string, but nested at most `REQUEST_BODY_MAX_DEPTH` levels; deeper
 * input is refused (1011) instead of being parsed.
 */
export function parseFormBody(text: string): Record<string, unknown> {
  try {
    return qs.parse(text, {
      allowDots: true,
      depth: REQUEST_BODY_MAX_DEPTH,
      strictDepth: true,
      arrayLimit: 200,
      decoder: (value: string) => decodeFormComponent(value),
    });
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep();
    throw error;
  }
}

const tooDeep = () => new CatalogueError('1011', { max: REQUEST_BODY_MAX_DEPTH, field: 'body' });

/**
 * Whether JSON text nests arrays and objects deeper than `max`, found in one pass without
 * recursion (text inside strings skipped): checked before parsing, as everything that walks a
 * parsed value (the text check, validation) recurses and would run out of stack.
 */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/** The first malformed text in a value, as the dotted path of its field (`items.0.name`). */
export function findMalformedText(value: unknown, path: string): string | null {
  if (typeof value === 'string') return isMalformedText(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (isMalformedText(key)) return itemPath;
    const found = findMalformedText(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}

function refuseMalformed(value: unknown, fallbackField: string): void {
  const field = findMalformedText(value, '');
  if (field !== null) throw new CatalogueError('1002', { field: field || fallbackField });
}

interface MultipartPartLike {
  type: 'file' | 'field';
  fieldname: string;
  filename?: string;
  value?: unknown;
  file?: NodeJS.ReadableStream;
}

/** Checks each part as the route reads it: names, values and file names. */
function checkMultipartParts(request: FastifyRequest): void {
  const readParts = request.parts.bind(request);
  request.parts = async function* checkedParts(options?: Parameters<FastifyRequest['parts']>[0]) {
    for await (const part of readParts(options)) {
      const checked = part as MultipartPartLike;
      const field = isMalformedText(checked.fieldname)
        ? 'body'
        : checked.type === 'file'
          ? isMalformedText(checked.filename ?? '')
            ? checked.fieldname
            : null
          : findMalformedText(checked.value, checked.fieldname);
      if (field !== null) {
        checked.file?.resume();
        throw new CatalogueError('1002', { field });
      }
      yield part;
    }
  } as FastifyRequest['parts'];
}

export const textInputPlugin = fp(
  (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer' },
      (_request, body: Buffer, done) => {
        try {
          done(null, parseFormBody(decodeUtf8(body)));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
      const text = decodeUtf8(body);
      if (jsonNestingExceeds(text, REQUEST_BODY_MAX_DEPTH)) {
        done(tooDeep(), undefined);
        return;
      }
      void parseJson(request, text, done);
    });

    // Whether a body is multipart is known only once it is parsed; checking the parts costs nothing until read.
    app.addHook('onRequest', (request, _reply, done) => {
      checkMultipartParts(request);
      done();
    });
    // After the session guards (a caller without a session learns nothing), before validation sees
    // the input: what the schema would drop is refused too, and named by its field in the request.
    app.addHook('preValidation', (request, _reply, done) => {
      try {
        refuseMalformed(request.params, 'params');
        refuseMalformed(request.query, 'query');
        refuseMalformed(request.body, 'body');
        done();
      } catch (error) {
        done(error as CatalogueError);
      }
    });
  },
  { name: 'text-input', dependencies: ['@fastify/multipart'] },
);
