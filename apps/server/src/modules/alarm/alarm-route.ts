/**
 * How the alarm and message paths are declared: the catalogue's way (POST, a guard before the body
 * is read, form text coerced to the schema, validation failures as catalogue codes) plus the answer
 * schema in the OpenAPI document, so the console's screens can be built from it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type {} from '@fastify/multipart';
import { envelopeSchema } from '@lyyp/contracts';
import { coerceFormValue } from '../product/form-coercion.ts';
import { catalogueErrorOfValidation, type Guard } from '../product/catalogue-route.ts';

export interface AlarmRouteSpec<Body extends z.ZodType, Answer extends z.ZodType> {
  readonly tags: string[];
  readonly summary: string;
  readonly description?: string;
  readonly guard: Guard;
  readonly body?: Body;
  /** The `data` of a successful answer; omitted for file answers. */
  readonly answer?: Answer;
}

type Handler<Body extends z.ZodType> = (
  request: FastifyRequest<RouteGenericInterface & { Body: z.infer<Body> }>,
  reply: FastifyReply,
) => Promise<unknown>;

/** A multipart body as fields: text parts as text, file parts as Buffers (the SIM card sheet). */
async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    fields[part.fieldname] = part.type === 'file' ? await part.toBuffer() : part.value;
  }
  return fields;
}

export function alarmRoute<Body extends z.ZodType, Answer extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  spec: AlarmRouteSpec<Body, Answer>,
  handler: Handler<Body>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const body = spec.body;
  api.post(
    path,
    {
      schema: {
        tags: spec.tags,
        summary: spec.summary,
        ...(spec.description ? { description: spec.description } : {}),
        ...(body ? { body } : {}),
        ...(spec.answer ? { response: { 200: envelopeSchema(spec.answer) } } : {}),
        security: [{ session: [] }],
      },
      onRequest: spec.guard,
      preValidation: async (request: FastifyRequest) => {
        if (!body) return;
        const multipart =
          request.body === undefined && typeof request.isMultipart === 'function' && request.isMultipart();
        const received = multipart ? await readMultipart(request) : request.body;
        request.body = coerceFormValue(body, received ?? {});
      },
      attachValidation: true,
    },
    (request: FastifyRequest, reply: FastifyReply) => {
      if (request.validationError) throw catalogueErrorOfValidation(request.validationError);
      return (handler as Handler<z.ZodType>)(request, reply);
    },
  );
}
