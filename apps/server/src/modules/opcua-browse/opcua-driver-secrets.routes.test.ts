/**
 * OPC UA driver secrets (a password, a user certificate's private key) are write-only: no answer
 * that carries a driver or a device's configuration shows them — to the product's developer, to
 * staff or to the end user of a bound device — and no log line does either. Answers say whether
 * each is set; saving without a new secret keeps it, null (or empty, as for every nullable field) removes it; the gateway still gets it in
 * its configuration. An exported product leaves the secrets out.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpcUaDriver, PresentedDriver } from '@lyyp/contracts/device-model';
import type { ConfigPayload } from '@lyyp/contracts/protocol';
import { products } from '../../db/schema/index.ts';
import { FACTORY_PASSWORD, buildAccount, buildBoundDevice } from '../../test/factories.ts';
import { TestGateway } from '../../test/gateway-client.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { closeTestServer, postJson } from '../device/catalogue-test-support.ts';

const PASSWORD = 'Pump-room-secret-7731';
const NEW_PASSWORD = 'Second-secret-4410';
/** Only its body matters here (the pattern the driver schema checks); it never reaches a parser. */
const KEY_BODY = 'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgeST+l6zxXWW9v0fjSECRETKEYBODY';
const KEY_PEM = `-----BEGIN PRIVATE KEY-----\n${KEY_BODY}\n-----END PRIVATE KEY-----\n`;
const CERTIFICATE_PEM = `-----BEGIN CERTIFICATE-----\nMIIBuDCCAV2gAwIBAgIUJ+S6xWtF6Q+8q5RwE5lswI5G9LQw\n-----END CERTIFICATE-----\n`;

const USER_DRIVER = {
  key: 'ua',
  name: 'Line server',
  protocol: 'opcua',
  endpointUrl: 'opc.tcp://10.0.0.9:4840',
  securityMode: 'SignAndEncrypt',
  securityPolicy: 'Basic256Sha256',
  authentication: 'username',
  userName: 'operator',
  password: PASSWORD,
  pollIntervalMs: 1000,
  timeoutMs: 2000,
};
const CERTIFICATE_DRIVER = {
  ...USER_DRIVER,
  key: 'ua2',
  name: 'Packing server',
  authentication: 'certificate',
  password: undefined,
  userName: undefined,
  userCertificate: CERTIFICATE_PEM,
  userPrivateKey: KEY_PEM,
};
const SECRETS = [PASSWORD, NEW_PASSWORD, KEY_BODY];

