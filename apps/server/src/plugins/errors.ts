/**
 * Turns every failure into the §7 envelope with a catalogue code and a text in the caller's
 * language. Users never see a stack trace; unexpected errors are logged in full and answered
 * with 90099.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.decorateRequest('locale', 'zh-CN');
    app.addHook('onRequest', (request, _reply, done) => {
      request.locale = resolveLocale(request.headers['accept-language']);
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
      request.log.error({ err: error }, 'unexpected error');
      return sendError(request, reply, new CatalogueError('90099'));
    });

    app.setNotFoundHandler((request, reply) => sendError(request, reply, new CatalogueError('1008')));
  },
  { name: 'errors' },
);
