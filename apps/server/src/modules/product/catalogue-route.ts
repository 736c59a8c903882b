/**
 * How the catalogue's routes are declared: POST under the API prefix, a guard that runs before the
 * body is read (so a caller without a session or permission learns nothing from validation), form
 * text coerced to the schema's types, the contract's request schema for validation and its answer
 * schema for the OpenAPI document and the handler's return type.
 */
import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CatalogueError } from '@lyyp/contracts';
import { answerSchemas, writeAnswerAsJson, type AnswerOf } from '../../lib/answers.ts';
import { sessionOf } from '../../plugins/session.ts';
import type { Caller } from '../device/viewer.ts';
import { coerceFormValue } from './form-coercion.ts';
import { catalogueErrorOfIssue, dottedPath } from './model-validation.ts';

export { MAX_PAGE_SIZE, pagingFields, type Page } from '@lyyp/contracts';

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** A file in a body: a Buffer from a multipart upload, or base64 text from a form or JSON body. */
export const uploadedFile = z.union([z.instanceof(Buffer), z.string().min(1)]);

export function bytesOf(file: Buffer | string): Buffer {
  return Buffer.isBuffer(file) ? file : Buffer.from(file, 'base64');
}

export type Guard = (request: FastifyRequest) => Promise<void>;

export interface RouteSpec<Body extends z.ZodType, Answer extends z.ZodType> {
  tags: string[];
  summary: string;
  /** Run before the body, in order; a list when a session guard is followed by a check of its own. */
  guard: Guard | Guard[];
  body?: Body;
  /** Contract schema of the answer's `data`; file answers (downloads) have none. */
  answer?: Answer;
  /** Per-address limit for paths a robot would hammer. */
  rateLimit?: { max: number; timeWindow: number };
}

type Handler<Body extends z.ZodType, Answer extends z.ZodType> = (
  request: FastifyRequest<RouteGenericInterface & { Body: z.infer<Body> }>,
  reply: FastifyReply,
) => Promise<AnswerOf<Answer> | FastifyReply>;

export function postRoute<Body extends z.ZodType, Answer extends z.ZodType = z.ZodUnknown>(
  app: FastifyInstance,
  path: string,
  spec: RouteSpec<Body, Answer>,
  handler: Handler<Body, Answer>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const body = spec.body;
  api.post(
    path,
    {
      schema: {
        tags: spec.tags,
        summary: spec.summary,
        ...(body ? { body } : {}),
        ...(spec.answer ? { response: answerSchemas(spec.answer) } : {}),
        security: [{ session: [] }],
      },
      ...(spec.answer ? { serializerCompiler: writeAnswerAsJson } : {}),
      onRequest: spec.guard,
      ...(spec.rateLimit ? { config: { rateLimit: spec.rateLimit } } : {}),
      preValidation: async (request: FastifyRequest) => {
        if (!body) return;
        const multipart =
          request.body === undefined && typeof request.isMultipart === 'function' && request.isMultipart();
        const received = multipart ? await readMultipart(request) : request.body;
        request.body = coerceFormValue(body, received ?? {});
      },
      // Validation failures are answered here so every field is named by its path in the body.
      attachValidation: true,
    },
    (request: FastifyRequest, reply: FastifyReply) => {
      if (request.validationError) throw catalogueErrorOfValidation(request.validationError);
      return (handler as Handler<z.ZodType, z.ZodType>)(request, reply);
    },
  );
}

/** A multipart body as fields: text parts as text, file parts as Buffers (uploads up to the plugin's limits). */
async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    fields[part.fieldname] = part.type === 'file' ? await part.toBuffer() : part.value;
  }
  return fields;
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { params?: Record<string, unknown> };
}

/** The first schema issue of a route's validation error as a catalogue error naming its field path. */
export function catalogueErrorOfValidation(
  error: Error & { validation?: ValidationIssue[] },
): CatalogueError {
  const issue = error.validation?.[0];
  if (!issue) return new CatalogueError('1002', { field: 'body' });
  const path = (issue.instancePath ?? '').split('/').filter(Boolean);
  return catalogueErrorOfIssue(
    { message: issue.message ?? '', path, params: issue.params?.params },
    (parts) => dottedPath(parts) || 'body',
  );
}

/** The signed-in caller of a guarded request. */
export function callerOf(request: FastifyRequest): Caller {
  return { account: sessionOf(request).account, locale: request.locale };
}

/** A file answer: downloads are the one kind of answer outside the envelope. */
export function sendFile(reply: FastifyReply, file: { name: string; contentType: string; bytes: Buffer }) {
  return reply
    .type(file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${encodeURIComponent(file.name)}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .send(file.bytes);
}
