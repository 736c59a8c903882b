/**
 * A template's per-device state says `complete` only when the device's gateway runs the template
 * version the device last received: a device bound but never synced has no state (it runs its
 * own configuration, not the template's), a version the gateway refused stays `failed` while the
 * gateway runs the earlier one, and a version is `complete` once the gateway reported it applied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TemplateBatchAnswer, TemplateInfoAnswer } from '@lyyp/contracts/device-config';
import type { ConfigPayload } from '@lyyp/contracts/protocol';
import { devices, gateways, products } from '../../db/schema/index.ts';
import { FACTORY_PASSWORD, buildBoundDevice } from '../../test/factories.ts';
import { TestGateway, eventually } from '../../test/gateway-client.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { closeTestServer, postJson } from '../device/catalogue-test-support.ts';

const T = '/equipment/template';

describe.each(databaseVariants())('template states on $name', (variant) => {
  let server: TestServer;
  let owner: TestClient;
  let bound: Awaited<ReturnType<typeof buildBoundDevice>>;
  let link: TestGateway | null = null;
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
  });
  afterAll(async () => {
    await link?.close();
    await closeTestServer(server);
  });

  const call = <T>(path: string, body: unknown) =>
    postJson(server, owner, path, body) as Promise<{ code?: string; data: T; message?: string }>;
  const stateOf = async (templateId: string) => {
    const info = (await call<TemplateInfoAnswer>(`${T}/info`, { id: templateId })).data;
    const row = info.devices.find((item) => item.id === bound.device.id)!;
    return { templateVersion: row.templateVersion, syncState: row.syncState };
  };

  it('is complete only for the version the gateway runs', async () => {
    const driverKey = bound.product.model.drivers[0]!.key;
    // The gateway runs the device's own configuration, applied and reported.
    link = await TestGateway.connect(brokerUrl(), bound.gateway.sn, bound.gateway.secret);
    await link.send('status', { status: 'online', ts: Date.now(), configVersion: 0 });
    const own = await link.waitFor<ConfigPayload>('config');
    await link.send('config', { version: own.version, status: 'applied' });
    await eventually(async () => {
      const [row] = await server.database.db.select().from(gateways).where(eq(gateways.sn, bound.gateway.sn));
      return row?.configSyncState === 'complete' && row.configVersionReported === own.version;
    });
    const [device] = await server.database.db.select().from(devices).where(eq(devices.id, bound.device.id));
    expect(device?.configVersion).toBe(own.version);

    const added = await call<TemplateInfoAnswer>(`${T}/add`, { name: 'States', productId: bound.product.id });
    expect(added.code).toBe('200');
    const templateId = added.data.id;
    await call(`${T}/version/save`, { id: templateId, drivers: [{ key: driverKey, host: '10.7.0.1' }] });
    expect((await call(`${T}/bind`, { id: templateId, deviceIds: [bound.device.id] })).code).toBe('200');
    // Bound, never synced: the device runs no version of the template.
    expect(await stateOf(templateId)).toEqual({ templateVersion: null, syncState: null });

    // Synced: syncing until the gateway reports the version applied.
    const first = await call<TemplateBatchAnswer>(`${T}/sync`, { id: templateId });
    expect(first.data.results).toEqual([{ id: bound.device.id, state: 'syncing', code: null }]);
    const v2 = await link.waitFor<ConfigPayload>('config', (config) => config.version > own.version);
    expect(await stateOf(templateId)).toEqual({ templateVersion: 2, syncState: 'syncing' });
    await link.send('config', { version: v2.version, status: 'applied' });
    await eventually(async () => (await stateOf(templateId)).syncState === 'complete');

    // A version the gateway refuses: failed, and still failed while it runs the earlier one.
    await call(`${T}/version/save`, { id: templateId, drivers: [{ key: driverKey, host: '10.7.0.2' }] });
    await call(`${T}/sync`, { id: templateId });
    const v3 = await link.waitFor<ConfigPayload>('config', (config) => config.version > v2.version);
    await link.send('config', { version: v3.version, status: 'failed', code: '90099', message: 'refused' });
    await eventually(async () => (await stateOf(templateId)).syncState === 'failed');
    expect(await stateOf(templateId)).toEqual({ templateVersion: 3, syncState: 'failed' });
  });
});
