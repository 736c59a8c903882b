import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseVariants } from '../../test/test-server.ts';
import type { AccountRow } from '../account/account.repository.ts';
import {
  callerFor,
  createTestAccount,
  openCatalogueFixture,
  type CatalogueFixture,
} from './catalogue-test-support.ts';

describe.each(databaseVariants())('device access policy on $name', (variant) => {
  let fixture: CatalogueFixture;
  let owner: AccountRow;
  let developer: AccountRow;
  let deviceId: string;

  beforeAll(async () => {
    fixture = await openCatalogueFixture(variant);
    const operator = await createTestAccount(fixture.accounts, 'operation');
    developer = await createTestAccount(fixture.accounts, 'developer');
    owner = await createTestAccount(fixture.accounts, 'terminal');
    const { products, gateways, devices } = fixture.catalogue.services;
    const product = await products.add(callerFor(developer), { title: 'Compressor' });
    await products.setStatus(callerFor(developer), product.id, 'published');
    const [gateway] = await gateways.batchAdd(callerFor(operator), { count: 1 });
    const device = await devices.bind(callerFor(owner), {
      name: 'Compressor 1',
      sn: gateway!.sn,
      verificationCode: gateway!.verificationCode,
      productId: product.id,
    });
    deviceId = device.id;
  });
  afterAll(async () => fixture.close());

  const access = () => fixture.catalogue.deviceAccess;

  it('tells the runtime about a bound device', () => {
    expect(fixture.boundDevices).toEqual([deviceId]);
  });

  it('lets the owner and staff see and write a device', async () => {
    const device = (await access().findVisibleDevice(owner, deviceId))!;
    expect(device.ownerAccountId).toBe(owner.id);
    expect(await access().allows(owner, 'device.write', device)).toBe(true);
    for (const kind of ['operation', 'super'] as const) {
      const staff = await createTestAccount(fixture.accounts, kind);
      expect(await access().findVisibleDevice(staff, deviceId), kind).toBeDefined();
      expect(await access().allows(staff, 'device.write', device), kind).toBe(true);
    }
  });

  it('hides a device from everyone else, as if it did not exist', async () => {
    for (const kind of ['terminal', 'dealer', 'developer'] as const) {
      const stranger = await createTestAccount(fixture.accounts, kind);
      expect(await access().findVisibleDevice(stranger, deviceId), kind).toBeUndefined();
      await expect(access().requireVisibleDevice(stranger, deviceId)).rejects.toMatchObject({ code: '1003' });
    }
  });

  it('follows grants: shared accounts see, and write only when the grant says so', async () => {
    const viewer = await createTestAccount(fixture.accounts, 'terminal');
    const writer = await createTestAccount(fixture.accounts, 'dealer');
    await fixture.catalogue.repositories.devices.grant({
      deviceId,
      accountId: viewer.id,
      kind: 'shared',
      canWrite: false,
    });
    await fixture.catalogue.repositories.devices.grant({
      deviceId,
      accountId: writer.id,
      kind: 'authorized',
      canWrite: true,
    });
    const seenByViewer = (await access().findVisibleDevice(viewer, deviceId))!;
    expect(await access().allows(viewer, 'device.write', seenByViewer)).toBe(false);
    expect(
      await access().allows(writer, 'device.write', (await access().findVisibleDevice(writer, deviceId))!),
    ).toBe(true);
    expect(await access().allows(writer, 'device.unbind', seenByViewer)).toBe(false);
  });

  it('shows the devices of a product to its developer, read only', async () => {
    const device = (await access().findVisibleDevice(developer, deviceId))!;
    expect(device.id).toBe(deviceId);
    expect(await access().allows(developer, 'device.write', device)).toBe(false);
  });

  it('lists the devices running a product and the configuration their gateways run', async () => {
    const device = (await fixture.catalogue.repositories.devices.findById(deviceId))!;
    const devices = await fixture.catalogue.repositories.devices.listByProduct(device.productId);
    expect(devices.map((item) => item.id)).toEqual([deviceId]);
    const product = (await fixture.catalogue.repositories.products.findById(device.productId))!;
    expect(fixture.catalogue.deriveGatewayConfig(product)).toEqual({
      version: 1,
      model: { drivers: [], variables: [], scripts: [] },
    });
    expect((await fixture.catalogue.repositories.devices.findByGatewaySn(device.gatewaySn))?.id).toBe(
      deviceId,
    );
  });

  it('keeps a binding when the runtime cannot be told, and reports it', async () => {
    const operator = await createTestAccount(fixture.accounts, 'operation');
    const { gateways, devices } = fixture.catalogue.services;
    const device = (await fixture.catalogue.repositories.devices.findById(deviceId))!;
    const [gateway] = await gateways.batchAdd(callerFor(operator), { count: 1 });
    fixture.failNextHook();
    const bound = await devices.bind(callerFor(owner), {
      name: 'Second',
      sn: gateway!.sn,
      verificationCode: gateway!.verificationCode,
      productId: device.productId,
    });
    expect(await access().findVisibleDevice(owner, bound.id)).toBeDefined();
    expect(fixture.warnings.at(-1)).toMatchObject({ hook: 'onDeviceBound', deviceId: bound.id });
  });
});
