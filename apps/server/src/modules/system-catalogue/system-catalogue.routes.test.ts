import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AGREEMENT_API_PATHS,
  APP_VERSION_API_PATHS,
  PROTOCOL_API_PATHS,
  agreementSummariesSchema,
  appVersionPageSchema,
  currentAgreementsSchema,
  driverModelSchema,
  latestAppsSchema,
  protocolsSchema,
  type AppVersionAddBody,
} from '@lyyp/contracts/system';
import { REGISTER_TYPES } from '@lyyp/contracts/device-model';
import { accounts, agreementAcceptances, appVersions } from '../../db/schema/index.ts';
import { buildAccount } from '../../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { alarmFixture, signedIn } from '../alarm/alarm-test-support.ts';
import { postJson, TCP_DRIVER } from '../device/catalogue-test-support.ts';

const PASSWORD = 'Factory#2026';
let phone = 13_900_000_000;
const nextPhone = () => String((phone += 1));

describe.each(databaseVariants())('system catalogue screens on $name', (variant) => {
  let server: TestServer;
  let staff: TestClient;
  let fixture: Awaited<ReturnType<typeof alarmFixture>>;

  const call = async (client: TestClient | null, path: string, body: unknown) =>
    postJson(server, client, path, body);
  const okData = async (client: TestClient, path: string, body: unknown) => {
    const answer = await call(client, path, body);
    expect(answer.code, answer.message).toBe('200');
    return answer.data as Record<string, unknown>;
  };
  const getPublic = async (path: string) =>
    (await server.app.inject({ method: 'GET', url: `/lyyp/developer${path}` })).json<{
      code: string;
      data: unknown;
    }>();

  beforeAll(async () => {
    server = await startTestServer(variant, { REPORT_SWEEP_INTERVAL_MS: '0', ALARM_SWEEP_INTERVAL_MS: '0' });
    const operator = await buildAccount(server.database.db, 'operation');
    staff = await signedIn(server, operator.username!);
    fixture = await alarmFixture(server);
  });
  afterAll(async () => server.close());

  describe('app versions', () => {
    const app = (version: string, patch: Partial<AppVersionAddBody> = {}): AppVersionAddBody => ({
      name: '云监控',
      version,
      identifier: 'com.lyyp.monitor',
      enterprise: 'LYYP',
      iosUrl: 'https://apps.example.com/ios/monitor',
      androidUrl: 'https://download.example.com/monitor.apk',
      description: 'First release',
      latest: true,
      ...patch,
    });

    it('keeps one latest version per app and shows it publicly with its links', async () => {
      const first = await okData(staff, APP_VERSION_API_PATHS.add, app('1.0.0'));
      expect(first).toMatchObject({ version: '1.0.0', latest: true });
      const second = await okData(staff, APP_VERSION_API_PATHS.add, app('1.1.0', { iosUrl: '' }));
      const page = appVersionPageSchema.parse(await okData(staff, APP_VERSION_API_PATHS.list, {}));
      expect(page.list.map((row) => [row.version, row.latest])).toEqual([
        ['1.1.0', true],
        ['1.0.0', false],
      ]);

      const latest = await getPublic(APP_VERSION_API_PATHS.latest);
      expect(latestAppsSchema.parse(latest.data)).toEqual([
        expect.objectContaining({
          version: '1.1.0',
          iosUrl: null,
          androidUrl: 'https://download.example.com/monitor.apk',
        }),
      ]);

      // Making the older one latest again moves the mark back.
      await okData(staff, APP_VERSION_API_PATHS.setLatest, { id: first.id });
      const again = latestAppsSchema.parse((await getPublic(APP_VERSION_API_PATHS.latest)).data);
      expect(again.map((row) => row.version)).toEqual(['1.0.0']);
      await okData(staff, APP_VERSION_API_PATHS.delete, { id: second.id });
      expect(await call(staff, APP_VERSION_API_PATHS.delete, { id: second.id })).toMatchObject({
        code: '1003',
      });
    });

    it('refuses a duplicate version, a link that is not http(s), no link, and Chinese in the version', async () => {
      await okData(
        staff,
        APP_VERSION_API_PATHS.add,
        app('2.0.0', { identifier: 'com.lyyp.dup', latest: false }),
      );
      const before = (await server.database.db.select().from(appVersions)).length;
      expect(
        await call(staff, APP_VERSION_API_PATHS.add, app('2.0.0', { identifier: 'com.lyyp.dup' })),
      ).toMatchObject({
        code: '2701',
        data: { field: 'version' },
        message: 'Version number 2.0.0 already exists',
      });
      expect(
        await call(staff, APP_VERSION_API_PATHS.add, app('2.0.1', { iosUrl: 'javascript:alert(1)' })),
      ).toMatchObject({ code: '2709', data: { field: 'iosUrl' } });
      expect(
        await call(staff, APP_VERSION_API_PATHS.add, app('2.0.1', { androidUrl: '/relative/monitor.apk' })),
      ).toMatchObject({ code: '2709', data: { field: 'androidUrl' } });
      expect(
        await call(staff, APP_VERSION_API_PATHS.add, app('2.0.1', { iosUrl: '', androidUrl: '' })),
      ).toMatchObject({ code: '2702' });
      expect(await call(staff, APP_VERSION_API_PATHS.add, app('二.0'))).toMatchObject({ code: '1801' });
      expect(
        await call(staff, APP_VERSION_API_PATHS.add, app('2.0.1', { name: 'x'.repeat(26) })),
      ).toMatchObject({ code: '1137', data: { field: 'name' } });
      // §5: the enterprise name is at most 20 characters.
      expect(
        await call(staff, APP_VERSION_API_PATHS.add, app('2.0.1', { enterprise: 'x'.repeat(21) })),
      ).toMatchObject({ code: '1137', data: { field: 'enterprise' } });
      expect(
        await call(staff, APP_VERSION_API_PATHS.add, app('2.0.1', { identifier: 'no spaces allowed' })),
      ).toMatchObject({ code: '1002', data: { field: 'identifier' } });
      expect((await server.database.db.select().from(appVersions)).length).toBe(before);
    });

    it('hands out only http(s) links even when an unsafe one is in the database', async () => {
      await server.database.db.insert(appVersions).values({
        id: 'legacy',
        name: 'Legacy',
        version: '0.1',
        identifier: 'com.lyyp.legacy',
        iosUrl: 'javascript:alert(1)',
        androidUrl: 'https://download.example.com/legacy.apk',
        latest: true,
      });
      const latest = latestAppsSchema.parse((await getPublic(APP_VERSION_API_PATHS.latest)).data);
      expect(latest.find((row) => row.identifier === 'com.lyyp.legacy')).toMatchObject({
        iosUrl: null,
        androidUrl: 'https://download.example.com/legacy.apk',
      });
    });

    it('needs the version screen permission', async () => {
      expect(await call(fixture.developerClient, APP_VERSION_API_PATHS.add, app('9.9.9'))).toMatchObject({
        code: '1201',
      });
      expect(await call(null, APP_VERSION_API_PATHS.list, {})).toMatchObject({ code: '1010' });
    });
  });

  describe('agreements', () => {
    it('publishes versions, keeps old ones readable, and registration records the current ones', async () => {
      const empty = currentAgreementsSchema.parse((await getPublic(AGREEMENT_API_PATHS.current)).data);
      expect(empty).toEqual({ agreement: null, privacy: null });

      const v1 = await okData(staff, AGREEMENT_API_PATHS.publish, {
        kind: 'agreement',
        version: '1.0',
        title: '用户协议',
        content: '第一版',
      });
      const v2 = await okData(staff, AGREEMENT_API_PATHS.publish, {
        kind: 'agreement',
        version: '2.0',
        title: '用户协议',
        content: '第二版',
      });
      const privacy = await okData(staff, AGREEMENT_API_PATHS.publish, {
        kind: 'privacy',
        version: '1.0',
        title: '隐私政策',
        content: '隐私第一版',
      });
      expect(
        await call(staff, AGREEMENT_API_PATHS.publish, {
          kind: 'agreement',
          version: '2.0',
          title: 'x',
          content: 'y',
        }),
      ).toMatchObject({ code: '2701', data: { field: 'version' } });
      expect(
        await call(staff, AGREEMENT_API_PATHS.publish, {
          kind: 'agreement',
          version: '3.0',
          title: 'x',
          content: ' ',
        }),
      ).toMatchObject({ code: '1001', data: { field: 'content' } });

      const current = currentAgreementsSchema.parse((await getPublic(AGREEMENT_API_PATHS.current)).data);
      expect(current.agreement).toMatchObject({ id: v2.id, content: '第二版' });
      expect(current.privacy).toMatchObject({ id: privacy.id });
      expect(await okData(staff, AGREEMENT_API_PATHS.info, { id: v1.id })).toMatchObject({
        content: '第一版',
      });

      // Accepting an older agreement is refused and spends nothing; the current ones are recorded.
      const client = new TestClient(server);
      const tel = nextPhone();
      const outdated = await client.register(tel, 'agree1', PASSWORD, {
        agreementId: String(v1.id),
        privacyId: String(privacy.id),
      });
      expect(outdated).toMatchObject({ code: '2707', data: { field: 'agreementId' } });
      const noPrivacy = await new TestClient(server).register(nextPhone(), 'agree2', PASSWORD, {
        agreementId: String(v2.id),
      });
      expect(noPrivacy).toMatchObject({ code: '2708', data: { field: 'privacyId' } });
      // The SMS code of the refused attempt is still good.
      const registered = await client.call('POST', '/user/register', {
        tel,
        smsCode: server.sms.lastCodeFor(tel),
        username: 'agree3',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        agree: 'true',
        agreementId: String(v2.id),
        privacyId: String(privacy.id),
      });
      expect(registered.code, registered.message).toBe('200');
      const [account] = await server.database.db
        .select()
        .from(accounts)
        .where(eq(accounts.username, 'agree3'));
      const recorded = await server.database.db
        .select({ id: agreementAcceptances.agreementVersionId })
        .from(agreementAcceptances)
        .where(eq(agreementAcceptances.accountId, account!.id));
      expect(recorded.map((row) => row.id).sort()).toEqual([String(v2.id), String(privacy.id)].sort());

      // An account an SMS sign-in created agrees when it completes itself, and the same rule holds.
      const smsPerson = new TestClient(server);
      const smsTel = nextPhone();
      await smsPerson.call('POST', '/user/sendSmsCode', {
        tel: smsTel,
        purpose: 'login',
        ...(await smsPerson.solveCaptcha()),
      });
      const smsSignIn = await smsPerson.call('POST', '/user/smsLogin', {
        tel: smsTel,
        smsCode: server.sms.lastCodeFor(smsTel),
      });
      expect(smsSignIn.code, smsSignIn.message).toBe('200');
      const completion = { username: 'agree4', password: PASSWORD, confirmPassword: PASSWORD };
      expect(await smsPerson.call('POST', '/user/complete', completion)).toMatchObject({ code: '2707' });
      const completed = await smsPerson.call('POST', '/user/complete', {
        ...completion,
        agreementId: String(v2.id),
        privacyId: String(privacy.id),
      });
      expect(completed.code, completed.message).toBe('200');

      const list = agreementSummariesSchema.parse(await okData(staff, AGREEMENT_API_PATHS.list, {}));
      expect(list.map((row) => [row.kind, row.version, row.current, row.acceptedCount])).toEqual([
        ['agreement', '2.0', true, 2],
        ['agreement', '1.0', false, 0],
        ['privacy', '1.0', true, 2],
      ]);
      expect(await call(fixture.developerClient, AGREEMENT_API_PATHS.list, {})).toMatchObject({
        code: '1201',
      });
    });
  });

  describe('protocols and driver models', () => {
    it('lists the built-in protocols with their register types and address syntax', async () => {
      const protocols = protocolsSchema.parse(await okData(staff, PROTOCOL_API_PATHS.list, {}));
      expect(protocols.map((protocol) => protocol.id)).toEqual(['modbus-tcp', 'modbus-rtu', 'opcua', 's7']);
      expect(protocols[0]!.registerTypes).toEqual([...REGISTER_TYPES]);
      expect(protocols[0]!.addressTypes).toEqual(['decimal', 'hex', 'plc']);
      const [, , opcua, s7] = protocols;
      expect(opcua).toMatchObject({ registerTypes: [], addressTypes: ['node-id'] });
      expect(opcua!.examples).toContain('ns=2;s=Line1.Temp');
      expect(s7).toMatchObject({ registerTypes: [], addressTypes: ['s7'] });
      expect(s7!.examples).toEqual(expect.arrayContaining(['DB1.DBX0.0', 'DB1.DBD6', 'DB1.S10.20', 'MW20']));
    });

    it('keeps the settings of OPC UA and S7 driver models, and refuses security without a policy', async () => {
      const server = driverModelSchema.parse(
        await okData(staff, PROTOCOL_API_PATHS.addDriverModel, {
          name: 'KEPServerEX',
          protocol: 'opcua',
          settings: { securityMode: 'SignAndEncrypt', securityPolicy: 'Basic256Sha256', subscribe: false },
        }),
      );
      expect(server.settings).toMatchObject({
        securityMode: 'SignAndEncrypt',
        securityPolicy: 'Basic256Sha256',
        subscribe: false,
      });
      const plc = driverModelSchema.parse(
        await okData(staff, PROTOCOL_API_PATHS.addDriverModel, {
          name: 'S7-300 CPU',
          protocol: 's7',
          settings: { rack: 0, slot: 2, pduSize: 240 },
        }),
      );
      expect(plc.settings).toMatchObject({ rack: 0, slot: 2, pduSize: 240 });
      expect(
        await call(staff, PROTOCOL_API_PATHS.addDriverModel, {
          name: 'Half secured',
          protocol: 'opcua',
          settings: { securityMode: 'Sign', securityPolicy: 'None' },
        }),
      ).toMatchObject({ code: '1002', data: { field: 'settings.securityPolicy' } });
      expect(
        await call(staff, PROTOCOL_API_PATHS.addDriverModel, {
          name: 'Rack 9',
          protocol: 's7',
          settings: { rack: 9 },
        }),
      ).toMatchObject({ code: '1002' });
      for (const id of [server.id, plc.id]) await okData(staff, PROTOCOL_API_PATHS.deleteDriverModel, { id });
    });

    it('adds driver models, lets a driver name one, and refuses to delete one in use', async () => {
      const meter = driverModelSchema.parse(
        await okData(staff, PROTOCOL_API_PATHS.addDriverModel, {
          name: 'PM5560 meter',
          protocol: 'modbus-tcp',
          description: 'Schneider power meter',
          settings: { port: 5020, byteOrder32: 'CDAB' },
        }),
      );
      expect(meter.settings).toMatchObject({ port: 5020, byteOrder32: 'CDAB', pollIntervalMs: 1000 });
      expect(
        await call(staff, PROTOCOL_API_PATHS.addDriverModel, {
          name: 'PM5560 meter',
          protocol: 'modbus-rtu',
        }),
      ).toMatchObject({ code: '2704', data: { field: 'name' } });
      const serial = driverModelSchema.parse(
        await okData(staff, PROTOCOL_API_PATHS.addDriverModel, {
          name: 'RTU sensor',
          protocol: 'modbus-rtu',
        }),
      );

      const { product, developerClient } = fixture;
      const driver = { ...product.model.drivers[0]!, driverModelId: meter.id };
      // Another protocol's model, or one that does not exist, is refused on the field.
      expect(
        await call(developerClient, '/product/driver/save', {
          productId: product.id,
          originalKey: driver.key,
          driver: { ...driver, driverModelId: serial.id },
        }),
      ).toMatchObject({ code: '2706', data: { field: 'driverModelId' } });
      expect(
        await call(developerClient, '/product/driver/save', {
          productId: product.id,
          originalKey: driver.key,
          driver: { ...driver, driverModelId: 'missing' },
        }),
      ).toMatchObject({ code: '2705' });
      await okData(developerClient, '/product/driver/save', {
        productId: product.id,
        originalKey: driver.key,
        driver,
      });
      // The developer reads the models for the driver dialog but does not keep them.
      const models = await okData(developerClient, PROTOCOL_API_PATHS.driverModels, {
        protocol: 'modbus-tcp',
      });
      expect(models).toEqual([expect.objectContaining({ id: meter.id, productCount: 1 })]);
      expect(
        await call(developerClient, PROTOCOL_API_PATHS.deleteDriverModel, { id: serial.id }),
      ).toMatchObject({ code: '1201' });

      const refused = await call(staff, PROTOCOL_API_PATHS.deleteDriverModel, { id: meter.id });
      expect(refused).toMatchObject({ code: '2703' });
      expect(refused.message).toContain('cannot be deleted');
      expect(
        await call(staff, PROTOCOL_API_PATHS.editDriverModel, {
          id: meter.id,
          name: 'PM5560 meter',
          protocol: 'modbus-rtu',
        }),
      ).toMatchObject({ code: '2703', data: { field: 'protocol' } });
      const protocols = protocolsSchema.parse(await okData(staff, PROTOCOL_API_PATHS.list, {}));
      expect(protocols.map((protocol) => protocol.driverModelCount)).toEqual([1, 1, 0, 0]);

      // Once no driver names it, it can go.
      await okData(developerClient, '/product/driver/save', {
        productId: product.id,
        originalKey: driver.key,
        driver: { ...TCP_DRIVER, key: driver.key, host: '10.0.0.2' },
      });
      await okData(staff, PROTOCOL_API_PATHS.deleteDriverModel, { id: meter.id });
      await okData(staff, PROTOCOL_API_PATHS.deleteDriverModel, { id: serial.id });
      expect(await okData(staff, PROTOCOL_API_PATHS.driverModels, {})).toEqual([]);
    });

    it('keeps the driver models a product document names only when this platform has them', async () => {
      const known = driverModelSchema.parse(
        await okData(staff, PROTOCOL_API_PATHS.addDriverModel, {
          name: 'Known meter',
          protocol: 'modbus-tcp',
        }),
      );
      const drivers = [
        { ...TCP_DRIVER, key: 'known', driverModelId: known.id },
        { ...TCP_DRIVER, key: 'foreign', driverModelId: 'from-another-platform' },
      ];
      const imported = await okData(fixture.developerClient, '/product/advance/importProduct', {
        title: 'Imported',
        json: JSON.stringify({ drivers, variables: [] }),
      });
      const info = (await okData(fixture.developerClient, '/product/driver/list', {
        productId: imported.id,
      })) as {
        list: Array<{ key: string; driverModelId?: string }>;
      };
      expect(info.list.map((driver) => [driver.key, driver.driverModelId])).toEqual([
        ['known', known.id],
        ['foreign', undefined],
      ]);
      expect(await call(staff, PROTOCOL_API_PATHS.deleteDriverModel, { id: known.id })).toMatchObject({
        code: '2703',
      });
    });
  });
});
