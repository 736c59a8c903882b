/**
 * A share's receiver sees only the menus shared to it, the gateway detail included, on every path
 * that answers a device's gateway: its remote network settings, the device's PLC addresses and
 * driver settings (configuration), the gateway's own detail and its replacement. A share without
 * the "gateway detail" menu is refused by the server (1201), or finds no gateway at all (1003);
 * one with it reads them (never changes them: that stays the owner's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceShareCreatedSchema } from '@lyyp/contracts/fleet';
import { FACTORY_PASSWORD, buildAccount, buildBoundDevice } from '../../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { postJson } from '../device/catalogue-test-support.ts';

describe.each(databaseVariants())('gateway detail of a shared device on $name', (variant) => {
  let server: TestServer;
  let fixture: Awaited<ReturnType<typeof buildBoundDevice>>;
  let owner: TestClient;
  /** Holds a share of every menu but the gateway detail. */
  let withoutGateway: TestClient;
  /** Holds a share with the gateway detail. */
  let withGateway: TestClient;

  async function signedIn(account: { username: string | null }) {
    const client = new TestClient(server);
    expect((await client.login(account.username!, FACTORY_PASSWORD)).code).toBe('200');
    return client;
  }

  async function receiverOf(menus: string[]) {
    const made = await postJson(server, owner, '/equipment/share/add', {
      id: fixture.device.id,
      method: 'link',
      menus,
      topMenu: true,
    });
    expect(made.code, made.message).toBe('200');
    const receiver = await signedIn(await buildAccount(server.database.db));
    const { token } = DeviceShareCreatedSchema.parse(made.data);
    expect((await postJson(server, receiver, '/equipment/share/accept', { token })).code).toBe('200');
    return receiver;
  }

  beforeAll(async () => {
    server = await startTestServer(variant);
    fixture = await buildBoundDevice(server.database.db);
    owner = await signedIn(fixture.owner);
    withoutGateway = await receiverOf(['info', 'data', 'history', 'alarms']);
    withGateway = await receiverOf(['info', 'gateway', 'data']);
  });
  afterAll(async () => server.close());

  const ask = (client: TestClient, path: string, body: Record<string, unknown>) =>
    postJson(server, client, path, body).then((answer) => answer.code);

  it("refuses the gateway's remote network settings without the gateway detail", async () => {
    const body = { equipmentId: fixture.device.id };
    expect(await ask(owner, '/equipment/gateway/settings', body)).toBe('200');
    expect(await ask(withoutGateway, '/equipment/gateway/settings', body)).toBe('1201');
    expect(await ask(withGateway, '/equipment/gateway/settings', body)).toBe('200');
  });

  it("refuses the device's PLC addresses and driver settings without the gateway detail", async () => {
    const body = { id: fixture.device.id };
    expect(await ask(owner, '/equipment/config/info', body)).toBe('200');
    expect(await ask(withoutGateway, '/equipment/config/info', body)).toBe('1201');
    expect(await ask(withGateway, '/equipment/config/info', body)).toBe('200');
  });

  it("does not let a receiver copy the owner's PLC addresses onto its own device", async () => {
    const own = await buildBoundDevice(server.database.db);
    const receiver = await signedIn(own.owner);
    const made = await postJson(server, owner, '/equipment/share/add', {
      id: fixture.device.id,
      method: 'link',
      menus: ['info', 'data'],
    });
    const { token } = DeviceShareCreatedSchema.parse(made.data);
    expect((await postJson(server, receiver, '/equipment/share/accept', { token })).code).toBe('200');
    const copied = await postJson(server, receiver, '/equipment/config/copy', {
      id: fixture.device.id,
      targetIds: [own.device.id],
    });
    expect(copied.code).toBe('1201');
  });

  it("refuses the gateway's replacement record without the gateway detail", async () => {
    const body = { equipmentId: fixture.device.id };
    expect(await ask(owner, '/equipment/gateway/replacement', body)).toBe('200');
    expect(await ask(withoutGateway, '/equipment/gateway/replacement', body)).toBe('1201');
    expect(await ask(withGateway, '/equipment/gateway/replacement', body)).toBe('200');
  });

  it("finds no gateway by its SN for a receiver: the gateway's own detail is the owner's", async () => {
    const body = { sn: fixture.gateway.sn };
    expect(await ask(withoutGateway, '/gateway/info', body)).not.toBe('200');
    expect(await ask(withGateway, '/gateway/info', body)).not.toBe('200');
  });

  it("leaves the gateway's firmware, modes and sync detail out of the device detail without the gateway detail", async () => {
    const without = await postJson(server, withoutGateway, '/equipment/info', { id: fixture.device.id });
    expect(without.code).toBe('200');
    expect(without.data).toMatchObject({
      gateway: {
        sn: fixture.gateway.sn,
        firmware: null,
        hardwareModel: null,
        networkMode: null,
        gatewayMode: null,
        configSyncError: null,
      },
    });
    const granted = await postJson(server, withGateway, '/equipment/info', { id: fixture.device.id });
    const ownerView = await postJson(server, owner, '/equipment/info', { id: fixture.device.id });
    expect((granted.data as { gateway: unknown }).gateway).toEqual(
      (ownerView.data as { gateway: unknown }).gateway,
    );
  });

  it('never lets a receiver save the gateway settings or the PLC addresses, even with the gateway detail', async () => {
    expect(
      await ask(withGateway, '/equipment/config/save', { id: fixture.device.id, drivers: [], variables: [] }),
    ).not.toBe('200');
    expect(await ask(withGateway, '/equipment/gateway/restart', { equipmentId: fixture.device.id })).not.toBe(
      '200',
    );
  });
});
