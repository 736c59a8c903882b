import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicePageSchema } from '@lyyp/contracts';
import {
  DEVICE_IMPORT_COLUMNS,
  DeviceGroupListSchema,
  DeviceImportAnswerSchema,
  type DeviceGroup,
} from '@lyyp/contracts/fleet';
import { devices, gateways, products } from '../../db/schema/index.ts';
import { FACTORY_PASSWORD, buildAccount, buildBoundDevice, buildGateway } from '../../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { postJson, postMultipart } from '../device/catalogue-test-support.ts';
import { writeSheet } from '../product/spreadsheet.ts';

async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => cells.push(cell.text));
    rows.push(cells);
  });
  return rows;
}

describe.each(databaseVariants())('device list in bulk on $name', (variant) => {
  let server: TestServer;
  let fixture: Awaited<ReturnType<typeof buildBoundDevice>>;
  let second: typeof fixture.device | undefined;
  let owner: TestClient;
  let stranger: TestClient;
  let strangerGroup: DeviceGroup;

  async function signedIn(account: { username: string | null }) {
    const client = new TestClient(server);
    expect((await client.login(account.username!, FACTORY_PASSWORD)).code).toBe('200');
    return client;
  }
  const groupsOf = async (client: TestClient) =>
    DeviceGroupListSchema.parse((await postJson(server, client, '/equipment/group/list', {})).data);
  const listOf = async (client: TestClient, filter: Record<string, unknown> = {}) =>
    DevicePageSchema.parse((await postJson(server, client, '/equipment/query', filter)).data).list;

  beforeAll(async () => {
    server = await startTestServer(variant);
    const db = server.database.db;
    fixture = await buildBoundDevice(db);
    const gateway = await buildGateway(db);
    [second] = await db
      .insert(devices)
      .values({
        id: `${fixture.device.id}-2`,
        name: 'Boiler 2',
        gatewaySn: gateway.sn,
        productId: fixture.product.id,
        ownerAccountId: fixture.owner.id,
      })
      .returning();
    await db.update(products).set({ status: 'published' }).where(eq(products.id, fixture.product.id));
    owner = await signedIn(fixture.owner);
    stranger = await signedIn(await buildAccount(db));
    strangerGroup = DeviceGroupListSchema.parse(
      (await postJson(server, stranger, '/equipment/group/add', { name: 'Theirs' })).data,
    )[0]!;
  });
  afterAll(async () => server.close());

  it('creates, renames and deletes groups; devices follow and fall back to ungrouped', async () => {
    const created = await postJson(server, owner, '/equipment/group/add', { name: 'Boiler room' });
    expect(created.code).toBe('200');
    const [group] = DeviceGroupListSchema.parse(created.data);
    expect(group).toMatchObject({ name: 'Boiler room', deviceCount: 0 });
    expect((await postJson(server, owner, '/equipment/group/add', { name: 'Boiler room' })).code).toBe(
      '2821',
    );
    expect((await postJson(server, owner, '/equipment/group/add', { name: ' ' })).code).toBe('1001');

    const moved = await postJson(server, owner, '/equipment/group/move', {
      ids: [fixture.device.id, second!.id],
      groupId: group!.id,
    });
    expect(moved.data).toEqual({ moved: 2 });
    expect((await groupsOf(owner))[0]).toMatchObject({ deviceCount: 2 });

    await postJson(server, owner, '/equipment/group/rename', { id: group!.id, name: 'Plant A' });
    expect((await listOf(owner, { groupName: 'Plant A' })).map((device) => device.name)).toEqual([
      'Boiler 1',
      'Boiler 2',
    ]);
    expect((await postJson(server, owner, '/equipment/group/move', { ids: [second!.id] })).data).toEqual({
      moved: 1,
    });
    expect((await listOf(owner, { groupName: 'Plant A' })).map((device) => device.name)).toEqual([
      'Boiler 1',
    ]);

    expect((await postJson(server, owner, '/equipment/group/delete', { id: group!.id })).code).toBe('200');
    expect(await groupsOf(owner)).toEqual([]);
    expect((await listOf(owner)).every((device) => device.groupName === null)).toBe(true);
  });

  it('answers a foreign group and a foreign device like missing ones, and changes nothing', async () => {
    const mine = DeviceGroupListSchema.parse(
      (await postJson(server, owner, '/equipment/group/add', { name: 'Mine' })).data,
    )[0]!;
    for (const path of ['/equipment/group/rename', '/equipment/group/delete'])
      expect((await postJson(server, owner, path, { id: strangerGroup.id, name: 'X' })).code).toBe('1003');
    expect(
      (
        await postJson(server, owner, '/equipment/group/move', {
          ids: [fixture.device.id],
          groupId: strangerGroup.id,
        })
      ).code,
    ).toBe('1003');
    const mixed = await postJson(server, stranger, '/equipment/group/move', {
      ids: [fixture.device.id],
      groupId: strangerGroup.id,
    });
    expect(mixed.code).toBe('1003');
    const half = await postJson(server, owner, '/equipment/group/move', {
      ids: [fixture.device.id, 'no-such-device'],
      groupId: mine.id,
    });
    expect(half.code).toBe('1003');
    expect((await groupsOf(owner))[0]).toMatchObject({ name: 'Mine', deviceCount: 0 });
    expect((await groupsOf(stranger)).map((group) => group.name)).toEqual(['Theirs']);
  });

  it('orders the list by sort number, larger first', async () => {
    await postJson(server, owner, '/equipment/edit', { id: second!.id, sortNumber: 50 });
    await postJson(server, owner, '/equipment/edit', { id: fixture.device.id, sortNumber: 10 });
    expect((await listOf(owner)).map((device) => device.name)).toEqual(['Boiler 2', 'Boiler 1']);
    // Typing a new group on a device keeps it as a group.
    await postJson(server, owner, '/equipment/edit', { id: second!.id, groupName: 'Typed' });
    expect((await groupsOf(owner)).map((group) => group.name)).toEqual(['Mine', 'Typed']);
  });

  it('hands out the import template and imports with a result per row', async () => {
    const template = await postJson(server, owner, '/equipment/import/template', { format: 'xlsx' });
    expect(template.status).toBe(200);
    expect((await sheetRows(template.raw))[0]).toEqual(DEVICE_IMPORT_COLUMNS.map((column) => column.en));

    const db = server.database.db;
    const good = await buildGateway(db);
    const alsoGood = await buildGateway(db);
    const unnamed = await buildGateway(db);
    const headers = DEVICE_IMPORT_COLUMNS.map((column) => column.zh);
    const file = await writeSheet('xlsx', '设备', headers, [
      [good.sn, good.verificationCode, 'Pump 1', 'north', 'Imported', 7],
      [alsoGood.sn, '000000', 'Pump 2', null, null, null],
      [good.sn, good.verificationCode, 'Pump 1 again', null, null, null],
      [fixture.gateway.sn, fixture.gateway.verificationCode, 'Taken', null, null, null],
      [unnamed.sn, unnamed.verificationCode, '', null, null, null],
      [unnamed.sn.slice(1), unnamed.verificationCode, 'Bad sort', null, null, 'x'],
    ]);
    const answer = await postMultipart(
      server,
      owner,
      '/equipment/import',
      { productId: fixture.product.id },
      { field: 'file', name: 'devices.xlsx', bytes: file },
    );
    expect(answer.code, answer.message).toBe('200');
    const result = DeviceImportAnswerSchema.parse(answer.data);
    expect(result.bound).toBe(1);
    expect(result.rows.map((row) => [row.row, row.status, row.code])).toEqual([
      [2, 'bound', null],
      [3, 'refused', '1102'],
      [4, 'refused', '2826'],
      [5, 'refused', '1515'],
      [6, 'refused', '1001'],
      [7, 'refused', '2827'],
    ]);
    expect(result.rows[1]!.message).toBe('The verification code is wrong');
    const [pump] = await listOf(owner, { keyword: 'Pump 1' });
    expect(pump).toMatchObject({ groupName: 'Imported', sortNumber: 7, remark: 'north' });
    expect((await groupsOf(owner)).map((group) => group.name)).toContain('Imported');

    const foreign = await postMultipart(
      server,
      stranger,
      '/equipment/import',
      { productId: 'no-such-product' },
      { field: 'file', name: 'devices.xlsx', bytes: file },
    );
    expect(DeviceImportAnswerSchema.parse(foreign.data).rows.every((row) => row.status === 'refused')).toBe(
      true,
    );
    const empty = await writeSheet('xlsx', 'x', headers, []);
    expect(
      (
        await postMultipart(
          server,
          owner,
          '/equipment/import',
          { productId: fixture.product.id },
          {
            field: 'file',
            name: 'e.xlsx',
            bytes: empty,
          },
        )
      ).code,
    ).toBe('2824');
    const noColumns = await writeSheet('xlsx', 'x', ['Name'], [['a']]);
    expect(
      (
        await postMultipart(
          server,
          owner,
          '/equipment/import',
          { productId: fixture.product.id },
          {
            field: 'file',
            name: 'e.xlsx',
            bytes: noColumns,
          },
        )
      ).code,
    ).toBe('1001');
  });

  it('exports the list with the visible filters applied', async () => {
    await server.database.db
      .update(gateways)
      .set({ status: 'online' })
      .where(eq(gateways.sn, fixture.gateway.sn));
    const exported = await postJson(server, owner, '/equipment/export', { status: 'online', format: 'xlsx' });
    expect(exported.status).toBe(200);
    const rows = await sheetRows(exported.raw);
    expect(rows[0]![0]).toBe('Device');
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Boiler 1']);
    const all = await sheetRows((await postJson(server, owner, '/equipment/export', {})).raw);
    expect(all).toHaveLength(4);
    expect(await sheetRows((await postJson(server, stranger, '/equipment/export', {})).raw)).toHaveLength(1);
  });

  it('unbinds several devices, all or nothing', async () => {
    const [pump] = await listOf(owner, { keyword: 'Pump 1' });
    const refused = await postJson(server, stranger, '/equipment/unbind/batch', { ids: [pump!.id] });
    expect(refused.code).toBe('1003');
    const half = await postJson(server, owner, '/equipment/unbind/batch', {
      ids: [pump!.id, 'no-such-device'],
    });
    expect(half.code).toBe('1003');
    expect(await listOf(owner)).toHaveLength(3);
    const done = await postJson(server, owner, '/equipment/unbind/batch', { ids: [pump!.id, second!.id] });
    expect(done.data).toEqual({ unbound: 2 });
    expect((await listOf(owner)).map((device) => device.name)).toEqual(['Boiler 1']);
    expect((await postJson(server, owner, '/equipment/unbind/batch', { ids: [] })).code).toBe('1002');
  });
});
