import { createHmac, randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, and } from 'drizzle-orm';
import type { AlarmGroupInput, NotificationSend } from '@lyyp/contracts/alarm';
import { accounts, deviceAccess, devices, simCards } from '../../db/schema/index.ts';
import { buildAccount } from '../../test/factories.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { postJson } from '../device/catalogue-test-support.ts';
import { writeSheet } from '../product/spreadsheet.ts';
import {
  ALARM_TEST_ENVIRONMENT,
  HIGH_TEMPERATURE,
  addGroup,
  addRule,
  alarmFixture,
  signedIn,
} from './alarm-test-support.ts';
import type { TestClient } from '../../test/test-server.ts';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A local HTTP receiver standing in for the WeChat robot, the webhook and the voice provider. */
async function startReceiver() {
  const received: Received[] = [];
  const failures: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const failIndex = failures.indexOf(path);
      if (failIndex >= 0) {
        failures.splice(failIndex, 1);
        response.writeHead(500).end('down');
        return;
      }
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"errcode":0,"errmsg":"ok"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    /** The next call to this path answers 500. */
    failNext: (path: string) => failures.push(path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const SECRET = 'plant-webhook-secret-2026';

describe.each(databaseVariants())('alarm notifications on $name', (variant) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer(variant, {
      ...ALARM_TEST_ENVIRONMENT,
      ALARM_WECHAT_MODE: 'send',
      ALARM_WEBHOOK_MODE: 'send',
      ALARM_VOICE_PROVIDER: 'webhook',
      ALARM_VOICE_WEBHOOK_URL: `${receiver.base}/voice`,
    });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  async function withPhone(accountId: string): Promise<string> {
    const tel = `139${randomInt(10_000_000, 99_999_999)}`;
    await server.database.db.update(accounts).set({ tel }).where(eq(accounts.id, accountId));
    return tel;
  }

  async function raise(deviceId: string, value = 95, at = server.clock.now()) {
    await server.alarms.evaluation.evaluateStored({
      points: [{ deviceId, key: 'waterTemperature', ts: at, value }],
      receivedAt: at,
    });
  }

  async function onlyRecordId(client: TestClient, deviceId: string): Promise<string> {
    const answer = await postJson(server, client, '/alarm/record/device', { equipmentId: deviceId });
    return (answer.data as { list: { id: string }[] }).list[0]!.id;
  }

  async function sendsOf(client: TestClient, id: string): Promise<NotificationSend[]> {
    const answer = await postJson(server, client, '/alarm/record/sends', { id });
    expect(answer.code, answer.message).toBe('200');
    return answer.data as NotificationSend[];
  }

  it('sends through every channel, signs the webhook, and tells those reached of the release', async () => {
    const fixture = await alarmFixture(server);
    const tel = await withPhone(fixture.owner.id);
    const robot = `/robot-${fixture.device.id}`;
    const hook = `/hook-${fixture.device.id}`;
    const group = await addGroup(server, fixture.developerClient, fixture.product.id, {
      name: 'Boiler room',
      channels: ['app', 'wechat', 'sms', 'phone', 'voice', 'webhook'],
      channelSettings: {
        wechat: { url: `${receiver.base}${robot}`, mentionAll: true },
        webhook: { url: `${receiver.base}${hook}`, secret: SECRET },
      },
      recipients: [{ accountId: fixture.owner.id, channels: ['app', 'sms', 'phone', 'voice'] }],
    });
    await addRule(server, fixture.developerClient, fixture.product.id, {
      ...HIGH_TEMPERATURE,
      groupIds: [group.id],
      pushMethods: ['app', 'wechat', 'sms', 'phone', 'voice', 'webhook'],
    });
    const notices: { speak: boolean; title: string }[] = [];
    const unsubscribe = server.bus.subscribe('notice', (event) => {
      if (event.accountId === fixture.owner.id)
        notices.push({ speak: event.speak, title: event.message.title });
    });

    await raise(fixture.device.id);
    await server.alarms.sweep();

    const robotCall = receiver.received.find((call) => call.path === robot);
    expect(JSON.parse(robotCall!.body)).toMatchObject({
      msgtype: 'text',
      text: { mentioned_list: ['@all'] },
    });
    expect(robotCall!.body).toContain('Boiler 1');
    const hookCall = receiver.received.find((call) => call.path === hook)!;
    const expected = `sha256=${createHmac('sha256', SECRET).update(hookCall.body).digest('hex')}`;
    expect(hookCall.headers['x-lyyp-signature']).toBe(expected);
    expect(JSON.parse(hookCall.body)).toMatchObject({ event: 'alarm.raised', device: { name: 'Boiler 1' } });
    const voiceCall = receiver.received.find((call) => call.path === '/voice' && call.body.includes(tel));
    expect(JSON.parse(voiceCall!.body)).toMatchObject({ tel, kind: 'alarm' });
    expect(server.sms.sent.filter((sms) => sms.tel === tel)).toMatchObject([{ purpose: 'alarm', code: '' }]);
    expect(notices.map((notice) => notice.speak).sort()).toEqual([false, true]);
    const unread = await postJson(server, fixture.ownerClient, '/message/unread', {});
    expect(unread.data).toMatchObject({ byType: { alarm: 1 }, popup: 1 });

    const recordId = await onlyRecordId(fixture.ownerClient, fixture.device.id);
    const sends = await sendsOf(fixture.ownerClient, recordId);
    expect(sends.map((send) => `${send.channel}:${send.status}`).sort()).toEqual([
      'app:sent',
      'phone:sent',
      'sms:sent',
      'voice:sent',
      'webhook:sent',
      'wechat:sent',
    ]);

    server.clock.advance(1000);
    await raise(fixture.device.id, 50);
    await server.alarms.sweep();
    const releases = (await sendsOf(fixture.ownerClient, recordId)).filter((send) => send.kind === 'release');
    expect(releases.map((send) => send.channel).sort()).toEqual(['app', 'sms', 'webhook', 'wechat']);
    const released = receiver.received
      .filter((call) => call.path === hook)
      .map((call) => JSON.parse(call.body) as { event: string });
    expect(released.map((call) => call.event)).toEqual(['alarm.raised', 'alarm.released']);
    unsubscribe();
  });

  it('repeats SMS until acknowledged, then sends no more (injected clock)', async () => {
    const fixture = await alarmFixture(server);
    const tel = await withPhone(fixture.owner.id);
    const group = await addGroup(server, fixture.developerClient, fixture.product.id, {
      name: 'On call',
      channels: ['sms'],
      recipients: [{ accountId: fixture.owner.id, channels: ['sms'] }],
      repeat: { times: 5, intervalSeconds: 60 },
    } satisfies Omit<AlarmGroupInput, 'id'>);
    await addRule(server, fixture.developerClient, fixture.product.id, {
      ...HIGH_TEMPERATURE,
      groupIds: [group.id],
      pushMethods: ['sms'],
    });
    const smsCount = () => server.sms.sent.filter((sms) => sms.tel === tel).length;
    await raise(fixture.device.id);
    await server.alarms.sweep();
    expect(smsCount()).toBe(1);
    server.clock.advance(60_000);
    await server.alarms.sweep();
    expect(smsCount()).toBe(2);

    const recordId = await onlyRecordId(fixture.ownerClient, fixture.device.id);
    const acknowledged = await postJson(server, fixture.ownerClient, '/alarm/record/acknowledge', {
      ids: [recordId],
      comment: 'on my way',
    });
    expect(acknowledged.code).toBe('200');
    for (let minute = 0; minute < 4; minute += 1) {
      server.clock.advance(60_000);
      await server.alarms.sweep();
    }
    expect(smsCount()).toBe(2);
  });

  it('records a failed attempt with its error and retries with back-off', async () => {
    const fixture = await alarmFixture(server);
    const hook = `/retry-${fixture.device.id}`;
    const group = await addGroup(server, fixture.developerClient, fixture.product.id, {
      name: 'Integration',
      channels: ['webhook'],
      channelSettings: { webhook: { url: `${receiver.base}${hook}`, secret: SECRET } },
    });
    await addRule(server, fixture.developerClient, fixture.product.id, {
      ...HIGH_TEMPERATURE,
      groupIds: [group.id],
      pushMethods: ['webhook'],
    });
    receiver.failNext(hook);
    await raise(fixture.device.id);
    await server.alarms.sweep();
    const recordId = await onlyRecordId(fixture.ownerClient, fixture.device.id);
    const [failed] = await sendsOf(fixture.ownerClient, recordId);
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: [{ attempt: 1, result: 'failed', error: 'the receiver answered HTTP 500' }],
    });
    server.clock.advance(30_000);
    await server.alarms.sweep();
    const [retried] = await sendsOf(fixture.ownerClient, recordId);
    expect(retried).toMatchObject({
      status: 'sent',
      attempts: [{ result: 'failed' }, { attempt: 2, result: 'sent' }],
    });
    expect(receiver.received.filter((call) => call.path === hook)).toHaveLength(1);
  });

  it('stops pushes to a person whose access to the device is revoked', async () => {
    const fixture = await alarmFixture(server);
    const engineer = await buildAccount(server.database.db, 'terminal');
    const tel = await withPhone(engineer.id);
    await server.database.db
      .insert(deviceAccess)
      .values({ deviceId: fixture.device.id, accountId: engineer.id, kind: 'authorized' });
    const group = await addGroup(server, fixture.developerClient, fixture.product.id, {
      name: 'Service',
      channels: ['sms'],
      recipients: [{ accountId: engineer.id, channels: ['sms'] }],
      repeat: { times: 5, intervalSeconds: 60 },
    });
    await addRule(server, fixture.developerClient, fixture.product.id, {
      ...HIGH_TEMPERATURE,
      groupIds: [group.id],
      pushMethods: ['sms'],
    });
    const smsCount = () => server.sms.sent.filter((sms) => sms.tel === tel).length;
    await raise(fixture.device.id);
    await server.alarms.sweep();
    expect(smsCount()).toBe(1);
    await server.database.db
      .delete(deviceAccess)
      .where(and(eq(deviceAccess.deviceId, fixture.device.id), eq(deviceAccess.accountId, engineer.id)));
    for (let minute = 0; minute < 3; minute += 1) {
      server.clock.advance(60_000);
      await server.alarms.sweep();
    }
    expect(smsCount()).toBe(1);
  });

  it('counts unread messages per type and marks selected or all read', async () => {
    const fixture = await alarmFixture(server);
    const staff = await buildAccount(server.database.db, 'operation');
    const staffClient = await signedIn(server, staff.username!);
    const published = await postJson(server, staffClient, '/message/announcement/publish', {
      title: 'Maintenance tonight',
      body: 'The platform restarts at 23:00.',
      popup: 'true',
    });
    expect(published.code).toBe('200');
    const announcementId = (published.data as { id: string }).id;
    // A pop-up's text is at most 100 characters; an image address must be one.
    expect(
      await postJson(server, staffClient, '/message/announcement/publish', {
        title: 'Long',
        body: 'x'.repeat(101),
        popup: 'true',
      }),
    ).toMatchObject({ code: '1137', data: { field: 'body' } });
    expect(
      await postJson(server, staffClient, '/message/announcement/publish', {
        title: 'Picture',
        imgUrl: 'not a url',
      }),
    ).toMatchObject({ code: '1651', data: { field: 'imgUrl' } });
    const refused = await postJson(server, fixture.ownerClient, '/message/announcement/publish', {
      title: 'Me too',
    });
    expect(refused.code).toBe('1201');
    const alarmMessage = await server.alarms.messages.createAlarmMessage({
      accountId: fixture.owner.id,
      title: 'High temperature',
      body: 'Boiler 1 is hot',
      recordId: 'record-1',
      dedupeKey: `test:${fixture.owner.id}`,
    });

    const unread = async (client: TestClient) => (await postJson(server, client, '/message/unread', {})).data;
    expect(await unread(fixture.ownerClient)).toMatchObject({ byType: { alarm: 1 }, popup: 2 });
    const dialog = await postJson(server, fixture.ownerClient, '/message/notice/dialog', {});
    expect(dialog.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: announcementId, type: 'notice' })]),
    );

    await postJson(server, fixture.ownerClient, '/message/read', {
      scope: 'selected',
      ids: [alarmMessage!.id],
    });
    expect(await unread(fixture.ownerClient)).toMatchObject({ byType: { alarm: 0 }, popup: 1 });
    const listed = await postJson(server, fixture.ownerClient, '/message/list', { type: 'alarm' });
    expect(listed.data).toMatchObject({ total: 1, list: [{ status: 'read' }] });
    // Someone else's message ids change nothing.
    const other = await signedIn(server, (await buildAccount(server.database.db, 'terminal')).username!);
    const before = await unread(other);
    await postJson(server, other, '/message/read', { scope: 'selected', ids: [alarmMessage!.id] });
    expect(await unread(other)).toEqual(before);

    await postJson(server, fixture.ownerClient, '/message/read', { scope: 'all' });
    expect(await unread(fixture.ownerClient)).toMatchObject({ popup: 0 });
    expect(
      ((await unread(other)) as { byType: { announcement: number } }).byType.announcement,
    ).toBeGreaterThan(0);
  });

  it('reminds the device owner 30 and 7 days before a SIM card expires, each once', async () => {
    const fixture = await alarmFixture(server);
    const staff = await buildAccount(server.database.db, 'operation');
    const staffClient = await signedIn(server, staff.username!);
    const iccid = `8986${randomInt(100_000_000, 999_999_999)}${randomInt(1_000_000, 9_999_999)}`;
    await server.database.db.update(devices).set({ iccid }).where(eq(devices.id, fixture.device.id));
    const day = 86_400_000;
    const edited = await postJson(server, staffClient, '/sim/edit', {
      iccid,
      expiresAt: server.clock.now() + 30 * day - 3_600_000,
      operator: 'CMCC',
    });
    expect(edited.code, edited.message).toBe('200');
    expect((await postJson(server, fixture.ownerClient, '/sim/list', {})).code).toBe('1201');

    let owner = fixture.ownerClient;
    const reminders = async () => {
      await server.alarms.messages.sweepSimReminders();
      const listed = await postJson(server, owner, '/message/list', { type: 'expiration' });
      return (listed.data as { total: number }).total;
    };
    expect(await reminders()).toBe(1);
    expect(await reminders()).toBe(1);
    server.clock.advance(23 * day);
    // Sessions idle out over three weeks: sign in again, as the owner would.
    owner = await signedIn(server, fixture.owner.username!);
    const staffAgain = await signedIn(server, staff.username!);
    expect(await reminders()).toBe(2);
    const dialog = await postJson(server, owner, '/message/notice/dialog', {});
    expect(dialog.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'expire', equipType: 'card' })]),
    );
    const cards = await postJson(server, staffAgain, '/sim/list', { keyword: iccid });
    expect(cards.data).toMatchObject({
      total: 1,
      list: [{ iccid, status: 'about-to-expire', daysLeft: 7, deviceId: fixture.device.id }],
    });
  });

  it('records a paid renewal: the plan ends later, reminders start again, the owner gets the order', async () => {
    const fixture = await alarmFixture(server);
    const staff = await buildAccount(server.database.db, 'operation');
    const staffClient = await signedIn(server, staff.username!);
    const iccid = `8986${randomInt(100_000_000, 999_999_999)}${randomInt(1_000_000, 9_999_999)}`;
    await server.database.db.update(devices).set({ iccid }).where(eq(devices.id, fixture.device.id));
    const end = Date.UTC(2031, 0, 31, 8);
    await postJson(server, staffClient, '/sim/edit', { iccid, expiresAt: end, shutdown: true });
    await server.database.db
      .update(simCards)
      .set({ remindersSent: [30, 7] })
      .where(eq(simCards.iccid, iccid));

    // Bad input and unknown cards change nothing.
    const refused = await postJson(server, staffClient, '/sim/renew', { iccid, months: 0, amountCents: 100 });
    expect(refused.code).toBe('1002');
    const unknown = `8986${randomInt(100_000_000, 999_999_999)}${randomInt(1_000_000, 9_999_999)}`;
    const missing = await postJson(server, staffClient, '/sim/renew', {
      iccid: unknown,
      months: 1,
      amountCents: 0,
    });
    expect(missing).toMatchObject({ code: '2120', message: `No such SIM card: ${unknown}` });
    expect(
      (await postJson(server, fixture.ownerClient, '/sim/renew', { iccid, months: 1, amountCents: 0 })).code,
    ).toBe('1201');

    const renewed = await postJson(server, staffClient, '/sim/renew', {
      iccid,
      months: 1,
      amountCents: 4800,
    });
    expect(renewed.code, renewed.message).toBe('200');
    // One month after 31 January is the last day of February.
    expect(renewed.data).toMatchObject({ expiresAt: Date.UTC(2031, 1, 28, 8) });
    const [card] = await server.database.db.select().from(simCards).where(eq(simCards.iccid, iccid));
    expect(card).toMatchObject({ shutdown: false, remindersSent: [] });
    const listed = await postJson(server, fixture.ownerClient, '/account/order/list', {});
    expect(listed.data).toMatchObject({
      total: 1,
      list: [
        {
          id: (renewed.data as { orderId: string }).orderId,
          kind: 'sim-plan',
          amountCents: 4800,
          title: `${fixture.device.name} · ICCID ${iccid} · → 2031-02-28`,
          invoice: null,
        },
      ],
    });
  });

  it('imports SIM cards from a sheet, refusing a bad row without importing any', async () => {
    const staff = await buildAccount(server.database.db, 'operation');
    const staffClient = await signedIn(server, staff.username!);
    const good = `8986${randomInt(100_000_000, 999_999_999)}${randomInt(1_000_000, 9_999_999)}`;
    const headers = ['ICCID', 'Expiry date', 'Operator'];
    const sheet = await writeSheet('xlsx', 'sim', headers, [[good, '2027-01-31', 'CMCC']]);
    const imported = await postJson(server, staffClient, '/sim/import', { file: sheet.toString('base64') });
    expect(imported).toMatchObject({ code: '200', data: { imported: 1 } });
    const other = `8986${randomInt(100_000_000, 999_999_999)}${randomInt(1_000_000, 9_999_999)}`;
    const bad = await writeSheet('xlsx', 'sim', headers, [
      [other, '2027-01-31', 'CMCC'],
      ['12AB', '', ''],
    ]);
    const refused = await postJson(server, staffClient, '/sim/import', { file: bad.toString('base64') });
    expect(refused).toMatchObject({ code: '2119', message: 'Row 3: ICCID' });
    const listed = await postJson(server, staffClient, '/sim/list', { keyword: other });
    expect(listed.data).toMatchObject({ total: 0 });
  });
});