describe.each(databaseVariants())('OPC UA driver secrets on $name', (variant) => {
  let server: TestServer;
  let bound: Awaited<ReturnType<typeof buildBoundDevice>>;
  let developer: TestClient;
  let staff: TestClient;
  let endUser: TestClient;
  let link: TestGateway;

  const signedIn = async (username: string) => {
    const client = new TestClient(server);
    expect((await client.login(username, FACTORY_PASSWORD)).code).toBe('200');
    return client;
  };

  beforeAll(async () => {
    server = await startTestServer(variant);
    await server.runtime.start();
    bound = await buildBoundDevice(server.database.db);
    developer = await signedIn(bound.developer.username!);
    staff = await signedIn((await buildAccount(server.database.db, 'operation')).username!);
    endUser = await signedIn(bound.owner.username!);
    link = await TestGateway.connect(
      `mqtt://127.0.0.1:${server.runtime.address().port}`,
      bound.gateway.sn,
      bound.gateway.secret,
    );
    await link.send('status', { status: 'online', ts: Date.now(), configVersion: 0 });
  });
  afterAll(async () => {
    await link.close();
    await closeTestServer(server);
  });

  const call = async (client: TestClient, path: string, body: unknown) => {
    const answer = await postJson(server, client, path, body);
    return answer as { code?: string; message?: string; data: unknown };
  };
  const save = (driver: Record<string, unknown>, originalKey?: string) =>
    call(developer, '/product/driver/save', {
      productId: bound.product.id,
      driver,
      ...(originalKey ? { originalKey } : {}),
    });
  const stored = async (key: string) => {
    const [row] = await server.database.db.select().from(products).where(eq(products.id, bound.product.id));
    return row!.model.drivers.find((driver) => driver.key === key) as OpcUaDriver;
  };
  const listed = async (key: string) => {
    const answer = await call(developer, '/product/driver/list', { productId: bound.product.id });
    return (answer.data as { list: PresentedDriver[] }).list.find((driver) => driver.key === key);
  };
  const expectNoSecret = (answer: unknown, where: string) => {
    const text = JSON.stringify(answer);
    for (const secret of SECRETS) expect(text, `${where} carries a secret`).not.toContain(secret);
  };

  it('answers whether each secret is set, never its value, on every path that carries the driver', async () => {
    expect((await save(USER_DRIVER)).code).toBe('200');
    expect((await save(CERTIFICATE_DRIVER)).code).toBe('200');
    expect(await listed('ua')).toMatchObject({ passwordSet: true, userPrivateKeySet: false });
    expect(await listed('ua2')).toMatchObject({ passwordSet: false, userPrivateKeySet: true });

    const productId = bound.product.id;
    const deviceId = bound.device.id;
    const paths: Array<[TestClient, string, string, unknown]> = [];
    for (const [who, client] of [
      ['developer', developer],
      ['staff', staff],
    ] as const) {
      paths.push(
        [client, who, '/product/info', { id: productId }],
        [client, who, '/product/driver/list', { productId }],
        [client, who, '/product/query', { page: 1, pageSize: 50 }],
        [client, who, '/product/advance/exportProduct', { id: productId }],
        [client, who, '/product/opcua/targets', { productId, driverKey: 'ua' }],
        [client, who, '/equipment/config/info', { id: deviceId }],
        [client, who, '/equipment/variables', { id: deviceId }],
        [client, who, '/equipment/info', { id: deviceId }],
      );
    }
    paths.push(
      [endUser, 'end user', '/equipment/config/info', { id: deviceId }],
      [endUser, 'end user', '/equipment/variables', { id: deviceId }],
      [endUser, 'end user', '/equipment/info', { id: deviceId }],
      [endUser, 'end user', '/product/info', { id: productId }],
      [endUser, 'end user', '/product/driver/list', { productId }],
      [developer, 'developer', '/product/edit', { id: productId, note: 'Line 1' }],
      [developer, 'developer', '/product/advance/copyProduct', { id: productId }],
    );
    let answered = 0;
    for (const [client, who, path, body] of paths) {
      const answer = await call(client, path, body);
      expectNoSecret(answer, `${path} for the ${who}`);
      if (answer.code === '200') answered += 1;
    }
    // The developer's and staff's product paths answer; the check above is not vacuous.
    expect(answered).toBeGreaterThanOrEqual(14);
    const detail = await call(developer, '/product/info', { id: productId });
    const drivers = (detail.data as { model: { drivers: PresentedDriver[] } }).model.drivers;
    expect(drivers.find((driver) => driver.key === 'ua')).toMatchObject({ passwordSet: true });
    expect(drivers.find((driver) => driver.key === 'ua')).not.toHaveProperty('password');

    // The gateway needs the secrets: its configuration carries them.
    const config = await link.waitFor<ConfigPayload>('config', (payload) =>
      payload.model.drivers.some((driver) => driver.key === 'ua2'),
    );
    expect(config.model.drivers.find((driver) => driver.key === 'ua')).toMatchObject({ password: PASSWORD });
    expect(config.model.drivers.find((driver) => driver.key === 'ua2')).toMatchObject({
      userPrivateKey: KEY_PEM,
    });
  });

  it('keeps a stored secret when a save leaves it out, replaces it when sent, and removes it on null', async () => {
    const { password: _left, ...withoutPassword } = USER_DRIVER;
    expect((await save({ ...withoutPassword, name: 'Line server A' }, 'ua')).code).toBe('200');
    expect(await stored('ua')).toMatchObject({ name: 'Line server A', password: PASSWORD });
    // A key change keeps the secret of the driver it replaces.
    expect((await save({ ...withoutPassword, key: 'ua_line' }, 'ua')).code).toBe('200');
    expect((await stored('ua_line')).password).toBe(PASSWORD);
    expect((await save({ ...USER_DRIVER, key: 'ua', password: NEW_PASSWORD }, 'ua_line')).code).toBe('200');
    expect((await stored('ua')).password).toBe(NEW_PASSWORD);
    expect((await save({ ...USER_DRIVER, password: null }, 'ua')).code).toBe('200');
    expect(await stored('ua')).not.toHaveProperty('password');
    expect(await listed('ua')).toMatchObject({ passwordSet: false });

    const { userPrivateKey: _key, ...withoutKey } = CERTIFICATE_DRIVER;
    expect((await save({ ...withoutKey, name: 'Packing server B' }, 'ua2')).code).toBe('200');
    expect((await stored('ua2')).userPrivateKey).toBe(KEY_PEM);
    // A new driver takes no secret from another, and a certificate sign-in needs its key.
    const missing = await save({ ...withoutKey, key: 'ua3' });
    expect([missing.code, missing.message]).toEqual(['1001', expect.stringContaining('userPrivateKey')]);
    const cleared = await save({ ...CERTIFICATE_DRIVER, userPrivateKey: null }, 'ua2');
    expect(cleared.code).toBe('1001');
    expect((await stored('ua2')).userPrivateKey).toBe(KEY_PEM);
    // Another sign-in drops the secret the old one used.
    expect((await save({ ...withoutKey, authentication: 'anonymous' }, 'ua2')).code).toBe('200');
    expect(await stored('ua2')).not.toHaveProperty('userPrivateKey');
  });

  it('exports a product without secrets, and the import asks for them again', async () => {
    expect((await save({ ...USER_DRIVER, password: PASSWORD }, 'ua')).code).toBe('200');
    const exported = await call(developer, '/product/advance/exportProduct', { id: bound.product.id });
    expectNoSecret(exported, 'the export');
    const imported = await call(developer, '/product/advance/importProduct', {
      json: exported.data,
      title: 'Imported line',
    });
    expect(imported.code).toBe('200');
    const drivers = (imported.data as { model: { drivers: PresentedDriver[] } }).model.drivers;
    expect(drivers.find((driver) => driver.key === 'ua')).toMatchObject({ passwordSet: false });
  });

  it('never writes a secret to a log line, refusals included', async () => {
    await save({ ...USER_DRIVER, password: NEW_PASSWORD }, 'ua');
    const refused = await save({ ...USER_DRIVER, password: `${NEW_PASSWORD}${'x'.repeat(200)}` }, 'ua');
    expect(refused.code).not.toBe('200');
    expectNoSecret(refused, 'a refusal');
    expect(server.logs.length).toBeGreaterThan(0);
    expectNoSecret(server.logs, 'the log');
  });
});
