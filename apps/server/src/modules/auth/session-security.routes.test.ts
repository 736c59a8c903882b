import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_RESEND_INTERVAL_MS } from '@lyyp/contracts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';

const PASSWORD = 'Factory#2026';
const NEW_PASSWORD = 'Boiler$Room9';
let phoneCounter = 0;
const nextPhone = () => `1391000${String(1000 + (phoneCounter += 1)).padStart(4, '0')}`;

describe.each(databaseVariants())('sessions, recovery and security settings on $name', (variant) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(variant, { ADMIN_USERNAME: 'admin' });
    await server.auth.ensureSuperManager('admin', PASSWORD, false);
  });
  afterAll(async () => server.close());

  describe('sessions', () => {
    it('answers 1010 without a session and after sign-out', async () => {
      const client = new TestClient(server);
      expect((await client.call('GET', '/account/info')).code).toBe('1010');
      await client.login('admin', PASSWORD);
      const token = client.sessionToken!;
      expect((await client.call('POST', '/user/logout')).code).toBe('200');
      expect(client.sessionToken).toBeUndefined();
      client.cookies.set('lyyp_session', token);
      expect((await client.call('GET', '/account/info')).code).toBe('1010');
    });

    it('gives a new session id at every sign-in and ends the old one', async () => {
      const client = new TestClient(server);
      await client.login('admin', PASSWORD);
      const first = client.sessionToken!;
      await client.login('admin', PASSWORD);
      expect(client.sessionToken).not.toBe(first);
      const thief = new TestClient(server);
      thief.cookies.set('lyyp_session', first);
      expect((await thief.call('GET', '/account/info')).code).toBe('1206');
    });

    it('lists the sessions of an account on three browsers, ends one, then all others', async () => {
      const office = new TestClient(server);
      expect((await office.register(nextPhone(), 'screen', PASSWORD)).code).toBe('200');
      const chrome =
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
      const phone = new TestClient(server);
      phone.userAgent = chrome;
      await phone.login('screen', PASSWORD);
      const third = new TestClient(server);
      await third.login('screen', PASSWORD);

      const listed = await office.call('POST', '/account/sessions');
      expect(listed.code).toBe('200');
      const sessions = listed.data as Array<{ id: string; device: string | null; current: boolean }>;
      expect(sessions).toHaveLength(3);
      expect(sessions.filter((session) => session.current)).toHaveLength(1);
      const phoneSession = sessions.find((session) => session.device === 'Chrome 142 · Windows 10');
      expect(phoneSession).toBeDefined();
      expect(JSON.stringify(sessions)).not.toContain(phone.sessionToken!);

      expect((await office.call('POST', '/account/sessions/end', { id: phoneSession!.id })).code).toBe('200');
      expect((await phone.call('GET', '/account/info')).code).toBe('1206');
      expect((await office.call('POST', '/account/sessions/end', { id: phoneSession!.id })).code).toBe(
        '1003',
      );
      // Another account's session ids are not this account's to end.
      const stranger = new TestClient(server);
      await stranger.login('admin', PASSWORD);
      const mine = (await office.call('POST', '/account/sessions')).data as Array<{ id: string }>;
      expect((await stranger.call('POST', '/account/sessions/end', { id: mine[0]!.id })).code).toBe('1003');

      const ended = await office.call('POST', '/account/sessions/endOthers');
      expect(ended.data).toEqual({ ended: 1 });
      expect((await third.call('GET', '/account/info')).code).toBe('1206');
      expect((await office.call('GET', '/account/info')).code).toBe('200');
      const own = (await office.call('POST', '/account/sessions')).data as Array<{ id: string }>;
      expect(own).toHaveLength(1);
      expect((await office.call('POST', '/account/sessions/end', { id: own[0]!.id })).code).toBe('200');
      expect((await office.call('GET', '/account/info')).code).toBe('1010');
    });

    it('expires idle sessions with 1006', async () => {
      const client = new TestClient(server);
      await client.login('admin', PASSWORD);
      server.clock.advance(server.config.session.idleMs + 1000);
      expect((await client.call('GET', '/account/info')).code).toBe('1006');
    });

    it('ends the sessions of a disabled account with 1206 and refuses its sign-in', async () => {
      const client = new TestClient(server);
      const tel = nextPhone();
      await client.register(tel, 'gone', PASSWORD);
      const info = (await client.call('GET', '/account/info')).data as { id: string };
      await server.database.db.execute(`update accounts set status = 'disabled' where id = '${info.id}'`);
      expect((await client.call('GET', '/account/info')).code).toBe('1206');
      expect((await new TestClient(server).login('gone', PASSWORD)).code).toBe('1122');
      const sms = new TestClient(server);
      const sent = await sms.call('POST', '/user/sendSmsCode', { tel, ...(await sms.solveCaptcha()) });
      expect(sent.code).toBe('1110');
    });
  });

  describe('password recovery', () => {
    it('recovers a password by phone and ends the old sessions', async () => {
      const owner = new TestClient(server);
      const tel = nextPhone();
      await owner.register(tel, 'forgot', PASSWORD);

      const visitor = new TestClient(server);
      expect(
        (
          await visitor.call('POST', '/user/findpwd/submit', {
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          })
        ).code,
      ).toBe('1125');
      // A phone with no account gets the answer a known one gets, and no SMS; any code is wrong.
      const stranger = nextPhone();
      const unknown = await visitor.call('POST', '/user/findpwd/sendSmsCode', {
        tel: stranger,
        ...(await visitor.solveCaptcha()),
      });
      expect(unknown.code).toBe('200');
      expect(() => server.sms.lastCodeFor(stranger)).toThrow();
      expect(
        (await visitor.call('POST', '/user/findpwd/checkSmsCode', { tel: stranger, smsCode: '123456' })).code,
      ).toBe('1102');
      expect(
        (await visitor.call('POST', '/user/findpwd/sendSmsCode', { tel, ...(await visitor.solveCaptcha()) }))
          .code,
      ).toBe('200');
      expect(
        (
          await visitor.call('POST', '/user/findpwd/checkSmsCode', {
            tel,
            smsCode: '000000' === server.sms.lastCodeFor(tel) ? '111111' : '000000',
          })
        ).code,
      ).toBe('1102');
      expect(
        (
          await visitor.call('POST', '/user/findpwd/checkSmsCode', {
            tel,
            smsCode: server.sms.lastCodeFor(tel),
          })
        ).code,
      ).toBe('200');
      const mismatch = await visitor.call('POST', '/user/findpwd/submit', {
        password: NEW_PASSWORD,
        confirmPassword: PASSWORD,
      });
      expect(mismatch.code).toBe('1121');
      expect(
        (
          await visitor.call('POST', '/user/findpwd/submit', {
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          })
        ).code,
      ).toBe('200');

      expect((await owner.call('GET', '/account/info')).code).toBe('1206');
      expect((await new TestClient(server).login('forgot', PASSWORD)).code).toBe('1101');
      expect((await new TestClient(server).login('forgot', NEW_PASSWORD)).code).toBe('200');
    });

    it('lets an identity check expire', async () => {
      const visitor = new TestClient(server);
      const tel = nextPhone();
      await new TestClient(server).register(tel, 'slow', PASSWORD);
      await visitor.call('POST', '/user/findpwd/sendSmsCode', { tel, ...(await visitor.solveCaptcha()) });
      await visitor.call('POST', '/user/findpwd/checkSmsCode', { tel, smsCode: server.sms.lastCodeFor(tel) });
      server.clock.advance(11 * 60_000);
      expect(
        (
          await visitor.call('POST', '/user/findpwd/submit', {
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          })
        ).code,
      ).toBe('1124');
    });
  });

  describe('signed-in security settings', () => {
    it('resets the password after a code to the own phone, keeping only the current session', async () => {
      const client = new TestClient(server);
      const tel = nextPhone();
      await client.register(tel, 'reset', PASSWORD);
      const otherDevice = new TestClient(server);
      await otherDevice.login('reset', PASSWORD);

      expect(
        (
          await client.call('POST', '/account/resetpwd/submit', {
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          })
        ).code,
      ).toBe('1125');
      server.clock.advance(SMS_RESEND_INTERVAL_MS);
      expect((await client.call('POST', '/account/resetpwd/sendSmsCode')).code).toBe('200');
      expect(
        (
          await client.call('POST', '/account/resetpwd/checkSmsCode', {
            smsCode: server.sms.lastCodeFor(tel),
          })
        ).code,
      ).toBe('200');
      expect(
        (
          await client.call('POST', '/account/resetpwd/submit', {
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          })
        ).code,
      ).toBe('200');
      expect((await client.call('GET', '/account/info')).code).toBe('200');
      expect((await otherDevice.call('GET', '/account/info')).code).toBe('1206');
    });

    it('changes the phone only after the current phone was verified', async () => {
      const client = new TestClient(server);
      const tel = nextPhone();
      const newTel = nextPhone();
      await client.register(tel, 'mover', PASSWORD);
      expect((await client.call('POST', '/account/resettel/sendSmsCode', { tel: newTel })).code).toBe('1125');
      server.clock.advance(SMS_RESEND_INTERVAL_MS);
      await client.call('POST', '/account/verifytel/sendSmsCode');
      expect(
        (
          await client.call('POST', '/account/verifytel/checkSmsCode', {
            smsCode: server.sms.lastCodeFor(tel),
          })
        ).code,
      ).toBe('200');
      expect((await client.call('POST', '/account/resettel/sendSmsCode', { tel })).code).toBe('1134');
      expect((await client.call('POST', '/account/resettel/sendSmsCode', { tel: newTel })).code).toBe('200');
      const changed = await client.call('POST', '/account/resettel/submit', {
        tel: newTel,
        smsCode: server.sms.lastCodeFor(newTel),
      });
      expect(changed.code).toBe('200');
      expect((changed.data as { tel: string }).tel).toBe(newTel);
      expect((await new TestClient(server).login(newTel, PASSWORD)).code).toBe('200');
    });
  });

  describe('request conventions', () => {
    it('accepts JSON bodies as well as form-encoded ones', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/lyyp/developer/user/verifyCaptcha',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload: JSON.stringify({ randstr: 'missing', answer: 'abcd' }),
      });
      expect(response.json()).toMatchObject({ code: '1114' });
    });

    it("answers a path with a broken escape in the envelope, in the caller's language", async () => {
      const response = await server.app.inject({
        method: 'GET',
        url: '/lyyp/developer/device/%E0%A4%A/info',
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: '1002',
        message: 'Invalid parameter: path',
        data: { field: 'path' },
      });
    });

    it('answers unknown paths and malformed bodies with catalogue codes, never a stack trace', async () => {
      const unknown = await server.app.inject({ method: 'POST', url: '/lyyp/developer/nothing/here' });
      expect(unknown.json()).toMatchObject({ code: '1008' });
      const broken = await server.app.inject({
        method: 'POST',
        url: '/lyyp/developer/user/verifyCaptcha',
        headers: { 'content-type': 'application/json' },
        payload: '{"randstr":',
      });
      expect(broken.json()).toMatchObject({ code: '1002' });
      expect(broken.body).not.toMatch(/at .*\.ts/);
      const xml = await server.app.inject({
        method: 'POST',
        url: '/lyyp/developer/user/verifyCaptcha',
        headers: { 'content-type': 'text/xml' },
        payload: '<a/>',
      });
      expect(xml.json()).toMatchObject({ code: '1009' });
    });

    it('limits captcha requests per address with a clear error', async () => {
      const client = new TestClient(server);
      client.address = '10.9.9.9';
      let last = { code: '200', message: '' };
      for (let index = 0; index < 31; index += 1) last = await client.call('POST', '/user/showCaptcha');
      expect(last.code).toBe('1004');
      expect(last.message).toMatch(/Too many requests, try again in \d+ s/);
    });

    it('serves an OpenAPI document generated from the route schemas, and health', async () => {
      const document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json<{
        paths: Record<string, unknown>;
      }>();
      expect(Object.keys(document.paths)).toContain('/lyyp/developer/user/encrypt/login');
      expect(JSON.stringify(document.paths['/lyyp/developer/user/register'])).toContain('confirmPassword');
      const health = await server.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.json()).toEqual({ status: 'ok', database: variant.name });
    });
  });
});
