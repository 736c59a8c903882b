/**
 * First-time completion on the server: an account that still needs completing (an SMS sign-in made
 * it) reaches only the paths of that step — completion, its own account info, the agreements it
 * accepts there, and sign-out. Every other path answers 1135 ("please complete your account
 * first"); the console reads `needsCompletion` from the account info and shows the setup page.
 *
 * Runs after the session guards (they resolve the session in `onRequest`) and before the body is
 * read, so an incomplete account learns nothing from a path it may not use yet.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX, AUTH_PATHS, CatalogueError } from '@lyyp/contracts';
import { AGREEMENT_API_PATHS } from '@lyyp/contracts/system';

/** The paths of the completion step (API paths without the prefix). */
export const COMPLETION_PATHS: readonly string[] = [
  AUTH_PATHS.complete,
  AUTH_PATHS.accountInfo,
  AUTH_PATHS.logout,
  AGREEMENT_API_PATHS.current,
];

const allowed = new Set(COMPLETION_PATHS.map((path) => `${API_PREFIX}${path}`));

/** Whether a request of an incomplete account must be refused. */
export function refusedBeforeCompletion(request: FastifyRequest): boolean {
  if (!request.activeSession?.account.needsCompletion) return false;
  const route = request.routeOptions.url;
  return route === undefined || !allowed.has(route);
}

export const completionGatePlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('preParsing', (request, _reply, payload, done) => {
      if (refusedBeforeCompletion(request)) done(new CatalogueError('1135'));
      else done(null, payload);
    });
  },
  { name: 'completion-gate', dependencies: ['session'] },
);
