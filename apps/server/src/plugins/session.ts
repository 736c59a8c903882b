/**
 * Session cookie handling: `app.authenticate` guards routes that need a signed-in account and
 * puts the active session on the request; `reply.startSession` signs an account in.
 *
 * Every API route declares its action of the policy table (`app.allow(action)`, docs/permissions.md):
 * the guard signs the caller in (unless the action is public) and refuses a caller that holds none
 * of the codes any grant open to it needs. A route under the API prefix that declares no action
 * fails when it is added, so the server does not start (deny by default). The object-level part of
 * the decision is `authorize` (src/policy/), once the handler has loaded the object.
 *
 * Authentication comes first, everywhere: a route may list its guard as a pre-handler (the
 * natural place in Fastify), but the guard is moved to the route's `onRequest` when the route is
 * added, so it runs before the body is parsed and validated. A caller without a session learns
 * nothing from field errors and gets 1010, whatever it sends.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  ALL_PERMISSION_CODES,
  API_PREFIX,
  CatalogueError,
  SESSION_COOKIE,
  dataScopeOf,
  hasPermission,
  type DataScope,
  type ErrorCode,
} from '@lyyp/contracts';
import {
  codesOfAction,
  dataScopeOfAction,
  isActionName,
  isPublicAction,
  mayAttempt,
  needsNoCode,
  policyCallerOf,
  refusalOf,
  type ActionName,
} from '@lyyp/contracts/policy';
import type { AccountRow } from '../modules/account/account.repository.ts';
import type { ActiveSession, SessionService } from '../modules/session/session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    activeSession: ActiveSession | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * `authenticate` for a route open to any signed-in account, declaring the data it answers from
     * (`x-data-scope`): the caller's own account, or the devices, products or gateways it may see.
     */
    signedIn: (scope: DataScope) => (request: FastifyRequest) => Promise<void>;
    /**
     * A pre-handler that signs the request in and requires one of the permission codes (§6). A
     * caller without them gets 1201, or the screen's own refusal (2116 for alarm records).
     */
    requirePermission: (
      required: string | readonly string[],
      options?: { refusal?: ErrorCode; dataScope?: DataScope },
    ) => (request: FastifyRequest) => Promise<void>;
    /**
     * The guard of a route doing `action` (the policy table, `@lyyp/contracts/policy`): public
     * actions pass anyone; others need a session (1010) and a code of a grant open to the caller
     * (else the action's refusal, 1201 by default). Declares `x-action` in the OpenAPI operation.
     */
    allow: (action: ActionName) => (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyReply {
    startSession: (account: AccountRow) => Promise<void>;
    clearSession: () => void;
  }
}

export interface SessionPluginOptions {
  sessions: SessionService;
  secureCookie: boolean;
  maxAgeMs: number;
}

type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * What a session may still do while its account holds a one-time password (staff chose it): read
 * its own account, replace the password, sign out. Everything else is refused with 1171.
 */
export const ONE_TIME_PASSWORD_ACTIONS: ReadonlySet<ActionName> = new Set<ActionName>([
  'account.read',
  'account.firstPassword',
  'session.signIn',
]);

function refuseUntilPasswordChanged(active: ActiveSession, action?: ActionName): ActiveSession {
  if (active.account.mustChangePassword && !(action && ONE_TIME_PASSWORD_ACTIONS.has(action)))
    throw new CatalogueError('1171');
  return active;
}

const GUARD = Symbol('session guard');
const PERMISSION = Symbol('permission codes');
const SCOPE = Symbol('data scope');
const ACTION = Symbol('policy action');

interface DeclaredPermission {
  codes: readonly string[];
  refusal: ErrorCode;
}

function markGuard(guard: Guard, permission?: DeclaredPermission, scope?: DataScope): Guard {
  return Object.assign(guard, {
    [GUARD]: true,
    ...(permission ? { [PERMISSION]: permission } : {}),
    ...(scope ? { [SCOPE]: scope } : {}),
  });
}

function scopeOf(hook: unknown): DataScope | undefined {
  return (hook as { [SCOPE]?: DataScope })[SCOPE];
}

function permissionOf(hook: unknown): DeclaredPermission | undefined {
  return (hook as { [PERMISSION]?: DeclaredPermission })[PERMISSION];
}

function actionOf(hook: unknown): ActionName | undefined {
  return (hook as { [ACTION]?: ActionName })[ACTION];
}

function isGuard(hook: unknown): boolean {
  return typeof hook === 'function' && (hook as { [GUARD]?: boolean })[GUARD] === true;
}

type HookList = unknown[];
const listOf = (hooks: unknown): HookList =>
  hooks === undefined || hooks === null ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Deny by default: a route under the API prefix must declare its action (`app.allow`), public ones
 * included; one that does not is refused when it is added, and the server does not start.
 */
export function requireDeclaredAction(route: RouteOptions): void {
  const url = typeof route.url === 'string' ? route.url : '';
  if (url !== API_PREFIX && !url.startsWith(`${API_PREFIX}/`)) return;
  const options = route as unknown as Record<string, unknown>;
  const hooks = ['onRequest', 'preParsing', 'preValidation', 'preHandler'].flatMap((stage) =>
    listOf(options[stage]),
  );
  if (hooks.some((hook) => isGuard(hook) && actionOf(hook) !== undefined)) return;
  const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
  throw new Error(
    `${methods} ${url} declares no action of the policy table: guard it with app.allow(action)`,
  );
}

