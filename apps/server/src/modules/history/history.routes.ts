/** History table, export and curve paths. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '@lyyp/contracts';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import type { HistoryService } from './history.service.ts';

/** Keys as an array (`keys[0]=a`, `keys=a&keys=b`) or one comma-separated string. */
const keysField = z
  .union([z.array(z.string().min(1)), z.string()])
  .optional()
  .transform((value) =>
    value === undefined
      ? []
      : Array.isArray(value)
        ? value
        : value
            .split(',')
            .map((key) => key.trim())
            .filter(Boolean),
  );
const epoch = z.coerce.number().int();

const tableSchema = z.object({
  equipmentId: z.string().min(1),
  keys: keysField,
  start: epoch,
  end: epoch,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
});
const exportSchema = z.object({
  equipmentId: z.string().min(1),
  keys: keysField,
  start: epoch,
  end: epoch,
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
  timeZone: z.string().max(64).optional(),
});
const curveSchema = z.object({
  equipmentId: z.string().min(1),
  keys: keysField,
  start: epoch.optional(),
  end: epoch.optional(),
  width: z.coerce.number().int().min(1).default(1200),
});

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
  const view = { preHandler: app.requirePermission(['monitor:history', 'monitor:device:view']) };

  api.post(
    '/history/query',
    {
      schema: { tags, summary: 'History table: one row per second, newest first', body: tableSchema },
      ...view,
    },
    async (request) => {
      const { equipmentId, ...rest } = request.body;
      return ok(await history.table(sessionOf(request).account, { deviceId: equipmentId, ...rest }));
    },
  );

  api.post(
    '/history/export',
    {
      schema: { tags, summary: 'History as a CSV or XLSX file (at most 100,000 rows)', body: exportSchema },
      preHandler: app.requirePermission('monitor:history:export'),
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
        body: curveSchema,
      },
      ...view,
    },
    async (request) => {
      const { equipmentId, ...rest } = request.body;
      return ok(await history.curve(sessionOf(request).account, { deviceId: equipmentId, ...rest }));
    },
  );
}
