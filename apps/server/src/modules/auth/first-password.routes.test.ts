/**
 * One-time passwords: an account staff created (or whose password staff reset) signs in, is told
 * it must change the password, and its session may do nothing else (1171) but read its own
 * account, change the password (1172 for the same one) and sign out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_PATHS } from '@lyyp/contracts/admin';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { postJson, signIn } from '../device/catalogue-test-support.ts';

const OWN_PASSWORD = 'Own#Pass2026';

describe.each(databaseVariants())('one-time passwords on $name', (variant) => {
  let server: TestServer;
  let admin: TestClient;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServer(variant);
    ({ client: admin } = await signIn(server, 'super'));
  });
  afterAll(async () => server.close());

  /** A staff account as the back-office creates it, signed in with the password it was given. */
  const createdBySuperManager = async () => {
    const username = `otp${++counter}`;
    const created = (await postJson(server, admin, ADMIN_API_PATHS.accountAdd, {
      kind: 'op',
      username,
      name: 'One Time',
      roleId: 'builtin-after-sales',
    })) as { code: string; data: { account: { id: string }; password: string } };
    expect(created.code).toBe('200');
    const person = new TestClient(server);
    const signedIn = await person.login(username, created.data.password);
    return { person, username, signedIn, id: created.data.account.id, password: created.data.password };
  };

  it('answers the sign-in with the must-change state and refuses every other call with 1171', async () => {
    const { person, signedIn } = await createdBySuperManager();
    expect(signedIn).toMatchObject({ code: '200', data: { mustChangePassword: true } });
    expect(await person.call('GET', '/account/info')).toMatchObject({
      code: '200',
      data: { mustChangePassword: true },
    });
    // Routes of each kind of guard are held back, before their bodies are even read.
    for (const [method, path] of [
      ['POST', '/equipment/query'],
      ['POST', '/product/query'],
      ['POST', '/user/changeCompany'],
      ['POST', '/account/security/overview'],
    ] as const) {
      const answer = await person.call(method, path, { companyId: 'x' });
      expect([answer.status, answer.code], path).toEqual([403, '1171']);
    }
  });

  it('refuses the same password (1172) and a mismatch (1121), then lets the person in', async () => {
    const { person, username, password } = await createdBySuperManager();
    expect(
      await person.call('POST', '/account/firstPassword', { password, confirmPassword: password }),
    ).toMatchObject({ code: '1172', data: { field: 'password' } });
    expect(
      await person.call('POST', '/account/firstPassword', {
        password: OWN_PASSWORD,
        confirmPassword: 'Other#Pass2026',
      }),
    ).toMatchObject({ code: '1121' });
    expect(
      await person.call('POST', '/account/firstPassword', { password: 'short', confirmPassword: 'short' }),
    ).toMatchObject({ data: { field: 'password' } });
    expect((await person.call('POST', '/equipment/query', {})).code).toBe('1171');

    const changed = await person.call('POST', '/account/firstPassword', {
      password: OWN_PASSWORD,
      confirmPassword: OWN_PASSWORD,
    });
    expect(changed).toMatchObject({ code: '200', data: { mustChangePassword: false } });
    // The same session goes on; the one-time password no longer opens the account.
    expect((await person.call('POST', '/account/security/overview', {})).code).toBe('200');
    expect(
      await person.call('POST', '/account/firstPassword', {
        password: 'Again#Pass2026',
        confirmPassword: 'Again#Pass2026',
      }),
    ).toMatchObject({ code: '1002' });
    expect((await new TestClient(server).login(username, password)).code).toBe('1101');
    expect((await new TestClient(server).login(username, OWN_PASSWORD)).data).toMatchObject({
      mustChangePassword: false,
    });
  });

  it('lets a held-back session sign out, and a staff reset asks for a new password again', async () => {
    const { person, username, id } = await createdBySuperManager();
    expect((await person.call('POST', '/user/logout')).code).toBe('200');
    expect((await person.call('GET', '/account/info')).code).toBe('1010');

    const reset = (await postJson(server, admin, ADMIN_API_PATHS.accountResetPassword, { id })) as {
      data: { password: string };
    };
    const again = new TestClient(server);
    expect((await again.login(username, reset.data.password)).data).toMatchObject({
      mustChangePassword: true,
    });
    expect((await again.call('POST', '/product/query', {})).code).toBe('1171');
  });

  it('never holds back accounts people made themselves', async () => {
    const { client } = await signIn(server, 'developer');
    expect((await client.call('GET', '/account/info')).data).toMatchObject({ mustChangePassword: false });
    expect((await client.call('POST', '/product/query', {})).code).toBe('200');
    expect(
      await client.call('POST', '/account/firstPassword', {
        password: OWN_PASSWORD,
        confirmPassword: OWN_PASSWORD,
      }),
    ).toMatchObject({ code: '1002' });
  });
});
