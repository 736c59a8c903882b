import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  DeviceConfigAnswer,
  TemplateBatchAnswer,
  TemplateInfoAnswer,
} from '@lyyp/contracts/device-config';
import type { ModbusTcpDriver } from '@lyyp/contracts/device-model';
import type { ConfigPayload } from '@lyyp/contracts/protocol';
import { devices, gateways, products } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { FACTORY_PASSWORD, buildBoundDevice, buildGateway, buildProduct } from '../../test/factories.ts';
import { TestGateway, eventually } from '../../test/gateway-client.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { closeTestServer, postJson, signIn } from '../device/catalogue-test-support.ts';

const T = '/equipment/template';

describe.each(databaseVariants())('device templates on $name', (variant) => {
  let server: TestServer;
  let owner: TestClient;
  let bound: Awaited<ReturnType<typeof buildBoundDevice>>;
  let driverKey: string;
  const brokerUrl = () => `mqtt://127.0.0.1:${server.runtime.address().port}`;

  beforeAll(async () => {
    server = await startTestServer(variant);
    await server.runtime.start();
    bound = await buildBoundDevice(server.database.db);
    await server.database.db
      .update(products)
      .set({ status: 'published' })
      .where(eq(products.id, bound.product.id));
    owner = new TestClient(server);
    expect((await owner.login(bound.owner.username!, FACTORY_PASSWORD)).code).toBe('200');
    driverKey = bound.product.model.drivers[0]!.key;
  });
  afterAll(async () => closeTestServer(server));

  const call = <T>(path: string, body: unknown, client: TestClient = owner) =>
    postJson(server, client, path, body) as Promise<{ code?: string; data: T; message?: string }>;

  /** A device of the product owned by the same account, its gateway in a state. */
  async function device(status: 'online' | 'offline' | 'dormant', productId = bound.product.id) {
    const gateway = await buildGateway(server.database.db);
    await server.database.db.update(gateways).set({ status }).where(eq(gateways.sn, gateway.sn));
    const [row] = await server.database.db
      .insert(devices)
      .values({
        id: newId(),
        name: `Boiler ${status}`,
        gatewaySn: gateway.sn,
        productId,
        ownerAccountId: bound.owner.id,
      })
      .returning();
    return { gateway, device: row! };
  }

  async function template(name: string) {
    const added = await call<TemplateInfoAnswer>(`${T}/add`, { name, productId: bound.product.id });
    expect(added.code).toBe('200');
    return added.data;
  }

  it('versions a template, compares versions and rolls back to an earlier one', async () => {
    const created = await template('Site A');
    expect(created).toMatchObject({ latestVersion: 1, deviceCount: 0 });
    expect((await call(`${T}/add`, { name: 'Site A', productId: bound.product.id })).code).toBe('2609');

    const v2 = await call<TemplateInfoAnswer>(`${T}/version/save`, {
      id: created.id,
      drivers: [{ key: driverKey, host: '10.1.0.2', slaveId: 4 }],
    });
    expect(v2.data.latestVersion).toBe(2);
    const v3 = await call<TemplateInfoAnswer>(`${T}/version/save`, {
      id: created.id,
      drivers: [{ key: driverKey, host: '10.1.0.3' }],
    });
    expect(v3.data.versions.map((version) => version.version)).toEqual([1, 2, 3]);
    const bad = await call(`${T}/version/save`, {
      id: created.id,
      drivers: [{ key: driverKey, serialPort: 'COM1' }],
    });
    expect(bad.code).toBe('2602');

    const diff = await call<{ changes: unknown[] }>(`${T}/diff`, { id: created.id, from: 2, to: 3 });
    expect(diff.data.changes).toEqual([
      { driverKey, field: 'host', from: '10.1.0.2', to: '10.1.0.3' },
      {
        driverKey,
        field: 'slaveId',
        from: 4,
        to: (bound.product.model.drivers[0] as { slaveId: number }).slaveId,
      },
    ]);
    expect((await call(`${T}/diff`, { id: created.id, from: 2, to: 9 })).code).toBe('2608');

    const rolled = await call<TemplateInfoAnswer>(`${T}/rollback`, { id: created.id, version: 2 });
    expect(rolled.data.latestVersion).toBe(4);
    expect(rolled.data.versions.at(-1)).toMatchObject({ version: 4, restoredFrom: 2 });
    const same = await call<{ changes: unknown[] }>(`${T}/diff`, { id: created.id, from: 2, to: 4 });
    expect(same.data.changes).toEqual([]);
  });

  it('binds one template per device; a bound device changes only through it; unbinding keeps the configuration', async () => {
    const site = await template('Site B');
    const other = await template('Site C');
    const foreignProduct = await device(
      'online',
      (await buildProduct(server.database.db, bound.developer.id)).id,
    );
    const answer = await call<TemplateBatchAnswer>(`${T}/bind`, {
      id: site.id,
      deviceIds: [bound.device.id, foreignProduct.device.id],
    });
    expect(answer.data.results.map((result) => [result.state, result.code])).toEqual([
      ['bound', null],
      ['failed', '2606'],
    ]);
    const again = await call<TemplateBatchAnswer>(`${T}/bind`, { id: site.id, deviceIds: [bound.device.id] });
    expect(again.data.results[0]).toMatchObject({ state: 'failed', code: '1506' });
    const elsewhere = await call<TemplateBatchAnswer>(`${T}/bind`, {
      id: other.id,
      deviceIds: [bound.device.id],
    });
    expect(elsewhere.data.results[0]).toMatchObject({ state: 'failed', code: '2607' });

    const direct = await call('/equipment/config/save', {
      id: bound.device.id,
      drivers: [{ key: driverKey, slaveId: 5 }],
    });
    expect(direct.code).toBe('2605');

    await call(`${T}/version/save`, { id: site.id, drivers: [{ key: driverKey, slaveId: 6 }] });
    await call(`${T}/sync`, { id: site.id });
    const unbound = await call<TemplateBatchAnswer>(`${T}/unbind`, { deviceIds: [bound.device.id] });
    expect(unbound.data.results[0]).toMatchObject({ state: 'unbound', code: null });
    const kept = await call<DeviceConfigAnswer>('/equipment/config/info', { id: bound.device.id });
    expect(kept.data).toMatchObject({ templateId: null, customised: true });
    expect(kept.data.drivers[0]!.addresses.find((row) => row.field === 'slaveId')!.device).toBe(6);
    expect(
      (await call<TemplateBatchAnswer>(`${T}/unbind`, { deviceIds: [bound.device.id] })).data.results[0],
    ).toMatchObject({
      code: '1505',
    });
  });

  it('syncs a version: online gateways at once, offline and sleeping ones when they come back, a few devices first', async () => {
    const site = await template('Site D');
    await call(`${T}/version/save`, { id: site.id, drivers: [{ key: driverKey, host: '10.9.0.1' }] });
    const online = await device('online');
    const offline = await device('offline');
    const asleep = await device('dormant');
    const ids = [online.device.id, offline.device.id, asleep.device.id];
    await call(`${T}/bind`, { id: site.id, deviceIds: ids });
    const onlineLink = await TestGateway.connect(brokerUrl(), online.gateway.sn, online.gateway.secret);

    // Staged: the online device first.
    const first = await call<TemplateBatchAnswer>(`${T}/sync`, {
      id: site.id,
      deviceIds: [online.device.id],
    });
    expect(first.data).toMatchObject({ version: 2, results: [{ id: online.device.id, state: 'syncing' }] });
    const pushed = await onlineLink.waitFor<ConfigPayload>(
      'config',
      (config) => (config.model.drivers[0] as ModbusTcpDriver).host === '10.9.0.1',
    );
    let info = (await call<TemplateInfoAnswer>(`${T}/info`, { id: site.id })).data;
    expect(info.devices.map((row) => [row.id, row.templateVersion, row.syncState])).toEqual(
      expect.arrayContaining([
        [online.device.id, 2, 'syncing'],
        // Not synced yet: they run no version of the template.
        [offline.device.id, null, null],
        [asleep.device.id, null, null],
      ]),
    );
    await onlineLink.send('config', { version: pushed.version, status: 'applied' });
    await eventually(async () => {
      const rows = (await call<TemplateInfoAnswer>(`${T}/info`, { id: site.id })).data.devices;
      return rows.find((row) => row.id === online.device.id)?.syncState === 'complete';
    });

    // The rest: offline and sleeping gateways are queued.
    const rest = await call<TemplateBatchAnswer>(`${T}/sync`, { id: site.id });
    expect(Object.fromEntries(rest.data.results.map((result) => [result.id, result.state]))).toEqual({
      [online.device.id]: 'syncing',
      [offline.device.id]: 'queued',
      [asleep.device.id]: 'queued',
    });
    // The offline gateway comes back and receives the version.
    const offlineLink = await TestGateway.connect(brokerUrl(), offline.gateway.sn, offline.gateway.secret);
    await offlineLink.send('status', { status: 'online', ts: Date.now(), configVersion: 0 });
    const late = await offlineLink.waitFor<ConfigPayload>('config');
    expect((late.model.drivers[0] as ModbusTcpDriver).host).toBe('10.9.0.1');
    // The retained copy comes first (already the new version), then the platform's answer to the
    // status that reported none; the agent answers each, and the last answer settles the state.
    const configs = () => offlineLink.received.filter((message) => message.topic.endsWith('/down/config'));
    await eventually(() => Promise.resolve(configs().length >= 2));
    expect(configs().map((message) => (message.payload as ConfigPayload).version)).toEqual([
      late.version,
      late.version,
    ]);
    await offlineLink.send('config', { version: late.version, status: 'applied' });
    await eventually(async () => {
      const rows = (await call<TemplateInfoAnswer>(`${T}/info`, { id: site.id })).data.devices;
      return rows.find((row) => row.id === offline.device.id)?.syncState === 'complete';
    });
    info = (await call<TemplateInfoAnswer>(`${T}/info`, { id: site.id })).data;
    expect(info.devices.find((row) => row.id === asleep.device.id)?.syncState).toBe('queued');
    await onlineLink.close();
    await offlineLink.close();
  });

  it('answers another account’s template like a missing one', async () => {
    const site = await template('Site E');
    const stranger = (await signIn(server, 'terminal')).client;
    expect((await call(`${T}/info`, { id: site.id }, stranger)).code).toBe('1003');
    expect((await call(`${T}/sync`, { id: site.id }, stranger)).code).toBe('1003');
    const list = await call<{ list: Array<{ id: string }> }>(`${T}/list`, {}, stranger);
    expect(list.data.list).toEqual([]);
    const bind = await call<TemplateBatchAnswer>(
      `${T}/bind`,
      { id: site.id, deviceIds: [bound.device.id] },
      stranger,
    );
    expect(bind.code).toBe('1003');
  });
});
