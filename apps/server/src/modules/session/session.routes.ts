/**
 * The account's own sessions (security settings): list them, end one, end all others. Ending the
 * current one is signing out (the cookie is cleared).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNT_SESSION_PATHS,
  accountSessionListSchema,
  endSessionSchema,
  endedSessionsSchema,
} from '@lyyp/contracts/account-centre';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import { postRoute } from '../product/catalogue-route.ts';
import type { SessionService } from './session.service.ts';

export function registerSessionRoutes(app: FastifyInstance, { sessions }: { sessions: SessionService }) {
  const tags = ['account'];
  postRoute(
    app,
    ACCOUNT_SESSION_PATHS.list,
    {
      tags,
      summary: "The account's open sessions: browser, system, address, sign-in and last use",
      guard: app.allow('account.sessions'),
      answer: accountSessionListSchema,
    },
    async (request) => {
      const active = sessionOf(request);
      return ok(await sessions.listOf(active.account.id, active.tokenHash));
    },
  );
  postRoute(
    app,
    ACCOUNT_SESSION_PATHS.end,
    {
      tags,
      summary: "End one of the account's sessions (the current one signs out)",
      guard: app.allow('account.endSessions'),
      body: endSessionSchema,
      answer: z.null(),
    },
    async (request, reply) => {
      const active = sessionOf(request);
      const { current } = await sessions.endOwn(active.account.id, request.body.id, active.tokenHash);
      if (current) reply.clearSession();
      return ok(null);
    },
  );
  postRoute(
    app,
    ACCOUNT_SESSION_PATHS.endOthers,
    {
      tags,
      summary: 'End every session of the account but the current one',
      guard: app.allow('account.endSessions'),
      answer: endedSessionsSchema,
    },
    async (request) => {
      const active = sessionOf(request);
      return ok({ ended: await sessions.endOthers(active.account.id, active.tokenHash) });
    },
  );
}
