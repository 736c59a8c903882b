/**
 * What an alarm means, as a person sees it in records, the message centre and the channels: a
 * value that steps over the limit and stays there raises once it has held for the filter's polls
 * (once, with a restarted node and a second one sweeping too); a rule edit settles the alarm
 * against the current value (continues, or releases with the value then); a set point change is
 * evaluated like a change of the value; release notices say the release value, in one language;
 * a retried first notice still comes before the next repeat.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { HELD_VALUE_SETTLE_MS } from '@lyyp/contracts/alarm';
import { accounts, alarmNotifications, alarmRecords, gateways } from '../../db/schema/index.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { postJson } from '../device/catalogue-test-support.ts';
import {
  ALARM_TEST_ENVIRONMENT,
  HIGH_TEMPERATURE,
  addGroup,
  addRule,
  alarmFixture,
  deviceRecords,
  storeLatest,
  anotherAlarmNode,
} from './alarm-test-support.ts';
import type { TestClient } from '../../test/test-server.ts';

/** A local robot/webhook receiver that records each call's text, and fails the calls it is told to. */
async function startReceiver() {
  const texts: { path: string; body: string }[] = [];
  const failures: string[] = [];
  const http: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const index = failures.indexOf(path);
      if (index >= 0) {
        failures.splice(index, 1);
        response.writeHead(500).end('down');
        return;
      }
      texts.push({ path, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"errcode":0,"errmsg":"ok"}');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    texts,
    failNext: (path: string) => failures.push(path),
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

describe.each(databaseVariants())('alarm semantics as people see them on $name', (variant) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer(variant, {
      ...ALARM_TEST_ENVIRONMENT,
      ALARM_WECHAT_MODE: 'send',
      ALARM_WEBHOOK_MODE: 'send',
    });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  /** Stores a value as the ingest does (current value, then the evaluation of the stored point). */
  async function store(deviceId: string, key: string, value: number, at: number, receivedAt = at) {
    await storeLatest(server, deviceId, key, value, at);
    await server.alarms.evaluation.evaluateStored({ points: [{ deviceId, key, ts: at, value }], receivedAt });
  }

  async function online(sn: string) {
    await server.database.db.update(gateways).set({ status: 'online' }).where(eq(gateways.sn, sn));
  }

  function anotherNode() {
    return anotherAlarmNode(server);
  }

  async function messageBodies(client: TestClient) {
    client.language = 'zh-CN';
    const answer = await postJson(server, client, '/message/list', { type: 'alarm' });
    expect(answer.code, answer.message).toBe('200');
    return (answer.data as { list: { title: string; body: string }[] }).list
      .map((item) => item.body)
      .reverse();
  }

  it('raises a value that steps over the limit and stays there after (filter − 1) poll intervals, once on every node', async () => {
    const fixture = await alarmFixture(server);
    await online(fixture.gateway.sn);
    // The demo boiler's driver polls every second: filter 3 means the value held for 2 s.
    await addRule(server, fixture.developerClient, fixture.product.id, {
      ...HIGH_TEMPERATURE,
      filterCount: 3,
    });
    const start = server.clock.now() - 1000;
    await store(fixture.device.id, 'waterTemperature', 70, start);
    await store(fixture.device.id, 'waterTemperature', 90, start + 1000);
    // The agent reports changes only: nothing more comes while 90 holds. Due at 3 s, but samples
    // may still be on their way until the settle time has passed.
    await server.alarms.sweep();
    expect(await deviceRecords(server, fixture.ownerClient, fixture.device.id)).toEqual([]);

    server.clock.advance(3000 + HELD_VALUE_SETTLE_MS);
    const second = anotherNode();
    await Promise.all([server.alarms.sweep(), second.sweep()]);
    // A restarted node sweeping again raises nothing more.
    await anotherNode().sweep();
    const records = await deviceRecords(server, fixture.ownerClient, fixture.device.id);
    expect(records).toMatchObject([
      { value: 90, since: start + 1000, raisedAt: start + 3000, releasedAt: null },
    ]);

    // A later change releases it with that value.
    await store(fixture.device.id, 'waterTemperature', 75, start + 10_000);
    expect(await deviceRecords(server, fixture.ownerClient, fixture.device.id)).toMatchObject([
      { raisedAt: start + 3000, releasedAt: start + 10_000, releaseValue: 75 },
    ]);
  });

  it('raises nothing from a held value while the gateway is offline, and a contradicting sample before the due time stops it', async () => {
    const fixture = await alarmFixture(server);
    await addRule(server, fixture.developerClient, fixture.product.id, {
      ...HIGH_TEMPERATURE,
      filterCount: 3,
    });
    const start = server.clock.now();
    await store(fixture.device.id, 'waterTemperature', 90, start);
    server.clock.advance(60_000);
    await server.alarms.sweep();
    expect(await deviceRecords(server, fixture.ownerClient, fixture.device.id)).toEqual([]);
    // The gateway comes back and replays its buffer: the value went back at 1.5 s.
    await store(fixture.device.id, 'waterTemperature', 70, start + 1500, start + 61_000);
    await online(fixture.gateway.sn);
    server.clock.advance(60_000);
    await server.alarms.sweep();
    expect(await deviceRecords(server, fixture.ownerClient, fixture.device.id)).toEqual([]);
  });

  it('keeps an alarm through an edit while the value still violates the new rule, and releases with the value then when it does not', async () => {
    const fixture = await alarmFixture(server);
    const hook = `/edit-${fixture.device.id}`;
    const group = await addGroup(server, fixture.developerClient, fixture.product.id, {
      name: 'Boiler room',
      channels: ['app', 'webhook'],
      recipients: [{ accountId: fixture.owner.id, channels: ['app'] }],
      channelSettings: { webhook: { url: `${receiver.base}${hook}`, secret: 'plant-webhook-secret-2026' } },
    });
    const rule = await addRule(server, fixture.developerClient, fixture.product.id, {
      ...HIGH_TEMPERATURE,
      groupIds: [group.id],
      pushMethods: ['app', 'webhook'],
    });
    const at = server.clock.now() - 10_000;
    await store(fixture.device.id, 'waterTemperature', 93, at);
    await server.alarms.sweep();

    server.clock.advance(1000);
    const edited = await postJson(server, fixture.developerClient, '/alarm/rule/edit', {
      productId: fixture.product.id,
      rule: { ...rule, name: 'Hot', condition: { operator: 'gt', limit: { kind: 'value', value: 90 } } },
    });
    expect(edited.code, edited.message).toBe('200');
    await server.alarms.sweep();
    const [continued] = await deviceRecords(server, fixture.ownerClient, fixture.device.id);
    expect(continued).toMatchObject({ name: 'Hot', releasedAt: null, raisedAt: at, value: 93 });
    const events = () =>
      receiver.texts
        .filter((call) => call.path === hook)
        .map((call) => JSON.parse(call.body) as { event: string });
    expect(events().map((event) => event.event)).toEqual(['alarm.raised']);
    expect(await messageBodies(fixture.ownerClient)).toHaveLength(1);

    server.clock.advance(1000);
    await postJson(server, fixture.developerClient, '/alarm/rule/edit', {
      productId: fixture.product.id,
      rule: { ...rule, condition: { operator: 'gt', limit: { kind: 'value', value: 95 } } },
    });
    await server.alarms.sweep();
    const [released] = await deviceRecords(server, fixture.ownerClient, fixture.device.id);
    expect(released).toMatchObject({ releaseReason: 'rule-changed', releaseValue: 93 });
    expect(released!.releasedAt).toBeGreaterThan(at);
    expect(events().map((event) => event.event)).toEqual(['alarm.raised', 'alarm.released']);
    expect((await messageBodies(fixture.ownerClient)).at(-1)).toBe(
      'Boiler 1 High temperature 已解除：出水温度 当前值 93.0℃',
    );
  });

  it('evaluates a rule comparing with a set point when the set point changes', async () => {
    const fixture = await alarmFixture(server);
    await addRule(server, fixture.developerClient, fixture.product.id, {
      ...HIGH_TEMPERATURE,
      deadBand: 0,
      condition: { operator: 'gt', limit: { kind: 'variable', key: 'temperatureSetpoint' } },
    });
    const start = server.clock.now();
    await store(fixture.device.id, 'temperatureSetpoint', 80, start);
    await store(fixture.device.id, 'waterTemperature', 78, start + 1000);
    expect(await deviceRecords(server, fixture.ownerClient, fixture.device.id)).toEqual([]);
    // Lowering the set point under the value raises at once.
    await store(fixture.device.id, 'temperatureSetpoint', 75, start + 2000);
    expect(await deviceRecords(server, fixture.ownerClient, fixture.device.id)).toMatchObject([
      { raisedAt: start + 2000, value: 78, releasedAt: null },
    ]);
    // Raising it over the value releases at once, with the value then.
    await store(fixture.device.id, 'temperatureSetpoint', 85, start + 3000);
    expect(await deviceRecords(server, fixture.ownerClient, fixture.device.id)).toMatchObject([
      { raisedAt: start + 2000, releasedAt: start + 3000, releaseValue: 78 },
    ]);
  });

  it('says the release value, in the language of a rule’s own text for someone who chose none', async () => {
    const fixture = await alarmFixture(server);
    const tel = `139${String(Date.now()).slice(-8)}`;
    await server.database.db.update(accounts).set({ tel }).where(eq(accounts.id, fixture.owner.id));
    const group = await addGroup(server, fixture.developerClient, fixture.product.id, {
      name: 'Boiler room',
      channels: ['sms'],
      recipients: [{ accountId: fixture.owner.id, channels: ['sms'] }],
    });
    await addRule(server, fixture.developerClient, fixture.product.id, {
      ...HIGH_TEMPERATURE,
      message: 'Boiler water too hot: {value}{unit}',
      groupIds: [group.id],
      pushMethods: ['sms'],
    });
    const at = server.clock.now() - 10_000;
    await store(fixture.device.id, 'waterTemperature', 93, at);
    await server.alarms.sweep();
    await store(fixture.device.id, 'waterTemperature', 75, at + 1000);
    await server.alarms.sweep();
    expect(server.sms.sent.filter((sms) => sms.tel === tel).map((sms) => sms.text)).toEqual([
      'Boiler water too hot: 93.0℃',
      'Boiler 1 High temperature released: 出水温度 is 75.0℃',
    ]);
  });

  it('sends a retried first notice before the next repeat', async () => {
    const fixture = await alarmFixture(server);
    const robot = `/robot-${fixture.device.id}`;
    const group = await addGroup(server, fixture.developerClient, fixture.product.id, {
      name: 'Robot',
      channels: ['wechat'],
      channelSettings: { wechat: { url: `${receiver.base}${robot}` } },
      repeat: { times: 3, intervalSeconds: 60 },
    });
    await addRule(server, fixture.developerClient, fixture.product.id, {
      ...HIGH_TEMPERATURE,
      groupIds: [group.id],
      pushMethods: ['wechat'],
    });
    // The first notice fails twice: its retries come 30 s and 90 s after the raise, the repeat at 60 s.
    receiver.failNext(robot);
    receiver.failNext(robot);
    await store(fixture.device.id, 'waterTemperature', 93, server.clock.now());
    for (let second = 0; second <= 150; second += 10) {
      await server.alarms.sweep();
      server.clock.advance(10_000);
    }
    const [record] = await server.database.db
      .select({ id: alarmRecords.id })
      .from(alarmRecords)
      .where(eq(alarmRecords.deviceId, fixture.device.id));
    const sends = await server.database.db
      .select({ occurrence: alarmNotifications.occurrence, sentAt: alarmNotifications.sentAt })
      .from(alarmNotifications)
      .where(eq(alarmNotifications.recordId, record!.id))
      .orderBy(asc(alarmNotifications.occurrence));
    expect(sends.map((send) => send.occurrence)).toEqual([0, 1, 2]);
    const times = sends.map((send) => send.sentAt!.getTime());
    // Each one went out no earlier than the one before it.
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(receiver.texts.filter((call) => call.path === robot)).toHaveLength(3);
  });
});
