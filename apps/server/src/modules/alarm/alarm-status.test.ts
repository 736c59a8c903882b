import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LiveServerMessage } from '@lyyp/contracts/live';
import { alarmDeviceStates } from '../../db/schema/index.ts';
import { buildAccount } from '../../test/factories.ts';
import { eventually } from '../../test/gateway-client.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { AccountRepository } from '../account/account.repository.ts';
import { postJson } from '../device/catalogue-test-support.ts';
import {
  ALARM_TEST_ENVIRONMENT,
  addRule,
  alarmFixture,
  connectGateway,
  deviceRecords,
} from './alarm-test-support.ts';

describe.each(databaseVariants())('offline alarms and live alarm events on $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant, ALARM_TEST_ENVIRONMENT);
    await server.runtime.start();
  });
  afterAll(async () => server.close());

  it('raises an offline alarm once the outage lasts its delay, and releases it when the gateway is back', async () => {
    const fixture = await alarmFixture(server);
    const saved = await postJson(server, fixture.developerClient, '/alarm/rule/status/save', {
      productId: fixture.product.id,
      statusAlarms: { offline: { enabled: true, delaySeconds: 300 } },
    });
    expect(saved.code, saved.message).toBe('200');
    const link = await connectGateway(server, fixture.gateway);
    await link.send('status', { status: 'online', ts: Date.now() });
    await eventually(
      async () => (await server.runtime.runtime.gatewayState(fixture.gateway.sn))?.status === 'online',
    );
    const wentAway = server.clock.now();
    await link.send('status', { status: 'offline', ts: Date.now() });
    await eventually(async () => {
      const [row] = await server.database.db
        .select()
        .from(alarmDeviceStates)
        .where(eq(alarmDeviceStates.deviceId, fixture.device.id));
      return row?.nextCheckAt ? row : undefined;
    });
    server.clock.advance(299_000);
    await server.alarms.sweep();
    expect(await deviceRecords(server, fixture.ownerClient, fixture.device.id)).toEqual([]);
    server.clock.advance(2_000);
    await server.alarms.sweep();
    const [raised] = await deviceRecords(server, fixture.ownerClient, fixture.device.id);
    expect(raised).toMatchObject({ releasedAt: null, state: 'active-unacknowledged' });
    expect(raised!.raisedAt - raised!.since).toBe(300_000);
    expect(raised!.since).toBeGreaterThanOrEqual(wentAway);
    await server.alarms.sweep();
    expect(await deviceRecords(server, fixture.ownerClient, fixture.device.id)).toHaveLength(1);

    await link.send('status', { status: 'online', ts: Date.now() });
    const released = await eventually(async () => {
      const [record] = await deviceRecords(server, fixture.ownerClient, fixture.device.id);
      return record?.releasedAt ? record : undefined;
    });
    expect(released.releaseReason).toBe('device-back');
    await link.close();
  });

  it('pushes alarm events to every session that may see the device, and to nobody else', async () => {
    const fixture = await alarmFixture(server);
    await addRule(server, fixture.developerClient, fixture.product.id);
    const stranger = await buildAccount(server.database.db, 'terminal');
    const owner = (await server.catalogue.repositories.devices.findById(fixture.device.id))!;
    const accounts = new AccountRepository(server.database.db);
    const ownerAccount = (await accounts.findById(owner.ownerAccountId))!;
    const received = { owner: [] as LiveServerMessage[], stranger: [] as LiveServerMessage[] };
    const ownerConnection = {
      account: () => ownerAccount,
      locale: 'en-US' as const,
      send: (message: LiveServerMessage) => received.owner.push(message),
    };
    const strangerConnection = {
      account: () => stranger,
      locale: 'en-US' as const,
      send: (message: LiveServerMessage) => received.stranger.push(message),
    };
    // The stranger's connection comes first: once the owner has the event, the stranger was decided.
    server.live.open(strangerConnection);
    server.live.open(ownerConnection);
    const at = server.clock.now();
    await server.alarms.evaluation.evaluateStored({
      points: [{ deviceId: fixture.device.id, key: 'waterTemperature', ts: at, value: 91 }],
      receivedAt: at,
    });
    const pushed = await eventually(() =>
      Promise.resolve(received.owner.find((message) => message.type === 'alarm')),
    );
    expect(pushed).toMatchObject({
      type: 'alarm',
      event: 'raised',
      deviceId: fixture.device.id,
      record: { value: 91 },
    });
    expect(received.stranger).toEqual([]);
    server.live.close(ownerConnection);
    server.live.close(strangerConnection);
  });
});
