/**
 * Turns every failure into the §7 envelope with a catalogue code and a text in the caller's
 * language. Users never see a stack trace; unexpected errors are logged in full and answered
 * with 90099.
 */
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  CATALOGUE_ISSUE_PREFIX,
  CatalogueError,
  isErrorCode,
  httpStatusOf,
  resolveLocale,
  translateError,
  type ErrorCode,
  type ErrorParams,
  type Locale,
} from '@lyyp/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldOf(issue: ValidationIssue): string {
  return issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
}

/** Maps the first failed schema rule to a catalogue code; rules from contracts carry their own. */
export function catalogueErrorFromValidation(issues: readonly ValidationIssue[]): CatalogueError {
  const issue = issues[0];
  if (!issue) return new CatalogueError('1002', { field: 'body' });
  const field = fieldOf(issue);
  const message = issue.message ?? '';
  if (message.startsWith(CATALOGUE_ISSUE_PREFIX)) {
    const code = message.slice(CATALOGUE_ISSUE_PREFIX.length);
    if (isErrorCode(code)) {
      const extra = (issue.params?.params ?? {}) as ErrorParams;
      return new CatalogueError(code, { field, ...extra });
    }
  }
  if (/received undefined/.test(message)) return new CatalogueError('1001', { field });
  return new CatalogueError('1002', { field });
}

const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '1009',
  FST_ERR_CTP_BODY_TOO_LARGE: '1005',
  FST_ERR_CTP_EMPTY_JSON_BODY: '1001',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '1002',
  FST_ERR_VALIDATION: '1002',
};

/**
 * The answer carries the error's params as data (`field`, `minutes`, `seconds` …): the console words
 * the code in its own language and needs them to fill the text's placeholders.
 */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: CatalogueError) {
  return reply.status(httpStatusOf(error.code)).send({
    code: error.code,
    message: translateError(error.code, request.locale, error.params),
    data: error.params ? { ...error.params } : null,
  });
}

/**
 * Failures Fastify meets before routing (a broken escape in the path, an over-long parameter): the
 * same envelope as every other answer. No hook has run yet, so the language is read here.
 */
export function handleFrameworkError(
  _error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.locale = resolveLocale(request.headers['accept-language']);
  void sendError(request, reply, new CatalogueError('1002', { field: 'path' }));
}

/** Errors a stream meets when the other side has gone away. */
const CLIENT_GONE_CODES: ReadonlySet<string> = new Set([
  'ERR_STREAM_PREMATURE_CLOSE',
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_DESTROYED',
]);

/**
 * Whether an error only says that the browser went away (a navigation, a closed tab): such an
 * error is routine, not a fault. It needs both an error of that kind and a closed connection, so a
 * reset from the database or a device still counts as a real error.
 */
export function isClientAbort(error: unknown, request: FastifyRequest): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  // Older stream helpers (pump, end-of-stream, used by compression) say it without a code.
  const goneKind =
    (typeof code === 'string' && CLIENT_GONE_CODES.has(code)) ||
    /^(premature close|aborted)$/i.test(error.message);
  if (!goneKind) return false;
  const raw = request.raw;
  return raw.destroyed || raw.socket?.destroyed === true;
}

function errorOfLogCall(args: unknown[]): unknown {
  const first = args[0];
  if (first instanceof Error) return first;
  if (first && typeof first === 'object' && 'err' in first) return first.err;
  return undefined;
}

/**
 * The request's logger, except that an error-level line about a client abort is written at debug.
 * Plugins log stream failures themselves (compression does, at error level), so the level is
 * decided here, where every line of the request passes.
 */
function withQuietAborts(request: FastifyRequest, logger: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(logger, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'error' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const error = errorOfLogCall(args);
        if (error !== undefined && isClientAbort(error, request)) {
          target.debug({ err: error }, 'client went away');
          return;
        }
        (value as (...logArgs: unknown[]) => void).apply(target, args);
      };
    },
  });
}

export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.decorateRequest('locale', 'zh-CN');
    app.addHook('onRequest', (request, reply, done) => {
      request.locale = resolveLocale(request.headers['accept-language']);
      request.log = withQuietAborts(request, request.log);
      reply.log = request.log;
      done();
    });

    app.setErrorHandler((error: FastifyError | CatalogueError, request, reply) => {
      if (error instanceof CatalogueError) {
        // A cause means something behind the user's request failed (a provider, a device): keep it for operators.
        if (error.cause) request.log.warn({ err: error.cause, code: error.code }, 'request failed');
        return sendError(request, reply, error);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return sendError(request, reply, catalogueErrorFromValidation(error.validation));
      }
      const known = error.code ? FRAMEWORK_CODES[error.code] : undefined;
      if (known) return sendError(request, reply, new CatalogueError(known, { field: 'body' }));
      if (error instanceof SyntaxError || error.statusCode === 400) {
        return sendError(request, reply, new CatalogueError('1002', { field: 'body' }));
      }
      // The logger writes a client abort at debug level; nobody is left to read the answer.
      request.log.error({ err: error }, 'unexpected error');
      return sendError(request, reply, new CatalogueError('90099'));
    });

    app.setNotFoundHandler((request, reply) => sendError(request, reply, new CatalogueError('1008')));
  },
  { name: 'errors' },
);
