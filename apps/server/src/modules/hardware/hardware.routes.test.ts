import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_HARDWARE_MODEL_ID,
  DEFAULT_MODEL_CAPACITY,
  hardwareModelPageSchema,
  hardwareModelSchema,
  type ModelAddBody,
} from '@lyyp/contracts/hardware';
import { gateways } from '../../db/schema/index.ts';
import { buildAccount, buildGateway } from '../../test/factories.ts';
import {
  databaseVariants,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/test-server.ts';
import { alarmFixture, signedIn } from '../alarm/alarm-test-support.ts';
import { postJson, TCP_DRIVER } from '../device/catalogue-test-support.ts';

const FEATURES = { cellular: true, wifi: true, gps: false, baseStation: true, serialPorts: 2, lanPorts: 1 };

describe.each(databaseVariants())('hardware models and capacity on $name', (variant) => {
  let server: TestServer;
  let staff: TestClient;
  let fixture: Awaited<ReturnType<typeof alarmFixture>>;

  const call = async (client: TestClient, path: string, body: unknown) =>
    postJson(server, client, path, body);
  const okData = async (client: TestClient, path: string, body: unknown) => {
    const answer = await call(client, path, body);
    expect(answer.code, answer.message).toBe('200');
    return answer.data as Record<string, unknown>;
  };
  const smallModel = (name: string, capacity: Partial<ModelAddBody['capacity']> = {}): ModelAddBody => ({
    name,
    description: 'Two serial ports, 4G',
    capacity: { ...DEFAULT_MODEL_CAPACITY, ...capacity },
    features: FEATURES,
  });

  beforeAll(async () => {
    server = await startTestServer(variant, { REPORT_SWEEP_INTERVAL_MS: '0', ALARM_SWEEP_INTERVAL_MS: '0' });
    const operator = await buildAccount(server.database.db, 'operation');
    staff = await signedIn(server, operator.username!);
    fixture = await alarmFixture(server);
  });
  afterAll(async () => server.close());

  it('lists the built-in model first, with its users, and refuses to delete it', async () => {
    const page = hardwareModelPageSchema.parse(await okData(staff, '/model/query', {}));
    expect(page.list[0]).toMatchObject({
      id: DEFAULT_HARDWARE_MODEL_ID,
      builtIn: true,
      capacity: DEFAULT_MODEL_CAPACITY,
    });
    expect(page.list[0]!.gatewayCount).toBeGreaterThanOrEqual(1);
    expect(await call(staff, '/model/delete', { id: DEFAULT_HARDWARE_MODEL_ID })).toMatchObject({
      code: '2452',
    });
  });

  it('adds and edits models with a unique name, checked fields, and only with the permission', async () => {
    const added = hardwareModelSchema.parse(await okData(staff, '/model/add', smallModel('EG-100')));
    expect(added).toMatchObject({
      name: 'EG-100',
      builtIn: false,
      gatewayCount: 0,
      productCount: 0,
      features: FEATURES,
    });
    expect(await call(staff, '/model/add', smallModel('EG-100'))).toMatchObject({
      code: '2451',
      data: { field: 'name' },
    });
    expect(await call(staff, '/model/add', smallModel(' '))).toMatchObject({
      code: '1001',
      data: { field: 'name' },
    });
    expect(await call(staff, '/model/add', smallModel('EG-0', { drivers: 0 }))).toMatchObject({
      code: '1002',
      data: { field: 'capacity.drivers' },
    });
    // Developers read models (their product form picks one) but do not keep them.
    expect(await call(fixture.developerClient, '/model/add', smallModel('EG-dev'))).toMatchObject({
      code: '1201',
    });
    const options = (await okData(fixture.developerClient, '/model/queryAll', {})) as unknown as Array<{
      name: string;
    }>;
    expect(options.map((option) => option.name)).toContain('EG-100');

    const edited = await okData(staff, '/model/edit', { ...smallModel('EG-101'), id: added.id });
    expect(edited).toMatchObject({ id: added.id, name: 'EG-101' });
    expect(await okData(staff, '/model/info', { id: added.id })).toMatchObject({ name: 'EG-101' });
    expect(await call(staff, '/model/info', { id: 'missing' })).toMatchObject({ code: '1003' });
    expect(await call(staff, '/model/query', { name: 'EG-10' })).toMatchObject({ data: { total: 1 } });
  });

  it('takes every capacity of a product from the model its modelId names', async () => {
    const { product, developerClient } = fixture;
    const drivers = product.model.drivers.length;
    const variables = product.model.variables.length;
    const model = hardwareModelSchema.parse(
      await okData(
        staff,
        '/model/add',
        smallModel('EG-S', { drivers, variables, reports: 1, alarms: 1, scripts: 1 }),
      ),
    );
    expect(
      await call(developerClient, '/product/edit', { id: product.id, modelId: 'no-such-model' }),
    ).toMatchObject({
      code: '2454',
      data: { field: 'modelId' },
    });
    await okData(developerClient, '/product/edit', { id: product.id, modelId: model.id });

    expect(await okData(developerClient, '/product/queryConifgResource', { id: product.id })).toMatchObject({
      drivers: { used: drivers, total: drivers },
      variables: { used: variables, total: variables },
      scripts: { total: 1 },
    });
    // One driver more than the model carries: 1510 with used/total.
    expect(
      await call(developerClient, '/product/driver/save', {
        productId: product.id,
        driver: { ...TCP_DRIVER, key: 'extra', slaveId: 9 },
      }),
    ).toMatchObject({ code: '1510' });
    expect(await okData(developerClient, '/report/list', { productId: product.id })).toMatchObject({
      capacity: { used: 0, total: 1 },
    });
    expect(await okData(developerClient, '/alarm/rule/list', { productId: product.id })).toMatchObject({
      capacity: { total: 1 },
    });
    expect(await okData(developerClient, '/product/script/list', { productId: product.id })).toMatchObject({
      capacity: { total: 1 },
    });

    // A number below what the product holds is refused; a model in use cannot be deleted.
    expect(
      await call(staff, '/model/edit', {
        ...smallModel('EG-S', { drivers, variables: variables - 1 }),
        id: model.id,
      }),
    ).toMatchObject({ code: '2455', data: { field: 'capacity.variables' } });
    expect(await call(staff, '/model/delete', { id: model.id })).toMatchObject({ code: '2453' });

    // Back on the built-in model: its numbers again, and the model may go.
    await okData(developerClient, '/product/edit', { id: product.id, modelId: null });
    expect(await okData(developerClient, '/product/queryConifgResource', { id: product.id })).toMatchObject({
      drivers: { total: DEFAULT_MODEL_CAPACITY.drivers },
    });
    await okData(staff, '/model/delete', { id: model.id });
    expect(await call(staff, '/model/info', { id: model.id })).toMatchObject({ code: '1003' });
  });

  it('gives gateways a model by reference and answers the model of a gateway the caller may see', async () => {
    const model = hardwareModelSchema.parse(await okData(staff, '/model/add', smallModel('EG-GW')));
    const created = (await okData(staff, '/gateway/batchAdd', {
      count: 1,
      hardwareModelId: model.id,
    })) as unknown as Array<{ sn: string }>;
    const sn = created[0]!.sn;
    expect(await okData(staff, '/gateway/info', { sn })).toMatchObject({
      hardwareModelId: model.id,
      hardwareModel: 'EG-GW',
    });
    expect(await call(staff, '/gateway/batchAdd', { count: 1, hardwareModelId: 'nope' })).toMatchObject({
      code: '2454',
      data: { field: 'hardwareModelId' },
    });
    expect(await okData(staff, '/model/queryBySn', { sn })).toMatchObject({ id: model.id, gatewayCount: 1 });
    expect(await call(staff, '/model/delete', { id: model.id })).toMatchObject({ code: '2453' });

    // The device's gateway runs the built-in model; another tenant's gateway looks missing.
    expect(await okData(staff, '/model/queryBySn', { sn: fixture.gateway.sn })).toMatchObject({
      id: DEFAULT_HARDWARE_MODEL_ID,
    });
    const foreign = await buildGateway(server.database.db);
    expect(await call(fixture.developerClient, '/model/queryBySn', { sn: foreign.sn })).toMatchObject({
      code: '1003',
    });

    // The agent reporting a hardware name the platform knows moves the gateway to that model.
    await server.runtime.runtime.updateGateway(foreign.sn, { hardwareModel: 'EG-GW' });
    const [row] = await server.database.db.select().from(gateways).where(eq(gateways.sn, foreign.sn));
    expect(row?.hardwareModelId).toBe(model.id);
    await server.runtime.runtime.updateGateway(foreign.sn, { hardwareModel: 'Unknown-9' });
    const [after] = await server.database.db.select().from(gateways).where(eq(gateways.sn, foreign.sn));
    expect(after?.hardwareModelId).toBe(model.id);
  });
});
