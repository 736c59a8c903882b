/**
 * HTTP authentication and authorisation for an external broker (EMQX's HTTP auth and ACL, or
 * Mosquitto's mosquitto-go-auth HTTP backend): the same rules the embedded broker applies. A
 * gateway signs in with its SN and secret and may publish only its own up topics and subscribe only
 * its own down topics; the platform signs in with the credentials of MQTT_URL and may do everything.
 *
 * These hooks know gateway secrets and the platform's broker account, so they are never open to
 * whoever reaches the console: they are served on a listener of their own bound to loopback
 * (BROKER_HOOK_PORT, BROKER_HOOK_HOST), or on the console's port only behind a shared secret
 * (BROKER_HOOK_SECRET, sent as the `x-broker-hook-secret` header), or not at all. Each username
 * has a lockout: its failed sign-ins are reserved through the attempt limiter before the secret is
 * compared, and while it is locked even the right secret is denied.
 *
 * Answers are `{ result: allow | deny, ok }` with status 200: EMQX reads `result` (and
 * `is_superuser`), mosquitto-go-auth in JSON response mode reads `ok`.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CatalogueError, LOGIN_FAILURE_WINDOW_MS } from '@lyyp/contracts';
import { isOwnDownFilter, parseTopic } from '@lyyp/contracts/protocol';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { RuntimeRepository } from './runtime.repository.ts';

/** The header a broker sends the shared secret in. */
export const BROKER_HOOK_SECRET_HEADER = 'x-broker-hook-secret';

/** Failed sign-ins of one broker username in the attempt window (15 min) before it is locked. */
export const BROKER_AUTH_MAX_FAILURES = 10;
export const BROKER_AUTH_WINDOW_MS = LOGIN_FAILURE_WINDOW_MS;

export const BROKER_HOOK_PATHS = { auth: '/mqtt/auth', acl: '/mqtt/acl' } as const;

const authSchema = z.object({
  clientid: z.string().default(''),
  username: z.string().default(''),
  password: z.string().default(''),
});
/**
 * EMQX names the action (`publish` | `subscribe`); mosquitto-go-auth sends `acc`: 1 read (a
 * message delivered to a subscription), 2 write (publish), 3 both, 4 subscribe.
 */
const aclSchema = z
  .object({
    clientid: z.string().default(''),
    username: z.string().default(''),
    topic: z.string(),
    action: z.enum(['publish', 'subscribe']).optional(),
    acc: z.coerce.number().int().min(1).max(4).optional(),
  })
  .refine((body) => body.action !== undefined || body.acc !== undefined, {
    message: 'action or acc is required',
    path: ['action'],
  });

const allow = { result: 'allow', ok: true } as const;
const deny = { result: 'deny', ok: false } as const;

function same(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface BrokerAuthOptions {
  runtime: Pick<RuntimeRepository, 'gatewaySecret'>;
  /** The platform's own broker account (from MQTT_URL), if any. */
  platformUser: { username: string; password: string } | null;
  /** Takes each sign-in's attempt on its username before the secret is compared. */
  limiter: AttemptLimiter;
  /** BROKER_HOOK_SECRET: required of every call when set. */
  secret: string | undefined;
}

/** Refuses a call without the shared secret (1013), when one is configured. */
export function requireHookSecret(secret: string | undefined): onRequestHookHandler {
  return (request: FastifyRequest, _reply, done) => {
    if (secret === undefined) {
      done();
      return;
    }
    const sent = request.headers[BROKER_HOOK_SECRET_HEADER];
    if (typeof sent === 'string' && same(sent, secret)) done();
    else done(new CatalogueError('1013'));
  };
}

/**
 * Registers /mqtt/auth and /mqtt/acl on `app`. `guards` run first on each (the console's policy
 * guard where the hooks share the console's port), then the shared-secret check.
 */
export function registerBrokerAuthRoutes(
  app: FastifyInstance,
  options: BrokerAuthOptions,
  guards: readonly onRequestHookHandler[] = [],
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['broker'];
  const onRequest = [...guards, requireHookSecret(options.secret)];
  const isPlatform = (username: string) =>
    options.platformUser !== null && same(username, options.platformUser.username);

  /** The secret of a username: the platform's password, or the gateway's secret (SN = client id). */
  const expectedSecret = async (username: string, clientid: string) => {
    if (isPlatform(username)) return options.platformUser!.password;
    if (!username || username !== clientid) return undefined;
    return options.runtime.gatewaySecret(username);
  };

  api.post(
    BROKER_HOOK_PATHS.auth,
    {
      schema: {
        tags,
        summary:
          'Broker HTTP authentication (EMQX, mosquitto-go-auth): { result: allow | deny, ok, is_superuser }; a username is locked after repeated failures',
        body: authSchema,
      },
      onRequest,
    },
    async (request) => {
      const { clientid, username, password } = request.body;
      const key = `broker-auth:${username}`;
      const reservation = await options.limiter
        .reserve([{ key, limit: BROKER_AUTH_MAX_FAILURES }])
        .catch((error: unknown) => {
          if (error instanceof CatalogueError && error.code === '1128') return null;
          throw error;
        });
      if (!reservation) {
        request.log.warn({ username }, 'broker sign-in refused: username locked after failures');
        return deny;
      }
      const expected = await expectedSecret(username, clientid);
      // A failure keeps its reserved attempt: that is the count the lockout reads.
      if (expected === undefined || !same(password, expected)) return deny;
      await reservation.clear([key]);
      return { ...allow, is_superuser: isPlatform(username) };
    },
  );

  api.post(
    BROKER_HOOK_PATHS.acl,
    {
      schema: {
        tags,
        summary: 'Broker HTTP authorisation (EMQX, mosquitto-go-auth): { result: allow | deny, ok }',
        body: aclSchema,
      },
      onRequest,
    },
    (request) => {
      const { username, clientid, topic, action, acc } = request.body;
      if (isPlatform(username)) return allow;
      if (!username || username !== clientid) return deny;
      const subscribes = action === 'subscribe' || acc === 1 || acc === 3 || acc === 4;
      const publishes = action === 'publish' || acc === 2 || acc === 3;
      if (subscribes && !isOwnDownFilter(username, topic)) return deny;
      if (publishes) {
        const parsed = parseTopic(topic);
        if (parsed?.direction !== 'up' || parsed.sn !== username) return deny;
      }
      return allow;
    },
  );
}
