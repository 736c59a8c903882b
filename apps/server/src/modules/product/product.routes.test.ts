import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBoilerModel } from '@lyyp/contracts/device-model';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import {
  TCP_DRIVER,
  closeTestServer,
  formFields,
  postJson,
  signIn,
} from '../device/catalogue-test-support.ts';

interface Product {
  id: string;
  title: string;
  status: string;
  modelVersion: number;
  ownerAccountId: string;
  note: string | null;
  model: { drivers: unknown[]; variables: Array<Record<string, unknown>> };
}

describe.each(databaseVariants())('product paths on $name', (variant) => {
  let server: TestServer;
  let developer: TestClient;
  let otherDeveloper: TestClient;
  let operator: TestClient;
  let terminal: TestClient;

  beforeAll(async () => {
    server = await startTestServer(variant);
    developer = (await signIn(server, 'developer')).client;
    otherDeveloper = (await signIn(server, 'developer')).client;
    operator = (await signIn(server, 'operation')).client;
    terminal = (await signIn(server, 'terminal')).client;
  });
  afterAll(async () => closeTestServer(server));

  const addProduct = async (client: TestClient, fields: Record<string, string | number> = {}) => {
    const answer = await client.call('POST', '/product/add', {
      title: 'Steam boiler',
      productModel: 'LY-BLR-2T',
      ...fields,
    });
    expect(answer.code).toBe('200');
    return answer.data as Product;
  };
  const productWithDriver = async (client = developer) => {
    const product = await addProduct(client);
    expect(
      (
        await client.call(
          'POST',
          '/product/driver/save',
          formFields({ productId: product.id, driver: TCP_DRIVER }),
        )
      ).code,
    ).toBe('200');
    return product;
  };
  const info = async (client: TestClient, id: string) =>
    (await client.call('POST', '/product/info', { id })).data as Product & { capacity: unknown };

  describe('products', () => {
    it('adds, edits, finds and lists a product of the caller', async () => {
      const product = await addProduct(developer, {
        note: 'two tonnes',
        latitude: '31.2',
        longitude: '121.5',
      });
      expect(product).toMatchObject({
        title: 'Steam boiler',
        status: 'development',
        modelVersion: 1,
        note: 'two tonnes',
        model: { drivers: [], variables: [] },
      });
      const edited = await developer.call('POST', '/product/edit', {
        id: product.id,
        title: 'Hot water boiler',
        note: '',
      });
      expect(edited.data).toMatchObject({ title: 'Hot water boiler', note: null, productModel: 'LY-BLR-2T' });

      const found = await developer.call('POST', '/product/query', { keyword: 'hot water' });
      expect(found.data).toMatchObject({
        total: 1,
        page: 1,
        pageSize: 10,
        list: [{ id: product.id, driverCount: 0, variableCount: 0 }],
      });
      expect(
        (await developer.call('POST', '/product/query', { keyword: 'LY-BLR', status: 'published' })).data,
      ).toMatchObject({ total: 0 });
      expect(await info(developer, product.id)).toMatchObject({
        id: product.id,
        capacity: { drivers: { used: 0, total: 16 }, variables: { used: 0, total: 1000 } },
      });
    });

    it('pages through products with the default page size of 10', async () => {
      const { client } = await signIn(server, 'developer');
      for (let index = 0; index < 12; index += 1) await addProduct(client, { title: `Pump ${index}` });
      const first = (await client.call('POST', '/product/query', {})).data as {
        list: Product[];
        total: number;
      };
      const second = (await client.call('POST', '/product/query', { page: 2 })).data as {
        list: Product[];
        total: number;
      };
      expect([first.list.length, second.list.length, first.total]).toEqual([10, 2, 12]);
      expect(new Set([...first.list, ...second.list].map((item) => item.id)).size).toBe(12);
    });

    it('shows each broken field rule and stores nothing', async () => {
      expect(await developer.call('POST', '/product/add', {})).toMatchObject({
        status: 400,
        code: '1001',
        data: { field: 'title' },
      });
      expect(await developer.call('POST', '/product/add', { title: '   ' })).toMatchObject({
        code: '1001',
        data: { field: 'title' },
      });
      const long = await developer.call('POST', '/product/add', { title: 'x'.repeat(21) });
      expect(long).toMatchObject({ code: '1137', message: 'title can have at most 20 characters' });
      expect(await developer.call('POST', '/product/add', { title: 'Boiler', latitude: '91' })).toMatchObject(
        { code: '1143', data: { field: 'latitude' } },
      );
      expect(await developer.call('POST', '/product/add', { title: 'Boiler', longitude: 999 })).toMatchObject(
        {
          code: '1142',
          data: { field: 'longitude' },
        },
      );
      // An image address is http(s) or a path on this site; bare words are not stored as one.
      for (const imgUrl of ['not a url', 'javascript:alert(1)', '//evil.example/a.png', 'ftp://x/a.png'])
        expect(
          await developer.call('POST', '/product/add', { title: 'Boiler', imgUrl }),
          imgUrl,
        ).toMatchObject({
          code: '1651',
          data: { field: 'imgUrl' },
        });
      for (const imgUrl of ['https://cdn.example.com/boiler.png', '/lyyp/developer/files/a.png', ''])
        expect((await developer.call('POST', '/product/add', { title: 'Boiler', imgUrl })).code, imgUrl).toBe(
          '200',
        );
      expect(
        await developer.call('POST', '/product/add', { title: 'Boiler', longitude: 'east' }),
      ).toMatchObject({ code: '1002', data: { field: 'longitude' } });
      expect(await developer.call('POST', '/product/info', {})).toMatchObject({
        code: '1001',
        data: { field: 'id' },
      });
    });

    it("answers another tenant's product exactly like a missing one", async () => {
      const product = await addProduct(developer);
      for (const [path, body] of [
        ['/product/info', { id: product.id }],
        ['/product/edit', { id: product.id, title: 'Mine now' }],
        ['/product/delete', { id: product.id }],
        ['/product/setPublish', { id: product.id }],
        ['/product/advance/copyProduct', { id: product.id }],
        ['/product/advance/exportProduct', { id: product.id }],
        ['/product/queryConifgResource', { id: product.id }],
        ['/product/driver/list', { productId: product.id }],
        ['/product/variable/list', { productId: product.id }],
      ] as const) {
        const foreign = await otherDeveloper.call('POST', path, body);
        const missing = await otherDeveloper.call('POST', path, {
          ...body,
          ...('id' in body ? { id: 'no-such-product' } : { productId: 'no-such-product' }),
        });
        expect(foreign, path).toMatchObject({ status: 404, code: '1003' });
        expect(foreign).toEqual(missing);
      }
      expect((await otherDeveloper.call('POST', '/product/query', {})).data).toMatchObject({ total: 0 });
      expect((await info(developer, product.id)).title).toBe('Steam boiler');
      expect((await info(operator, product.id)).id).toBe(product.id);
    });

    it('needs a session and the product permission codes', async () => {
      expect(await new TestClient(server).call('POST', '/product/query', {})).toMatchObject({
        status: 401,
        code: '1010',
      });
      expect(await terminal.call('POST', '/product/query', {})).toMatchObject({ status: 403, code: '1201' });
      expect(await terminal.call('POST', '/product/add', { title: 'Boiler' })).toMatchObject({
        code: '1201',
      });
      const { client: viewer } = await signIn(server, 'developer', { auths: 'manage:product:view' });
      expect((await viewer.call('POST', '/product/query', {})).code).toBe('200');
      expect(await viewer.call('POST', '/product/add', { title: 'Boiler' })).toMatchObject({ code: '1201' });
      expect(await viewer.call('POST', '/product/setPublish', { id: 'x' })).toMatchObject({ code: '1201' });
    });

    it('publishes and takes back; published products are offered to everyone for binding', async () => {
      const product = await addProduct(developer, { title: 'Chiller' });
      expect((await developer.call('POST', '/product/setPublish', { id: product.id })).data).toMatchObject({
        status: 'published',
      });
      const offered = (await terminal.call('POST', '/product/queryAll', {})).data as Product[];
      expect(offered.map((item) => item.id)).toContain(product.id);
      expect(offered.every((item) => item.status === 'published')).toBe(true);
      expect((await developer.call('POST', '/product/setDevelop', { id: product.id })).data).toMatchObject({
        status: 'development',
      });
      expect(
        ((await terminal.call('POST', '/product/queryAll', {})).data as Product[]).map((item) => item.id),
      ).not.toContain(product.id);
      const own = (await developer.call('POST', '/product/queryAll', { status: 'development' }))
        .data as Product[];
      expect(own.map((item) => item.id)).toContain(product.id);
    });

    it('copies a product with its model into a new product in development', async () => {
      const product = await productWithDriver();
      await developer.call('POST', '/product/setPublish', { id: product.id });
      const copy = (await developer.call('POST', '/product/advance/copyProduct', { id: product.id }))
        .data as Product;
      expect(copy).toMatchObject({
        title: 'Steam boiler copy',
        status: 'development',
        modelVersion: 1,
        model: { drivers: [{ key: 'plc' }] },
      });
      expect(copy.id).not.toBe(product.id);
      const named = (
        await developer.call('POST', '/product/advance/copyProduct', { id: product.id, title: 'Boiler B' })
      ).data as Product;
      expect(named.title).toBe('Boiler B');
      const byOperator = (await operator.call('POST', '/product/advance/copyProduct', { id: product.id }))
        .data as Product;
      expect(byOperator.ownerAccountId).not.toBe(product.ownerAccountId);
    });

    it('exports a product document that imports again as JSON, as form text and as a file', async () => {
      const source = (
        await postJson(server, developer, '/product/advance/importProduct', {
          title: 'Demo boiler',
          json: demoBoilerModel(),
        })
      ).data as Product;
      const exported = await developer.call('POST', '/product/advance/exportProduct', { id: source.id });
      expect(exported.data).toMatchObject({
        format: 'lyyp-product',
        version: 2,
        product: { title: 'Demo boiler' },
        model: demoBoilerModel(),
      });
      const text = JSON.stringify(exported.data);

      const asForm = await developer.call('POST', '/product/advance/importProduct', {
        json: text,
        note: 'imported',
      });
      expect(asForm.data).toMatchObject({
        title: 'Demo boiler',
        note: 'imported',
        status: 'development',
        model: demoBoilerModel(),
      });
      const asJson = await postJson(server, developer, '/product/advance/importProduct', {
        title: 'Renamed',
        productModel: 'X-1',
        json: exported.data,
      });
      expect(asJson.data).toMatchObject({ title: 'Renamed', productModel: 'X-1' });
    });

    it('refuses a broken product document with the field inside it', async () => {
      expect(
        await developer.call('POST', '/product/advance/importProduct', {
          title: 'Broken',
          json: '{"format": ',
        }),
      ).toMatchObject({ code: '1002', data: { field: 'json' } });
      expect(
        await developer.call('POST', '/product/advance/importProduct', {
          title: 'Broken',
          json: '{"format":"other"}',
        }),
      ).toMatchObject({ code: '1002', data: { field: 'json.format' } });
      const model = demoBoilerModel();
      model.variables[2] = { ...model.variables[2]!, address: '70000' };
      const broken = await postJson(server, developer, '/product/advance/importProduct', {
        title: 'Broken',
        json: model,
      });
      expect(broken).toMatchObject({ code: '99904', data: { field: 'json.model.variables.2.address' } });
      expect(
        await developer.call('POST', '/product/advance/importProduct', {
          json: JSON.stringify({ drivers: [], variables: [] }),
        }),
      ).toMatchObject({ code: '1001', data: { field: 'title' } });
    });

    it('deletes an unused product and refuses one a device uses', async () => {
      const unused = await addProduct(developer);
      expect((await developer.call('POST', '/product/delete', { id: unused.id })).code).toBe('200');
      expect((await developer.call('POST', '/product/info', { id: unused.id })).code).toBe('1003');

      const used = await addProduct(developer);
      await developer.call('POST', '/product/setPublish', { id: used.id });
      const [gateway] = (await operator.call('POST', '/gateway/batchAdd', { count: 1 })).data as Array<{
        sn: string;
        verificationCode: string;
      }>;
      const bound = await terminal.call('POST', '/equipment/add', {
        name: 'Boiler room',
        sn: gateway!.sn,
        verificationCode: gateway!.verificationCode,
        productId: used.id,
      });
      expect(bound.code).toBe('200');
      expect(await developer.call('POST', '/product/delete', { id: used.id })).toMatchObject({
        status: 409,
        code: '1514',
        data: { field: 'id' },
      });
      expect((await info(developer, used.id)).id).toBe(used.id);
    });
  });

  it('documents every catalogue path in the OpenAPI document with tags and a summary', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, { post?: { tags?: string[]; summary?: string } }>;
    }>();
    const catalogue = Object.entries(document.paths).filter(([path]) =>
      /\/(product|gateway|equipment)\//.test(path),
    );
    expect(catalogue.length).toBeGreaterThanOrEqual(38);
    for (const [path, operations] of catalogue) {
      expect(operations.post?.tags?.length, path).toBeGreaterThan(0);
      expect(operations.post?.summary, path).toBeTruthy();
    }
  });
});
