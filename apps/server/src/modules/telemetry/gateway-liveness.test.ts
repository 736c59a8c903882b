import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { LocalBus, type BusEvents } from '../../bus/bus.ts';
import { gateways } from '../../db/schema/index.ts';
import { FACTORY_PASSWORD, buildBoundDevice } from '../../test/factories.ts';
import { TestGateway, eventually } from '../../test/gateway-client.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { GATEWAY_SILENCE_TIMEOUT_MS, GatewayLiveness } from './gateway-liveness.ts';

interface Reply {
  online: boolean;
  status: string | null;
  code: string | null;
}

const statusOf = async (server: TestServer, sn: string) =>
  (await server.runtime.runtime.gatewayState(sn))?.status;

/** What a platform killed with -9 leaves behind: the gateway's last status, online. */
async function leftOnline(server: TestServer, sn: string, lastSeenAt: Date) {
  await server.database.db.update(gateways).set({ status: 'online', lastSeenAt }).where(eq(gateways.sn, sn));
}

describe.each(databaseVariants())('gateway status after a restart, embedded broker, on $name', (variant) => {
  let server: TestServer;
  const links: TestGateway[] = [];
  const statusEvents: Array<BusEvents['gatewayStatus']> = [];

  beforeAll(async () => {
    server = await startTestServer(variant);
  });
  afterEach(async () => {
    await Promise.all(links.splice(0).map((link) => link.close().catch(() => undefined)));
  });
  afterAll(async () => server.close());

  it('marks every gateway offline at start, and refuses writes to them at once with 1501', async () => {
    const crashed = await buildBoundDevice(server.database.db);
    await leftOnline(server, crashed.gateway.sn, new Date(server.clock.now()));
    server.bus.subscribe('gatewayStatus', (event) => statusEvents.push(event));

    await server.runtime.start();

    expect(await statusOf(server, crashed.gateway.sn)).toBe('offline');
    expect(statusEvents).toContainEqual(
      expect.objectContaining({ sn: crashed.gateway.sn, deviceId: crashed.device.id, status: 'offline' }),
    );
    const owner = new TestClient(server);
    await owner.login(crashed.owner.username!, FACTORY_PASSWORD);
    const devices = (await owner.call('POST', '/equipment/query', {})).data as {
      list: Array<{ id: string; gatewayStatus: string }>;
    };
    expect(devices.list.find((device) => device.id === crashed.device.id)?.gatewayStatus).toBe('offline');
    const write = await owner.call('POST', '/equipment/command/write', {
      equipmentId: crashed.device.id,
      key: 'temperatureSetpoint',
      value: '60',
    });
    expect(write.data as Reply).toMatchObject({ online: false, status: 'failure', code: '1501' });
  });

  it('refuses a write at once when the status says online but the gateway is not connected', async () => {
    const bound = await buildBoundDevice(server.database.db);
    const url = `mqtt://127.0.0.1:${server.runtime.address().port}`;
    const link = await TestGateway.connect(url, bound.gateway.sn, bound.gateway.secret);
    links.push(link);
    await link.send('status', { status: 'online', ts: Date.now() });
    await eventually(async () => (await statusOf(server, bound.gateway.sn)) === 'online');
    const owner = new TestClient(server);
    await owner.login(bound.owner.username!, FACTORY_PASSWORD);
    const write = () =>
      owner.call('POST', '/equipment/command/write', {
        equipmentId: bound.device.id,
        key: 'temperatureSetpoint',
        value: '61',
      });
    expect((await write()).data as Reply).toMatchObject({ online: true, status: 'pending' });

    await link.close();
    await eventually(async () => (await statusOf(server, bound.gateway.sn)) === 'offline');
    // The goodbye was lost (a failed update, a race with a late status message): the row says online.
    await leftOnline(server, bound.gateway.sn, new Date(server.clock.now() - 1000));
    expect((await write()).data as Reply).toMatchObject({ online: false, status: 'failure', code: '1501' });

    // The sweep corrects what the list shows.
    expect(await server.runtime.liveness.sweep()).toBe(1);
    expect(await statusOf(server, bound.gateway.sn)).toBe('offline');
  });

  it('leaves connected gateways online in a sweep', async () => {
    const bound = await buildBoundDevice(server.database.db);
    const url = `mqtt://127.0.0.1:${server.runtime.address().port}`;
    const link = await TestGateway.connect(url, bound.gateway.sn, bound.gateway.secret);
    links.push(link);
    await link.send('status', { status: 'online', ts: Date.now() });
    await eventually(async () => (await statusOf(server, bound.gateway.sn)) === 'online');
    server.clock.advance(GATEWAY_SILENCE_TIMEOUT_MS * 2);
    await server.runtime.liveness.sweep();
    expect(await statusOf(server, bound.gateway.sn)).toBe('online');
  });
});

describe.each(databaseVariants())('gateway status with an external broker, on $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant);
  });
  afterAll(async () => server.close());

  it('takes down only gateways silent longer than the timeout, at start and in sweeps', async () => {
    let now = Date.UTC(2026, 10, 20, 8, 0, 0);
    const bus = new LocalBus();
    const events: Array<BusEvents['gatewayStatus']> = [];
    bus.subscribe('gatewayStatus', (event) => events.push(event));
    // No connection list: the broker is elsewhere, and other nodes may hold the connections.
    const liveness = new GatewayLiveness({
      runtime: server.runtime.runtime,
      bus,
      logger: pino({ level: 'silent' }),
      now: () => now,
    });
    const viaOtherNode = await buildBoundDevice(server.database.db);
    const silent = await buildBoundDevice(server.database.db);
    await leftOnline(server, viaOtherNode.gateway.sn, new Date(now - 20_000));
    await leftOnline(server, silent.gateway.sn, new Date(now - GATEWAY_SILENCE_TIMEOUT_MS - 1));

    await liveness.reconcileOnStart();
    expect(await statusOf(server, viaOtherNode.gateway.sn)).toBe('online');
    expect(await statusOf(server, silent.gateway.sn)).toBe('offline');
    expect(events.map((event) => event.sn)).toEqual([silent.gateway.sn]);

    const state = await server.runtime.runtime.gatewayState(viaOtherNode.gateway.sn);
    expect(liveness.presenceOf(viaOtherNode.gateway.sn, state)).toBe('online');
    now += GATEWAY_SILENCE_TIMEOUT_MS - 20_000;
    expect(await liveness.sweep()).toBe(0);
    now += 1;
    // Silent past the timeout: not reachable for commands, and the sweep takes it down.
    expect(liveness.presenceOf(viaOtherNode.gateway.sn, state)).toBe('offline');
    expect(await liveness.sweep()).toBe(1);
    expect(await statusOf(server, viaOtherNode.gateway.sn)).toBe('offline');
  });
});
