/**
 * Deny by default: a route under the API prefix that declares no action of the policy table keeps
 * the server from starting; one that declares its action starts and shows it in its operation.
 */
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@lyyp/contracts';
import { sessionPlugin } from '../plugins/session.ts';
import type { SessionService } from '../modules/session/session.service.ts';

const sessions = {
  resolve: () => Promise.reject(new Error('no session in this test')),
} as unknown as SessionService;

async function appWith(register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(cookie);
  await app.register(sessionPlugin, { sessions, secureCookie: false, maxAgeMs: 60_000 });
  await app.register(
    (api, _options, done) => {
      try {
        register(api);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    { prefix: API_PREFIX },
  );
  return app;
}

describe('routes declare their action', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('refuses to start with a route that declares no action', async () => {
    await expect(
      appWith((api) => {
        api.post('/equipment/undeclared', () => ({ ok: true }));
      }),
    ).rejects.toThrow(/POST \/lyyp\/developer\/equipment\/undeclared declares no action/);
  });

  it('refuses a route guarded only by codes, without an action', async () => {
    await expect(
      appWith((api) => {
        api.post(
          '/equipment/codes-only',
          { onRequest: api.requirePermission('monitor:device:view') },
          () => null,
        );
      }),
    ).rejects.toThrow(/declares no action/);
  });

  it('starts with declared actions, public ones included, and leaves paths outside the API alone', async () => {
    app = await appWith((api) => {
      api.post('/equipment/values-like', { onRequest: api.allow('device.values') }, () => null);
      api.post('/user/login-like', { onRequest: api.allow('session.signIn') }, () => ({ signedIn: false }));
    });
    app.get('/healthz-like', () => 'ok');
    await expect(app.ready()).resolves.toBeDefined();
    const open = await app.inject({ method: 'POST', url: `${API_PREFIX}/user/login-like` });
    expect(open.json()).toEqual({ signedIn: false });
  });

  it('refuses an action the table does not name', async () => {
    await expect(
      appWith((api) => {
        api.post('/equipment/unknown', { onRequest: api.allow('device.launch' as never) }, () => null);
      }),
    ).rejects.toThrow(/unknown action device\.launch/);
  });
});
