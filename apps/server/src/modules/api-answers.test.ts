/**
 * Every answer of the catalogue, device, command and designer paths, as a real request gets it, is
 * exactly the contract's shape (`@lyyp/contracts`, src/api/): parsing it with the contract schema
 * neither fails nor drops a field. The console is typed by these schemas, so a field the server
 * stops sending, renames or adds without the contract breaks here first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CommandReplySchema,
  DeviceDetailSchema,
  DeviceGroupsSchema,
  DevicePageSchema,
  DeviceRecordSchema,
  DeviceVariablesSchema,
  DriverListSchema,
  GatewayCreatedSchema,
  GatewayCredentialsSchema,
  GatewayDeleteAnswerSchema,
  GatewayDetailSchema,
  GatewayPageSchema,
  LoadedPageSchema,
  ModelChangeSchema,
  OpenedPageSchema,
  PageListSchema,
  PageSavedSchema,
  PageSummarySchema,
  ProductCapacitySchema,
  ProductDetailSchema,
  ProductDocumentSchema,
  ProductPageSchema,
  ProductRecordSchema,
  SelectableProductSchema,
  VariableCopyAnswerSchema,
  VariableListSchema,
} from '@lyyp/contracts';
import { databaseVariants, startTestServer, type TestClient, type TestServer } from '../test/test-server.ts';
import {
  TCP_DRIVER,
  closeTestServer,
  formFields,
  holdingVariable,
  postJson,
  signIn,
} from './device/catalogue-test-support.ts';
import { emptyBinds, pageSettings, rectWidget } from './designer/designer-test-support.ts';

type Answer = { code?: string; message?: string; data?: unknown };

/** The answer's data, checked to be exactly what the schema describes. */
function expectShape<Schema extends z.ZodType>(schema: Schema, answer: Answer): z.output<Schema> {
  expect(answer.code, answer.message).toBe('200');
  const parsed = schema.safeParse(answer.data);
  expect(parsed.error?.issues ?? []).toEqual([]);
  // Parsing drops fields the schema does not know: an answer with more than the contract differs.
  expect(parsed.data).toEqual(answer.data);
  return parsed.data as z.output<Schema>;
}

