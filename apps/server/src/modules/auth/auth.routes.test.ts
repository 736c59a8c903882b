import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ACCOUNT_FREE_FAILURES, SMS_CODE_TTL_MS, SMS_RESEND_INTERVAL_MS } from '@lyyp/contracts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';

const PASSWORD = 'Factory#2026';
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
});
