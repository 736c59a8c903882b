import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBoilerModel } from '@lyyp/contracts/device-model';
import {
  databaseVariants,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/test-server.ts';
import {
  TCP_DRIVER,
  closeTestServer,
  formFields,
  holdingVariable,
  postJson,
  postMultipart,
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

describe.each(databaseVariants())('driver and variable paths on $name', (variant) => {
  let server: TestServer;
  let developer: TestClient;
  let terminal: TestClient;

  beforeAll(async () => {
    server = await startTestServer(variant);
    developer = (await signIn(server, 'developer')).client;
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

  it('saves drivers and variables from form fields and raises the version each time', async () => {
    const product = await productWithDriver();
    const variable = holdingVariable('temperature', 100, {
      unit: '℃',
      decimals: 1,
      collectionFormula: 'x / 10',
      writeFormula: 'x * 10',
      writeLowerLimit: 0,
      writeUpperLimit: 90,
      stateMapping: [
        { value: 0, text: 'cold' },
        { value: 1, text: 'warm' },
      ],
      writePermission: false,
    });
    const added = await developer.call(
      'POST',
      '/product/variable/add',
      formFields({ productId: product.id, variable }),
    );
    expect(added.data).toMatchObject({
      productId: product.id,
      modelVersion: 3,
      capacity: { drivers: { used: 1 }, variables: { used: 1, total: 1000 } },
    });
    const stored = (await info(developer, product.id)).model.variables[0];
    expect(stored).toMatchObject({
      address: '100',
      decimals: 1,
      writeUpperLimit: 90,
      writePermission: false,
      stateMapping: [
        { value: 0, text: 'cold' },
        { value: 1, text: 'warm' },
      ],
    });

    const edited = await developer.call(
      'POST',
      '/product/variable/edit',
      formFields({
        productId: product.id,
        key: 'temperature',
        variable: { ...variable, key: 'waterTemperature' },
      }),
    );
    expect(edited.data).toMatchObject({ modelVersion: 4 });
    const copied = await developer.call('POST', '/product/variable/copy', {
      productId: product.id,
      key: 'waterTemperature',
    });
    expect(copied.data).toMatchObject({ modelVersion: 5, variable: { key: 'waterTemperature_copy' } });
    const listed = await developer.call('POST', '/product/variable/list', {
      productId: product.id,
      keyword: 'copy',
    });
    expect(listed.data).toMatchObject({
      total: 1,
      capacity: { used: 2, total: 1000 },
      list: [{ key: 'waterTemperature_copy' }],
    });
    const deleted = await developer.call(
      'POST',
      '/product/variable/delete',
      formFields({ productId: product.id, keys: ['waterTemperature', 'waterTemperature_copy'] }),
    );
    expect(deleted.data).toMatchObject({ modelVersion: 6, capacity: { variables: { used: 0 } } });
    expect(
      (await developer.call('POST', '/product/driver/list', { productId: product.id })).data,
    ).toMatchObject({ list: [{ key: 'plc', port: 502 }], capacity: { used: 1, total: 16 } });
    expect(
      (await developer.call('POST', '/product/driver/delete', { productId: product.id, key: 'plc' })).data,
    ).toMatchObject({ modelVersion: 7 });
  });

  it('names the field of each broken variable rule', async () => {
    const product = await productWithDriver();
    const add = (patch: Record<string, unknown>) =>
      developer.call(
        'POST',
        '/product/variable/add',
        formFields({ productId: product.id, variable: { ...holdingVariable('level', 5), ...patch } }),
      );
    expect(await add({ address: '' })).toMatchObject({
      code: '99904',
      data: { field: 'variable.address' },
    });
    expect(await add({ address: '40001', addressType: 'plc', registerType: 'input-register' })).toMatchObject(
      { code: '99904', data: { field: 'variable.address' } },
    );
    expect(await add({ collectionLowerLimit: 10, collectionUpperLimit: 10 })).toMatchObject({
      code: '1002',
      data: { field: 'variable.collectionUpperLimit' },
    });
    expect(await add({ dataType: 'float', registerType: 'coil' })).toMatchObject({
      code: '1722',
      data: { field: 'variable.dataType' },
    });
    expect(await add({ registerType: 'input-register', readWrite: 'read-write' })).toMatchObject({
      code: '99905',
      data: { field: 'variable.readWrite' },
    });
    expect(await add({ key: '9lives' })).toMatchObject({ code: '1002', data: { field: 'variable.key' } });
    expect(await add({ name: '' })).toMatchObject({ code: '1001', data: { field: 'variable.name' } });
    expect(await add({ collectionFormula: 'x'.repeat(201) })).toMatchObject({
      code: '1137',
      data: { field: 'variable.collectionFormula' },
    });
    const formula = await add({ collectionFormula: 'x +* 2' });
    expect(formula).toMatchObject({ code: '1508', data: { field: 'variable.collectionFormula' } });
    expect(formula.message).toMatch(/^Formula wrong: .*column 4/);
    expect(
      await add({
        stateMapping: [
          { value: 1, text: 'on' },
          { value: 1, text: 'again' },
        ],
      }),
    ).toMatchObject({ code: '1002', data: { field: 'variable.stateMapping.1.value' } });
    expect(await add({ driverKey: 'elsewhere' })).toMatchObject({
      code: '1002',
      data: { field: 'variable.driverKey' },
    });
    expect(await add({ decimals: 'two' })).toMatchObject({
      code: '1002',
      data: { field: 'variable.decimals' },
    });
    expect(
      await developer.call(
        'POST',
        '/product/driver/save',
        formFields({
          productId: product.id,
          driver: { ...TCP_DRIVER, key: 'second', host: 'not a host!' },
        }),
      ),
    ).toMatchObject({ code: '1002', data: { field: 'driver.host' } });
    expect(
      await developer.call(
        'POST',
        '/product/driver/save',
        formFields({ productId: product.id, driver: { ...TCP_DRIVER, slaveId: 300 } }),
      ),
    ).toMatchObject({ code: '1002', data: { field: 'driver.slaveId' } });
    expect((await info(developer, product.id)).modelVersion).toBe(2);
  });

  it('needs the product edit permission to change a model, and view to read it', async () => {
    const product = await productWithDriver();
    const variable = formFields({ productId: product.id, variable: holdingVariable('level', 1) });
    expect(await terminal.call('POST', '/product/variable/add', variable)).toMatchObject({
      status: 403,
      code: '1201',
    });
    expect(await terminal.call('POST', '/product/variable/list', { productId: product.id })).toMatchObject({
      code: '1201',
    });
    const { client: reader } = await signIn(server, 'developer', { auths: 'manage:product:view' });
    expect(await reader.call('POST', '/product/variable/add', variable)).toMatchObject({ code: '1201' });
    expect(await reader.call('POST', '/product/variable/export', { productId: product.id })).toMatchObject({
      code: '1003',
    });
    expect((await info(developer, product.id)).modelVersion).toBe(2);
  });

  it('exports variables as XLSX and CSV that import again unchanged', async () => {
    const source = (
      await postJson(server, developer, '/product/advance/importProduct', {
        title: 'Demo boiler',
        json: demoBoilerModel(),
      })
    ).data as Product;
    for (const format of ['xlsx', 'csv'] as const) {
      const exported = await postJson(server, developer, '/product/variable/export', {
        productId: source.id,
        format,
      });
      expect(exported.status).toBe(200);
      expect(String(exported.headers['content-disposition'])).toContain(`variables.${format}`);
      const target = (
        await postJson(server, developer, '/product/advance/importProduct', {
          title: 'Empty',
          json: { drivers: demoBoilerModel().drivers, variables: [] },
        })
      ).data as Product;
      const imported = await developer.call('POST', '/product/variable/import', {
        productId: target.id,
        file: exported.raw.toString('base64'),
        mode: 'replace',
      });
      expect(imported.data, format).toMatchObject({
        imported: demoBoilerModel().variables.length,
        modelVersion: 2,
      });
      expect((await info(developer, target.id)).model.variables, format).toEqual(demoBoilerModel().variables);
    }
  });

  it('takes a variable sheet and a product document as multipart uploads', async () => {
    const document = JSON.stringify({ drivers: demoBoilerModel().drivers, variables: [] });
    const created = await postMultipart(
      server,
      developer,
      '/product/advance/importProduct',
      { title: 'Uploaded', note: 'by file' },
      { field: 'json', name: 'boiler.json', bytes: Buffer.from(document) },
    );
    expect(created).toMatchObject({ code: '200', data: { title: 'Uploaded', note: 'by file' } });
    const productId = (created.data as Product).id;
    const csv = [
      'key,name,driverKey,address,registerType,dataType',
      'a1,A1,boiler,1,holding-register,short',
    ].join('\n');
    const imported = await postMultipart(
      server,
      developer,
      '/product/variable/import',
      { productId, mode: 'replace' },
      { field: 'file', name: 'variables.csv', bytes: Buffer.from(csv) },
    );
    expect(imported).toMatchObject({ code: '200', data: { imported: 1, modelVersion: 2 } });
    const missing = await postMultipart(
      server,
      developer,
      '/product/variable/import',
      { mode: 'replace' },
      { field: 'file', name: 'variables.csv', bytes: Buffer.from(csv) },
    );
    expect(missing).toMatchObject({ code: '1001', data: { field: 'productId' } });
  });

  it('reads Chinese or English headers and labels, merging by key', async () => {
    const product = await productWithDriver();
    await developer.call(
      'POST',
      '/product/variable/add',
      formFields({ productId: product.id, variable: holdingVariable('pressure', 1) }),
    );
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('变量');
    sheet.addRow([
      '名称',
      'Key',
      '驱动',
      '寄存器地址',
      'Register type',
      '数据类型',
      '读写类型',
      '状态映射',
      'Write permission',
    ]);
    sheet.addRow([
      '压力',
      'pressure',
      'plc',
      '40002',
      '保持寄存器 (4x)',
      '16位有符号',
      '读写',
      '0=停止;1=运行',
      '否',
    ]);
    sheet.addRow(['Flow', 'flow', 'plc', 3, 'holding-register', 'Float', 'read-only', '', 'Yes']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const imported = await developer.call('POST', '/product/variable/import', {
      productId: product.id,
      file,
    });
    expect(imported.data).toMatchObject({ imported: 2, capacity: { variables: { used: 2 } } });
    const variables = (await info(developer, product.id)).model.variables;
    expect(variables).toMatchObject([
      {
        key: 'pressure',
        name: '压力',
        address: '40002',
        dataType: 'short',
        readWrite: 'read-write',
        writePermission: false,
        stateMapping: [
          { value: 0, text: '停止' },
          { value: 1, text: '运行' },
        ],
      },
      { key: 'flow', address: '3', dataType: 'float', writePermission: true },
    ]);
  });

  it('refuses a sheet with a bad row by its row number and imports nothing', async () => {
    const product = await productWithDriver();
    const csv = [
      'key,name,driverKey,address,registerType,dataType',
      'a1,A1,plc,1,holding-register,short',
      'a2,A2,plc,70000,holding-register,short',
      'a3,A3,plc,3,holding-register,short',
    ].join('\n');
    const bad = await developer.call('POST', '/product/variable/import', {
      productId: product.id,
      file: Buffer.from(csv).toString('base64'),
    });
    expect(bad).toMatchObject({ code: '99904', data: { field: 'rows.3.address' } });
    const repeated = [
      'key,name,driverKey,address,registerType,dataType',
      'a1,A1,plc,1,holding-register,short',
      'a1,Again,plc,2,holding-register,short',
    ].join('\n');
    expect(
      await developer.call('POST', '/product/variable/import', {
        productId: product.id,
        file: Buffer.from(repeated).toString('base64'),
      }),
    ).toMatchObject({ code: '1002', data: { field: 'rows.3.key' } });
    const formula = [
      'key,name,driverKey,address,registerType,dataType,采集公式',
      'a1,A1,plc,1,holding-register,short,x/',
      '',
    ].join('\n');
    expect(
      await developer.call('POST', '/product/variable/import', {
        productId: product.id,
        file: Buffer.from(formula).toString('base64'),
      }),
    ).toMatchObject({ code: '1508', data: { field: 'rows.2.collectionFormula' } });
    const headless = ['name,address', 'A1,1'].join('\n');
    expect(
      await developer.call('POST', '/product/variable/import', {
        productId: product.id,
        file: Buffer.from(headless).toString('base64'),
      }),
    ).toMatchObject({ code: '1001', data: { field: 'header.key' } });
    const after = await info(developer, product.id);
    expect([after.modelVersion, after.model.variables.length]).toEqual([2, 0]);
  });
});
