import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildBoundDevice } from '../../test/factories.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import {
  BROKER_AUTH_MAX_FAILURES,
  BROKER_AUTH_WINDOW_MS,
  BROKER_HOOK_SECRET_HEADER,
} from './broker-auth.routes.ts';
import { listenBrokerHooks } from './broker-hook-listener.ts';

const PLATFORM_URL = 'mqtt://platform:Pl%40tform-secret@127.0.0.1:1';
const HOOK_SECRET = 'hook-secret-0123456789';

type HookAnswer = { result: string; ok?: boolean; is_superuser?: boolean; code?: string };

const postTo =
  (app: FastifyInstance, headers: Record<string, string> = {}) =>
  async (path: string, body: Record<string, string | number>) => {
    const response = await app.inject({
      method: 'POST',
      url: `/lyyp/developer${path}`,
      payload: body,
      headers,
    });
    return { status: response.statusCode, ...response.json<HookAnswer>() };
  };

describe.each(databaseVariants())('broker hooks on $name', (variant) => {
  describe('on a listener of their own', () => {
    let server: TestServer;
    let hooks: FastifyInstance;
    beforeAll(async () => {
      server = await startTestServer(variant, { MQTT_URL: PLATFORM_URL, BROKER_HOOK_PORT: '0' });
      hooks = server.brokerHooks!;
    });
    afterAll(async () => server.close());

    it('are not served on the console port at all', async () => {
      const onConsole = await postTo(server.app)('/mqtt/auth', {
        clientid: 'x',
        username: 'x',
        password: 'x',
      });
      expect(onConsole.status).toBe(404);
      expect(onConsole.code).toBe('1008');
    });

    it('listen on loopback by default and answer a broker there', async () => {
      const port = await listenBrokerHooks(hooks, server.config.brokerHook);
      expect(hooks.server.address()).toMatchObject({ address: '127.0.0.1' });
      const response = await fetch(`http://127.0.0.1:${port}/lyyp/developer/mqtt/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientid: 'node-1', username: 'platform', password: 'Pl@tform-secret' }),
      });
      expect(await response.json()).toEqual({ result: 'allow', ok: true, is_superuser: true });
    });

    it('let a gateway in with its SN and secret only', async () => {
      const post = postTo(hooks);
      const { gateway } = await buildBoundDevice(server.database.db);
      expect(
        await post('/mqtt/auth', { clientid: gateway.sn, username: gateway.sn, password: gateway.secret }),
      ).toMatchObject({ result: 'allow', ok: true, is_superuser: false });
      expect(
        (await post('/mqtt/auth', { clientid: gateway.sn, username: gateway.sn, password: 'nope' })).result,
      ).toBe('deny');
      expect(
        (await post('/mqtt/auth', { clientid: 'other', username: gateway.sn, password: gateway.secret }))
          .result,
      ).toBe('deny');
      expect(
        (await post('/mqtt/auth', { clientid: '999999999999', username: '999999999999', password: 'x' }))
          .result,
      ).toBe('deny');
    });

    it('lock a username after repeated failures, even against parallel guesses and the right secret', async () => {
      const post = postTo(hooks);
      const { gateway } = await buildBoundDevice(server.database.db);
      const guesses = await Promise.all(
        Array.from({ length: 3 * BROKER_AUTH_MAX_FAILURES }, () =>
          post('/mqtt/auth', { clientid: gateway.sn, username: gateway.sn, password: 'guess' }),
        ),
      );
      expect(guesses.every((answer) => answer.result === 'deny')).toBe(true);
      const locked = await post('/mqtt/auth', {
        clientid: gateway.sn,
        username: gateway.sn,
        password: gateway.secret,
      });
      expect(locked.result).toBe('deny');
      // The lock is the username's: another gateway and the platform still sign in.
      const { gateway: other } = await buildBoundDevice(server.database.db);
      expect(
        (await post('/mqtt/auth', { clientid: other.sn, username: other.sn, password: other.secret })).result,
      ).toBe('allow');
      server.clock.advance(BROKER_AUTH_WINDOW_MS + 1000);
      expect(
        (await post('/mqtt/auth', { clientid: gateway.sn, username: gateway.sn, password: gateway.secret }))
          .result,
      ).toBe('allow');
    });

    it('lock the platform super-user too, so its password cannot be guessed through them', async () => {
      const post = postTo(hooks);
      for (let failure = 0; failure < BROKER_AUTH_MAX_FAILURES; failure += 1) {
        expect(
          (await post('/mqtt/auth', { clientid: 'n', username: 'platform', password: `guess${failure}` }))
            .result,
        ).toBe('deny');
      }
      expect(
        (await post('/mqtt/auth', { clientid: 'node-1', username: 'platform', password: 'Pl@tform-secret' }))
          .result,
      ).toBe('deny');
      server.clock.advance(BROKER_AUTH_WINDOW_MS + 1000);
    });

    it('keep each gateway to its own topics, in EMQX and mosquitto-go-auth terms', async () => {
      const own = '123456789012';
      const post = postTo(hooks);
      const acl = (topic: string, action: 'publish' | 'subscribe') =>
        post('/mqtt/acl', { clientid: own, username: own, topic, action });
      expect((await acl(`gw/${own}/up/data`, 'publish')).result).toBe('allow');
      expect((await acl(`gw/${own}/down/+`, 'subscribe')).result).toBe('allow');
      expect((await acl(`gw/${own}/down/cmd`, 'publish')).result).toBe('deny');
      expect((await acl('gw/210987654321/up/data', 'publish')).result).toBe('deny');
      expect((await acl('gw/210987654321/down/+', 'subscribe')).result).toBe('deny');
      expect((await acl('#', 'subscribe')).result).toBe('deny');
      expect((await acl(`gw/${own}/down/#`, 'subscribe')).result).toBe('allow');
      const goAuth = (topic: string, acc: number) =>
        post('/mqtt/acl', { clientid: own, username: own, topic, acc });
      expect(await goAuth(`gw/${own}/up/data`, 2)).toMatchObject({ ok: true });
      expect(await goAuth(`gw/${own}/down/cmd`, 4)).toMatchObject({ ok: true });
      expect(await goAuth(`gw/${own}/down/cmd`, 1)).toMatchObject({ ok: true });
      expect(await goAuth(`gw/${own}/down/cmd`, 2)).toMatchObject({ ok: false });
      expect(await goAuth(`gw/${own}/up/data`, 3)).toMatchObject({ ok: false });
      expect(await goAuth('gw/210987654321/down/cmd', 1)).toMatchObject({ ok: false });
    });
  });

  describe('on the console port behind a shared secret', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(variant, { MQTT_URL: PLATFORM_URL, BROKER_HOOK_SECRET: HOOK_SECRET });
    });
    afterAll(async () => server.close());

    it('answer only a caller sending the secret', async () => {
      const body = { clientid: 'node-1', username: 'platform', password: 'Pl@tform-secret' };
      const withoutSecret: Array<Record<string, string>> = [
        {},
        { [BROKER_HOOK_SECRET_HEADER]: 'wrong-secret-0123456789' },
      ];
      for (const headers of withoutSecret) {
        const refused = await postTo(server.app, headers)('/mqtt/auth', body);
        expect(refused.status).toBe(403);
        expect(refused.code).toBe('1013');
        const acl = await postTo(server.app, headers)('/mqtt/acl', {
          clientid: 'x',
          username: 'platform',
          topic: '#',
          action: 'subscribe',
        });
        expect(acl.code).toBe('1013');
      }
      const allowed = await postTo(server.app, { [BROKER_HOOK_SECRET_HEADER]: HOOK_SECRET })(
        '/mqtt/auth',
        body,
      );
      expect(allowed).toMatchObject({ status: 200, result: 'allow', is_superuser: true });
    });
  });

  describe('without a listener or a secret', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(variant, { MQTT_URL: PLATFORM_URL });
    });
    afterAll(async () => server.close());

    it('are not served at all', async () => {
      const answer = await postTo(server.app)('/mqtt/auth', {
        clientid: 'node-1',
        username: 'platform',
        password: 'Pl@tform-secret',
      });
      expect(answer.status).toBe(404);
      expect(server.brokerHooks).toBeNull();
    });
  });
});
