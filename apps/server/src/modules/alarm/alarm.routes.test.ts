import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALARM_RULE_DEFAULT_CAPACITY, alarmRuleSchema } from '@lyyp/contracts/alarm';
import {
  accounts,
  alarmRecords,
  alarmRuleStates,
  alarmRules,
  deviceAccess,
  devices,
} from '../../db/schema/index.ts';
import { buildAccount, buildGateway } from '../../test/factories.ts';
import { newId } from '../../lib/ids.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { postJson } from '../device/catalogue-test-support.ts';
import {
  ALARM_TEST_ENVIRONMENT,
  HIGH_TEMPERATURE,
  addGroup,
  addRule,
  alarmFixture,
  connectGateway,
  deviceRecords,
  signedIn,
  storeLatest,
  upload,
  anotherAlarmNode,
} from './alarm-test-support.ts';
import type { AlarmModule } from './index.ts';

describe.each(databaseVariants())('alarm rules and records on $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant, ALARM_TEST_ENVIRONMENT);
    await server.runtime.start();
  });
  afterAll(async () => server.close());

  it('adds, lists, edits, disables and deletes rules with capacity used/total', async () => {
    const { product, developerClient } = await alarmFixture(server);
    const rule = await addRule(server, developerClient, product.id);
    const listed = await postJson(server, developerClient, '/alarm/rule/list', { productId: product.id });
    expect(listed.data).toMatchObject({
      rules: [{ id: rule.id, name: 'High temperature', enabled: true }],
      capacity: { used: 1, total: ALARM_RULE_DEFAULT_CAPACITY },
      statusAlarms: { offline: { enabled: false } },
    });
    const edited = await postJson(server, developerClient, '/alarm/rule/edit', {
      productId: product.id,
      rule: { ...rule, name: 'Too hot' },
    });
    expect(edited).toMatchObject({ code: '200', data: { name: 'Too hot' } });
    const disabled = await postJson(server, developerClient, '/alarm/rule/enable', {
      productId: product.id,
      id: rule.id,
      enabled: false,
    });
    expect(disabled).toMatchObject({ code: '200', data: { enabled: false } });
    expect(
      (await postJson(server, developerClient, '/alarm/rule/delete', { productId: product.id, id: rule.id }))
        .code,
    ).toBe('200');
    const after = await postJson(server, developerClient, '/alarm/rule/list', { productId: product.id });
    expect(after.data).toMatchObject({ rules: [], capacity: { used: 0 } });
  });

  it('shows a device viewer the rules of its device with groups by name only, and nobody else', async () => {
    const { product, device, owner, developerClient, ownerClient } = await alarmFixture(server);
    const group = await addGroup(server, developerClient, product.id, {
      name: 'Boiler room',
      channels: ['app'],
      recipients: [{ accountId: owner.id, channels: ['app'] }],
    });
    const rule = await addRule(server, developerClient, product.id, {
      ...HIGH_TEMPERATURE,
      groupIds: [group.id],
    });
    const seen = await postJson(server, ownerClient, '/alarm/rule/device', { equipmentId: device.id });
    expect(seen).toMatchObject({
      code: '200',
      data: {
        deviceId: device.id,
        productId: product.id,
        rules: [{ id: rule.id, name: 'High temperature', groupIds: [group.id] }],
        statusAlarms: { offline: { enabled: false } },
        groups: [{ id: group.id, name: 'Boiler room' }],
      },
    });
    // Who receives a group's alarms is not the device viewer's to see.
    expect(JSON.stringify(seen.data)).not.toContain(owner.id);
    const stranger = await signedIn(server, (await buildAccount(server.database.db, 'terminal')).username!);
    const refused = await postJson(server, stranger, '/alarm/rule/device', { equipmentId: device.id });
    expect(refused.code).toBe('1003');
  });

  it('refuses bad rules with catalogue codes and changes nothing', async () => {
    const { product, developerClient } = await alarmFixture(server);
    const cases: [unknown, string][] = [
      [{ ...HIGH_TEMPERATURE, variableKey: 'nothing' }, '2102'],
      [{ ...HIGH_TEMPERATURE, variableKey: 'serialNumber' }, '2103'],
      [{ ...HIGH_TEMPERATURE, groupIds: ['missing-group'] }, '2101'],
      [{ ...HIGH_TEMPERATURE, message: '{oops}' }, '2107'],
      [{ ...HIGH_TEMPERATURE, condition: { operator: 'eq', limit: { kind: 'value', value: 1 } } }, '2106'],
      [{ ...HIGH_TEMPERATURE, name: '' }, '1001'],
    ];
    for (const [rule, code] of cases) {
      const answer = await postJson(server, developerClient, '/alarm/rule/add', {
        productId: product.id,
        rule,
      });
      expect(answer.code, JSON.stringify(rule)).toBe(code);
    }
    const rows = await server.database.db
      .select()
      .from(alarmRules)
      .where(eq(alarmRules.productId, product.id));
    expect(rows).toEqual([]);
  });

  it('answers 1512 when a product would hold more rules than its capacity', async () => {
    const { product, developerClient } = await alarmFixture(server);
    const rule = alarmRuleSchema.parse({ ...HIGH_TEMPERATURE, id: 'seed' });
    await server.database.db.insert(alarmRules).values(
      Array.from({ length: ALARM_RULE_DEFAULT_CAPACITY }, (_, index) => ({
        id: `${product.id.slice(0, 8)}-${index}`,
        productId: product.id,
        position: index,
        rule: { ...rule, id: `${product.id.slice(0, 8)}-${index}` },
      })),
    );
    const answer = await postJson(server, developerClient, '/alarm/rule/add', {
      productId: product.id,
      rule: HIGH_TEMPERATURE,
    });
    expect(answer).toMatchObject({ code: '1512', message: 'Capacity exceeded for alarms' });
  });

  it('does not show a product’s rules to another developer (1003)', async () => {
    const { product } = await alarmFixture(server);
    const stranger = await buildAccount(server.database.db, 'developer');
    const client = await signedIn(server, stranger.username!);
    expect((await postJson(server, client, '/alarm/rule/list', { productId: product.id })).code).toBe('1003');
    expect(
      (await postJson(server, client, '/alarm/rule/add', { productId: product.id, rule: HIGH_TEMPERATURE }))
        .code,
    ).toBe('1003');
  });

  it('raises at ingest over MQTT, releases past the dead band, and tells the live channel', async () => {
    const { product, device, gateway, developerClient, ownerClient } = await alarmFixture(server);
    await addRule(server, developerClient, product.id);
    const events: string[] = [];
    const unsubscribe = server.bus.subscribe('alarm', (event) => {
      if (event.deviceId === device.id) events.push(`${event.event}:${event.record.value}`);
    });
    const link = await connectGateway(server, gateway);
    const now = server.clock.now();
    await upload(link, 1, [{ k: 'waterTemperature', t: now - 3000, v: 79 }]);
    expect(await deviceRecords(server, ownerClient, device.id)).toEqual([]);
    await upload(link, 2, [{ k: 'waterTemperature', t: now - 2000, v: 85.25 }]);
    const [raised] = await deviceRecords(server, ownerClient, device.id);
    expect(raised).toMatchObject({
      name: 'High temperature',
      value: 85.25,
      raisedAt: now - 2000,
      releasedAt: null,
      late: false,
      state: 'active-unacknowledged',
    });
    expect(raised!.message).toContain('85.3℃');
    // 79 is within the dead band of 2: still active. 77 releases.
    await upload(link, 3, [{ k: 'waterTemperature', t: now - 1000, v: 79 }]);
    expect((await deviceRecords(server, ownerClient, device.id))[0]?.releasedAt).toBeNull();
    await upload(link, 4, [{ k: 'waterTemperature', t: now, v: 77 }]);
    const [released] = await deviceRecords(server, ownerClient, device.id);
    expect(released).toMatchObject({
      releasedAt: now,
      releaseReason: 'condition-cleared',
      state: 'cleared-unacknowledged',
    });
    expect(events).toEqual(['raised:85.25', 'released:85.25']);
    unsubscribe();
    await link.close();
  });

  it('releases the alarms of several devices in one batch, and raises another in the same batch', async () => {
    const { product, device, owner, developerClient, ownerClient } = await alarmFixture(server);
    await addRule(server, developerClient, product.id);
    const others = [];
    for (const name of ['Boiler 2', 'Boiler 3']) {
      const gateway = await buildGateway(server.database.db);
      const [row] = await server.database.db
        .insert(devices)
        .values({ id: newId(), name, gatewaySn: gateway.sn, productId: product.id, ownerAccountId: owner.id })
        .returning();
      others.push(row!);
    }
    const [second, third] = others as [typeof device, typeof device];
    const at = server.clock.now() - 10_000;
    const point = (deviceId: string, ts: number, value: number) => ({
      deviceId,
      key: 'waterTemperature',
      ts,
      value,
    });
    await server.alarms.evaluation.evaluateStored({
      points: [point(device.id, at, 91), point(second.id, at, 92), point(third.id, at, 60)],
      receivedAt: at,
    });
    const events: string[] = [];
    const unsubscribe = server.bus.subscribe('alarm', (event) => {
      events.push(
        `${event.deviceId === device.id ? 1 : event.deviceId === second.id ? 2 : 3}:${event.event}`,
      );
    });
    await server.alarms.evaluation.evaluateStored({
      points: [
        point(device.id, at + 1000, 70),
        point(second.id, at + 1000, 71),
        point(third.id, at + 1000, 95),
      ],
      receivedAt: at + 1000,
    });
    unsubscribe();
    expect(events.sort()).toEqual(['1:released', '2:released', '3:raised']);
    const [first] = await deviceRecords(server, ownerClient, device.id);
    expect(first).toMatchObject({ value: 91, releasedAt: at + 1000, releaseReason: 'condition-cleared' });
    const [secondRecord] = await deviceRecords(server, ownerClient, second.id);
    expect(secondRecord).toMatchObject({
      value: 92,
      releasedAt: at + 1000,
      releaseReason: 'condition-cleared',
    });
    const stored = await server.database.db
      .select({ releaseValue: alarmRecords.releaseValue })
      .from(alarmRecords)
      .where(eq(alarmRecords.deviceId, second.id));
    expect(stored).toEqual([{ releaseValue: 71 }]);
    expect(await deviceRecords(server, ownerClient, third.id)).toMatchObject([
      { value: 95, releasedAt: null },
    ]);
  });

  it('marks a replayed upload late and never records it twice when it is resent', async () => {
    const { product, device, gateway, developerClient, ownerClient } = await alarmFixture(server);
    await addRule(server, developerClient, product.id);
    const link = await connectGateway(server, gateway);
    const hourAgo = server.clock.now() - 3_600_000;
    const replay = [
      { k: 'waterTemperature', t: hourAgo, v: 90 },
      { k: 'waterTemperature', t: hourAgo + 60_000, v: 60 },
    ];
    await upload(link, 10, replay);
    await upload(link, 10, replay);
    await upload(link, 11, [replay[0]!]);
    const records = await deviceRecords(server, ownerClient, device.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ late: true, raisedAt: hourAgo, releasedAt: hourAgo + 60_000 });
    await link.close();
  });

  it('keeps the filter count across a restart: the state lives in the database', async () => {
    const { product, device, developerClient, ownerClient } = await alarmFixture(server);
    await addRule(server, developerClient, product.id, { ...HIGH_TEMPERATURE, filterCount: 3 });
    const start = server.clock.now();
    const point = (offset: number) => ({
      deviceId: device.id,
      key: 'waterTemperature',
      ts: start + offset,
      value: 95,
    });
    await server.alarms.evaluation.evaluateStored({
      points: [point(0), point(1000)],
      receivedAt: start + 1000,
    });
    expect(await deviceRecords(server, ownerClient, device.id)).toEqual([]);
    // A new node (nothing in memory) on the same database continues the count.
    const restarted = anotherAlarmNode(server);
    await restarted.evaluation.evaluateStored({ points: [point(1000)], receivedAt: start + 1500 });
    expect(await deviceRecords(server, ownerClient, device.id)).toEqual([]);
    await restarted.evaluation.evaluateStored({ points: [point(2000)], receivedAt: start + 2000 });
    const records = await deviceRecords(server, ownerClient, device.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ raisedAt: start + 2000 });
  });

  it('stores a quiet rule’s newest sample time only at checkpoints, and a restarted node still records each alarm once', async () => {
    const { product, device, developerClient, ownerClient } = await alarmFixture(server);
    await addRule(server, developerClient, product.id);
    const start = server.clock.now();
    const point = (offset: number, value: number) => ({
      deviceId: device.id,
      key: 'waterTemperature',
      ts: start + offset,
      value,
    });
    const storedState = async () => {
      const [row] = await server.database.db
        .select()
        .from(alarmRuleStates)
        .where(eq(alarmRuleStates.deviceId, device.id));
      return row && { revision: row.revision, lastAt: (row.state as { lastAt: number }).lastAt };
    };
    const evaluate = (module: AlarmModule, points: ReturnType<typeof point>[]) =>
      module.evaluation.evaluateStored({ points, receivedAt: start + 1000 });

    await evaluate(server.alarms, [point(0, 20)]);
    expect(await storedState()).toEqual({ revision: 1, lastAt: start });
    // Quiet samples within a minute of sample time move nothing in the database.
    for (let second = 1; second < 60; second += 1) await evaluate(server.alarms, [point(second * 1000, 20)]);
    expect(await storedState()).toEqual({ revision: 1, lastAt: start });
    // The checkpoint a minute on stores the newest sample time.
    await evaluate(server.alarms, [point(60_000, 20)]);
    expect(await storedState()).toEqual({ revision: 2, lastAt: start + 60_000 });
    await evaluate(server.alarms, [point(61_000, 20), point(62_000, 90)]);
    expect(await storedState()).toMatchObject({ revision: 3, lastAt: start + 62_000 });

    // A restarted node gets the same uploads again (a resend): nothing is recorded twice.
    const restarted = anotherAlarmNode(server);
    await evaluate(restarted, [point(61_000, 20), point(62_000, 90), point(63_000, 85)]);
    await evaluate(restarted, [point(64_000, 70)]);
    await evaluate(server.alarms, [point(62_000, 90)]);
    const records = await deviceRecords(server, ownerClient, device.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ raisedAt: start + 62_000, releasedAt: start + 64_000 });
  });

  it('settles an active alarm against the current value when its rule changes what decides it', async () => {
    const { product, device, developerClient, ownerClient } = await alarmFixture(server);
    const rule = await addRule(server, developerClient, product.id);
    const at = server.clock.now();
    await storeLatest(server, device.id, 'waterTemperature', 99, at);
    await server.alarms.evaluation.evaluateStored({
      points: [{ deviceId: device.id, key: 'waterTemperature', ts: at, value: 99 }],
      receivedAt: at,
    });
    // 99 still violates "> 90": the alarm continues.
    await postJson(server, developerClient, '/alarm/rule/edit', {
      productId: product.id,
      rule: { ...rule, condition: { operator: 'gt', limit: { kind: 'value', value: 90 } } },
    });
    expect(await deviceRecords(server, ownerClient, device.id)).toMatchObject([{ releasedAt: null }]);
    // 99 meets the release condition of "> 120": released, with the value it released at.
    await postJson(server, developerClient, '/alarm/rule/edit', {
      productId: product.id,
      rule: { ...rule, condition: { operator: 'gt', limit: { kind: 'value', value: 120 } } },
    });
    const [changed] = await deviceRecords(server, ownerClient, device.id);
    expect(changed).toMatchObject({ releaseReason: 'rule-changed', releaseValue: 99 });
  });

  it('lists alarms across devices with filters, acknowledges with a comment, refuses foreign records', async () => {
    const { product, device, developerClient, ownerClient } = await alarmFixture(server);
    await addRule(server, developerClient, product.id);
    const at = server.clock.now();
    await server.alarms.evaluation.evaluateStored({
      points: [{ deviceId: device.id, key: 'waterTemperature', ts: at, value: 88 }],
      receivedAt: at,
    });
    const list = await postJson(server, ownerClient, '/alarm/record/list', {
      start: at - 1000,
      end: at + 1000,
      state: 'active-unacknowledged',
    });
    expect(list.data).toMatchObject({ total: 1, list: [{ deviceId: device.id, deviceName: 'Boiler 1' }] });
    const id = (list.data as { list: { id: string }[] }).list[0]!.id;
    const tooLong = await postJson(server, ownerClient, '/alarm/record/list', {
      start: at - 31 * 86_400_000,
      end: at,
    });
    expect(tooLong.code).toBe('1805');

    const stranger = await buildAccount(server.database.db, 'terminal');
    const strangerClient = await signedIn(server, stranger.username!);
    expect(
      (await postJson(server, strangerClient, '/alarm/record/acknowledge', { ids: [id], comment: 'mine?' }))
        .code,
    ).toBe('1003');
    expect((await postJson(server, strangerClient, '/alarm/record/sends', { id })).code).toBe('1003');
    expect(
      (await postJson(server, strangerClient, '/alarm/record/device', { equipmentId: device.id })).code,
    ).toBe('1003');
    const [untouched] = await server.database.db.select().from(alarmRecords).where(eq(alarmRecords.id, id));
    expect(untouched?.acknowledgedAt).toBeNull();

    const acknowledged = await postJson(server, ownerClient, '/alarm/record/acknowledge', {
      ids: [id],
      comment: 'valve opened',
    });
    expect(acknowledged).toMatchObject({
      code: '200',
      data: { acknowledged: [id], alreadyAcknowledged: [] },
    });
    expect((await postJson(server, ownerClient, '/alarm/record/acknowledge', { ids: [id] })).code).toBe(
      '2108',
    );
    const [record] = await deviceRecords(server, ownerClient, device.id);
    expect(record).toMatchObject({ state: 'active-acknowledged', acknowledgeComment: 'valve opened' });

    const exported = await postJson(server, ownerClient, '/alarm/record/export', {
      start: at - 1000,
      end: at + 1000,
      format: 'csv',
    });
    expect(exported.status).toBe(200);
    expect(exported.raw.toString('utf8')).toContain('valve opened');
  });

  it('says “no permission to view alarm records” without the permission (2116)', async () => {
    const { device, owner } = await alarmFixture(server);
    await server.database.db
      .update(accounts)
      .set({ auths: 'monitor:device:view' })
      .where(eq(accounts.id, owner.id));
    const client = await signedIn(server, owner.username!);
    const answer = await postJson(server, client, '/alarm/record/device', { equipmentId: device.id });
    expect(answer).toMatchObject({ code: '2116', message: 'No permission to view alarm records' });
  });

  it('shows a shared device’s alarms to the account it is granted to', async () => {
    const { product, device, developerClient } = await alarmFixture(server);
    await addRule(server, developerClient, product.id);
    const viewer = await buildAccount(server.database.db, 'terminal');
    await server.database.db
      .insert(deviceAccess)
      .values({ deviceId: device.id, accountId: viewer.id, kind: 'authorized' });
    const at = server.clock.now();
    await server.alarms.evaluation.evaluateStored({
      points: [{ deviceId: device.id, key: 'waterTemperature', ts: at, value: 88 }],
      receivedAt: at,
    });
    const client = await signedIn(server, viewer.username!);
    expect(await deviceRecords(server, client, device.id)).toHaveLength(1);
  });
});
