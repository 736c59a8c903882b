import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCRIPT_CAPACITY, demoBoilerModel, type DeviceModel } from '@lyyp/contracts/device-model';
import type {
  ComputedVariable,
  DeviceScriptStatusAnswer,
  ScriptListAnswer,
} from '@lyyp/contracts/edge-logic';
import { upTopic, type ScriptReport } from '@lyyp/contracts/protocol';
import {
  databaseVariants,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/test-server.ts';
import { buildAccount, buildGateway, buildProduct } from '../../test/factories.ts';
import { signedIn } from '../alarm/alarm-test-support.ts';
import { devices } from '../../db/schema/index.ts';
import { closeTestServer, postJson, signIn } from '../device/catalogue-test-support.ts';

const script = {
  key: 'counter',
  name: 'Counter',
  policy: 'periodic',
  intervalSeconds: 10,
  code: "write('runHours', read('runHours') + 1)",
};

describe.each(databaseVariants())('formula and script paths on $name', (variant) => {
  let server: TestServer;
  let developer: TestClient;
  let developerId: string;
  let stranger: TestClient;
  let endUser: TestClient;
  let endUserId: string;

  beforeAll(async () => {
    server = await startTestServer(variant);
    const signedIn = await signIn(server, 'developer');
    developer = signedIn.client;
    developerId = signedIn.account.id;
    stranger = (await signIn(server, 'developer')).client;
    const owner = await signIn(server, 'terminal');
    endUser = owner.client;
    endUserId = owner.account.id;
  });
  afterAll(async () => closeTestServer(server));

  const newProduct = async (model: DeviceModel = demoBoilerModel()) =>
    buildProduct(server.database.db, developerId, model);
  const post = (path: string, body: unknown, client: TestClient = developer) =>
    postJson(server, client, path, body);

  it('lists computed variables in computing order with what they read and who reads them', async () => {
    const product = await newProduct();
    const answer = await post('/product/formula/list', { productId: product.id });
    expect(answer.code).toBe('200');
    const list = (answer.data as { list: ComputedVariable[] }).list;
    expect(list.map((item) => item.key)).toEqual(['temperatureRise', 'peakPressure']);
    expect(list[0]).toMatchObject({
      order: 1,
      dependsOn: [],
      inputs: ['waterTemperature', 'returnTemperature'],
      formula: 'waterTemperature - returnTemperature',
    });
    expect(list[1]).toMatchObject({ kind: 'summary', inputs: ['steamPressure'] });
  });

  it('saves a formula, and refuses a cycle with the column of the reference that closes it', async () => {
    const product = await newProduct();
    const saved = await post('/product/formula/save', {
      productId: product.id,
      key: 'temperatureRise',
      formula: 'waterTemperature - returnTemperature + peakPressure * 0',
    });
    expect(saved.code).toBe('200');
    expect((saved.data as { modelVersion: number }).modelVersion).toBe(2);

    const cycle = await post('/product/formula/save', {
      productId: product.id,
      key: 'peakPressure',
      formula: 'max(peakPressure, temperatureRise)',
    });
    expect(cycle.code).toBe('1508');
    expect(cycle.message).toBe(
      'Formula wrong: temperatureRise at column 19 closes a cycle: peakPressure → temperatureRise → peakPressure',
    );
    const unknown = await post('/product/formula/save', {
      productId: product.id,
      key: 'temperatureRise',
      formula: 'waterTemp - 1',
    });
    expect(unknown.code).toBe('1508');
    expect(unknown.message).toContain('column 1');
    const notComputed = await post('/product/formula/save', {
      productId: product.id,
      key: 'waterTemperature',
      formula: '1',
    });
    expect(notComputed.code).toBe('1002');
    // Nothing of the refused changes was stored.
    const list = await post('/product/formula/list', { productId: product.id });
    const peak = (list.data as { list: ComputedVariable[] }).list.find((item) => item.key === 'peakPressure');
    expect(peak).toMatchObject({
      formula: 'max(peakPressure, steamPressure)',
      order: 1,
      usedBy: ['temperatureRise'],
    });
  });

  it('adds, edits, switches off and deletes scripts, each a new model version', async () => {
    const product = await newProduct();
    const added = await post('/product/script/save', { productId: product.id, script });
    expect(added.code).toBe('200');
    expect(added.data).toMatchObject({
      modelVersion: 2,
      capacity: { used: 3, total: DEFAULT_SCRIPT_CAPACITY },
    });
    const edited = await post('/product/script/save', {
      productId: product.id,
      originalKey: 'counter',
      script: { ...script, key: 'counter2', policy: 'data-change', watch: ['running'] },
    });
    expect(edited.code).toBe('200');
    expect(
      (await post('/product/script/enable', { productId: product.id, key: 'counter2', enabled: 'false' }))
        .code,
    ).toBe('200');
    const list = (await post('/product/script/list', { productId: product.id })).data as ScriptListAnswer;
    expect(list.list.at(-1)).toMatchObject({
      key: 'counter2',
      policy: 'data-change',
      enabled: false,
      watch: ['running'],
    });
    expect((await post('/product/script/delete', { productId: product.id, key: 'counter2' })).code).toBe(
      '200',
    );
    expect((await post('/product/script/delete', { productId: product.id, key: 'counter2' })).code).toBe(
      '2352',
    );
  });

  it('refuses a script that does not validate, naming the field, and changes nothing', async () => {
    const product = await newProduct();
    const checks: Array<[Record<string, unknown>, string, string]> = [
      [{ ...script, policy: 'condition' }, '1001', 'script.condition'],
      [{ ...script, policy: 'condition', condition: 'waterTemp > 1' }, '1508', "'waterTemp' at column 1"],
      [{ ...script, policy: 'data-change', watch: ['nothing'] }, '2353', ''],
      [{ ...script, intervalSeconds: 0 }, '1002', 'script.intervalSeconds'],
      [{ ...script, code: 'x'.repeat(10_001) }, '1137', 'script.code'],
      [{ ...script, key: 'runHourCounter' }, '1002', 'script.key'],
    ];
    for (const [body, code, field] of checks) {
      const answer = await post('/product/script/save', { productId: product.id, script: body });
      expect([answer.code, answer.message], JSON.stringify(body).slice(0, 80)).toEqual([
        code,
        expect.stringContaining(field) as unknown,
      ]);
    }
    const list = (await post('/product/script/list', { productId: product.id })).data as ScriptListAnswer;
    expect(list.list).toHaveLength(2);
  });

  it('refuses a script beyond the capacity of a gateway', async () => {
    const scripts = Array.from({ length: DEFAULT_SCRIPT_CAPACITY }, (_, index) => ({
      ...script,
      key: `s${index}`,
      enabled: true,
      frequency: 'once' as const,
      watch: [],
      policy: 'periodic' as const,
    }));
    const product = await newProduct({ ...demoBoilerModel(), scripts });
    const answer = await post('/product/script/save', {
      productId: product.id,
      script: { ...script, key: 'one_more' },
    });
    expect(answer.code).toBe('2351');
    expect(answer.message).toBe(
      `Capacity exceeded for scripts (${DEFAULT_SCRIPT_CAPACITY + 1}/${DEFAULT_SCRIPT_CAPACITY})`,
    );
  });

  it('answers another developer’s product as a missing one', async () => {
    const product = await newProduct();
    for (const [path, body] of [
      ['/product/script/list', { productId: product.id }],
      ['/product/script/save', { productId: product.id, script }],
      ['/product/formula/list', { productId: product.id }],
    ] as const) {
      expect((await post(path, body, stranger)).code).toBe('1003');
    }
  });

  it('shows a device the script states its gateway reported, newest report winning', async () => {
    const product = await newProduct();
    const gateway = await buildGateway(server.database.db);
    const [device] = await server.database.db
      .insert(devices)
      .values({
        id: `dev-${gateway.sn}`,
        name: 'Boiler',
        gatewaySn: gateway.sn,
        productId: product.id,
        ownerAccountId: endUserId,
      })
      .returning();
    const report = (ts: number, runs: number): ScriptReport => ({
      ts,
      configVersion: 1,
      scripts: [
        {
          key: 'shutdownSequence',
          runs,
          failures: 1,
          lastRunAt: ts,
          lastDurationMs: 0.2,
          lastOk: false,
          lastErrorAt: ts,
          lastErrorCode: '2358',
          lastErrorParams: { key: 'pumpCommand', reason: '1715' },
          log: ['burner off'],
        },
      ],
    });
    const send = (payload: ScriptReport) =>
      server.runtime.link.handle({
        topic: upTopic(gateway.sn, 'script'),
        payload: Buffer.from(JSON.stringify(payload)),
      });
    await send(report(2_000, 5));
    await send(report(1_000, 4));
    // The device's owner sees its scripts, though the product is not theirs to see.
    const answer = await post('/device/script/status', { id: device!.id }, endUser);
    expect(answer.code).toBe('200');
    const status = answer.data as DeviceScriptStatusAnswer;
    expect(status.configVersion).toBe(1);
    expect(status.list.map((row) => [row.key, row.state?.runs ?? null])).toEqual([
      ['runHourCounter', null],
      ['shutdownSequence', 5],
    ]);
    expect(status.list[1]?.state).toMatchObject({ lastErrorCode: '2358', log: ['burner off'] });
    expect((await post('/device/script/status', { id: device!.id }, stranger)).code).toBe('1003');
  });

  it('puts the device writes of scripts in the device log, once however often a report comes', async () => {
    const product = await newProduct();
    const gateway = await buildGateway(server.database.db);
    const deviceId = `dev-${gateway.sn}`;
    await server.database.db.insert(devices).values({
      id: deviceId,
      name: 'Boiler',
      gatewaySn: gateway.sn,
      productId: product.id,
      ownerAccountId: endUserId,
    });
    const at = server.clock.now() - 60_000;
    const report: ScriptReport = {
      ts: at + 1_000,
      configVersion: 1,
      scripts: [],
      writes: [
        {
          id: 'boot1-1',
          at,
          script: 'shutdownSequence',
          key: 'burnerCommand',
          value: 0,
          ok: true,
          code: null,
        },
        {
          id: 'boot1-2',
          at: at + 10,
          script: 'shutdownSequence',
          key: 'pumpCommand',
          value: 0,
          ok: false,
          code: '1715',
        },
      ],
    };
    const send = () =>
      server.runtime.link.handle({
        topic: upTopic(gateway.sn, 'script'),
        payload: Buffer.from(JSON.stringify(report)),
      });
    await send();
    await send(); // a report published again (no acknowledgement reached the gateway)

    const staff = await signedIn(server, (await buildAccount(server.database.db, 'operation')).username!);
    const answer = await postJson(server, staff, '/manage/equipment/log', {
      id: deviceId,
      start: at - 60_000,
      end: at + 60_000,
      kind: 'script-write',
    });
    expect(answer.code, answer.message).toBe('200');
    const list = (answer.data as { list: Array<Record<string, unknown>> }).list;
    expect(
      list.map((entry) => [entry.variable, entry.value, entry.status, entry.code, entry.detail]),
    ).toEqual([
      ['pumpCommand', 0, 'failure', '1715', 'shutdownSequence'],
      ['burnerCommand', 0, 'success', null, 'shutdownSequence'],
    ]);
    expect(list[0]).toMatchObject({
      kind: 'script-write',
      actorName: null,
      at: new Date(at + 10).toISOString(),
    });
  });
});
