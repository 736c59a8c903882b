import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueError } from '@lyyp/contracts';
import { demoBoilerModel, type Variable } from '@lyyp/contracts/device-model';
import type { AccountRow } from '../account/account.repository.ts';
import {
  TCP_DRIVER,
  callerFor,
  createTestAccount,
  holdingVariable,
  openCatalogueFixture,
  type CatalogueFixture,
} from '../device/catalogue-test-support.ts';
import { databaseVariants } from '../../test/test-server.ts';
import { variableSchema, driverSchema } from '@lyyp/contracts/device-model';

/** The catalogue code and field a failed call answered with. */
async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CatalogueError)
      return { code: error.code, field: error.params?.field, params: error.params };
    throw error;
  }
  throw new Error('expected a catalogue error');
}

const variable = (
  key: string,
  address: number,
  patch: Parameters<typeof holdingVariable>[2] = {},
): Variable => variableSchema.parse(holdingVariable(key, address, patch));

describe.each(databaseVariants())('product model changes on $name', (variant) => {
  let fixture: CatalogueFixture;
  let developer: AccountRow;

  beforeAll(async () => {
    fixture = await openCatalogueFixture(variant);
    developer = await createTestAccount(fixture.accounts, 'developer');
  });
  afterAll(async () => fixture.close());

  const services = () => fixture.catalogue.services;
  const newProduct = async (title = 'Boiler') => services().products.add(callerFor(developer), { title });
  const withDriver = async () => {
    const product = await newProduct();
    await services().models.saveDriver(callerFor(developer), product.id, driverSchema.parse(TCP_DRIVER));
    return product;
  };

  it('raises the model version at every change and tells the runtime which product changed', async () => {
    const product = await withDriver();
    expect(product.modelVersion).toBe(1);
    const before = fixture.modelChanges.length;
    const added = await services().models.addVariable(
      callerFor(developer),
      product.id,
      variable('temperature', 100),
    );
    expect(added.modelVersion).toBe(3);
    const edited = await services().models.editVariable(
      callerFor(developer),
      product.id,
      'temperature',
      variable('temperature', 101, { unit: '℃' }),
    );
    expect(edited.modelVersion).toBe(4);
    expect(edited.model.variables[0]).toMatchObject({ address: '101', unit: '℃' });
    expect(fixture.modelChanges.slice(before)).toEqual([product.id, product.id]);
  });

  it('keeps every one of many simultaneous changes (no lost update)', async () => {
    const product = await withDriver();
    await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        services().models.addVariable(callerFor(developer), product.id, variable(`v${index}`, index)),
      ),
    );
    const stored = await services().products.info(callerFor(developer), product.id);
    expect(stored.model.variables.map((item) => item.key).sort()).toEqual([
      'v0',
      'v1',
      'v2',
      'v3',
      'v4',
      'v5',
    ]);
    expect(stored.modelVersion).toBe(2 + 6);
  });

  it('names the field of a broken rule, in the request terms, and stores nothing', async () => {
    const product = await withDriver();
    await services().models.addVariable(callerFor(developer), product.id, variable('pressure', 10));
    const versionBefore = (await services().products.info(callerFor(developer), product.id)).modelVersion;
    const changesBefore = fixture.modelChanges.length;
    const caller = callerFor(developer);

    expect(
      await failureOf(services().models.addVariable(caller, product.id, variable('pressure', 11))),
    ).toMatchObject({ code: '1002', field: 'variable.key' });
    expect(
      await failureOf(
        services().models.addVariable(caller, product.id, variable('flow', 12, { driverKey: 'nowhere' })),
      ),
    ).toMatchObject({
      code: '1002',
      field: 'variable.driverKey',
    });
    const formula = await failureOf(
      services().models.addVariable(
        caller,
        product.id,
        variable('level', 13, { collectionFormula: 'x * (2' }),
      ),
    );
    expect(formula).toMatchObject({ code: '1508', field: 'variable.collectionFormula' });
    expect(String(formula.params?.detail)).toMatch(/never closed/);
    expect(
      await failureOf(
        services().models.addVariable(caller, product.id, variable('speed', 14, { writeFormula: 'y + 1' })),
      ),
    ).toMatchObject({
      code: '1508',
      field: 'variable.writeFormula',
    });
    const chinese = await failureOf(
      services().models.addVariable(
        callerFor(developer, 'zh-CN'),
        product.id,
        variable('level', 13, { collectionFormula: 'x * (2' }),
      ),
    );
    expect(String(chinese.params?.detail)).toMatch(/缺少对应/);

    const after = await services().products.info(caller, product.id);
    expect(after.modelVersion).toBe(versionBefore);
    expect(after.model.variables.map((item) => item.key)).toEqual(['pressure']);
    expect(fixture.modelChanges.length).toBe(changesBefore);
  });

  it('refuses a driver beyond the built-in model’s capacity of 16 with 1510', async () => {
    const product = await newProduct();
    for (let index = 0; index < 16; index += 1) {
      await services().models.saveDriver(
        callerFor(developer),
        product.id,
        driverSchema.parse({ ...TCP_DRIVER, key: `plc${index}`, slaveId: index + 1 }),
      );
    }
    expect(
      await failureOf(
        services().models.saveDriver(
          callerFor(developer),
          product.id,
          driverSchema.parse({ ...TCP_DRIVER, key: 'plc16' }),
        ),
      ),
    ).toMatchObject({ code: '1510' });
    expect(await services().products.configResource(callerFor(developer), product.id)).toEqual({
      drivers: { used: 16, total: 16 },
      variables: { used: 0, total: 1000 },
      scripts: { used: 0, total: 100 },
    });
  });

  it('refuses a variable beyond the capacity of 1000 with 1513', async () => {
    const imported = await services().products.importDocument(callerFor(developer), {
      title: 'Large',
      json: {
        drivers: [TCP_DRIVER],
        variables: Array.from({ length: 1000 }, (_, index) => holdingVariable(`v${index}`, index)),
      },
    });
    expect(
      await failureOf(
        services().models.addVariable(callerFor(developer), imported.id, variable('one_more', 2000)),
      ),
    ).toMatchObject({ code: '1513' });
    const list = await services().models.listVariables(
      callerFor(developer),
      imported.id,
      {},
      { page: 100, pageSize: 10 },
    );
    expect(list).toMatchObject({ total: 1000, page: 100, capacity: { used: 1000, total: 1000 } });
    expect(list.list.map((item) => item.key)).toEqual(
      Array.from({ length: 10 }, (_, index) => `v${990 + index}`),
    );
  });

  it('counts OPC UA and S7 variables against the variable capacity as it counts Modbus ones', async () => {
    const opcUa = (index: number) => ({
      key: `ua${index}`,
      name: `ua${index}`,
      driverKey: 'ua',
      addressType: 'node-id',
      address: `ns=2;s=Line1.T${index}`,
      dataType: 'double',
    });
    const s7 = (index: number) => ({
      key: `s7_${index}`,
      name: `s7_${index}`,
      driverKey: 'plc7',
      addressType: 's7',
      address: `DB1.DBW${index * 2}`,
      dataType: 'short',
    });
    const imported = await services().products.importDocument(callerFor(developer), {
      title: 'Mixed line',
      json: {
        drivers: [
          TCP_DRIVER,
          { key: 'ua', name: 'Line server', protocol: 'opcua', endpointUrl: 'opc.tcp://10.0.0.5:4840' },
          { key: 'plc7', name: 'Line PLC', protocol: 's7', host: '10.0.0.6' },
        ],
        variables: [
          ...Array.from({ length: 400 }, (_, index) => holdingVariable(`v${index}`, index)),
          ...Array.from({ length: 300 }, (_, index) => opcUa(index)),
          ...Array.from({ length: 300 }, (_, index) => s7(index)),
        ],
      },
    });
    expect(await services().products.configResource(callerFor(developer), imported.id)).toMatchObject({
      variables: { used: 1000, total: 1000 },
    });
    for (const extra of [opcUa(1000), s7(1000), holdingVariable('v1000', 1000)])
      expect(
        await failureOf(
          services().models.addVariable(callerFor(developer), imported.id, variableSchema.parse(extra)),
        ),
      ).toMatchObject({ code: '1513', params: { used: 1001, total: 1000 } });
    // A Modbus variable's place is one an S7 variable can take.
    await services().models.deleteVariables(callerFor(developer), imported.id, ['v0']);
    const refilled = await services().models.addVariable(
      callerFor(developer),
      imported.id,
      variableSchema.parse(s7(1000)),
    );
    expect(refilled.model.variables).toHaveLength(1000);
    const list = await services().models.listVariables(
      callerFor(developer),
      imported.id,
      {},
      {
        page: 1,
        pageSize: 10,
      },
    );
    expect(list.capacity).toEqual({ used: 1000, total: 1000 });
  });

  it('moves variables along when a driver key changes, and keeps a used driver', async () => {
    const product = await withDriver();
    await services().models.addVariable(callerFor(developer), product.id, variable('temperature', 1));
    const renamed = await services().models.saveDriver(
      callerFor(developer),
      product.id,
      driverSchema.parse({ ...TCP_DRIVER, key: 'boiler' }),
      'plc',
    );
    expect(renamed.model.variables[0]?.driverKey).toBe('boiler');
    expect(
      await failureOf(services().models.deleteDriver(callerFor(developer), product.id, 'boiler')),
    ).toMatchObject({ code: '1507', field: 'key' });
    await services().models.deleteVariables(callerFor(developer), product.id, ['temperature']);
    const emptied = await services().models.deleteDriver(callerFor(developer), product.id, 'boiler');
    expect(emptied.model).toEqual({ drivers: [], variables: [], scripts: [] });
  });

  it('copies a variable under a free key and a suffixed name', async () => {
    const product = await withDriver();
    await services().models.addVariable(callerFor(developer), product.id, variable('temperature', 1));
    const first = await services().models.copyVariable(callerFor(developer), product.id, 'temperature', {});
    const second = await services().models.copyVariable(
      callerFor(developer, 'zh-CN'),
      product.id,
      'temperature',
      {},
    );
    expect([first.variable.key, first.variable.name]).toEqual(['temperature_copy', 'temperature copy']);
    expect([second.variable.key, second.variable.name]).toEqual(['temperature_copy2', 'temperature-副本']);
    expect(second.product.model.variables).toHaveLength(3);
  });

  it('keeps a stored change when the runtime cannot be told, and reports it', async () => {
    const product = await withDriver();
    fixture.failNextHook();
    const stored = await services().models.addVariable(
      callerFor(developer),
      product.id,
      variable('temperature', 1),
    );
    expect(stored.model.variables).toHaveLength(1);
    expect(fixture.warnings.at(-1)).toMatchObject({ hook: 'onModelChanged', productId: product.id });
  });

  it('answers 1003 for the model of a product the caller does not own', async () => {
    const product = await withDriver();
    const stranger = await createTestAccount(fixture.accounts, 'developer');
    expect(
      await failureOf(services().models.addVariable(callerFor(stranger), product.id, variable('x1', 1))),
    ).toMatchObject({ code: '1003' });
    expect(await failureOf(services().models.listDrivers(callerFor(stranger), product.id))).toMatchObject({
      code: '1003',
    });
    const operator = await createTestAccount(fixture.accounts, 'operation');
    expect((await services().models.listDrivers(callerFor(operator), product.id)).list).toHaveLength(1);
  });

  it('imports the demo boiler document as a product with every data type', async () => {
    const model = demoBoilerModel();
    const product = await services().products.importDocument(callerFor(developer), {
      title: 'Demo',
      json: JSON.stringify(model),
    });
    expect(product.model).toEqual(model);
  });
});