/**
 * Moves session guards declared in later hooks of a route to its `onRequest`, and declares the
 * route's access in its OpenAPI operation: `x-action` names its action of the policy table;
 * `x-access` is `public`, `permission` (with the codes, one of which is needed, in `x-permission`)
 * or `session` (any signed-in account).
 */
export function runGuardsFirst(route: RouteOptions): void {
  const options = route as unknown as Record<string, unknown>;
  const guards: HookList = [];
  for (const stage of ['preParsing', 'preValidation', 'preHandler'] as const) {
    const hooks = listOf(options[stage]);
    if (!hooks.some(isGuard)) continue;
    guards.push(...hooks.filter(isGuard));
    options[stage] = hooks.filter((hook) => !isGuard(hook));
  }
  if (guards.length > 0) options.onRequest = [...listOf(options.onRequest), ...guards];
  const declared = listOf(options.onRequest).filter(isGuard);
  if (declared.length === 0) return;
  const permission = declared.map(permissionOf).find((codes) => codes !== undefined);
  const scope = declared.map(scopeOf).find((found) => found !== undefined);
  const action = declared.map(actionOf).find((found) => found !== undefined);
  const schema = (options.schema ?? {}) as Record<string, unknown>;
  options.schema = {
    ...schema,
    ...(action ? { 'x-action': action } : {}),
    'x-access': action && isPublicAction(action) ? 'public' : permission ? 'permission' : 'session',
    ...(permission ? { 'x-permission': [...permission.codes], 'x-refusal': permission.refusal } : {}),
    ...(scope ? { 'x-data-scope': scope } : {}),
  };
}

/** The session of a request that passed `app.authenticate`. */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (!request.activeSession) throw new Error('route used the session without app.authenticate');
  return request.activeSession;
}

export const sessionPlugin = fp<SessionPluginOptions>(
  (app: FastifyInstance, options) => {
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: options.secureCookie,
    };
    app.decorateRequest('activeSession', null);
    app.decorate(
      'authenticate',
      markGuard(async (request: FastifyRequest) => {
        request.activeSession = refuseUntilPasswordChanged(
          await options.sessions.resolve(request.cookies[SESSION_COOKIE]),
        );
      }),
    );
    app.decorate('signedIn', (scope: DataScope) =>
      markGuard(
        async (request: FastifyRequest) => {
          request.activeSession = refuseUntilPasswordChanged(
            await options.sessions.resolve(request.cookies[SESSION_COOKIE]),
          );
        },
        undefined,
        scope,
      ),
    );
    app.decorate(
      'requirePermission',
      (required: string | readonly string[], guardOptions?: { refusal?: ErrorCode; dataScope?: DataScope }) =>
        markGuard(
          async (request: FastifyRequest) => {
            // The session carries the codes the account holds now (its role's), read at this request.
            const active = refuseUntilPasswordChanged(
              await options.sessions.resolve(request.cookies[SESSION_COOKIE]),
            );
            request.activeSession = active;
            const auths = active.account.isSuperManager
              ? ALL_PERMISSION_CODES.join(',')
              : active.account.auths;
            if (!hasPermission(auths, required)) throw new CatalogueError(guardOptions?.refusal ?? '1201');
          },
          {
            codes: typeof required === 'string' ? [required] : required,
            refusal: guardOptions?.refusal ?? '1201',
          },
          guardOptions?.dataScope ?? dataScopeOf(typeof required === 'string' ? [required] : required),
        ),
    );
    app.decorate('allow', (action: ActionName) => {
      if (!isActionName(action)) throw new Error(`unknown action ${String(action)}`);
      const guard = isPublicAction(action)
        ? () => Promise.resolve()
        : async (request: FastifyRequest) => {
            const active = refuseUntilPasswordChanged(
              await options.sessions.resolve(request.cookies[SESSION_COOKIE]),
              action,
            );
            request.activeSession = active;
            if (!mayAttempt(action, policyCallerOf(active.account)))
              throw new CatalogueError(refusalOf(action));
          };
      const codes = codesOfAction(action);
      const declared = Object.assign(
        markGuard(
          guard,
          isPublicAction(action) || needsNoCode(action) ? undefined : { codes, refusal: refusalOf(action) },
          isPublicAction(action) ? undefined : dataScopeOfAction(action),
        ),
        { [ACTION]: action },
      );
      return declared;
    });
    app.addHook('onRoute', requireDeclaredAction);
    app.addHook('onRoute', runGuardsFirst);
    app.decorateReply('startSession', async function startSession(this: FastifyReply, account: AccountRow) {
      const request = this.request;
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) {
        // A new session id at every sign-in: the old cookie stops working (no session fixation).
        await options.sessions
          .resolve(previous)
          .then((active) => options.sessions.end(active.tokenHash, 'replaced'))
          .catch(() => undefined);
      }
      const token = await options.sessions.start(account, {
        address: request.ip,
        userAgent: request.headers['user-agent'],
      });
      this.setCookie(SESSION_COOKIE, token, {
        ...cookieOptions,
        maxAge: Math.floor(options.maxAgeMs / 1000),
      });
    });
    app.decorateReply('clearSession', function clearSession(this: FastifyReply) {
      this.clearCookie(SESSION_COOKIE, cookieOptions);
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
