import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, commands } from '../../db/schema/index.ts';
import { buildAccount, buildBoundDevice, FACTORY_PASSWORD } from '../../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { signedIn } from '../alarm/alarm-test-support.ts';
import {
  accountLogPageSchema,
  feedbackPageSchema,
  orderPageSchema,
  profileSchema,
  securityOverviewSchema,
} from '@lyyp/contracts/account-centre';
import { lastEmailedCode, send } from './account-centre-test-support.ts';

const NEW_PASSWORD = 'Renewed#2026';
const ANSWERS = [
  { question: 'birthplace', answer: 'Hangzhou' },
  { question: 'first-pet', answer: 'Mimi' },
  { question: 'first-job', answer: 'Boiler Works' },
];
const hour = 3_600_000;

describe.each(databaseVariants())('account centre on $name', (variant) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(variant);
  });
  afterAll(async () => {
    await server.close();
  });

  async function person(withPhone = true) {
    const account = await buildAccount(server.database.db, 'terminal');
    const tel = withPhone ? `138${randomInt(10_000_000, 99_999_999)}` : null;
    if (tel) await server.database.db.update(accounts).set({ tel }).where(eq(accounts.id, account.id));
    return { account, tel, client: await signedIn(server, account.username!) };
  }

  async function bindEmail(client: TestClient, email: string) {
    expect(
      (
        await send(server, client, '/account/security/check', {
          target: 'email',
          method: 'password',
          password: FACTORY_PASSWORD,
        })
      ).code,
    ).toBe('200');
    expect((await send(server, client, '/account/email/sendCode', { email })).code).toBe('200');
    const bound = await send(server, client, '/account/email/submit', {
      email,
      code: lastEmailedCode(server, email),
    });
    expect(bound.code, bound.message).toBe('200');
  }

  it('offers the methods the account has, and refuses the others', async () => {
    const { client } = await person(false);
    const overview = await send(server, client, '/account/security/overview');
    securityOverviewSchema.parse(overview.data);
    expect(overview.data).toMatchObject({ tel: null, email: null, hasPassword: true, methods: ['password'] });
    const byPhone = await send(server, client, '/account/security/sendCode', { method: 'tel' });
    expect(byPhone.code).toBe('2258');
    const byQuestions = await send(server, client, '/account/security/check', {
      target: 'tel',
      method: 'question',
      answers: ['a', 'b', 'c'],
    });
    expect(byQuestions.code).toBe('2258');
  });

  it('changes the phone after a check by password, through the existing phone paths', async () => {
    const { account, client } = await person(false);
    const withoutCheck = await send(server, client, '/account/resettel/sendSmsCode', { tel: '13900000001' });
    expect(withoutCheck.code).toBe('1125');
    const wrong = await send(server, client, '/account/security/check', {
      target: 'tel',
      method: 'password',
      password: 'Wrong#2026x',
    });
    expect(wrong.code).toBe('1133');
    const checked = await send(server, client, '/account/security/check', {
      target: 'tel',
      method: 'password',
      password: FACTORY_PASSWORD,
    });
    expect(checked.code).toBe('200');
    const tel = `137${randomInt(10_000_000, 99_999_999)}`;
    expect((await send(server, client, '/account/resettel/sendSmsCode', { tel })).code).toBe('200');
    const bound = await send(server, client, '/account/resettel/submit', {
      tel,
      smsCode: server.sms.lastCodeFor(tel),
    });
    expect(bound.code, bound.message).toBe('200');
    const [row] = await server.database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row!.tel).toBe(tel);
    // A check for one target opens nothing else.
    const emailStep = await send(server, client, '/account/email/sendCode', { email: 'x@example.com' });
    expect(emailStep.code).toBe('1125');
  });

  it('binds and changes the email with emailed codes, verified by the phone', async () => {
    const { account, tel, client } = await person();
    expect((await send(server, client, '/account/security/sendCode', { method: 'tel' })).code).toBe('200');
    const checked = await send(server, client, '/account/security/check', {
      target: 'email',
      method: 'tel',
      code: server.sms.lastCodeFor(tel!),
    });
    expect(checked.code, checked.message).toBe('200');
    const email = `p${account.id.slice(0, 8)}@example.com`;
    const sent = await send(server, client, '/account/email/sendCode', { email });
    expect(sent.data).toMatchObject({ sentTo: `p***@example.com` });
    const wrong = await send(server, client, '/account/email/submit', {
      email,
      code: '000000' === lastEmailedCode(server, email) ? '111111' : '000000',
    });
    expect(wrong.code).toBe('1102');
    const bound = await send(server, client, '/account/email/submit', {
      email,
      code: lastEmailedCode(server, email),
    });
    expect(bound.code, bound.message).toBe('200');
    expect((await send(server, client, '/account/security/overview')).data).toMatchObject({
      email,
      methods: ['tel', 'email', 'password'],
    });

    // Changing it again: verified by the emailed code this time; another account's address is refused.
    const other = await person();
    await bindEmail(other.client, `o${other.account.id.slice(0, 8)}@example.com`);
    expect((await send(server, client, '/account/security/sendCode', { method: 'email' })).code).toBe('200');
    const byEmail = await send(server, client, '/account/security/check', {
      target: 'email',
      method: 'email',
      code: lastEmailedCode(server, email),
    });
    expect(byEmail.code).toBe('200');
    const taken = await send(server, client, '/account/email/sendCode', {
      email: `o${other.account.id.slice(0, 8)}@example.com`,
    });
    expect(taken.code).toBe('2251');
    const same = await send(server, client, '/account/email/sendCode', { email });
    expect(same.code).toBe('2252');
  });

  it('sets security questions and verifies with them, with guesses limited', async () => {
    const { client } = await person();
    await send(server, client, '/account/security/check', {
      target: 'question',
      method: 'password',
      password: FACTORY_PASSWORD,
    });
    const repeated = await send(server, client, '/account/question/submit', {
      questions: [ANSWERS[0], ANSWERS[0], ANSWERS[1]],
    });
    expect(repeated.code).toBe('2257');
    const set = await send(server, client, '/account/question/submit', { questions: ANSWERS });
    expect(set.code, set.message).toBe('200');
    expect((await send(server, client, '/account/security/questions')).data).toEqual({
      questions: ['birthplace', 'first-pet', 'first-job'],
    });
    const right = await send(server, client, '/account/security/check', {
      target: 'password',
      method: 'question',
      answers: [' hangzhou ', 'MIMI', 'boiler  works'],
    });
    expect(right.code).toBe('200');
    const codes: string[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await send(server, client, '/account/security/check', {
        target: 'password',
        method: 'question',
        answers: ['x', 'y', 'z'],
      });
      codes.push(answer.code);
    }
    expect(codes.slice(0, 5)).toEqual(['2256', '2256', '2256', '2256', '2256']);
    expect(codes[5]).toBe('1128');
  });

  it('counts security-question guesses per account, whether it is named by username or phone', async () => {
    const { account, tel, client } = await person();
    await send(server, client, '/account/security/check', {
      target: 'question',
      method: 'password',
      password: FACTORY_PASSWORD,
    });
    expect((await send(server, client, '/account/question/submit', { questions: ANSWERS })).code).toBe('200');
    const guesser = new TestClient(server);
    const guess = (login: string) =>
      send(server, guesser, '/user/findpwd/question/check', { account: login, answers: ['a', 'b', 'c'] });
    const codes: string[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      codes.push((await guess(attempt % 2 === 0 ? account.username! : tel!)).code);
    }
    expect(codes.filter((code) => code === '2256')).toHaveLength(5);
    expect(codes.slice(5)).toEqual(['1128', '1128', '1128', '1128', '1128']);
    // The signed-in check by questions shares the same count.
    const signedInGuess = await send(server, client, '/account/security/check', {
      target: 'tel',
      method: 'question',
      answers: ANSWERS.map((item) => item.answer),
    });
    expect(signedInGuess.code).toBe('1128');
  });

  it('recovers a password by email and by security questions', async () => {
    const { account, client } = await person();
    const email = `r${account.id.slice(0, 8)}@example.com`;
    await bindEmail(client, email);
    await send(server, client, '/account/security/check', {
      target: 'question',
      method: 'password',
      password: FACTORY_PASSWORD,
    });
    expect((await send(server, client, '/account/question/submit', { questions: ANSWERS })).code).toBe('200');

    const visitor = new TestClient(server);
    const unknown = await send(server, visitor, '/user/findpwd/email/sendCode', {
      email: 'nobody@example.com',
      ...(await visitor.solveCaptcha()),
    });
    // An unknown address is answered like a known one, and nothing is sent to it.
    expect(unknown.code).toBe('200');
    expect(
      (
        await send(server, visitor, '/user/findpwd/email/checkCode', {
          email: 'nobody@example.com',
          code: '123456',
        })
      ).code,
    ).toBe('1102');
    const sent = await send(server, visitor, '/user/findpwd/email/sendCode', {
      email,
      ...(await visitor.solveCaptcha()),
    });
    expect(sent.code).toBe('200');
    const checked = await send(server, visitor, '/user/findpwd/email/checkCode', {
      email,
      code: lastEmailedCode(server, email),
    });
    expect(checked.code).toBe('200');
    const reset = await send(server, visitor, '/user/findpwd/submit', {
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.code, reset.message).toBe('200');
    expect((await visitor.login(account.username!, NEW_PASSWORD)).code).toBe('200');

    const other = new TestClient(server);
    const noQuestions = await send(server, other, '/user/findpwd/question/list', {
      account: 'nobody',
      ...(await other.solveCaptcha()),
    });
    expect(noQuestions.code).toBe('2255');
    const listed = await send(server, other, '/user/findpwd/question/list', {
      account: account.username,
      ...(await other.solveCaptcha()),
    });
    expect(listed.data).toEqual({ questions: ['birthplace', 'first-pet', 'first-job'] });
    const wrong = await send(server, other, '/user/findpwd/question/check', {
      account: account.username,
      answers: ['a', 'b', 'c'],
    });
    expect(wrong.code).toBe('2256');
    const right = await send(server, other, '/user/findpwd/question/check', {
      account: account.username,
      answers: ANSWERS.map((item) => item.answer),
    });
    expect(right.code).toBe('200');
    expect(
      (
        await send(server, other, '/user/findpwd/submit', {
          password: FACTORY_PASSWORD,
          confirmPassword: FACTORY_PASSWORD,
        })
      ).code,
    ).toBe('200');
    expect((await other.login(account.username!, FACTORY_PASSWORD)).code).toBe('200');
  });

  it('edits basic info and stores an SVG avatar only without its scripts', async () => {
    const { client } = await person();
    const edited = await send(server, client, '/account/profile/edit', { name: '王工' });
    profileSchema.parse(edited.data);
    expect(edited.data).toMatchObject({ name: '王工', avatarUrl: null });
    const tooLong = await send(server, client, '/account/profile/edit', { name: 'x'.repeat(21) });
    expect(tooLong.code).toBe('1137');

    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><circle r="4" onclick="x()"/></svg>';
    const uploaded = await upload(client, 'me.svg', 'image/svg+xml', Buffer.from(svg));
    expect(uploaded.code, uploaded.message).toBe('200');
    const { avatarUrl } = uploaded.data as { avatarUrl: string };
    const stored = await server.app.inject({ method: 'GET', url: avatarUrl });
    expect(stored.body).toContain('<circle');
    expect(stored.body).not.toMatch(/script|onload|onclick/);
    expect((await send(server, client, '/account/profile')).data).toMatchObject({ avatarUrl });

    const onlyScript = await upload(
      client,
      'bad.svg',
      'image/svg+xml',
      Buffer.from('<svg><script>alert(1)</script></svg>'),
    );
    expect(onlyScript.code).toBe('200');
    const text = await upload(client, 'note.txt', 'text/plain', Buffer.from('hello'));
    expect(text.code).toBe('1803');
    const large = await upload(client, 'big.png', 'image/png', Buffer.alloc(110 * 1024, 1));
    expect(large.code).toBe('1802');
  });

  async function upload(client: TestClient, name: string, type: string, bytes: Buffer) {
    const boundary = '----lyyp-avatar';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/lyyp/developer/account/avatar',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; '),
      },
      payload: body,
    });
    return response.json<{ code: string; message: string; data: unknown }>();
  }

  it('shows sign-ins with address, security changes and writes in the own log, within 30 days', async () => {
    const bound = await buildBoundDevice(server.database.db);
    const client = await signedIn(server, bound.owner.username!);
    await send(server, client, '/account/security/check', {
      target: 'question',
      method: 'password',
      password: FACTORY_PASSWORD,
    });
    await send(server, client, '/account/question/submit', { questions: ANSWERS });
    await server.database.db.insert(commands).values({
      uuid: `w-${bound.device.id}`,
      deviceId: bound.device.id,
      gatewaySn: bound.gateway.sn,
      op: 'write',
      key: 'setTemperature',
      value: 70,
      previous: 65,
      status: 'success',
      code: '200',
      createdBy: bound.owner.id,
      createdAt: new Date(server.clock.now()),
      expiresAt: new Date(server.clock.now() + 60_000),
    });
    const now = server.clock.now();
    const log = await send(server, client, '/account/log', {
      start: now - hour,
      end: now + hour,
      pageSize: 50,
    });
    expect(log.code, log.message).toBe('200');
    accountLogPageSchema.parse(log.data);
    const entries = (
      log.data as {
        list: Array<{ kind: string; address: string | null; detail: string | null; result: string | null }>;
      }
    ).list;
    expect(entries.find((entry) => entry.kind === 'sign-in')).toMatchObject({ address: client.address });
    // A sign-in from a named browser shows its browser and system, never the raw User-Agent.
    const firefox = new TestClient(server);
    firefox.userAgent = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
    await firefox.login(bound.owner.username!, FACTORY_PASSWORD);
    const signIns = await send(server, client, '/account/log', {
      start: now - hour,
      end: now + hour,
      kind: 'sign-in',
    });
    expect(
      (signIns.data as { list: Array<{ detail: string | null }> }).list.map((entry) => entry.detail),
    ).toContain('Firefox 140 · Linux');
    expect(entries.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['sign-in', 'verify', 'question', 'write']),
    );
    expect(entries.find((entry) => entry.kind === 'write')).toMatchObject({
      detail: 'Boiler 1 · setTemperature',
      result: 'success 200',
    });
    const writesOnly = await send(server, client, '/account/log', {
      start: now - hour,
      end: now + hour,
      kind: 'write',
    });
    expect((writesOnly.data as { total: number }).total).toBe(1);
    const tooLong = await send(server, client, '/account/log', { start: now - 31 * 24 * hour, end: now });
    expect(tooLong.code).toBe('1805');
  });

  it('takes feedback of at least 10 characters that staff answer once in the back-office', async () => {
    const { client } = await person();
    const short = await send(server, client, '/account/feedback/add', {
      type: 'fault',
      content: 'too short',
    });
    expect(short.code).toBe('2259');
    const added = await send(server, client, '/account/feedback/add', {
      type: 'fault',
      content: 'The curve stops at midnight every day.',
    });
    expect(added.code, added.message).toBe('200');
    const { id } = added.data as { id: string };
    const refused = await send(server, client, '/manage/feedback/list', {});
    expect(refused.code).toBe('1201');

    const staff = await buildAccount(server.database.db, 'operation');
    const staffClient = await signedIn(server, staff.username!);
    const open = await send(server, staffClient, '/manage/feedback/list', { answered: false, pageSize: 100 });
    expect((open.data as { list: Array<{ id: string }> }).list.map((item) => item.id)).toContain(id);
    expect(
      (await send(server, staffClient, '/manage/feedback/reply', { id, reply: 'Fixed in the next release.' }))
        .code,
    ).toBe('200');
    expect((await send(server, staffClient, '/manage/feedback/reply', { id, reply: 'Again' })).code).toBe(
      '2260',
    );
    expect(
      (await send(server, staffClient, '/manage/feedback/reply', { id: 'missing', reply: 'Hello' })).code,
    ).toBe('1003');
    const mine = await send(server, client, '/account/feedback/list', {});
    feedbackPageSchema.parse(mine.data);
    expect((mine.data as { list: unknown[] }).list).toEqual([
      expect.objectContaining({ id, reply: 'Fixed in the next release.', repliedByName: staff.name }),
    ]);
  });

  it('lists paid services and takes one invoice request per own order', async () => {
    const { account, client } = await person();
    const intruder = await person();
    const order = await server.accountCentre.centre.recordOrder(account.id, {
      kind: 'sim-plan',
      title: 'SIM data plan 12 months',
      amountCents: 12_000,
    });
    const listed = await send(server, client, '/account/order/list', {});
    orderPageSchema.parse(listed.data);
    expect(listed.data).toMatchObject({
      total: 1,
      list: [{ id: order.id, amountCents: 12_000, invoice: null }],
    });
    const foreign = await send(server, intruder.client, '/account/invoice/request', {
      orderId: order.id,
      title: 'Me',
      email: 'me@example.com',
    });
    expect(foreign.code).toBe('1003');
    const requested = await send(server, client, '/account/invoice/request', {
      orderId: order.id,
      title: 'Boiler Works Ltd',
      email: 'Finance@Example.com',
    });
    expect(requested.data).toMatchObject({
      invoice: { status: 'requested', title: 'Boiler Works Ltd', email: 'finance@example.com' },
    });
    const again = await send(server, client, '/account/invoice/request', {
      orderId: order.id,
      title: 'Again',
      email: 'a@example.com',
    });
    expect(again.code).toBe('2261');
  });
});
