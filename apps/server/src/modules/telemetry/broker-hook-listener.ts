/**
 * Where the broker hooks (/mqtt/auth, /mqtt/acl) are served, from the configuration:
 *
 * - BROKER_HOOK_PORT set: on a listener of their own (BROKER_HOOK_HOST, loopback by default), at
 *   the same paths under /lyyp/developer; the console's port does not serve them;
 * - else BROKER_HOOK_SECRET set: on the console's port, to callers sending the secret;
 * - else nowhere (the embedded broker checks gateways itself and needs no hooks).
 *
 * BROKER_HOOK_SECRET, when set, is required on the own listener too.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@lyyp/contracts';
import { errorsPlugin } from '../../plugins/errors.ts';
import { parseFormBody } from '../../plugins/text-input.ts';
import { registerBrokerAuthRoutes, type BrokerAuthOptions } from './broker-auth.routes.ts';

export interface BrokerHookConfig {
  /** A port of their own (0: any free port); undefined: no listener of their own. */
  port: number | undefined;
  host: string;
  secret: string | undefined;
}

/** Whether the console's port serves the hooks (only behind the shared secret, without a listener of their own). */
export function hooksOnConsolePort(config: BrokerHookConfig): boolean {
  return config.port === undefined && config.secret !== undefined;
}

/**
 * The hooks' own application, or null when they have no listener of their own. It is only built
 * here; `listenBrokerHooks` starts it once the console listens.
 */
export async function buildBrokerHookServer(
  config: BrokerHookConfig,
  options: Omit<BrokerAuthOptions, 'secret'>,
  logger: FastifyBaseLogger,
): Promise<FastifyInstance | null> {
  if (config.port === undefined) return null;
  const hooks = Fastify({ loggerInstance: logger.child({ listener: 'broker-hooks' }), bodyLimit: 64 * 1024 });
  hooks.setValidatorCompiler(validatorCompiler);
  hooks.setSerializerCompiler(serializerCompiler);
  await hooks.register(errorsPlugin);
  // mosquitto-go-auth may send forms; EMQX sends JSON (Fastify's own parser).
  hooks.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, parseFormBody(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  await hooks.register(
    (api) => {
      registerBrokerAuthRoutes(api, { ...options, secret: config.secret });
    },
    { prefix: API_PREFIX },
  );
  await hooks.ready();
  return hooks;
}

/** Starts the hooks' own listener; answers the port it listens on. */
export async function listenBrokerHooks(hooks: FastifyInstance, config: BrokerHookConfig): Promise<number> {
  await hooks.listen({ host: config.host, port: config.port ?? 0 });
  const address = hooks.server.address();
  return typeof address === 'object' && address ? address.port : (config.port ?? 0);
}
