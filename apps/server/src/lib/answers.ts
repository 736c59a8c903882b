/**
 * Answers described by their contract schema (packages/contracts/src/api). A route names the schema
 * of its `data`; the OpenAPI document shows it inside the §7 envelope, the handler's return type is
 * checked against it, and route tests parse real answers with it.
 *
 * The answer is written with JSON.stringify exactly as the service built it: parsing every answer
 * again at run time would cost the large history answers their speed budget and could only turn an
 * answer the console reads fine into a 500.
 */
import type { FastifySchema, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';
import { envelopeSchema, type Envelope } from '@lyyp/contracts';

/**
 * The form a value may have on the server for its JSON to match `T`: dates where the contract has
 * text (JSON writes a Date as ISO text), read-only arrays where it has arrays.
 */
export type ServerForm<T> = T extends string
  ? T | Date
  : T extends readonly unknown[]
    ? { readonly [K in keyof T]: ServerForm<T[K]> }
    : T extends object
      ? { [K in keyof T]: ServerForm<T[K]> }
      : T;

/** What a handler of a route answering `Schema` returns. */
export type AnswerOf<Schema extends z.ZodType> = Envelope<ServerForm<z.output<Schema>>>;

/** The `response` part of a route schema: the envelope around the answer's data. */
export function answerSchemas(data: z.ZodType): NonNullable<FastifySchema['response']> {
  return { 200: envelopeSchema(data) };
}

/** Writes an answer as JSON without re-checking it (see the module comment). */
export const writeAnswerAsJson: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
