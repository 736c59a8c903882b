/**
 * Knowledge-base paths. Back-office (`/product/knowledge/*`): reading needs the product view
 * permission (the alarm rule dialog lists articles to link), writing and uploading the knowledge
 * permission; both only for products the caller may see. Monitoring site (`/equipment/knowledge/*`):
 * read-only, the articles of the product of a device the caller may see.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEVICE_KNOWLEDGE_API_PATHS,
  KNOWLEDGE_API_PATHS,
  KNOWLEDGE_UPLOAD_FIELD,
  deviceKnowledgeIdBodySchema,
  deviceKnowledgeListBodySchema,
  knowledgeAddBodySchema,
  knowledgeArticleSchema,
  knowledgeEditBodySchema,
  knowledgeFileSchema,
  knowledgeIdBodySchema,
  knowledgeListBodySchema,
  knowledgePageSchema,
} from '@lyyp/contracts/knowledge';
import { answerSchemas, writeAnswerAsJson } from '../../lib/answers.ts';
import { ok } from '../../lib/envelope.ts';
import { callerOf, postRoute } from '../product/catalogue-route.ts';
import type { KnowledgeService } from './knowledge.service.ts';

/** Uploads per address and minute: a person writing an article, not a disk filler. */
const UPLOAD_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

export function registerKnowledgeRoutes(
  app: FastifyInstance,
  { knowledge }: { knowledge: KnowledgeService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['knowledge base'];
  const view = app.allow('knowledge.view');
  const write = app.allow('knowledge.edit');
  const viewDevice = app.allow('device.view');

  postRoute(
    app,
    KNOWLEDGE_API_PATHS.list,
    {
      tags,
      summary: 'A product’s articles, newest change first; keyword: part of the title, summary or body text',
      guard: view,
      body: knowledgeListBodySchema,
      answer: knowledgePageSchema,
    },
    async (request) => ok(await knowledge.list(callerOf(request), request.body)),
  );
  postRoute(
    app,
    KNOWLEDGE_API_PATHS.info,
    {
      tags,
      summary: 'One article with its sanitised body and attachments',
      guard: view,
      body: knowledgeIdBodySchema,
      answer: knowledgeArticleSchema,
    },
    async (request) => ok(await knowledge.info(callerOf(request), request.body.productId, request.body.id)),
  );
  postRoute(
    app,
    KNOWLEDGE_API_PATHS.add,
    {
      tags,
      summary:
        'Write an article (JSON: productId, title, summary, body HTML, attachments [{ id }]); the body is sanitised. Errors: 2761 empty, 2762 too long, 2763 attachment',
      guard: write,
      body: knowledgeAddBodySchema,
      answer: knowledgeArticleSchema,
    },
    async (request) => ok(await knowledge.add(callerOf(request), request.body)),
  );
  postRoute(
    app,
    KNOWLEDGE_API_PATHS.edit,
    {
      tags,
      summary: 'Change an article (the whole article is sent again)',
      guard: write,
      body: knowledgeEditBodySchema,
      answer: knowledgeArticleSchema,
    },
    async (request) => ok(await knowledge.edit(callerOf(request), request.body)),
  );
  postRoute(
    app,
    KNOWLEDGE_API_PATHS.delete,
    {
      tags,
      summary: 'Delete an article; 2766 while an alarm rule links it',
      guard: write,
      body: knowledgeIdBodySchema,
      answer: z.null(),
    },
    async (request) => {
      await knowledge.remove(callerOf(request), request.body.productId, request.body.id);
      return ok(null);
    },
  );

  for (const [path, summary, upload] of [
    [
      KNOWLEDGE_API_PATHS.uploadImage,
      `Upload an image for an article body (multipart field "${KNOWLEDGE_UPLOAD_FIELD}": jpg, png, gif, svg or ico, at most 5 MB); answers its id and URL`,
      knowledge.uploadImage.bind(knowledge),
    ],
    [
      KNOWLEDGE_API_PATHS.uploadAttachment,
      `Upload an attachment (multipart field "${KNOWLEDGE_UPLOAD_FIELD}", any type, at most 20 MB), streamed to storage; answers its id and URL`,
      knowledge.uploadAttachment.bind(knowledge),
    ],
  ] as const) {
    api.post(
      path,
      {
        schema: {
          tags,
          summary,
          consumes: ['multipart/form-data'],
          response: answerSchemas(knowledgeFileSchema),
          security: [{ session: [] }],
        },
        serializerCompiler: writeAnswerAsJson,
        onRequest: write,
        config: { rateLimit: UPLOAD_RATE_LIMIT },
      },
      async (request) => ok(await upload(callerOf(request), request)),
    );
  }

  postRoute(
    app,
    DEVICE_KNOWLEDGE_API_PATHS.list,
    {
      tags,
      summary: 'The articles of a device’s product, for whoever may see the device (read-only)',
      guard: viewDevice,
      body: deviceKnowledgeListBodySchema,
      answer: knowledgePageSchema,
    },
    async (request) => ok(await knowledge.listForDevice(callerOf(request), request.body)),
  );
  postRoute(
    app,
    DEVICE_KNOWLEDGE_API_PATHS.info,
    {
      tags,
      summary: 'One article of a device’s product (opened from the device or from one of its alarms)',
      guard: viewDevice,
      body: deviceKnowledgeIdBodySchema,
      answer: knowledgeArticleSchema,
    },
    async (request) =>
      ok(await knowledge.infoForDevice(callerOf(request), request.body.deviceId, request.body.id)),
  );
}
