import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_CAPACITY } from '@lyyp/contracts/hardware';
import { gateways, hardwareModels } from '../../db/schema/index.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import type { AccountRow } from '../account/account.repository.ts';
import {
  closeTestServer,
  formFields,
  postJson,
  postMultipart,
  signIn,
} from '../device/catalogue-test-support.ts';

interface Created {
  sn: string;
  verificationCode: string;
  secret: string;
}

interface GatewayRow {
  sn: string;
  status: string;
  signal: number | null;
  signalBand: string | null;
  verificationCode?: string;
  ownerName: string | null;
  remark: string | null;
  device: { id: string; name: string } | null;
  configSyncState: string;
}

const csvOf = (rows: string[][]) =>
  Buffer.from(rows.map((row) => row.join(',')).join('\r\n')).toString('base64');

describe.each(databaseVariants())('gateway paths on $name', (variant) => {
  let server: TestServer;
  let operator: TestClient;
  let developer: TestClient;
  let developerAccount: AccountRow;
  let terminal: TestClient;
  let terminalAccount: AccountRow;
  let productId: string;

  beforeAll(async () => {
    server = await startTestServer(variant);
    operator = (await signIn(server, 'operation')).client;
    ({ client: developer, account: developerAccount } = await signIn(server, 'developer'));
    ({ client: terminal, account: terminalAccount } = await signIn(server, 'terminal'));
    const product = await developer.call('POST', '/product/add', { title: 'Pump station' });
    productId = (product.data as { id: string }).id;
    await developer.call('POST', '/product/setPublish', { id: productId });
    // Hardware models the gateways below refer to (id and name alike, so requests read plainly).
    await server.database.db.insert(hardwareModels).values(
      ['LY-G100', 'LY-G200', 'HW-csv', 'HW-xlsx', 'HW-DEV'].map((name) => ({
        id: name,
        name,
        capacity: DEFAULT_MODEL_CAPACITY,
        features: {
          cellular: true,
          wifi: false,
          gps: false,
          baseStation: false,
          serialPorts: 1,
          lanPorts: 1,
        },
      })),
    );
  });
  afterAll(async () => closeTestServer(server));

  const batchAdd = async (body: Record<string, string | number>) => {
    const answer = await operator.call('POST', '/gateway/batchAdd', body);
    expect(answer.code).toBe('200');
    return answer.data as Created[];
  };
  const query = async (client: TestClient, body: Record<string, string | number | boolean> = {}) =>
    (await client.call('POST', '/gateway/query', { pageSize: 100, ...body })).data as {
      list: GatewayRow[];
      total: number;
    };

  it('creates gateways with 12-digit SNs, 6-digit codes and their own secrets', async () => {
    const created = await batchAdd({
      count: 5,
      hardwareModelId: 'LY-G200',
      firmware: '2.1.0',
      developerAccountId: developerAccount.id,
    });
    expect(created).toHaveLength(5);
    for (const gateway of created) {
      expect(gateway.sn).toMatch(/^[1-9]\d{11}$/);
      expect(gateway.verificationCode).toMatch(/^\d{6}$/);
      expect(gateway.secret.length).toBeGreaterThanOrEqual(16);
    }
    expect(new Set(created.map((gateway) => gateway.secret)).size).toBe(5);
    const listed = await query(operator, { hardwareModel: 'LY-G200' });
    expect(listed.list.find((row) => row.sn === created[0]!.sn)).toMatchObject({
      status: 'offline',
      verificationCode: created[0]!.verificationCode,
      configSyncState: 'none',
      device: null,
    });
    const mine = await query(developer);
    expect(mine.list.map((row) => row.sn).sort()).toEqual(created.map((gateway) => gateway.sn).sort());
    expect(mine.list[0]).not.toHaveProperty('verificationCode');
  });

  it('records the product a batch names and refuses an unknown one', async () => {
    const made = (await operator.call('POST', '/gateway/batchAdd', { count: 2, productId }))
      .data as Created[];
    const listed = await query(operator, { sn: made[0]!.sn });
    expect(listed.list[0]).toMatchObject({ sn: made[0]!.sn, madeForProductId: productId });
    expect(
      await operator.call('POST', '/gateway/batchAdd', { count: 1, productId: 'no-such-product' }),
    ).toMatchObject({ code: '2210', data: { field: 'productId' } });
    const withoutProduct = (await operator.call('POST', '/gateway/batchAdd', { count: 1 })).data as Created[];
    expect((await query(operator, { sn: withoutProduct[0]!.sn })).list[0]).toMatchObject({
      madeForProductId: null,
    });
  });

  it('creates gateways with given SNs and refuses repeated or taken ones', async () => {
    const sns = ['100000000001', '100000000002'];
    const created = (await operator.call('POST', '/gateway/batchAdd', formFields({ sns }))).data as Created[];
    expect(created.map((gateway) => gateway.sn)).toEqual(sns);
    expect(
      await operator.call('POST', '/gateway/batchAdd', formFields({ sns: ['100000000003', '100000000001'] })),
    ).toMatchObject({ code: '1519', data: { field: 'sns.1' } });
    expect(
      await operator.call('POST', '/gateway/batchAdd', formFields({ sns: ['100000000004', '100000000004'] })),
    ).toMatchObject({ code: '1519', data: { field: 'sns.1' } });
    // Every bad line is named, not only the first, and nothing is added.
    const several = await operator.call(
      'POST',
      '/gateway/batchAdd',
      formFields({ sns: ['100000000001', '100000000005', '100000000002', '100000000005'] }),
    );
    expect(several).toMatchObject({ code: '1519', data: { field: 'sns.0', fields: 'sns.0,sns.2,sns.3' } });
    expect(several.message).toContain('1: 100000000001');
    expect(several.message).toContain('3: 100000000002');
    expect(several.message).toContain('4: 100000000005');
    expect((await query(operator, { sn: '100000000005' })).total).toBe(0);
    expect(await operator.call('POST', '/gateway/batchAdd', formFields({ sns: ['12345'] }))).toMatchObject({
      code: '1002',
      data: { field: 'sns.0' },
    });
    expect(await operator.call('POST', '/gateway/batchAdd', {})).toMatchObject({
      code: '1001',
      data: { field: 'count' },
    });
    expect(await operator.call('POST', '/gateway/batchAdd', { count: 1001 })).toMatchObject({
      code: '1002',
      data: { field: 'count' },
    });
    expect((await query(operator, { sn: '10000000000' })).total).toBe(2);
  });

  it('lets only operation staff create, import and delete gateways', async () => {
    expect(await developer.call('POST', '/gateway/batchAdd', { count: 1 })).toMatchObject({
      status: 403,
      code: '1201',
    });
    expect(
      await developer.call('POST', '/gateway/import', {
        file: csvOf([
          ['sn', 'verificationCode'],
          ['200000000001', '123456'],
        ]),
      }),
    ).toMatchObject({ code: '1201' });
    expect(await terminal.call('POST', '/gateway/query', {})).toMatchObject({ code: '1201' });
    expect(await new TestClient(server).call('POST', '/gateway/query', {})).toMatchObject({ code: '1010' });
    expect(
      await operator.call('POST', '/gateway/batchAdd', { count: 1, developerAccountId: terminalAccount.id }),
    ).toMatchObject({ code: '1002', data: { field: 'developerAccountId' } });
  });

  it('shows the signal band, status and bound device of each gateway, and filters by them', async () => {
    const [online, weak] = await batchAdd({ count: 2, firmware: '3.0.1' });
    await server.database.db
      .update(gateways)
      .set({ status: 'online', signal: 70 })
      .where(eq(gateways.sn, online!.sn));
    await server.database.db
      .update(gateways)
      .set({ status: 'online', signal: 29 })
      .where(eq(gateways.sn, weak!.sn));
    await terminal.call('POST', '/equipment/add', {
      name: 'Pump 1',
      sn: online!.sn,
      verificationCode: online!.verificationCode,
      productId,
    });

    const rows = (await query(operator, { status: 'online', firmware: '3.0' })).list;
    expect(rows.find((row) => row.sn === online!.sn)).toMatchObject({
      signal: 70,
      signalBand: 'very-good',
      device: { name: 'Pump 1' },
      ownerName: terminalAccount.name,
    });
    expect(rows.find((row) => row.sn === weak!.sn)).toMatchObject({
      signalBand: 'bad',
      device: null,
      ownerName: null,
    });
    expect((await query(operator, { status: 'online', bound: true })).list.map((row) => row.sn)).toEqual([
      online!.sn,
    ]);
    expect(
      (await query(operator, { owner: terminalAccount.username!, status: 'online' })).list.map(
        (row) => row.sn,
      ),
    ).toEqual([online!.sn]);
    expect((await query(operator, { status: 'dormant' })).total).toBe(0);
    const details = await operator.call('POST', '/gateway/info', { sn: online!.sn });
    expect(details.data).toMatchObject({
      sn: online!.sn,
      signalBand: 'very-good',
      product: { id: productId, title: 'Pump station' },
      slaveCounters: [],
    });
  });

  it("answers another tenant's gateway like a missing one", async () => {
    const [gateway] = await batchAdd({ count: 1 });
    const { client: stranger } = await signIn(server, 'developer');
    const foreign = await stranger.call('POST', '/gateway/info', { sn: gateway!.sn });
    expect(foreign).toMatchObject({ status: 404, code: '1003' });
    expect(foreign).toEqual(await stranger.call('POST', '/gateway/info', { sn: '999999999999' }));
    expect(
      await stranger.call('POST', '/gateway/editRemark', { sn: gateway!.sn, remark: 'mine' }),
    ).toMatchObject({ code: '1003' });
    expect(await stranger.call('POST', '/gateway/credentials', { sn: gateway!.sn })).toMatchObject({
      code: '1003',
    });
    expect(await stranger.call('POST', '/gateway/info', { sn: 'abc' })).toMatchObject({
      code: '1002',
      data: { field: 'sn' },
    });
  });

  it('keeps a remark of at most 20 characters, for staff, owner and developer', async () => {
    const [gateway] = await batchAdd({ count: 1, developerAccountId: developerAccount.id });
    expect(
      (await developer.call('POST', '/gateway/editRemark', { sn: gateway!.sn, remark: 'Roof, north side' }))
        .code,
    ).toBe('200');
    expect((await query(operator, { sn: gateway!.sn })).list[0]?.remark).toBe('Roof, north side');
    expect(
      await developer.call('POST', '/gateway/editRemark', { sn: gateway!.sn, remark: 'x'.repeat(21) }),
    ).toMatchObject({ code: '1137', data: { field: 'remark' } });
    expect((await operator.call('POST', '/gateway/editRemark', { sn: gateway!.sn, remark: '' })).code).toBe(
      '200',
    );
    expect((await query(operator, { sn: gateway!.sn })).list[0]?.remark).toBeNull();
  });

  it('gives the agent credentials to staff and the owner only', async () => {
    const [gateway] = await batchAdd({ count: 1, developerAccountId: developerAccount.id });
    const forStaff = await operator.call('POST', '/gateway/credentials', { sn: gateway!.sn });
    expect(forStaff.data).toMatchObject({
      sn: gateway!.sn,
      secret: gateway!.secret,
      mqtt: { clientId: gateway!.sn, username: gateway!.sn, password: gateway!.secret },
    });
    expect((forStaff.data as { mqtt: { url: string; publish: string[] } }).mqtt.publish).toContain(
      `gw/${gateway!.sn}/up/data`,
    );
    expect(await developer.call('POST', '/gateway/credentials', { sn: gateway!.sn })).toMatchObject({
      code: '1201',
    });
    const { client: dealer } = await signIn(server, 'dealer');
    await dealer.call('POST', '/equipment/add', {
      name: 'Dealer pump',
      sn: gateway!.sn,
      verificationCode: gateway!.verificationCode,
      productId,
    });
    expect((await dealer.call('POST', '/gateway/credentials', { sn: gateway!.sn })).data).toMatchObject({
      secret: gateway!.secret,
    });
  });

  it('exports gateways as CSV and XLSX that import again with the same credentials', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const created = await batchAdd({ count: 3, hardwareModelId: `HW-${format}`, remark: 'batch 7' });
      const sns = created.map((gateway) => gateway.sn);
      const exported = await postJson(server, operator, '/gateway/export', { format, sns });
      expect(exported.status).toBe(200);
      expect(String(exported.headers['content-type'])).toContain(
        format === 'csv' ? 'text/csv' : 'spreadsheetml',
      );
      const deleted = (await operator.call('POST', '/gateway/delete', formFields({ sns }))).data as {
        deleted: string[];
        kept: string[];
      };
      expect([deleted.deleted.slice().sort(), deleted.kept]).toEqual([sns.slice().sort(), []]);
      expect((await query(operator, { hardwareModel: `HW-${format}` })).total).toBe(0);

      const imported = await operator.call('POST', '/gateway/import', {
        file: exported.raw.toString('base64'),
      });
      expect(imported.data, format).toEqual({ imported: 3, generatedSecrets: 0 });
      const rows = (await query(operator, { hardwareModel: `HW-${format}` })).list;
      expect(rows.map((row) => [row.sn, row.verificationCode, row.remark]).sort()).toEqual(
        created.map((gateway) => [gateway.sn, gateway.verificationCode, 'batch 7']).sort(),
      );
      for (const gateway of created) {
        expect((await operator.call('POST', '/gateway/credentials', { sn: gateway.sn })).data).toMatchObject({
          secret: gateway.secret,
        });
      }
    }
  });

  it('exports what the filter matches, without credentials for non-staff, in their language', async () => {
    const [gateway] = await batchAdd({
      count: 1,
      hardwareModelId: 'HW-DEV',
      developerAccountId: developerAccount.id,
    });
    const exported = await postJson(server, developer, '/gateway/export', {
      format: 'xlsx',
      hardwareModel: 'HW-DEV',
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.raw as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'SN',
      'Hardware model',
      'Firmware',
      'Remark',
      'Status',
      'Signal',
      'Owner',
      'Device',
    ]);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(gateway!.sn);
    developer.language = 'zh-CN';
    const chinese = await postJson(server, developer, '/gateway/export', {
      format: 'csv',
      hardwareModel: 'HW-DEV',
    });
    developer.language = 'en-US';
    expect(chinese.raw.toString('utf8').split(/\r?\n/)[0]).toBe(
      '\uFEFFSN,硬件型号,固件,备注,状态,信号,所属用户,绑定设备',
    );
  });

  it('imports a CSV all or nothing, naming the row of a bad or taken SN', async () => {
    const [existing] = await batchAdd({ count: 1 });
    const header = ['SN', '验证码', 'Hardware model', 'remark'];
    const good = ['300000000001', '012345', 'LY-G100', 'hall'];
    const cases: Array<[string[][], string, string]> = [
      [[header, good, ['30000000002', '123456', '', '']], '1002', 'rows.3.sn'],
      [[header, good, ['300000000002', '12345', '', '']], '1132', 'rows.3.verificationCode'],
      [[header, good, ['300000000002', '', '', '']], '1104', 'rows.3.verificationCode'],
      [[header, good, good], '1516', 'rows.3.sn'],
      [[header, good, [existing!.sn, '123456', '', '']], '1516', 'rows.3.sn'],
      [[header, good, ['300000000002', '123456', '', 'x'.repeat(21)]], '1137', 'rows.3.remark'],
      [[header, good, ['300000000002', '123456', 'LY-X9', '']], '2454', 'rows.3.hardwareModel'],
      [
        [
          ['sn', 'remark'],
          ['300000000002', 'x'],
        ],
        '1001',
        'header.verificationCode',
      ],
    ];
    for (const [rows, code, field] of cases) {
      expect(await operator.call('POST', '/gateway/import', { file: csvOf(rows) }), field).toMatchObject({
        code,
        data: { field },
      });
    }
    expect((await query(operator, { sn: '30000000000' })).total).toBe(0);
    const imported = await operator.call('POST', '/gateway/import', { file: csvOf([header, good]) });
    expect(imported.data).toEqual({ imported: 1, generatedSecrets: 1 });
    expect((await query(operator, { sn: '300000000001' })).list[0]).toMatchObject({
      verificationCode: '012345',
      hardwareModel: 'LY-G100',
      remark: 'hall',
    });
    expect(
      await operator.call('POST', '/gateway/import', {
        file: Buffer.from('PK\u0003\u0004broken').toString('base64'),
      }),
    ).toMatchObject({ code: '1002', data: { field: 'file' } });
  });

  it('imports a gateway file sent as a multipart upload', async () => {
    const csv = Buffer.from(
      ['sn,verificationCode,secret', '400000000001,654321,abcdefghijklmnop1234'].join('\n'),
    );
    const answer = await postMultipart(
      server,
      operator,
      '/gateway/import',
      {},
      { field: 'file', name: 'gateways.csv', bytes: csv },
    );
    expect(answer).toMatchObject({ code: '200', data: { imported: 1, generatedSecrets: 0 } });
    expect((await operator.call('POST', '/gateway/credentials', { sn: '400000000001' })).data).toMatchObject({
      secret: 'abcdefghijklmnop1234',
    });
  });

  it('deletes only gateways without a device', async () => {
    const [free, bound] = await batchAdd({ count: 2 });
    await terminal.call('POST', '/equipment/add', {
      name: 'Kept',
      sn: bound!.sn,
      verificationCode: bound!.verificationCode,
      productId,
    });
    const answer = await operator.call('POST', '/gateway/delete', formFields({ sns: [free!.sn, bound!.sn] }));
    expect(answer.data).toEqual({ deleted: [free!.sn], kept: [bound!.sn] });
    expect(await developer.call('POST', '/gateway/delete', formFields({ sns: [bound!.sn] }))).toMatchObject({
      code: '1201',
    });
  });
});
