import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_DEFAULT_CAPACITY,
  REPORT_LATE_SETTLE_MS,
  datacenterSummarySchema,
  productReportDataAnswerSchema,
  reportDataAnswerSchema,
  reportListAnswerSchema,
  type ProductReportDataAnswer,
  type ReportDefinitionInput,
} from '@lyyp/contracts/report';
import { devices } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { buildAccount, buildBoundDevice, buildGateway } from '../../test/factories.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { postJson } from '../device/catalogue-test-support.ts';
import { alarmFixture, signedIn } from '../alarm/alarm-test-support.ts';
import { ReportComputationService } from './report-computation.service.ts';
import { ReportRepository } from './report.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Midnight (UTC) three days ago: every window of the test is closed. */
const base = Math.floor((Date.now() - 3 * DAY) / DAY) * DAY;

const GAS_REPORT: Omit<ReportDefinitionInput, 'id'> = {
  name: 'Gas',
  type: 'consumption',
  storageMode: 'periodic',
  intervalMinutes: 60,
  variables: [
    { key: 'gasTotal', aggregation: 'difference' },
    { key: 'waterTemperature', aggregation: 'max' },
  ],
};

interface Table {
  list: Array<{ at: number; values: Record<string, number | null> }>;
  total: number;
}

describe.each(databaseVariants())('reports on $name', (variant) => {
  let server: TestServer;
  let fixture: Awaited<ReturnType<typeof alarmFixture>>;
  let reportId: string;
  let seq = 0;

  const ingest = (points: Array<{ k: string; t: number; v: number }>) =>
    server.runtime.ingest.ingest(fixture.gateway.sn, { seq: (seq += 1), points });
  const table = async (granularity: string, extra: Record<string, unknown> = {}) => {
    const answer = await postJson(server, fixture.ownerClient, '/report/data', {
      equipmentId: fixture.device.id,
      reportId,
      granularity,
      start: base,
      end: base + DAY,
      timeZone: 'UTC',
      ...extra,
    });
    expect(answer.code, answer.message).toBe('200');
    // The answer is exactly the contract's shape: nothing missing, nothing extra.
    expect(reportDataAnswerSchema.parse(answer.data)).toEqual(answer.data);
    return answer.data as Table;
  };

  beforeAll(async () => {
    server = await startTestServer(variant, { REPORT_SWEEP_INTERVAL_MS: '0', ALARM_SWEEP_INTERVAL_MS: '0' });
    fixture = await alarmFixture(server);
    // Six hours of a gas counter (one more m³ every 10 minutes) and a water temperature.
    const points = [];
    for (let index = 0; index < 36; index += 1) {
      points.push({ k: 'gasTotal', t: base + index * 600_000, v: 100 + index });
      points.push({ k: 'waterTemperature', t: base + index * 600_000, v: 50 + (index % 6) });
    }
    expect(await ingest(points)).toMatchObject({ stored: 72 });
  });
  afterAll(async () => server.close());

  it('adds a report, computes each closed window once, and shows it by hour and by day', async () => {
    const added = await postJson(server, fixture.developerClient, '/report/add', {
      productId: fixture.product.id,
      report: GAS_REPORT,
    });
    expect(added.code, added.message).toBe('200');
    reportId = (added.data as { id: string }).id;
    const listed = await postJson(server, fixture.developerClient, '/report/list', {
      productId: fixture.product.id,
    });
    expect(reportListAnswerSchema.parse(listed.data)).toEqual(listed.data);
    expect(listed.data).toMatchObject({
      reports: [{ id: reportId, name: 'Gas' }],
      capacity: { used: 1, total: REPORT_DEFAULT_CAPACITY },
    });

    const first = await server.reports.sweep();
    expect(first.rows).toBe(6);
    const again = await server.reports.sweep();
    expect(again).toMatchObject({ spans: 0, rows: 0 });

    const hourly = await table('hour', { pageSize: 4 });
    expect(hourly.total).toBe(6);
    expect(hourly.list).toHaveLength(4);
    expect(hourly.list[0]).toEqual({ at: base + 5 * HOUR, values: { gasTotal: 6, waterTemperature: 55 } });
    // The counter's first sample has nothing before it: the first hour counts five increments.
    expect((await table('hour', { page: 2, pageSize: 4 })).list.at(-1)).toEqual({
      at: base,
      values: { gasTotal: 5, waterTemperature: 55 },
    });
    expect((await table('day')).list).toEqual([{ at: base, values: { gasTotal: 35, waterTemperature: 55 } }]);
    const shanghai = await table('day', {
      timeZone: 'Asia/Shanghai',
      start: base - 8 * HOUR,
      end: base + 16 * HOUR,
    });
    expect(shanghai.list).toEqual([{ at: base - 8 * HOUR, values: { gasTotal: 35, waterTemperature: 55 } }]);
  });

  it('computes a window again when late points fall into it', async () => {
    // A gateway replays its buffer: a spike in hour 2 and the counter read more often.
    await ingest([
      { k: 'waterTemperature', t: base + 2 * HOUR + 5 * 60_000, v: 97 },
      { k: 'gasTotal', t: base + 2 * HOUR + 5 * 60_000, v: 112.5 },
    ]);
    // While the replay may still be under way its hour waits; once settled it is handled.
    expect((await server.reports.sweep()).marks).toBe(0);
    server.clock.advance(REPORT_LATE_SETTLE_MS);
    const swept = await server.reports.sweep();
    expect(swept.marks).toBeGreaterThan(0);
    const hourly = await table('hour');
    expect(hourly.total).toBe(6);
    const hour2 = hourly.list.find((row) => row.at === base + 2 * HOUR)!;
    expect(hour2.values).toEqual({ gasTotal: 6, waterTemperature: 97 });
    expect((await table('day')).list[0]!.values.gasTotal).toBe(35);
  });

  it('two nodes computing at once store each window once', async () => {
    const other = await postJson(server, fixture.developerClient, '/report/add', {
      productId: fixture.product.id,
      report: { ...GAS_REPORT, name: 'Gas 10 min', intervalMinutes: 10 },
    });
    expect(other.code).toBe('200');
    const node = () =>
      new ReportComputationService({
        repository: new ReportRepository(server.database.db),
        logger: server.app.log,
        now: server.clock.now,
      });
    const [a, b] = await Promise.all([node().computeDue(), node().computeDue()]);
    expect(a.rows + b.rows).toBe(36);
    const answer = await postJson(server, fixture.ownerClient, '/report/data', {
      equipmentId: fixture.device.id,
      reportId: (other.data as { id: string }).id,
      granularity: 'hour',
      start: base,
      end: base + DAY,
      timeZone: 'UTC',
    });
    expect((answer.data as Table).total).toBe(6);
    expect(await server.reports.sweep()).toMatchObject({ spans: 0, rows: 0 });
  });

  it('exports the table as XLSX', async () => {
    const answer = await postJson(server, fixture.ownerClient, '/report/export', {
      equipmentId: fixture.device.id,
      reportId,
      granularity: 'hour',
      start: base,
      end: base + DAY,
      timeZone: 'UTC',
      format: 'xlsx',
    });
    expect(answer.status).toBe(200);
    expect(String(answer.headers['content-disposition'])).toMatch(/report-.*\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.raw as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('report')!;
    expect(sheet.rowCount).toBe(7);
    expect(sheet.getRow(2).getCell(2).value).toBe(5);
    expect(sheet.getRow(1).getCell(2).text).toContain('m³');
  });

  it('answers the data centre with consumption per device and the previous period', async () => {
    const answer = await postJson(server, fixture.ownerClient, '/datacenter/summary', {
      start: base,
      end: base + DAY,
      period: 'day',
      timeZone: 'UTC',
    });
    expect(answer.code, answer.message).toBe('200');
    expect(datacenterSummarySchema.parse(answer.data)).toEqual(answer.data);
    expect(answer.data).toMatchObject({
      // Both consumption reports count: the hourly one and the 10-minute one.
      total: { consumption: 70, production: 0 },
      previous: { consumption: 0 },
      periods: [{ at: base, consumption: 70 }],
      devices: [{ deviceId: fixture.device.id, consumption: 70 }],
      online: { total: 1 },
    });
  });

  it('refuses bad reports with catalogue codes and keeps the capacity', async () => {
    const add = (report: unknown) =>
      postJson(server, fixture.developerClient, '/report/add', { productId: fixture.product.id, report });
    const cases: Array<[unknown, string]> = [
      [{ ...GAS_REPORT, name: 'X', variables: [{ key: 'nothing', aggregation: 'max' }] }, '2301'],
      [{ ...GAS_REPORT, name: 'X', variables: [{ key: 'serialNumber', aggregation: 'max' }] }, '2303'],
      [{ ...GAS_REPORT, name: 'X', variables: [{ key: 'gasTotal' }, { key: 'gasTotal' }] }, '2302'],
      [GAS_REPORT, '2304'],
      [{ ...GAS_REPORT, name: 'X', storageMode: 'expression', expression: 'gasTotal >' }, '1508'],
      [{ ...GAS_REPORT, name: 'X', storageMode: 'expression', expression: 'nope > 1' }, '1508'],
      [{ ...GAS_REPORT, name: 'X', storageMode: 'condition' }, '1001'],
      [{ ...GAS_REPORT, name: 'X', intervalMinutes: 7 }, '1002'],
    ];
    for (const [report, code] of cases) expect((await add(report)).code, JSON.stringify(report)).toBe(code);
    for (let index = 2; index < REPORT_DEFAULT_CAPACITY; index += 1)
      expect((await add({ ...GAS_REPORT, name: `R${index}`, enabled: false })).code).toBe('200');
    expect((await add({ ...GAS_REPORT, name: 'One too many' })).code).toBe('1511');
  });

  it("answers another person's device as missing and refuses a long hourly range", async () => {
    const stranger = await signedIn(server, (await buildAccount(server.database.db, 'terminal')).username!);
    const body = {
      equipmentId: fixture.device.id,
      reportId,
      granularity: 'hour',
      start: base,
      end: base + DAY,
    };
    expect((await postJson(server, stranger, '/report/data', body)).code).toBe('1003');
    expect(
      (await postJson(server, stranger, '/report/device/list', { equipmentId: fixture.device.id })).code,
    ).toBe('1003');
    expect(
      (await postJson(server, fixture.ownerClient, '/report/data', { ...body, end: base + 31 * DAY })).code,
    ).toBe('1805');
    expect(
      (
        await postJson(server, fixture.ownerClient, '/report/data', {
          ...body,
          granularity: 'day',
          end: base + 31 * DAY,
        })
      ).code,
    ).toBe('200');
    const summary = await postJson(server, stranger, '/datacenter/summary', { start: base, end: base + DAY });
    expect(summary.data).toMatchObject({ devices: [], total: { consumption: 0 } });
  });

  it("shows staff a product's report over all its devices, pages it, exports it, and hides foreign products", async () => {
    // A second device of the product, on its own gateway, with two hours of the counter.
    const gateway = await buildGateway(server.database.db);
    const secondId = newId();
    await server.database.db.insert(devices).values({
      id: secondId,
      name: 'Boiler 0',
      gatewaySn: gateway.sn,
      productId: fixture.product.id,
      ownerAccountId: fixture.owner.id,
    });
    const points = [0, 1, 2, 3].map((index) => ({
      k: 'gasTotal',
      t: base + index * 1_800_000,
      v: 10 * index,
    }));
    expect(await server.runtime.ingest.ingest(gateway.sn, { seq: 1, points })).toMatchObject({ stored: 4 });
    server.clock.advance(REPORT_LATE_SETTLE_MS);
    await server.reports.sweep();

    const operator = await signedIn(server, (await buildAccount(server.database.db, 'operation')).username!);
    const options = await postJson(server, operator, '/report/product/options', {});
    expect(options.code, options.message).toBe('200');
    expect(options.data).toContainEqual({
      id: fixture.product.id,
      title: fixture.product.title,
      reports: REPORT_DEFAULT_CAPACITY,
    });
    const reports = await postJson(server, operator, '/report/product/reports', {
      productId: fixture.product.id,
    });
    expect(reports.data).toContainEqual(expect.objectContaining({ id: reportId, name: 'Gas' }));

    const body = {
      productId: fixture.product.id,
      reportId,
      granularity: 'hour',
      start: base,
      end: base + DAY,
      timeZone: 'UTC',
    };
    const pages: ProductReportDataAnswer[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const answer = await postJson(server, operator, '/report/product/data', { ...body, page, pageSize: 3 });
      expect(answer.code, answer.message).toBe('200');
      expect(productReportDataAnswerSchema.parse(answer.data)).toEqual(answer.data);
      pages.push(productReportDataAnswerSchema.parse(answer.data));
    }
    // Six hours of the first device, two of the second: newest hour first, devices by name.
    expect(pages[0]).toMatchObject({ total: 8, devices: 2 });
    const rows = pages.flatMap((page) => page.list);
    expect(rows.map((row) => [row.deviceName, row.at - base])).toEqual([
      ['Boiler 1', 5 * HOUR],
      ['Boiler 1', 4 * HOUR],
      ['Boiler 1', 3 * HOUR],
      ['Boiler 1', 2 * HOUR],
      ['Boiler 0', HOUR],
      ['Boiler 1', HOUR],
      ['Boiler 0', 0],
      ['Boiler 1', 0],
    ]);
    expect(rows[4]).toMatchObject({ deviceId: secondId, values: { gasTotal: 20, waterTemperature: null } });
    expect(rows[5]).toMatchObject({
      deviceId: fixture.device.id,
      values: { gasTotal: 6, waterTemperature: 55 },
    });
    // The product's developer sees the same rows; a daily table merges each device's hours.
    const daily = await postJson(server, fixture.developerClient, '/report/product/data', {
      ...body,
      granularity: 'day',
    });
    expect((daily.data as { list: unknown[] }).list).toEqual([
      {
        deviceId: secondId,
        deviceName: 'Boiler 0',
        at: base,
        values: { gasTotal: 30, waterTemperature: null },
      },
      // (the late-points case above raised the day's maximum)
      {
        deviceId: fixture.device.id,
        deviceName: 'Boiler 1',
        at: base,
        values: { gasTotal: 35, waterTemperature: 97 },
      },
    ]);

    const file = await postJson(server, operator, '/report/product/export', { ...body, format: 'xlsx' });
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toMatch(/product-report-.*\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.raw as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('report')!;
    expect(sheet.rowCount).toBe(9);
    expect(sheet.getRow(1).getCell(2).value).toBe('Device');
    expect(sheet.getRow(2).getCell(2).value).toBe('Boiler 1');

    // Another developer's product, and a report of another product, are missing; so is a long range.
    const foreign = await buildBoundDevice(server.database.db);
    expect((await postJson(server, operator, '/report/product/data', body)).code).toBe('200');
    const stranger = await signedIn(server, foreign.developer.username!);
    expect((await postJson(server, stranger, '/report/product/data', body)).code).toBe('1003');
    expect(
      (await postJson(server, stranger, '/report/product/reports', { productId: fixture.product.id })).code,
    ).toBe('1003');
    expect(
      (await postJson(server, stranger, '/report/product/data', { ...body, productId: foreign.product.id }))
        .code,
    ).toBe('1003');
    expect((await postJson(server, stranger, '/report/product/options', {})).data).toEqual([
      { id: foreign.product.id, title: foreign.product.title, reports: 0 },
    ]);
    expect(
      (await postJson(server, operator, '/report/product/data', { ...body, end: base + 31 * DAY })).code,
    ).toBe('1805');
  });
});
