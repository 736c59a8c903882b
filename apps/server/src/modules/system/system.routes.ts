/** Liveness and readiness for load balancers and operators. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

export function registerSystemRoutes(
  app: FastifyInstance,
  options: { database: DatabaseHandle; isReady: () => boolean },
) {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'Health: start-up is complete, the process answers and the database responds',
      },
    },
    async (_request, reply) => {
      if (!options.isReady())
        return reply.status(503).send({ status: 'starting', database: options.database.kind });
      try {
        await options.database.db.execute(sql`select 1`);
        return { status: 'ok', database: options.database.kind };
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: options.database.kind });
      }
    },
  );
}
