/**
 * History table, export and curve paths. Requests and answers are the contract's
 * (`@lyyp/contracts`, src/api/history.ts): every time is epoch ms within 1970 … 9999 (1806).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CurveAnswerSchema,
  HistoryCurveRequestSchema,
  HistoryExportRequestSchema,
  HistoryPageSchema,
  HistoryQueryRequestSchema,
} from '@lyyp/contracts';
import { answerSchemas, writeAnswerAsJson, type AnswerOf } from '../../lib/answers.ts';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import type { HistoryService } from './history.service.ts';

function validTimeZone(name: string | undefined): string {
  const fallback = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!name) return fallback;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name;
  } catch {
    return fallback;
  }
}

export function registerHistoryRoutes(app: FastifyInstance, history: HistoryService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['history'];
  const view = { preHandler: app.allow('history.view') };

  api.post(
    '/history/query',
    {
      schema: {
        tags,
        summary: 'History table: one row per stored instant (to the millisecond), newest first',
        body: HistoryQueryRequestSchema,
        response: answerSchemas(HistoryPageSchema),
      },
      serializerCompiler: writeAnswerAsJson,
      ...view,
    },
    async (request): Promise<AnswerOf<typeof HistoryPageSchema>> => {
      const { equipmentId, ...rest } = request.body;
      return ok(await history.table(sessionOf(request).account, { deviceId: equipmentId, ...rest }));
    },
  );

  api.post(
    '/history/export',
    {
      schema: {
        tags,
        summary: 'History as a CSV or XLSX file, a row per stored instant (at most 100,000 rows, else 2305)',
        body: HistoryExportRequestSchema,
      },
      preHandler: app.allow('history.export'),
    },
    async (request, reply) => {
      const { equipmentId, timeZone, ...rest } = request.body;
      const file = await history.export(sessionOf(request).account, {
        deviceId: equipmentId,
        timeZone: validTimeZone(timeZone),
        locale: request.locale,
        ...rest,
      });
      const name = `history-${new Date(rest.start).toISOString().slice(0, 10)}.${rest.format}`;
      return reply
        .type(
          rest.format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(file);
    },
  );

  api.post(
    '/history/curve',
    {
      schema: {
        tags,
        summary: 'History curve: raw points, or min/max buckets for the width',
        body: HistoryCurveRequestSchema,
        response: answerSchemas(CurveAnswerSchema),
      },
      serializerCompiler: writeAnswerAsJson,
      ...view,
    },
    async (request): Promise<AnswerOf<typeof CurveAnswerSchema>> => {
      const { equipmentId, ...rest } = request.body;
      return ok(await history.curve(sessionOf(request).account, { deviceId: equipmentId, ...rest }));
    },
  );
}
