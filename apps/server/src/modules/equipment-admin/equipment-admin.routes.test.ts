import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, commands, devices, simCards } from '../../db/schema/index.ts';
import { buildAccount, buildBoundDevice, buildGateway, buildProduct } from '../../test/factories.ts';
import {
  databaseVariants,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/test-server.ts';
import { send } from '../account-centre/account-centre-test-support.ts';
import {
  ALARM_TEST_ENVIRONMENT,
  HIGH_TEMPERATURE,
  addGroup,
  addRule,
  signedIn,
} from '../alarm/alarm-test-support.ts';
import { postJson } from '../device/catalogue-test-support.ts';
import {
  deviceLogPageSchema,
  equipmentGrantListSchema,
  equipmentPageSchema,
} from '@lyyp/contracts/equipment-admin';

const day = 86_400_000;

interface Item {
  id: string;
  gatewaySn: string;
  simState: string;
  grantCount: number;
  ownerName: string | null;
}
interface LogEntry {
  kind: string;
  actorName: string | null;
  variable: string | null;
  previous: unknown;
  value: unknown;
  status: string | null;
  code: string | null;
}

describe.each(databaseVariants())('staff device management on $name', (variant) => {
  let server: TestServer;
  let staffClient: TestClient;
  let staffName: string;

  beforeAll(async () => {
    server = await startTestServer(variant, ALARM_TEST_ENVIRONMENT);
    const staff = await buildAccount(server.database.db, 'operation');
    staffName = staff.name!;
    staffClient = await signedIn(server, staff.username!);
  });
  afterAll(async () => {
    await server.close();
  });

  const list = async (client: TestClient, filter: Record<string, unknown> = {}) => {
    const answer = await send(server, client, '/manage/equipment/query', { pageSize: 100, ...filter });
    expect(answer.code, answer.message).toBe('200');
    // The answer is what the contract says the console receives.
    equipmentPageSchema.parse(answer.data);
    return answer.data as { list: Item[]; total: number };
  };

  it('lists every device for staff with filters, and only their own for others', async () => {
    const first = await buildBoundDevice(server.database.db);
    const second = await buildBoundDevice(server.database.db);
    const iccid = `8986${randomInt(100_000_000, 999_999_999)}`;
    await server.database.db
      .update(devices)
      .set({ iccid, groupName: 'Plant A' })
      .where(eq(devices.id, second.device.id));
    await server.database.db.insert(simCards).values({ iccid, shutdown: true });

    const everything = await list(staffClient);
    expect(everything.list.map((item) => item.id)).toEqual(
      expect.arrayContaining([first.device.id, second.device.id]),
    );
    expect(
      (await list(staffClient, { gatewaySn: first.gateway.sn.slice(2, 10) })).list.map((item) => item.id),
    ).toEqual([first.device.id]);
    expect((await list(staffClient, { productId: second.product.id })).list.map((item) => item.id)).toEqual([
      second.device.id,
    ]);
    expect((await list(staffClient, { owner: first.owner.username })).list.map((item) => item.id)).toEqual([
      first.device.id,
    ]);
    const shutDown = await list(staffClient, { simState: 'shutdown' });
    expect(shutDown.list.map((item) => item.id)).toEqual([second.device.id]);
    expect(
      (await list(staffClient, { groupName: 'Plant A', status: 'offline' })).list.map((item) => item.id),
    ).toEqual([second.device.id]);
    expect((await list(staffClient, { status: 'online', productId: first.product.id })).total).toBe(0);
    const paged = await send(server, staffClient, '/manage/equipment/query', { page: 2, pageSize: 1 });
    expect(paged.data).toMatchObject({ page: 2, pageSize: 1, total: everything.total });

    // A dealer sees through the same access policy: the devices granted to them, nothing else.
    const dealer = await buildAccount(server.database.db, 'terminal');
    await server.database.db
      .update(accounts)
      .set({ accountKind: 'dealer', auths: 'manage:equipment,manage:equipment:view' })
      .where(eq(accounts.id, dealer.id));
    const dealerClient = await signedIn(server, dealer.username!);
    expect((await list(dealerClient)).total).toBe(0);
    const owner = await signedIn(server, first.owner.username!);
    expect((await send(server, owner, '/manage/equipment/query', {})).code).toBe('1201');
  });

  it('exports the filtered list', async () => {
    const bound = await buildBoundDevice(server.database.db);
    const file = await postJson(server, staffClient, '/manage/equipment/export', {
      gatewaySn: bound.gateway.sn,
      format: 'csv',
    });
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('text/csv');
    const text = file.raw.toString('utf8');
    expect(text).toContain('Gateway SN');
    expect(text).toContain(bound.gateway.sn);
    expect(text.trim().split('\n')).toHaveLength(2);
  });

  it('authorises a device to an account and revokes it, which stops its alarm SMS', async () => {
    const bound = await buildBoundDevice(server.database.db);
    const engineer = await buildAccount(server.database.db, 'terminal');
    const tel = `139${randomInt(10_000_000, 99_999_999)}`;
    await server.database.db.update(accounts).set({ tel }).where(eq(accounts.id, engineer.id));
    const engineerClient = await signedIn(server, engineer.username!);
    const visible = async () =>
      (
        (await send(server, engineerClient, '/equipment/query', {})).data as { list: Array<{ id: string }> }
      ).list.map((item) => item.id);

    const unknown = await send(server, staffClient, '/manage/equipment/authorize', {
      id: bound.device.id,
      account: 'nobody',
    });
    expect(unknown.code).toBe('2263');
    const toOwner = await send(server, staffClient, '/manage/equipment/authorize', {
      id: bound.device.id,
      account: bound.owner.username,
    });
    expect(toOwner.code).toBe('2264');
    const granted = await send(server, staffClient, '/manage/equipment/authorize', {
      id: bound.device.id,
      account: tel,
    });
    equipmentGrantListSchema.parse(granted.data);
    expect(granted.data).toEqual([
      expect.objectContaining({ accountId: engineer.id, kind: 'authorized', canWrite: false }),
    ]);
    expect(await visible()).toContain(bound.device.id);

    const developerClient = await signedIn(server, bound.developer.username!);
    const group = await addGroup(server, developerClient, bound.product.id, {
      name: 'Service',
      channels: ['sms'],
      recipients: [{ accountId: engineer.id, channels: ['sms'] }],
      repeat: { times: 5, intervalSeconds: 60 },
    });
    await addRule(server, developerClient, bound.product.id, {
      ...HIGH_TEMPERATURE,
      groupIds: [group.id],
      pushMethods: ['sms'],
    });
    const smsCount = () => server.sms.sent.filter((sms) => sms.tel === tel).length;
    const at = server.clock.now();
    await server.alarms.evaluation.evaluateStored({
      points: [{ deviceId: bound.device.id, key: 'waterTemperature', ts: at, value: 95 }],
      receivedAt: at,
    });
    await server.alarms.sweep();
    expect(smsCount()).toBe(1);

    const revoked = await send(server, staffClient, '/manage/equipment/revoke', {
      id: bound.device.id,
      accountId: engineer.id,
    });
    expect(revoked.data).toEqual([]);
    expect(await visible()).not.toContain(bound.device.id);
    for (let minute = 0; minute < 3; minute += 1) {
      server.clock.advance(60_000);
      await server.alarms.sweep();
    }
    expect(smsCount()).toBe(1);
    const again = await send(server, staffClient, '/manage/equipment/revoke', {
      id: bound.device.id,
      accountId: engineer.id,
    });
    expect(again.code).toBe('1003');
  });

  it('keeps a device log of writes, binding, configuration pushes, status changes and grants', async () => {
    const developer = await buildAccount(server.database.db, 'developer');
    const product = await buildProduct(server.database.db, developer.id);
    const gateway = await buildGateway(server.database.db);
    const bound = await send(server, staffClient, '/equipment/add', {
      sn: gateway.sn,
      verificationCode: gateway.verificationCode,
      productId: product.id,
      name: 'Line 3 boiler',
    });
    expect(bound.code, bound.message).toBe('200');
    const deviceId = (bound.data as { id: string }).id;
    const staff = (await server.database.db.select().from(accounts).where(eq(accounts.name, staffName)))[0]!;
    await server.database.db.insert(commands).values({
      uuid: `log-${deviceId}`,
      deviceId,
      gatewaySn: gateway.sn,
      op: 'write',
      key: 'setTemperature',
      value: 72,
      previous: 60,
      status: 'failure',
      code: '1712',
      createdBy: staff.id,
      createdAt: new Date(server.clock.now()),
      expiresAt: new Date(server.clock.now() + 60_000),
    });
    server.bus.publish('gatewayStatus', {
      sn: gateway.sn,
      deviceId,
      status: 'online',
      signal: 80,
      at: server.clock.now(),
    });
    server.bus.publish('gatewayStatus', {
      sn: gateway.sn,
      deviceId,
      status: 'online',
      signal: 81,
      at: server.clock.now() + 1,
    });
    await send(server, staffClient, '/manage/equipment/authorize', {
      id: deviceId,
      account: developer.username,
      canWrite: true,
    });

    const now = server.clock.now();
    const range = { id: deviceId, start: now - day, end: now + day, pageSize: 50 };
    const entries = async (extra: Record<string, unknown> = {}) => {
      const answer = await send(server, staffClient, '/manage/equipment/log', { ...range, ...extra });
      expect(answer.code, answer.message).toBe('200');
      deviceLogPageSchema.parse(answer.data);
      return (answer.data as { list: LogEntry[] }).list;
    };
    await vi.waitFor(async () => expect((await entries()).map((entry) => entry.kind)).toContain('status'));
    const log = await entries();
    expect(log.map((entry) => entry.kind).sort()).toEqual([
      'authorize',
      'bind',
      'config-push',
      'status',
      'write',
    ]);
    expect(log.find((entry) => entry.kind === 'write')).toMatchObject({
      actorName: staffName,
      variable: 'setTemperature',
      previous: 60,
      value: 72,
      status: 'failure',
      code: '1712',
    });
    expect(log.find((entry) => entry.kind === 'bind')).toMatchObject({ actorName: staffName });
    expect(log.find((entry) => entry.kind === 'status')).toMatchObject({ status: 'online' });
    expect((await entries({ kind: 'write' })).map((entry) => entry.kind)).toEqual(['write']);

    const tooLong = await send(server, staffClient, '/manage/equipment/log', {
      ...range,
      start: now - 31 * day,
    });
    expect(tooLong.code).toBe('1805');
    const backwards = await send(server, staffClient, '/manage/equipment/log', {
      ...range,
      start: now + day,
      end: now,
    });
    expect(backwards.code).toBe('1804');

    const file = await postJson(server, staffClient, '/manage/equipment/log/export', {
      ...range,
      format: 'csv',
    });
    expect(file.raw.toString('utf8')).toContain('setTemperature');

    // Another person's device is answered like a missing one (a dealer holds the device log code).
    const stranger = await buildAccount(server.database.db, 'terminal');
    await server.database.db
      .update(accounts)
      .set({ accountKind: 'dealer', auths: 'manage:equipment,manage:equipment:log' })
      .where(eq(accounts.id, stranger.id));
    const strangerClient = await signedIn(server, stranger.username!);
    expect((await send(server, strangerClient, '/manage/equipment/log', range)).code).toBe('1003');

    const unbound = await send(server, staffClient, '/manage/equipment/unbind', { id: deviceId });
    expect(unbound.code).toBe('200');
    expect((await send(server, staffClient, '/manage/equipment/log', range)).code).toBe('1003');
    // The gateway's history outlives the device: the next device on it shows the unbind by staff.
    const rebound = await send(server, staffClient, '/equipment/add', {
      sn: gateway.sn,
      verificationCode: gateway.verificationCode,
      productId: product.id,
      name: 'Line 3 boiler (new)',
    });
    const nextId = (rebound.data as { id: string }).id;
    const history = await send(server, staffClient, '/manage/equipment/log', {
      ...range,
      id: nextId,
      kind: 'unbind',
    });
    expect((history.data as { list: LogEntry[] }).list).toEqual([
      expect.objectContaining({ kind: 'unbind', actorName: staffName }),
    ]);
  });
});
