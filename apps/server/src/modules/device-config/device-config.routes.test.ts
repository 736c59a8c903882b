import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DeviceConfigAnswer, DeviceConfigCopyAnswer } from '@lyyp/contracts/device-config';
import type { ModbusTcpDriver } from '@lyyp/contracts/device-model';
import type { ConfigPayload } from '@lyyp/contracts/protocol';
import { devices, gateways } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { FACTORY_PASSWORD, buildBoundDevice, buildGateway, buildProduct } from '../../test/factories.ts';
import { TestGateway, eventually } from '../../test/gateway-client.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { closeTestServer, postJson, signIn } from '../device/catalogue-test-support.ts';

const PATHS = {
  info: '/equipment/config/info',
  save: '/equipment/config/save',
  copy: '/equipment/config/copy',
};

describe.each(databaseVariants())('per-device configuration on $name', (variant) => {
  let server: TestServer;
  let owner: TestClient;
  let bound: Awaited<ReturnType<typeof buildBoundDevice>>;
  let link: TestGateway;
  const brokerUrl = () => `mqtt://127.0.0.1:${server.runtime.address().port}`;

  beforeAll(async () => {
    server = await startTestServer(variant);
    await server.runtime.start();
    bound = await buildBoundDevice(server.database.db);
    owner = new TestClient(server);
    expect((await owner.login(bound.owner.username!, FACTORY_PASSWORD)).code).toBe('200');
    link = await TestGateway.connect(brokerUrl(), bound.gateway.sn, bound.gateway.secret);
    // The gateway comes online running nothing: it is sent its device's configuration.
    await link.send('status', { status: 'online', ts: Date.now(), configVersion: 0 });
    const first = await link.waitFor<ConfigPayload>('config', (config) => config.version === 1);
    await link.send('config', { version: first.version, status: 'applied' });
    await eventually(async () => (await info()).syncState === 'complete');
  });
  afterAll(async () => {
    await link.close();
    await closeTestServer(server);
  });

  const call = <T>(path: string, body: unknown, client: TestClient = owner) =>
    postJson(server, client, path, body) as Promise<{
      code?: string;
      data: T;
      status: number;
      message?: string;
    }>;
  const info = async (id = bound.device.id) => (await call<DeviceConfigAnswer>(PATHS.info, { id })).data;
  const driverOf = (config: ConfigPayload) => config.model.drivers[0] as ModbusTcpDriver;

  /** Another device of the same product, owned by the same account, with its gateway in a state. */
  async function sibling(status: 'online' | 'offline' | 'dormant', productId = bound.product.id) {
    const gateway = await buildGateway(server.database.db);
    await server.database.db.update(gateways).set({ status }).where(eq(gateways.sn, gateway.sn));
    const [device] = await server.database.db
      .insert(devices)
      .values({
        id: newId(),
        name: 'Boiler 2',
        gatewaySn: gateway.sn,
        productId,
        ownerAccountId: bound.owner.id,
      })
      .returning();
    return { gateway, device: device! };
  }

  it('starts from the product: nothing differs, and the gateway runs the product version', async () => {
    const answer = await info();
    expect(answer).toMatchObject({
      customised: false,
      revision: 0,
      version: 1,
      syncState: 'complete',
      reportedVersion: 1,
    });
    const driver = answer.drivers[0]!;
    expect(driver.protocol).toBe('modbus-tcp');
    expect(driver.addresses.map((row) => row.field)).toEqual(['host', 'port', 'slaveId']);
    expect(driver.addresses.every((row) => !row.differs && row.product === row.device)).toBe(true);
  });

  it('keeps the addresses that differ, pushes the effective configuration, and shows the difference', async () => {
    const product = (await info()).drivers[0]!;
    const productPort = product.addresses.find((row) => row.field === 'port')!.product;
    const saved = await call<DeviceConfigAnswer>(PATHS.save, {
      id: bound.device.id,
      drivers: [{ key: product.key, host: '10.20.0.7', port: productPort, slaveId: 9 }],
    });
    expect(saved.code).toBe('200');
    expect(saved.data).toMatchObject({ customised: true, revision: 1, version: 2, syncState: 'syncing' });
    const rows = Object.fromEntries(saved.data.drivers[0]!.addresses.map((row) => [row.field, row]));
    expect(rows.host).toMatchObject({ device: '10.20.0.7', differs: true });
    expect(rows.slaveId).toMatchObject({ device: 9, differs: true });
    expect(rows.port).toMatchObject({ device: productPort, differs: false });

    const pushed = await link.waitFor<ConfigPayload>('config', (config) => config.version === 2);
    expect(driverOf(pushed)).toMatchObject({ host: '10.20.0.7', slaveId: 9, port: productPort });
    // Variables stay the product's.
    expect(pushed.model.variables.length).toBeGreaterThan(0);
    await link.send('config', { version: 2, status: 'applied' });
    await eventually(async () => (await info()).syncState === 'complete');

    // The device list says the gateway was sent the current configuration.
    const detail = await call<{ configCurrent: boolean }>('/equipment/info', { id: bound.device.id });
    expect(detail.data.configCurrent).toBe(true);
  });

  it('refuses settings the product has not, or bad addresses, and changes nothing', async () => {
    const before = await info();
    const key = before.drivers[0]!.key;
    const unknown = await call(PATHS.save, { id: bound.device.id, drivers: [{ key: 'nope', slaveId: 2 }] });
    expect(unknown.code).toBe('2601');
    expect(unknown.message).toContain('nope');
    const serial = await call(PATHS.save, {
      id: bound.device.id,
      drivers: [{ key, serialPort: '/dev/ttyUSB0' }],
    });
    expect(serial.code).toBe('2602');
    const host = await call(PATHS.save, { id: bound.device.id, drivers: [{ key, host: '300.1.1.1' }] });
    expect(host.code).toBe('1002');
    const unit = await call(PATHS.save, { id: bound.device.id, drivers: [{ key, slaveId: 248 }] });
    expect(unit.code).toBe('1002');
    expect(await info()).toEqual(before);
  });

  it('answers a stranger like a missing device', async () => {
    const stranger = (await signIn(server, 'terminal')).client;
    expect((await call(PATHS.info, { id: bound.device.id }, stranger)).code).toBe('1003');
    const save = await call(PATHS.save, { id: bound.device.id, drivers: [] }, stranger);
    expect(save.code).toBe('1003');
    expect((await info()).revision).toBe(1);
  });

  it('queues a change for an offline gateway: the broker keeps the new version for its first connection', async () => {
    await link.close();
    await server.database.db
      .update(gateways)
      .set({ status: 'offline' })
      .where(eq(gateways.sn, bound.gateway.sn));
    const key = (await info()).drivers[0]!.key;
    const saved = await call<DeviceConfigAnswer>(PATHS.save, {
      id: bound.device.id,
      drivers: [{ key, host: '10.20.0.8', slaveId: 9 }],
    });
    expect(saved.data).toMatchObject({ version: 3, syncState: 'queued' });

    // The gateway connects: the very first configuration it receives (the retained one) is the new
    // version, before it has said anything — it never runs the old address.
    link = await TestGateway.connect(brokerUrl(), bound.gateway.sn, bound.gateway.secret);
    const first = await link.waitFor<ConfigPayload>('config', () => true);
    expect(first.version).toBe(3);
    expect(driverOf(first).host).toBe('10.20.0.8');
    await link.send('status', { status: 'online', ts: Date.now(), configVersion: 3 });
    await link.send('config', { version: 3, status: 'applied' });
    await eventually(async () => (await info()).syncState === 'complete');
  });

  it('follows the product again when a setting is cleared', async () => {
    const saved = await call<DeviceConfigAnswer>(PATHS.save, { id: bound.device.id, drivers: [] });
    expect(saved.data).toMatchObject({ customised: false, revision: 3, version: 4 });
    const pushed = await link.waitFor<ConfigPayload>('config', (config) => config.version === 4);
    const product = saved.data.drivers[0]!.addresses.find((row) => row.field === 'host')!.product;
    expect(driverOf(pushed).host).toBe(product);
    await link.send('config', { version: 4, status: 'applied' });
  });

  it('copies a device’s settings to devices of the same series with online gateways, each on its own', async () => {
    const key = (await info()).drivers[0]!.key;
    await call(PATHS.save, { id: bound.device.id, drivers: [{ key, host: 'plc-7.site.local' }] });
    const online = await sibling('online');
    const offline = await sibling('offline');
    const asleep = await sibling('dormant');
    const otherProduct = await sibling(
      'online',
      (await buildProduct(server.database.db, bound.developer.id)).id,
    );
    const foreign = await buildBoundDevice(server.database.db);
    const peer = await TestGateway.connect(brokerUrl(), online.gateway.sn, online.gateway.secret);

    const answer = await call<DeviceConfigCopyAnswer>(PATHS.copy, {
      id: bound.device.id,
      targetIds: [
        online.device.id,
        offline.device.id,
        asleep.device.id,
        otherProduct.device.id,
        bound.device.id,
        foreign.device.id,
      ],
    });
    expect(answer.code).toBe('200');
    expect(answer.data.results.map((result) => [result.state, result.code])).toEqual([
      ['syncing', null],
      ['failed', '1501'],
      ['failed', '1503'],
      ['failed', '2604'],
      ['failed', '2603'],
      ['failed', '1003'],
    ]);
    expect(answer.data).toMatchObject({ copied: 1, failed: 5 });

    const copied = await info(online.device.id);
    expect(copied).toMatchObject({ customised: true, revision: 1, syncState: 'syncing' });
    const pushed = await peer.waitFor<ConfigPayload>('config', (config) => config.version === copied.version);
    expect(driverOf(pushed).host).toBe('plc-7.site.local');
    expect((await info(offline.device.id)).customised).toBe(false);
    expect((await info(otherProduct.device.id)).customised).toBe(false);
    await peer.close();
  });
});
