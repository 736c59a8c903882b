import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_ADDRESS_FREE_FAILURES,
  LOGIN_ADDRESS_MAX_FAILURES,
  LOGIN_FAILURE_WINDOW_MS,
  translateError,
  type ErrorParams,
} from '@lyyp/contracts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { AuthRepository } from './auth.repository.ts';
import { SmsCodeService } from './sms-code.service.ts';

const PASSWORD = 'Factory#2026';
const WRONG = 'Wrong#Pass1';
const PARALLEL = 20;
let phoneCounter = 0;
const nextPhone = () => `1380000${String(5000 + (phoneCounter += 1)).padStart(4, '0')}`;

function tally(codes: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

describe.each(databaseVariants())('attempt limits on $name', (variant) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(variant);
  });
  afterAll(async () => server.close());

  const registered = async (username: string) => {
    const tel = nextPhone();
    const answer = await new TestClient(server).register(tel, username, PASSWORD);
    expect(answer.code).toBe('200');
    return tel;
  };

  /** Sealed sign-in bodies prepared first, so the sign-ins themselves really run side by side. */
  const sealedLogins = async (client: TestClient, account: string, count: number) =>
    Promise.all(
      Array.from({ length: count }, async () => {
        const sealedAccount = await client.seal(account);
        const sealedPassword = await client.seal(WRONG);
        return {
          keyId: sealedAccount.keyId,
          account: sealedAccount.sealed,
          password: sealedPassword.sealed,
        };
      }),
    );

  it('never locks an account: each wrong password with its own picture check is checked, then the right one signs in', async () => {
    await registered('race1');
    const client = new TestClient(server);
    const bodies = await sealedLogins(client, 'race1', PARALLEL);
    const proofs = await Promise.all(bodies.map(() => client.solveCaptcha()));
    const answers = await Promise.all(
      bodies.map((body, index) => client.call('POST', '/user/encrypt/login', { ...body, ...proofs[index]! })),
    );
    expect(tally(answers.map((answer) => answer.code))).toEqual({ '1101': PARALLEL });
    // The owner, from another address, needs the picture check now, and then gets in.
    const owner = new TestClient(server);
    expect((await owner.login('race1', PASSWORD)).code).toBe('1150');
    const sealedAccount = await owner.seal('race1');
    const sealedPassword = await owner.seal(PASSWORD);
    const signedIn = await owner.call('POST', '/user/encrypt/login', {
      keyId: sealedAccount.keyId,
      account: sealedAccount.sealed,
      password: sealedPassword.sealed,
      ...(await owner.solveCaptcha()),
    });
    expect(signedIn.code).toBe('200');
  });

  it('checks at most a few parallel wrong passwords of one account from many addresses without a picture check', async () => {
    await registered('race2');
    const bodies = await sealedLogins(new TestClient(server), 'race2', PARALLEL);
    const answers = await Promise.all(
      bodies.map((body) => new TestClient(server).call('POST', '/user/encrypt/login', body)),
    );
    const counts = tally(answers.map((answer) => answer.code));
    expect(counts['1101']).toBe(LOGIN_ACCOUNT_FREE_FAILURES);
    expect(counts['1150']).toBe(PARALLEL - LOGIN_ACCOUNT_FREE_FAILURES);
  });

  it('counts the failures of one account together whether it is named by username or phone', async () => {
    const tel = await registered('twin1');
    for (let attempt = 0; attempt < LOGIN_ACCOUNT_FREE_FAILURES; attempt += 1) {
      const attacker = new TestClient(server);
      expect((await attacker.login(attempt % 2 === 0 ? 'twin1' : tel, WRONG)).code).toBe('1101');
    }
    expect((await new TestClient(server).login(tel, WRONG)).code).toBe('1150');
    expect((await new TestClient(server).login('TWIN1', WRONG)).code).toBe('1150');
  });

  it('asks one address for a picture check after a few failures instead of locking its accounts', async () => {
    const colleagues = Array.from({ length: LOGIN_ADDRESS_FREE_FAILURES }, (_, index) => `fac${index}`);
    for (const username of colleagues) await registered(username);
    const factory = new TestClient(server);
    // One failure on each account, as colleagues behind one router would make them.
    for (const username of colleagues) expect((await factory.login(username, WRONG)).code).toBe('1101');

    const asked = await factory.login(colleagues[0]!, PASSWORD);
    expect(asked.code).toBe('1150');
    expect(factory.sessionToken).toBeUndefined();

    const signInWithPicture = async (account: string, proof: { ticket: string; randstr: string }) => {
      const sealedAccount = await factory.seal(account);
      const sealedPassword = await factory.seal(PASSWORD);
      return factory.call('POST', '/user/encrypt/login', {
        keyId: sealedAccount.keyId,
        account: sealedAccount.sealed,
        password: sealedPassword.sealed,
        ...proof,
      });
    };
    // With a solved picture every account behind the address still signs in: nobody is locked.
    for (const username of colleagues) {
      expect((await signInWithPicture(username, await factory.solveCaptcha())).code, username).toBe('200');
    }
    // A made-up ticket is no picture check.
    const forged = await signInWithPicture(colleagues[0]!, { ticket: 'made-up', randstr: 'made-up' });
    expect(forged.code).toBe('1114');
  });

  it('asks for the picture check on SMS sign-in too, counting failures of both kinds per address', async () => {
    const client = new TestClient(server);
    const tel = nextPhone();
    expect(
      (await client.call('POST', '/user/sendSmsCode', { tel, ...(await client.solveCaptcha()) })).code,
    ).toBe('200');
    const code = server.sms.lastCodeFor(tel);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let failure = 0; failure < LOGIN_ADDRESS_FREE_FAILURES; failure += 1) {
      expect((await client.call('POST', '/user/smsLogin', { tel, smsCode: wrong })).code).toBe('1102');
    }
    expect((await client.call('POST', '/user/smsLogin', { tel, smsCode: code })).code).toBe('1150');
    const signedIn = await client.call('POST', '/user/smsLogin', {
      tel,
      smsCode: code,
      ...(await client.solveCaptcha()),
    });
    expect(signedIn.code).toBe('200');
  });

  it('locks only an address, as a last resort, and answers the lock with the minutes as data', async () => {
    await registered('lock1');
    const attacker = new TestClient(server);
    // The address has already failed as often as it may (each of those with a picture check).
    const repository = new AuthRepository(server.database.db);
    for (let failure = 0; failure < LOGIN_ADDRESS_MAX_FAILURES; failure += 1) {
      await repository.reserveAttempt(
        `login:address:${attacker.address}`,
        new Date(server.clock.now()),
        LOGIN_FAILURE_WINDOW_MS,
        LOGIN_ADDRESS_MAX_FAILURES,
      );
    }
    const locked = await attacker.login('lock1', PASSWORD);
    expect(locked.code).toBe('1128');
    expect(locked.data).toEqual({ minutes: 15 });
    const worded = translateError(locked.code, 'en-US', locked.data as ErrorParams);
    expect(worded).toBe('Too many attempts, try again in 15 min');
    expect(translateError(locked.code, 'zh-CN', locked.data as ErrorParams)).not.toContain('{');
    // The account itself is not locked: from another address its owner signs in.
    expect((await new TestClient(server).login('lock1', PASSWORD)).code).toBe('200');
  });

  it('compares at most five parallel guesses of one SMS code', async () => {
    const repository = new AuthRepository(server.database.db);
    const sms = new SmsCodeService(repository, server.sms, server.clock.now);
    const tel = nextPhone();
    await sms.send(tel, 'login');
    const code = server.sms.lastCodeFor(tel);
    const wrong = code === '000000' ? '111111' : '000000';
    const outcomes = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        sms.consume(tel, 'login', wrong).then(
          () => 'accepted',
          (error: { code: string }) => error.code,
        ),
      ),
    );
    const counts = tally(outcomes);
    expect(counts['1102']).toBe(5);
    expect(counts['1103']).toBe(PARALLEL - 5);
    await expect(sms.consume(tel, 'login', code)).rejects.toMatchObject({ code: '1103' });
  });
});
