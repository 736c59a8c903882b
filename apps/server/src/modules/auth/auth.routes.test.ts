import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ACCOUNT_FREE_FAILURES, SMS_CODE_TTL_MS, SMS_RESEND_INTERVAL_MS } from '@lyyp/contracts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';

const PASSWORD = 'Factory#2026';
const NEW_PASSWORD = 'Boiler$Room9';
let phoneCounter = 0;
const nextPhone = () => `1390000${String(1000 + (phoneCounter += 1)).padStart(4, '0')}`;

describe.each(databaseVariants())('sign-in paths on $name', (variant) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(variant, { ADMIN_USERNAME: 'admin' });
    await server.auth.ensureSuperManager('admin', PASSWORD, false);
  });
  afterAll(async () => server.close());

  describe('password sign-in', () => {
    it('signs the super manager in with encrypted fields and answers every permission code', async () => {
      const client = new TestClient(server);
      const answer = await client.login('admin', PASSWORD);
      expect(answer.code).toBe('200');
      const info = (await client.call('GET', `/account/info?time=${Date.now()}`)).data as {
        username: string;
        auths: string;
        isSuperManager: boolean;
      };
      expect(info.username).toBe('admin');
      expect(info.isSuperManager).toBe(true);
      expect(info.auths.split(',')).toContain('manage:system:protocol');
    });

    it('refuses a wrong password with the catalogue text in the caller language', async () => {
      const client = new TestClient(server);
      const english = await client.login('admin', 'Wrong#Pass1');
      expect(english).toMatchObject({ status: 400, code: '1101', message: 'Incorrect username or password' });
      client.language = 'zh-CN';
      expect((await client.login('nobody', PASSWORD)).message).toBe('用户名或密码不正确');
      expect(client.sessionToken).toBeUndefined();
    });

    it('refuses a replayed encrypted body and a stale one', async () => {
      const client = new TestClient(server);
      const account = await client.seal('admin');
      const password = await client.seal(PASSWORD);
      const body = { keyId: account.keyId, account: account.sealed, password: password.sealed };
      expect((await client.call('POST', '/user/encrypt/login', body)).code).toBe('200');
      const replay = await new TestClient(server).call('POST', '/user/encrypt/login', body);
      expect(replay.code).toBe('1116');

      const stale = await client.seal('admin', { ts: server.clock.now() - 6 * 60_000 });
      const stalePassword = await client.seal(PASSWORD, { ts: server.clock.now() - 6 * 60_000 });
      const late = await client.call('POST', '/user/encrypt/login', {
        keyId: stale.keyId,
        account: stale.sealed,
        password: stalePassword.sealed,
      });
      expect(late.code).toBe('1116');
      expect(
        (
          await client.call('POST', '/user/encrypt/login', {
            keyId: account.keyId,
            account: 'garbage',
            password: 'garbage',
          })
        ).code,
      ).toBe('1116');
    });

    it('never locks the super manager out: after failures from anywhere it asks for the picture check', async () => {
      expect((await new TestClient(server).login('admin', PASSWORD)).code).toBe('200');
      const attacker = new TestClient(server);
      for (let attempt = 0; attempt < 2 * LOGIN_ACCOUNT_FREE_FAILURES + 5; attempt += 1) {
        attacker.address = `10.0.0.${attempt + 1}`;
        const code = (await attacker.login('admin', 'Wrong#Pass1')).code;
        expect(code).toBe(attempt < LOGIN_ACCOUNT_FREE_FAILURES ? '1101' : '1150');
      }
      const owner = new TestClient(server);
      owner.address = '10.0.0.99';
      const asked = await owner.login('admin', PASSWORD);
      expect(asked.code).toBe('1150');
      expect(asked.message).toMatch(/security check/);
      const account = await owner.seal('admin');
      const password = await owner.seal(PASSWORD);
      const signedIn = await owner.call('POST', '/user/encrypt/login', {
        keyId: account.keyId,
        account: account.sealed,
        password: password.sealed,
        ...(await owner.solveCaptcha()),
      });
      expect(signedIn.code).toBe('200');
      // A sign-in clears the account's count: the next one needs no picture.
      expect((await new TestClient(server).login('admin', PASSWORD)).code).toBe('200');
    });

    it('signs in by phone number as well as by username', async () => {
      const client = new TestClient(server);
      const tel = nextPhone();
      await client.register(tel, 'phonie', PASSWORD);
      expect((await new TestClient(server).login(tel, PASSWORD)).code).toBe('200');
    });
  });

  describe('captcha and SMS codes', () => {
    it('needs a solved captcha before sending an SMS, and each ticket works once', async () => {
      const client = new TestClient(server);
      const tel = nextPhone();
      const without = await client.call('POST', '/user/sendSmsCode', { tel, ticket: 'x', randstr: 'y' });
      expect(without.code).toBe('1114');
      const captcha = await client.solveCaptcha();
      expect((await client.call('POST', '/user/sendSmsCode', { tel, ...captcha })).code).toBe('200');
      const again = await client.call('POST', '/user/sendSmsCode', { tel: nextPhone(), ...captcha });
      expect(again.code).toBe('1114');
    });

    it('refuses a wrong captcha answer and discards that picture', async () => {
      const client = new TestClient(server);
      const shown = (await client.call('POST', '/user/showCaptcha')).data as {
        randstr: string;
        image: string;
      };
      expect(shown.image).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(
        (await client.call('POST', '/user/verifyCaptcha', { randstr: shown.randstr, answer: 'zzzz' })).code,
      ).toBe('1115');
      expect(
        (await client.call('POST', '/user/verifyCaptcha', { randstr: shown.randstr, answer: 'zzzz' })).code,
      ).toBe('1114');
    });

    it('enforces the resend countdown on the server', async () => {
      const client = new TestClient(server);
      const tel = nextPhone();
      expect(
        (await client.call('POST', '/user/sendSmsCode', { tel, ...(await client.solveCaptcha()) })).data,
      ).toEqual({ resendAfterSeconds: 60 });
      const early = await client.call('POST', '/user/sendSmsCode', { tel, ...(await client.solveCaptcha()) });
      expect(early.code).toBe('1126');
      expect(early.message).toMatch(/You can send again in \d+ s/);
      server.clock.advance(SMS_RESEND_INTERVAL_MS);
      expect(
        (await client.call('POST', '/user/sendSmsCode', { tel, ...(await client.solveCaptcha()) })).code,
      ).toBe('200');
    });

    it('sends one SMS for parallel requests to one phone inside the countdown', async () => {
      const tel = nextPhone();
      const clients = Array.from({ length: 6 }, () => new TestClient(server));
      const proofs = await Promise.all(clients.map((client) => client.solveCaptcha()));
      const answers = await Promise.all(
        clients.map((client, index) => client.call('POST', '/user/sendSmsCode', { tel, ...proofs[index]! })),
      );
      const codes = answers.map((answer) => answer.code).sort();
      expect(codes).toEqual(['1126', '1126', '1126', '1126', '1126', '200']);
      expect(server.sms.sent.filter((message) => message.tel === tel)).toHaveLength(1);
    });

    it('gives the countdown back when the provider fails, so the person can try again at once', async () => {
      const client = new TestClient(server);
      const tel = nextPhone();
      server.sms.failNext = true;
      expect(
        (await client.call('POST', '/user/sendSmsCode', { tel, ...(await client.solveCaptcha()) })).code,
      ).toBe('1111');
      expect(
        (await client.call('POST', '/user/sendSmsCode', { tel, ...(await client.solveCaptcha()) })).code,
      ).toBe('200');
    });

    it('answers a failed provider with 1111 and sends nothing', async () => {
      const client = new TestClient(server);
      const tel = nextPhone();
      server.sms.failNext = true;
      const failed = await client.call('POST', '/user/sendSmsCode', {
        tel,
        ...(await client.solveCaptcha()),
      });
      expect(failed.code).toBe('1111');
      expect(server.sms.sent.some((message) => message.tel === tel)).toBe(false);
    });
  });

  describe('SMS sign-in and first-time completion', () => {
    it('creates an account for an unknown phone that must be completed, then completes it', async () => {
      const client = new TestClient(server);
      const tel = nextPhone();
      await client.call('POST', '/user/sendSmsCode', {
        tel,
        purpose: 'login',
        ...(await client.solveCaptcha()),
      });
      const signedIn = await client.call('POST', '/user/smsLogin', {
        tel,
        smsCode: server.sms.lastCodeFor(tel),
      });
      expect(signedIn.code).toBe('200');
      expect((signedIn.data as { needsCompletion: boolean }).needsCompletion).toBe(true);

      const weak = await client.call('POST', '/user/complete', {
        username: 'newbie',
        password: 'abc',
        confirmPassword: 'abc',
      });
      expect(weak).toMatchObject({ code: '1117', data: { field: 'password' } });
      const enterprise = await client.call('POST', '/user/complete', {
        username: 'newbie',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        accountType: 'enterprise',
      });
      expect(enterprise.code).toBe('1160');
      const done = await client.call('POST', '/user/complete', {
        username: 'newbie',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        accountType: 'personal',
      });
      expect(done.code).toBe('200');
      expect(done.data).toMatchObject({ needsCompletion: false, accountType: 'personal' });
      expect(
        (
          await client.call('POST', '/user/complete', {
            username: 'newbie',
            password: PASSWORD,
            confirmPassword: PASSWORD,
          })
        ).code,
      ).toBe('1136');
      expect((await new TestClient(server).login('newbie', PASSWORD)).code).toBe('200');
    });

    it('refuses a reused code and an expired one', async () => {
      const client = new TestClient(server);
      const tel = nextPhone();
      await client.call('POST', '/user/sendSmsCode', { tel, ...(await client.solveCaptcha()) });
      const code = server.sms.lastCodeFor(tel);
      expect((await client.call('POST', '/user/smsLogin', { tel, smsCode: code })).code).toBe('200');
      expect((await new TestClient(server).call('POST', '/user/smsLogin', { tel, smsCode: code })).code).toBe(
        '1103',
      );

      server.clock.advance(SMS_RESEND_INTERVAL_MS);
      await client.call('POST', '/user/sendSmsCode', { tel, ...(await client.solveCaptcha()) });
      const second = server.sms.lastCodeFor(tel);
      server.clock.advance(SMS_CODE_TTL_MS + 1000);
      expect((await client.call('POST', '/user/smsLogin', { tel, smsCode: second })).code).toBe('1103');
    });

    it('refuses a wrong code, then voids it after five wrong guesses', async () => {
      const client = new TestClient(server);
      const tel = nextPhone();
      await client.call('POST', '/user/sendSmsCode', { tel, ...(await client.solveCaptcha()) });
      const code = server.sms.lastCodeFor(tel);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let guess = 0; guess < 5; guess += 1) {
        // Each guess from its own address: this is about the code's limit, not the address's.
        client.address = `10.251.${phoneCounter}.${guess + 1}`;
        const answer = await client.call('POST', '/user/smsLogin', {
          tel,
          smsCode: wrong,
          ...(await client.solveCaptcha()),
        });
        expect(answer.code).toBe('1102');
      }
      expect(
        (
          await client.call('POST', '/user/smsLogin', {
            tel,
            smsCode: code,
            ...(await client.solveCaptcha()),
          })
        ).code,
      ).toBe('1103');
    });
  });

  describe('registration', () => {
    it('registers, signs in at once, and refuses a taken phone or username', async () => {
      const client = new TestClient(server);
      const tel = nextPhone();
      const registered = await client.register(tel, 'lily', PASSWORD, { accountKind: 'developer' });
      expect(registered.code).toBe('200');
      const info = (await client.call('GET', '/account/info')).data as { accountKind: string; auths: string };
      expect(info.accountKind).toBe('developer');
      expect(info.auths).toContain('manage:product');

      const other = new TestClient(server);
      const captcha = await other.solveCaptcha();
      expect(
        (await other.call('POST', '/user/sendSmsCode', { tel, purpose: 'register', ...captcha })).code,
      ).toBe('1108');
      const taken = await other.register(nextPhone(), 'LILY', PASSWORD);
      expect(taken.code).toBe('1107');
    });

    it('shows each broken rule inline and stores nothing', async () => {
      const client = new TestClient(server);
      const tel = nextPhone();
      await client.call('POST', '/user/sendSmsCode', {
        tel,
        purpose: 'register',
        ...(await client.solveCaptcha()),
      });
      const base = {
        tel,
        smsCode: server.sms.lastCodeFor(tel),
        username: 'rose',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        agree: 'true',
      };
      expect(
        (await client.call('POST', '/user/register', { ...base, confirmPassword: 'Other#2026x' })).data,
      ).toEqual({ field: 'confirmPassword' });
      expect((await client.call('POST', '/user/register', { ...base, username: '1234' })).code).toBe('1130');
      expect((await client.call('POST', '/user/register', { ...base, username: 'toolongname' })).code).toBe(
        '1129',
      );
      expect((await client.call('POST', '/user/register', { ...base, agree: 'false' })).code).toBe('1138');
      const { smsCode: _unused, ...noCode } = base;
      expect(await client.call('POST', '/user/register', noCode)).toMatchObject({
        code: '1001',
        data: { field: 'smsCode' },
      });
      expect(
        await client.call('POST', '/user/register', { ...base, accountType: 'enterprise', company: 'Acme' }),
      ).toMatchObject({ code: '1160', data: { field: 'accountType' } });
      // The code was not spent by the refused attempts.
      expect((await client.call('POST', '/user/register', base)).code).toBe('200');
    });

    it('never makes an enterprise account: that comes only through certification', async () => {
      const client = new TestClient(server);
      const refused = await client.register(nextPhone(), 'acme', PASSWORD, {
        accountType: 'enterprise',
        company: '华东水务',
      });
      expect(refused.code).toBe('1160');
      expect(client.sessionToken).toBeUndefined();
      const personal = await client.register(nextPhone(), 'acme', PASSWORD, { company: '华东水务' });
      expect(personal.code).toBe('200');
      expect(personal.data).toMatchObject({ accountType: 'personal', company: null });
      expect((await client.call('POST', '/user/queryCompanyForMe')).data).toEqual([]);
    });
  });

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
      expect(
        (
          await visitor.call('POST', '/user/findpwd/sendSmsCode', {
            tel: nextPhone(),
            ...(await visitor.solveCaptcha()),
          })
        ).code,
      ).toBe('1109');
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
