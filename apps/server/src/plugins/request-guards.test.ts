import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, REQUEST_BODY_MAX_DEPTH, SESSION_COOKIE } from '@lyyp/contracts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../test/test-server.ts';
import { jsonNestingExceeds } from './text-input.ts';

const PASSWORD = 'Factory#2026';
let phoneCounter = 0;
const nextPhone = () => `1370000${String(2000 + (phoneCounter += 1)).padStart(4, '0')}`;

describe('JSON nesting depth', () => {
  it('is measured without recursion, skipping brackets inside strings', () => {
    expect(jsonNestingExceeds('[[1]]', 2)).toBe(false);
    expect(jsonNestingExceeds('[[[1]]]', 2)).toBe(true);
    expect(jsonNestingExceeds('{"a":"[[[[\\"[[["}', 1)).toBe(false);
    expect(jsonNestingExceeds('['.repeat(1_000_000), 64)).toBe(true);
  });
});

describe.each(databaseVariants())('request guards on $name', (variant) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(variant, { PUBLIC_URL: 'https://iot.example.com' });
    await server.auth.ensureSuperManager('admin', PASSWORD, false);
  });
  afterAll(async () => server.close());

  const inject = (options: {
    method?: 'GET' | 'POST';
    path: string;
    headers?: Record<string, string>;
    payload?: string;
  }) =>
    server.app.inject({
      method: options.method ?? 'POST',
      url: `${API_PREFIX}${options.path}`,
      headers: options.headers ?? {},
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });

  describe('body nesting', () => {
    it('answers a JSON body nested 100,000 deep with 1011, not a stack overflow', async () => {
      for (const payload of [
        '['.repeat(100_000) + ']'.repeat(100_000),
        '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000),
      ]) {
        const response = await inject({
          path: '/user/verifyCaptcha',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: '1011', data: { max: REQUEST_BODY_MAX_DEPTH } });
      }
    });

    it('answers a form body nested 100,000 deep with 1011', async () => {
      for (const payload of ['a' + '[b]'.repeat(100_000) + '=1', 'a' + '.b'.repeat(100_000) + '=1']) {
        const response = await inject({
          path: '/user/verifyCaptcha',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: '1011' });
      }
    });

    it('still reads bodies nested as deep as the limit allows', async () => {
      const nested =
        '{"a":'.repeat(REQUEST_BODY_MAX_DEPTH - 1) + '1' + '}'.repeat(REQUEST_BODY_MAX_DEPTH - 1);
      const response = await inject({
        path: '/user/verifyCaptcha',
        headers: { 'content-type': 'application/json' },
        payload: nested,
      });
      // Parsed, then refused by the schema for its missing fields: an ordinary field error.
      expect(response.json()).toMatchObject({ code: '1001' });
    });
  });

  describe('requests from another site or origin', () => {
    const signedIn = async () => {
      const client = new TestClient(server);
      expect((await client.login('admin', PASSWORD)).code).toBe('200');
      return `${SESSION_COOKIE}=${client.sessionToken!}`;
    };

    it('refuses a profile change sent by a page on another port of the same host, and changes nothing', async () => {
      const cookie = await signedIn();
      const before = (await inject({ method: 'POST', path: '/account/profile', headers: { cookie } })).json<{
        data: { name: string };
      }>().data.name;
      const foreign: Array<Record<string, string>> = [
        { origin: 'http://localhost:5555', 'sec-fetch-site': 'same-site' },
        { origin: 'http://localhost:5555' },
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { origin: 'null' },
      ];
      for (const headers of foreign) {
        const refused = await inject({
          path: '/account/profile/edit',
          headers: { ...headers, cookie, 'content-type': 'application/json' },
          payload: JSON.stringify({ name: 'Mallory' }),
        });
        expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
        expect(refused.json()).toMatchObject({ code: '1012' });
      }
      const after = (await inject({ path: '/account/profile', headers: { cookie } })).json<{
        data: { name: string };
      }>().data.name;
      expect(after).toBe(before);
    });

    it('refuses a sign-out from another origin, so the session stays', async () => {
      const cookie = await signedIn();
      const refused = await inject({
        path: '/user/logout',
        headers: { cookie, origin: 'http://localhost:5555' },
      });
      expect(refused.json()).toMatchObject({ code: '1012' });
      expect(
        (await inject({ method: 'GET', path: '/account/info', headers: { cookie } })).json(),
      ).toMatchObject({
        code: '200',
      });
    });

    it('refuses a live-channel handshake from another origin', async () => {
      const cookie = await signedIn();
      const refused = await inject({
        method: 'GET',
        path: '/live',
        headers: { cookie, origin: 'https://evil.example', upgrade: 'websocket', connection: 'Upgrade' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: '1012' });
    });

    it('lets the own origin, PUBLIC_URL, the browser saying same-origin and non-browser clients through', async () => {
      const cookie = await signedIn();
      const edit = (headers: Record<string, string>) =>
        inject({
          path: '/account/profile/edit',
          headers: { ...headers, cookie, 'content-type': 'application/json' },
          payload: JSON.stringify({ name: 'Operator' }),
        }).then((response) => response.json<{ code: string }>().code);
      // app.inject names its Host "localhost:80"; a browser leaves the default port out of Origin.
      expect(await edit({ origin: 'http://localhost' })).toBe('200');
      expect(await edit({ origin: 'https://iot.example.com' })).toBe('200');
      expect(await edit({ origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin' })).toBe('200');
      expect(await edit({})).toBe('200');
      // Behind a proxy, the origin is the one the proxy forwards only when TRUST_PROXY says so.
      expect(
        await edit({ origin: 'https://console.example.org', 'x-forwarded-host': 'console.example.org' }),
      ).toBe('1012');
      // Reading needs no check: a foreign page cannot read the answer anyway.
      const read = await inject({
        method: 'GET',
        path: '/account/info',
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect(read.json()).toMatchObject({ code: '200' });
    });
  });

  describe('caching', () => {
    it('answers API paths with Cache-Control: private, no-store, errors and one-time data included', async () => {
      const client = new TestClient(server);
      await client.login('admin', PASSWORD);
      const cookie = `${SESSION_COOKIE}=${client.sessionToken!}`;
      const info = await inject({ method: 'GET', path: '/account/info', headers: { cookie } });
      expect(info.headers['cache-control']).toBe('private, no-store');
      const captcha = await inject({ path: '/user/showCaptcha' });
      expect(captcha.headers['cache-control']).toBe('private, no-store');
      const missing = await inject({ method: 'GET', path: '/no/such/path', headers: { cookie } });
      expect(missing.headers['cache-control']).toBe('private, no-store');
    });
  });

  describe('first-time completion', () => {
    it('lets an SMS-created account use only completion, its info, agreements and sign-out until it completes', async () => {
      const client = new TestClient(server);
      const tel = nextPhone();
      await client.call('POST', '/user/sendSmsCode', { tel, ...(await client.solveCaptcha()) });
      const signedIn = await client.call('POST', '/user/smsLogin', {
        tel,
        smsCode: server.sms.lastCodeFor(tel),
      });
      expect(signedIn.data).toMatchObject({ needsCompletion: true });

      expect((await client.call('GET', '/account/info')).code).toBe('200');
      expect((await client.call('GET', '/agreement/current')).code).toBe('200');
      for (const path of ['/user/queryCompanyForMe', '/account/profile', '/account/security/overview']) {
        const refused = await client.call('POST', path);
        expect(refused.code, path).toBe('1135');
      }
      // Checked before the body: a field error would say more than the account may know yet.
      expect((await client.call('POST', '/account/profile/edit', { name: '' })).code).toBe('1135');

      const done = await client.call('POST', '/user/complete', {
        username: `c${phoneCounter}x`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      expect(done.code).toBe('200');
      expect((await client.call('POST', '/user/queryCompanyForMe')).code).toBe('200');
      expect((await client.call('POST', '/account/profile')).code).toBe('200');
      expect((await client.call('POST', '/user/logout')).code).toBe('200');
    });
  });
});
