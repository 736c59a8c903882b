/**
 * The tag browser's paths against a gateway that answers over MQTT as the agent does: browse
 * commands reach the gateway's `down/cmd`, its replies come back as children or catalogue errors,
 * a silent gateway times out with 1781, and the gateway's thumbprint comes from its status.
 * Certificate and key files are checked on upload.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@lyyp/contracts';
import type { OpcUaDriver } from '@lyyp/contracts/device-model';
import type {
  OpcUaBrowseAnswer,
  OpcUaCredentialAnswer,
  OpcUaGatewayCertificateAnswer,
  OpcUaTargetsAnswer,
} from '@lyyp/contracts/opcua-browse';
import type { BrowsedNode, CommandPayload } from '@lyyp/contracts/protocol';
import { randomUUID } from 'node:crypto';
import { accountRoles, commands, dealerCustomers, dealers, products, roles } from '../../db/schema/index.ts';
import { AccountRepository } from '../account/account.repository.ts';
import { FACTORY_PASSWORD, buildAccount, buildBoundDevice } from '../../test/factories.ts';
import { TestGateway, eventually } from '../../test/gateway-client.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { closeTestServer, createTestAccount, postJson } from '../device/catalogue-test-support.ts';
import { CommandRepository } from '../command/command.repository.ts';
import { multipartBody } from '../files/files-test-support.ts';
import { OpcUaBrowseRepository } from './opcua-browse.repository.ts';
import { OpcUaBrowseService } from './opcua-browse.service.ts';

/** Where a product's variable is added (the console's catalogue call). */
const VARIABLE_ADD_PATH = '/product/variable/add';
const THUMBPRINT = '3A:9F:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:01:02';