describe.each(databaseVariants())('answers match the contract on $name', (variant) => {
  let server: TestServer;
  let developer: TestClient;
  let operator: TestClient;
  let owner: TestClient;

  beforeAll(async () => {
    server = await startTestServer(variant);
    developer = (await signIn(server, 'developer')).client;
    operator = (await signIn(server, 'operation')).client;
    owner = (await signIn(server, 'terminal')).client;
  });
  afterAll(async () => closeTestServer(server));

  it('of products, drivers, variables, gateways, devices, commands and pages', async () => {
    const post = (client: TestClient, path: string, body?: Record<string, unknown>) =>
      client.call('POST', path, body ? formFields(body) : undefined);

    // Products and their model
    const product = expectShape(
      ProductRecordSchema,
      await post(developer, '/product/add', { title: 'Steam boiler', productModel: 'LY-1' }),
    );
    const productId = product.id;
    expectShape(
      ProductRecordSchema,
      await post(developer, '/product/edit', { id: productId, note: 'Two tons' }),
    );
    expectShape(
      ModelChangeSchema,
      await post(developer, '/product/driver/save', { productId, driver: TCP_DRIVER }),
    );
    expectShape(
      ModelChangeSchema,
      await postJson(server, developer, '/product/variable/add', {
        productId,
        variable: holdingVariable('pressure', 0, { readWrite: 'read-write' }),
      }),
    );
    expectShape(
      VariableCopyAnswerSchema,
      await post(developer, '/product/variable/copy', { productId, key: 'pressure' }),
    );
    expectShape(DriverListSchema, await post(developer, '/product/driver/list', { productId }));
    expectShape(VariableListSchema, await post(developer, '/product/variable/list', { productId }));
    expectShape(ProductDetailSchema, await post(developer, '/product/info', { id: productId }));
    expectShape(
      ProductCapacitySchema,
      await post(developer, '/product/queryConifgResource', { id: productId }),
    );
    expectShape(
      ProductDocumentSchema,
      await post(developer, '/product/advance/exportProduct', { id: productId }),
    );
    expectShape(ProductRecordSchema, await post(developer, '/product/setPublish', { id: productId }));
    const page = expectShape(ProductPageSchema, await post(developer, '/product/query', {}));
    expect(page.list.map((item) => item.id)).toContain(productId);
    expectShape(SelectableProductSchema.array(), await post(owner, '/product/queryAll', {}));

    // Gateways
    const [created] = expectShape(
      GatewayCreatedSchema.array(),
      await post(operator, '/gateway/batchAdd', { count: 2 }),
    );
    const sn = created!.sn;
    expectShape(GatewayPageSchema, await post(operator, '/gateway/query', { sn }));
    expectShape(GatewayCredentialsSchema, await post(operator, '/gateway/credentials', { sn }));

    // Devices
    const device = expectShape(
      DeviceRecordSchema,
      await post(owner, '/equipment/add', {
        name: 'Boiler 1',
        sn,
        verificationCode: created!.verificationCode,
        productId,
        groupName: 'Plant A',
      }),
    );
    expectShape(GatewayDetailSchema, await post(operator, '/gateway/info', { sn }));
    expectShape(DevicePageSchema, await post(owner, '/equipment/query', {}));
    expectShape(DeviceGroupsSchema, await post(owner, '/equipment/groups'));
    expectShape(DeviceDetailSchema, await post(owner, '/equipment/info', { id: device.id }));
    expectShape(
      DeviceRecordSchema,
      await post(owner, '/equipment/edit', { id: device.id, remark: 'Boiler house' }),
    );
    expectShape(DeviceVariablesSchema, await post(owner, '/equipment/variables', { id: device.id }));

    // Commands: the gateway is offline, so the reply is final at once; the callback answers it again.
    const write = expectShape(
      CommandReplySchema,
      await post(owner, '/equipment/command/write', { equipmentId: device.id, key: 'pressure', value: 5 }),
    );
    expectShape(
      CommandReplySchema,
      await post(owner, '/equipment/command/read', { equipmentId: device.id, key: 'pressure' }),
    );
    expectShape(
      CommandReplySchema,
      await post(owner, '/bluetooth/equipment/multi/callback', { uuid: write.uuid }),
    );

    // Designer pages, for the developer and for the device's owner
    const main = expectShape(
      PageSummarySchema,
      await post(developer, '/product/page/add', { productId, title: 'Overview' }),
    );
    const child = expectShape(
      PageSummarySchema,
      await post(developer, '/product/page/add', { productId, title: 'Popup', kind: 'child' }),
    );
    expectShape(
      PageSummarySchema,
      await post(developer, '/product/page/rename', { id: main.id, title: 'Main' }),
    );
    const copy = expectShape(PageSummarySchema, await post(developer, '/product/page/copy', { id: main.id }));
    expectShape(
      PageListSchema,
      await post(developer, '/product/page/setKind', { id: child.id, kind: 'main' }),
    );
    expectShape(PageListSchema, await post(developer, '/product/page/setStart', { id: child.id }));
    expectShape(PageListSchema, await post(developer, '/product/page/delete', { id: copy.id }));
    expectShape(PageListSchema, await post(developer, '/product/page/list', { productId }));
    const loaded = expectShape(
      LoadedPageSchema,
      await post(developer, '/product/page/load', { id: main.id }),
    );
    expectShape(
      PageSavedSchema,
      await postJson(server, developer, '/product/page/save', {
        id: main.id,
        version: loaded.version,
        con: pageSettings(),
        widgets: [rectWidget('a')],
        bind: emptyBinds,
      }),
    );
    expectShape(PageListSchema, await post(owner, '/equipment/page/list', { equipmentId: device.id }));
    expectShape(
      OpenedPageSchema,
      await post(owner, '/equipment/page/open', { equipmentId: device.id, pageId: main.id }),
    );

    // Unbinding and deleting
    expectShape(GatewayDeleteAnswerSchema, await post(operator, '/gateway/delete', { sns: [sn] }));
    expect(await post(owner, '/equipment/delete', { id: device.id })).toMatchObject({
      code: '200',
      data: null,
    });
    expect(await post(operator, '/gateway/editRemark', { sn, remark: 'Spare' })).toMatchObject({
      code: '200',
      data: null,
    });
  });

  it('shows each answer schema inside the envelope in the OpenAPI document', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, { post?: { responses?: Record<string, unknown> } }>;
    }>();
    const dataOf = (path: string) =>
      (
        document.paths[`/lyyp/developer${path}`]?.post?.responses?.['200'] as
          { content?: { 'application/json'?: { schema?: { properties?: { data?: unknown } } } } } | undefined
      )?.content?.['application/json']?.schema?.properties?.data as
        { properties?: Record<string, unknown>; type?: string; items?: unknown } | undefined;
    expect(Object.keys(dataOf('/product/query')?.properties ?? {})).toEqual([
      'list',
      'total',
      'page',
      'pageSize',
    ]);
    expect(dataOf('/product/info')?.properties).toHaveProperty('capacity');
    expect(dataOf('/gateway/info')?.properties).toHaveProperty('slaveCounters');
    expect(dataOf('/equipment/info')?.properties).toHaveProperty('gateway');
    expect(dataOf('/equipment/groups')?.type).toBe('array');
    expect(dataOf('/history/curve')?.properties).toHaveProperty('series');
    expect(dataOf('/equipment/command/write')?.properties).toHaveProperty('uuid');
    expect(dataOf('/product/page/load')?.properties).toHaveProperty('summary');
  });
});
