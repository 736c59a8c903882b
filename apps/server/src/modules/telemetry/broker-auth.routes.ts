/**
 * HTTP authentication and authorisation for an external broker (EMQX's HTTP auth and ACL, or any
 * broker plugin that calls HTTP): the same rules the embedded broker applies. A gateway signs in
 * with its SN and secret and may publish only its own up topics and subscribe only its own down
 * topics; the platform signs in with the credentials of MQTT_URL and may do everything.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isOwnDownFilter, parseTopic } from '@lyyp/contracts/protocol';
import type { RuntimeRepository } from './runtime.repository.ts';

const authSchema = z.object({
  clientid: z.string().default(''),
  username: z.string().default(''),
  password: z.string().default(''),
});
const aclSchema = z.object({
  clientid: z.string().default(''),
  username: z.string().default(''),
  topic: z.string(),
  action: z.enum(['publish', 'subscribe']),
});

const allow = { result: 'allow' } as const;
const deny = { result: 'deny' } as const;

function same(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface BrokerAuthOptions {
  runtime: RuntimeRepository;
  /** The platform's own broker account (from MQTT_URL), if any. */
  platformUser: { username: string; password: string } | null;
}

export function registerBrokerAuthRoutes(app: FastifyInstance, options: BrokerAuthOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['broker'];
  const isPlatform = (username: string) =>
    options.platformUser !== null && same(username, options.platformUser.username);

  api.post(
    '/mqtt/auth',
    {
      schema: {
        tags,
        summary: 'Broker HTTP authentication (EMQX style): { result: allow | deny }',
        body: authSchema,
      },
      config: { rateLimit: { max: 600, timeWindow: 60_000 } },
    },
    async (request) => {
      const { clientid, username, password } = request.body;
      if (isPlatform(username)) {
        return same(password, options.platformUser!.password) ? { ...allow, is_superuser: true } : deny;
      }
      if (!username || username !== clientid) return deny;
      const secret = await options.runtime.gatewaySecret(username);
      return secret !== undefined && same(password, secret) ? { ...allow, is_superuser: false } : deny;
    },
  );

  api.post(
    '/mqtt/acl',
    {
      schema: {
        tags,
        summary: 'Broker HTTP authorisation (EMQX style): { result: allow | deny }',
        body: aclSchema,
      },
      config: { rateLimit: { max: 6000, timeWindow: 60_000 } },
    },
    (request) => {
      const { username, clientid, topic, action } = request.body;
      if (isPlatform(username)) return allow;
      if (!username || username !== clientid) return deny;
      if (action === 'subscribe') return isOwnDownFilter(username, topic) ? allow : deny;
      const parsed = parseTopic(topic);
      return parsed?.direction === 'up' && parsed.sn === username ? allow : deny;
    },
  );
}