/** A self-signed EC certificate and its key (valid until 2126), as a user certificate file would be. */
const CERTIFICATE_PEM = `-----BEGIN CERTIFICATE-----
MIIBuDCCAV2gAwIBAgIUJ+S6xWtF6Q+8q5RwE5lswI5G9LQwCgYIKoZIzj0EAwIw
MDEWMBQGA1UEAwwNTGluZSBvcGVyYXRvcjEWMBQGA1UECgwNRXhhbXBsZSBQbGFu
dDAgFw0yNjEyMDcxNDUzMjBaGA8yMTI2MTExMzE0NTMyMFowMDEWMBQGA1UEAwwN
TGluZSBvcGVyYXRvcjEWMBQGA1UECgwNRXhhbXBsZSBQbGFudDBZMBMGByqGSM49
AgEGCCqGSM49AwEHA0IABNd0D4ullPzZPDipQTdwqTCqwLfs1l50Q0iP1yUBvNOc
Nf+/1LJ1QryXlHffima6qF3LVw4m4RcNl6toWmJNpM6jUzBRMB0GA1UdDgQWBBTW
Tzuf46d+ctvJ7Jw6uEmC5ydcbDAfBgNVHSMEGDAWgBTWTzuf46d+ctvJ7Jw6uEmC
5ydcbDAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0kAMEYCIQChQVtYbqL5
V14ON7iaIYyEuUbdXkAlJSVxMwrN0cZZWAIhAMobVq+1d1qu/YtIsHdMmJs9Eh4Z
tQ14bbGx86m+5OeN
-----END CERTIFICATE-----
`;
const KEY_PEM = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgeST+l6zxXWW9v0fj
Q/5h2evFYPWR0fgyTaqi1XvzA0ehRANCAATXdA+LpZT82Tw4qUE3cKkwqsC37NZe
dENIj9clAbzTnDX/v9SydUK8l5R334pmuqhdy1cOJuEXDZeraFpiTaTO
-----END PRIVATE KEY-----
`;

const UA_DRIVER: OpcUaDriver = {
  key: 'ua',
  name: 'Line server',
  protocol: 'opcua',
  endpointUrl: 'opc.tcp://10.0.0.9:4840',
  securityMode: 'None',
  securityPolicy: 'None',
  authentication: 'anonymous',
  subscribe: true,
  pollIntervalMs: 1000,
  timeoutMs: 2000,
};

const TEMP: BrowsedNode = {
  name: 'Temp',
  browseName: '1:Temp',
  nodeId: 'ns=1;s=Line1.Temp',
  nodeClass: 'Variable',
  opcuaType: 'Double',
  dataType: 'double',
  isArray: false,
  access: 'read-write',
  hasChildren: false,
};
const LINE: BrowsedNode = {
  name: 'Line1',
  browseName: '1:Line1',
  nodeId: 'ns=1;s=Line1',
  nodeClass: 'Object',
  hasChildren: true,
};

describe.each(databaseVariants())('the OPC UA tag browser on $name', (variant) => {
  let server: TestServer;
  const links: TestGateway[] = [];
  const brokerUrl = () => `mqtt://127.0.0.1:${server.runtime.address().port}`;

  beforeAll(async () => {
    server = await startTestServer(variant);
    await server.runtime.start();
  });
  afterAll(async () => {
    for (const link of links) await link.close();
    await closeTestServer(server);
  });

  const call = async <T>(client: TestClient, path: string, body: unknown) =>
    (await postJson(server, client, path, body)) as { code?: string; data: T; message?: string };

  async function signedIn(username: string) {
    const client = new TestClient(server);
    expect((await client.login(username, FACTORY_PASSWORD)).code).toBe('200');
    return client;
  }

  /**
   * A device whose product has an OPC UA driver beside its Modbus ones, its gateway connected and
   * reporting the configuration it runs (the current one unless told) with its thumbprint.
   */
  async function browsableDevice(options: { connected?: boolean; current?: boolean } = {}) {
    const bound = await buildBoundDevice(server.database.db);
    const model = bound.product.model;
    await server.database.db
      .update(products)
      .set({ model: { ...model, drivers: [...model.drivers, UA_DRIVER] }, modelVersion: 2 })
      .where(eq(products.id, bound.product.id));
    const context = await server.runtime.runtime.deviceContextById(bound.device.id);
    const developer = await signedIn(bound.developer.username!);
    if (options.connected === false)
      return { ...bound, developerAccount: bound.developer, developer, link: null };
    const link = await TestGateway.connect(brokerUrl(), bound.gateway.sn, bound.gateway.secret);
    links.push(link);
    const configVersion = options.current === false ? 0 : context!.version;
    await link.send('status', {
      status: 'online',
      ts: Date.now(),
      configVersion,
      opcuaThumbprint: THUMBPRINT,
    });
    await eventually(
      async () =>
        (await server.runtime.runtime.gatewayState(bound.gateway.sn))?.configVersionReported ===
          configVersion &&
        (await new OpcUaBrowseRepository(server.database.db).gateways([bound.gateway.sn])).get(
          bound.gateway.sn,
        )?.opcuaThumbprint === THUMBPRINT,
    );
    return { ...bound, developerAccount: bound.developer, developer, link };
  }

  /** Answers the next browse command of the gateway with `reply` (data or a failure code). */
  async function answerBrowse(
    link: TestGateway,
    reply: { nodes: BrowsedNode[]; truncated?: boolean } | { code: string },
    seen: Set<string>,
  ): Promise<CommandPayload> {
    const command = await link.waitFor<CommandPayload>(
      'cmd',
      (payload) => payload.op === 'browse' && !seen.has(payload.uuid),
      15_000,
    );
    seen.add(command.uuid);
    await link.send(
      'reply',
      'code' in reply
        ? { uuid: command.uuid, status: 'failure', code: reply.code }
        : { uuid: command.uuid, status: 'success', code: '200', data: reply },
    );
    return command;
  }

  it('lists the devices a driver can be browsed through, with the gateway state and thumbprint', async () => {
    const { developer, product, device, gateway } = await browsableDevice();
    const answer = await call<OpcUaTargetsAnswer>(developer, '/product/opcua/targets', {
      productId: product.id,
      driverKey: 'ua',
    });
    expect(answer.code).toBe('200');
    expect(answer.data).toEqual({
      list: [
        {
          equipmentId: device.id,
          name: device.name,
          sn: gateway.sn,
          status: 'online',
          configCurrent: true,
          opcuaThumbprint: THUMBPRINT,
        },
      ],
      truncated: false,
    });
    // A Modbus driver cannot be browsed; a driver the product lacks is named.
    const modbusKey = product.model.drivers[0]!.key;
    expect(
      (await call(developer, '/product/opcua/targets', { productId: product.id, driverKey: modbusKey })).code,
    ).toBe('1782');
    const missing = await call(developer, '/product/opcua/targets', {
      productId: product.id,
      driverKey: 'nope',
    });
    expect([missing.code, missing.message]).toEqual(['2601', 'The product has no driver nope']);
  });

  it("answers the gateway's certificate thumbprint to whoever may see the device, for the gateway tab", async () => {
    const { developer, owner, device, gateway } = await browsableDevice();
    const path = '/equipment/opcua/gatewayCertificate';
    expect(
      await call<OpcUaGatewayCertificateAnswer>(developer, path, { equipmentId: device.id }),
    ).toMatchObject({
      code: '200',
      data: { sn: gateway.sn, thumbprint: THUMBPRINT },
    });
    const endUser = await signedIn(owner.username!);
    expect((await call(endUser, path, { equipmentId: device.id })).data).toEqual({
      sn: gateway.sn,
      thumbprint: THUMBPRINT,
    });
    // A device the caller may not see is answered as missing; a gateway without OPC UA has none yet.
    const stranger = await signedIn((await buildAccount(server.database.db, 'terminal')).username!);
    expect((await call(stranger, path, { equipmentId: device.id })).code).toBe('1003');
    const plain = await browsableDevice({ connected: false });
    expect((await call(plain.developer, path, { equipmentId: plain.device.id })).data).toEqual({
      sn: plain.gateway.sn,
      thumbprint: null,
    });
  });

  it('browses the Objects folder and a named node through the gateway, stored as a command', async () => {
    const { developer, device, link } = await browsableDevice();
    const seen = new Set<string>();
    const [answer, command] = await Promise.all([
      call<OpcUaBrowseAnswer>(developer, '/product/opcua/browse', {
        equipmentId: device.id,
        driverKey: 'ua',
      }),
      answerBrowse(link!, { nodes: [LINE] }, seen),
    ]);
    expect(command).toMatchObject({ op: 'browse', driver: 'ua' });
    expect(command.node).toBeUndefined();
    expect(answer).toMatchObject({ code: '200', data: { node: 'i=85', nodes: [LINE], truncated: false } });

    const [inner, innerCommand] = await Promise.all([
      call<OpcUaBrowseAnswer>(developer, '/product/opcua/browse', {
        equipmentId: device.id,
        driverKey: 'ua',
        node: 'ns=1;s=Line1',
      }),
      answerBrowse(link!, { nodes: [TEMP], truncated: true }, seen),
    ]);
    expect(innerCommand.node).toBe('ns=1;s=Line1');
    expect(inner.data).toEqual({ node: 'ns=1;s=Line1', nodes: [TEMP], truncated: true });
    const [row] = await server.database.db
      .select()
      .from(commands)
      .where(eq(commands.uuid, innerCommand.uuid));
    expect(row).toMatchObject({ op: 'browse', status: 'success', key: 'ua', value: 'ns=1;s=Line1' });
  });

  it("answers the gateway's failures as catalogue errors, with the node or the thumbprint to trust", async () => {
    const { developer, device, link } = await browsableDevice();
    const seen = new Set<string>();
    const browse = (node: string) =>
      call(developer, '/product/opcua/browse', { equipmentId: device.id, driverKey: 'ua', node });
    const [missing] = await Promise.all([browse('ns=1;s=Nope'), answerBrowse(link!, { code: '1741' }, seen)]);
    expect([missing.code, missing.message]).toEqual(['1741', 'OPC UA node does not exist: ns=1;s=Nope']);
    const [untrusted] = await Promise.all([
      browse('ns=1;s=Line1'),
      answerBrowse(link!, { code: '1745' }, seen),
    ]);
    expect(untrusted.code).toBe('1745');
    expect(untrusted.message).toContain(THUMBPRINT);
    const [down] = await Promise.all([browse('ns=1;s=Line1'), answerBrowse(link!, { code: '1744' }, seen)]);
    expect(down.code).toBe('1744');
  });

  it('refuses bad input, other people, offline gateways and gateways behind the saved driver', async () => {
    const { developer, owner, device, product, link } = await browsableDevice();
    const before = link!.received.length;
    const browse = (client: TestClient, body: Record<string, unknown>) =>
      call(client, '/product/opcua/browse', { equipmentId: device.id, driverKey: 'ua', ...body });
    expect((await browse(developer, { node: 'Line1' })).code).toBe('1002');
    expect((await browse(developer, { driverKey: '' })).code).toBe('1002');
    const modbusKey = product.model.drivers[0]!.key;
    expect((await browse(developer, { driverKey: modbusKey })).code).toBe('1782');
    expect((await browse(developer, { driverKey: 'nope' })).code).toBe('2601');
    expect((await browse(developer, { equipmentId: 'missing' })).code).toBe('1003');
    // The device's owner holds no product editing code; another developer does not see the device.
    const ownerClient = await signedIn(owner.username!);
    expect((await browse(ownerClient, {})).code).toBe('1201');
    const stranger = await buildAccount(server.database.db, 'developer');
    expect((await browse(await signedIn(stranger.username!), {})).code).toBe('1003');
    expect(link!.received.filter((message) => message.topic.endsWith('/down/cmd')).length).toBe(
      link!.received.slice(0, before).filter((message) => message.topic.endsWith('/down/cmd')).length,
    );

    const offline = await browsableDevice({ connected: false });
    expect(
      (
        await call(offline.developer, '/product/opcua/browse', {
          equipmentId: offline.device.id,
          driverKey: 'ua',
        })
      ).code,
    ).toBe('1501');
    const behind = await browsableDevice({ current: false });
    expect(
      (
        await call(behind.developer, '/product/opcua/browse', {
          equipmentId: behind.device.id,
          driverKey: 'ua',
        })
      ).code,
    ).toBe('1773');
    const targets = await call<OpcUaTargetsAnswer>(behind.developer, '/product/opcua/targets', {
      productId: behind.product.id,
      driverKey: 'ua',
    });
    expect(targets.data.list[0]).toMatchObject({ configCurrent: false, status: 'online' });
  });

  it('lets installers browse the gateways they may act on, without making variables', async () => {
    const { device, product, owner, link } = await browsableDevice();
    const db = server.database.db;
    const accounts = new AccountRepository(db);
    const staffWith = async (roleId: string) => {
      const account = await createTestAccount(accounts, 'operation', { auths: '' });
      await db.insert(accountRoles).values({ accountId: account.id, roleId });
      return signedIn(account.username!);
    };
    const dealerOf = async (canDebug: boolean) => {
      const account = await createTestAccount(accounts, 'dealer');
      await db
        .insert(dealers)
        .values({ accountId: account.id, organisationId: randomUUID(), dataScope: 'all', canDebug });
      await db.insert(dealerCustomers).values({ dealerAccountId: account.id, customerAccountId: owner.id });
      return signedIn(account.username!);
    };
    const viewOnlyRole = async () => {
      const id = randomUUID();
      await db.insert(roles).values({
        id,
        name: id.slice(0, 8),
        audience: 'operation',
        permissions: 'monitor:device:view,manage:equipment:view',
        dataScope: 'all',
      });
      return id;
    };
    const afterSales = await staffWith('builtin-after-sales');
    const debugDealer = await dealerOf(true);
    const seen = new Set<string>();
    for (const installer of [afterSales, debugDealer]) {
      const [answer] = await Promise.all([
        call<OpcUaBrowseAnswer>(installer, '/product/opcua/browse', {
          equipmentId: device.id,
          driverKey: 'ua',
        }),
        answerBrowse(link!, { nodes: [LINE] }, seen),
      ]);
      expect(answer).toMatchObject({ code: '200', data: { nodes: [LINE] } });
      // Read-only: the product's browse targets and its variables stay the developer's.
      expect(
        (await call(installer, '/product/opcua/targets', { productId: product.id, driverKey: 'ua' })).code,
      ).toBe('1201');
      const variable = {
        key: 'temp',
        name: 'Temp',
        driverKey: 'ua',
        addressType: 'node-id',
        address: TEMP.nodeId,
        dataType: 'double',
      };
      expect((await call(installer, VARIABLE_ADD_PATH, { productId: product.id, variable })).code).toBe(
        '1201',
      );
    }
    // A dealer without debug rights, and staff who only view devices, may not use the gateway.
    const before = link!.received.filter((message) => message.topic.endsWith('/down/cmd')).length;
    const viewer = await staffWith(await viewOnlyRole());
    for (const refused of [await dealerOf(false), viewer]) {
      const answer = await call(refused, '/product/opcua/browse', {
        equipmentId: device.id,
        driverKey: 'ua',
      });
      expect(answer.code).toBe('1201');
    }
    expect(link!.received.filter((message) => message.topic.endsWith('/down/cmd')).length).toBe(before);
  });

  it('gives up with 1781 when the gateway does not answer in time', async () => {
    const { developerAccount, device, link } = await browsableDevice();
    const service = new OpcUaBrowseService({
      repository: new OpcUaBrowseRepository(server.database.db),
      commands: new CommandRepository(server.database.db),
      runtime: server.runtime.runtime,
      products: server.catalogue.services.products,
      access: server.catalogue.deviceAccess,
      liveness: server.runtime.liveness,
      transport: server.runtime.transport,
      bus: server.bus,
      now: server.clock.now,
      waitMs: 300,
    });
    const outcome = await service
      .browse({ account: developerAccount, locale: 'en-US' }, { equipmentId: device.id, driverKey: 'ua' })
      .catch((error: unknown) => error);
    expect(outcome).toMatchObject({ code: '1781' });
    const command = await link!.waitFor<CommandPayload>('cmd', (payload) => payload.op === 'browse');
    const [row] = await server.database.db.select().from(commands).where(eq(commands.uuid, command.uuid));
    expect(row).toMatchObject({ status: 'failure', code: '1781' });
  });

  it('checks certificate and key files on upload: pem or der, at most 1 MB, really what they claim', async () => {
    const { developer } = await browsableDevice({ connected: false });
    const upload = async (path: string, name: string, bytes: Buffer) => {
      const body = multipartBody({}, [{ field: 'file', name, bytes }]);
      const response = await server.app.inject({
        method: 'POST',
        url: `${API_PREFIX}${path}`,
        headers: {
          'accept-language': 'en-US',
          'content-type': body.contentType,
          cookie: [...developer.cookies].map(([key, value]) => `${key}=${value}`).join('; '),
        },
        payload: body.payload,
      });
      return response.json<{ code: string; data: OpcUaCredentialAnswer; message: string }>();
    };
    const certificate = new X509Certificate(CERTIFICATE_PEM);
    const pem = await upload('/product/opcua/certificate', 'user.pem', Buffer.from(CERTIFICATE_PEM));
    expect(pem).toMatchObject({
      code: '200',
      data: { kind: 'certificate', thumbprint: certificate.fingerprint, validTo: '2126-11-13T14:53:20.000Z' },
    });
    expect(pem.data.subject).toContain('CN=Line operator');
    const der = await upload('/product/opcua/certificate', 'user.der', certificate.raw);
    expect(der.data.pem).toBe(pem.data.pem);
    const keyDer = createPrivateKey(KEY_PEM).export({ format: 'der', type: 'pkcs8' });
    const key = await upload('/product/opcua/privateKey', 'user.key', keyDer);
    expect(key).toMatchObject({ code: '200', data: { kind: 'key', pem: KEY_PEM } });

    expect((await upload('/product/opcua/certificate', 'user.pem', Buffer.from(KEY_PEM))).code).toBe('1770');
    expect((await upload('/product/opcua/privateKey', 'user.key', Buffer.from(CERTIFICATE_PEM))).code).toBe(
      '1771',
    );
    expect(
      (await upload('/product/opcua/certificate', 'user.der', Buffer.from('not a certificate'))).code,
    ).toBe('1770');
    const large = Buffer.concat([Buffer.from(CERTIFICATE_PEM), Buffer.alloc(1024 * 1024, 0x20)]);
    const tooLarge = await upload('/product/opcua/certificate', 'user.pem', large);
    expect([tooLarge.code, tooLarge.message]).toEqual([
      '1772',
      'The certificate or key file is too large, at most 1 MB',
    ]);
  });
});
