import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  CurveAnswerSchema,
  EPOCH_MS_MAX,
  HistoryPageSchema,
  SESSION_COOKIE,
} from '@lyyp/contracts';
import { FACTORY_PASSWORD, buildAccount, buildBoundDevice } from '../../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';

const DAY = 86_400_000;
const base = Date.UTC(2026, 10, 10, 0, 0, 0);

describe.each(databaseVariants())('history on $name', (variant) => {
  let server: TestServer;
  let deviceId: string;
  let owner: TestClient;

  beforeAll(async () => {
    server = await startTestServer(variant);
    const bound = await buildBoundDevice(server.database.db);
    deviceId = bound.device.id;
    const rows = [];
    for (let second = 0; second < 25; second += 1) {
      rows.push({
        deviceId,
        key: 'waterTemperature',
        ts: base + second * 1000 + 120,
        value: 60 + second,
        error: null,
      });
      if (second % 2 === 0)
        rows.push({
          deviceId,
          key: 'running',
          ts: base + second * 1000 + 450,
          value: second % 4 === 0,
          error: null,
        });
    }
    rows.push({ deviceId, key: 'serialNumber', ts: base, value: 'BLR,"A"', error: null });
    await server.runtime.history.store(rows);
    owner = new TestClient(server);
    expect((await owner.login(bound.owner.username!, FACTORY_PASSWORD)).code).toBe('200');
  });
  afterAll(async () => server.close());

  it('pages a row per stored instant to the millisecond, newest first, each variable in its own type', async () => {
    const page = await owner.call('POST', '/history/query', {
      equipmentId: deviceId,
      keys: 'waterTemperature,running',
      start: base,
      end: base + 60_000,
      page: 1,
      pageSize: 10,
    });
    expect(page.code).toBe('200');
    const data = page.data as { total: number; list: Array<{ ts: number; values: Record<string, unknown> }> };
    // 25 temperatures at .120 and 13 states at .450 of their seconds: 38 instants, none merged.
    expect(data.total).toBe(38);
    expect(data.list).toHaveLength(10);
    expect(data.list[0]).toEqual({ ts: base + 24_450, values: { running: true } });
    expect(data.list[1]).toEqual({ ts: base + 24_120, values: { waterTemperature: 84 } });
    expect(data.list[2]).toEqual({ ts: base + 23_120, values: { waterTemperature: 83 } });
    expect(HistoryPageSchema.parse(page.data)).toEqual(page.data);
    const last = (
      await owner.call('POST', '/history/query', {
        equipmentId: deviceId,
        keys: 'waterTemperature',
        start: base,
        end: base + 60_000,
        page: 3,
        pageSize: 10,
      })
    ).data as { list: unknown[] };
    expect(last.list).toHaveLength(5);
  });

  it('refuses a reversed range, one over 30 days, and unknown variables', async () => {
    const query = (extra: Record<string, string | number>) =>
      owner.call('POST', '/history/query', {
        equipmentId: deviceId,
        keys: 'waterTemperature',
        start: base,
        end: base + DAY,
        ...extra,
      });
    expect((await query({ start: base + DAY, end: base })).code).toBe('1804');
    const long = await query({ end: base + 31 * DAY });
    expect(long).toMatchObject({ code: '1805', message: 'The query range is at most 30 days' });
    expect((await query({ start: -5 })).code).toBe('1806');
    expect((await query({ keys: 'nope' })).code).toBe('1714');
  });

  // Times are epoch ms within 1970 … 9999 on every history path; outside it is 1806, never a 500.
  describe.each<{ path: string; extra: Record<string, string | number> }>([
    { path: '/history/query', extra: {} },
    { path: '/history/curve', extra: { width: 100 } },
    { path: '/history/export', extra: { format: 'csv' } },
  ])('$path', ({ path, extra }) => {
    const ask = (range: Record<string, string | number>) =>
      owner.call('POST', path, {
        equipmentId: deviceId,
        keys: 'waterTemperature',
        start: base,
        end: base + DAY,
        ...extra,
        ...range,
      });

    it('refuses times past the year 9999 or before 1970 with 1806, in the caller language', async () => {
      const ranges: Array<Record<string, number>> = [
        { start: 8_640_000_000_000_000 },
        { start: EPOCH_MS_MAX + 1, end: EPOCH_MS_MAX + 2 },
        { end: 8_640_000_000_000_000 },
        { start: -5 },
        { start: -DAY, end: -1 },
      ];
      for (const range of ranges) {
        const answer = await ask(range);
        expect(answer, JSON.stringify(range)).toMatchObject({
          status: 400,
          code: '1806',
          message: 'The date must be between 1970 and 9999',
        });
      }
    });

    it('refuses a time that is no whole number of milliseconds as an invalid parameter', async () => {
      expect(await ask({ start: base + 0.5 })).toMatchObject({
        status: 400,
        code: '1002',
        data: { field: 'start' },
      });
      expect(await ask({ end: 'tomorrow' })).toMatchObject({
        status: 400,
        code: '1002',
        data: { field: 'end' },
      });
      expect(await ask({ start: '1e400' })).toMatchObject({
        status: 400,
        code: '1002',
        data: { field: 'start' },
      });
    });

    it('refuses a reversed range with 1804', async () => {
      expect(await ask({ start: base + DAY, end: base })).toMatchObject({ status: 400, code: '1804' });
    });
  });

  it('exports the same rows as CSV and XLSX, with names and units in the header', async () => {
    const request = async (format: string) =>
      server.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/history/export`,
        headers: { cookie: `${SESSION_COOKIE}=${owner.sessionToken!}` },
        payload: {
          equipmentId: deviceId,
          keys: ['waterTemperature', 'serialNumber'],
          start: base,
          end: base + 60_000,
          format,
          timeZone: 'Asia/Shanghai',
        },
      });
    const csv = await request('csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="history-2026-11-10\.csv"/);
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(27);
    expect(lines[0]).toBe('时间,出水温度 (℃),设备序列号');
    expect(lines[1]).toBe('2026-11-10 08:00:00.000,,"BLR,""A"""');
    expect(lines[2]).toBe('2026-11-10 08:00:00.120,60,');
    const xlsx = await request('xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('history')!;
    expect(sheet.rowCount).toBe(27);
    expect(sheet.getRow(2).getCell(1).value).toBe('2026-11-10 08:00:00.000');
    expect(sheet.getRow(27).getCell(1).value).toBe('2026-11-10 08:00:24.120');
    expect(sheet.getRow(27).getCell(2).value).toBe(84);
  });

  it('sends raw points when they fit the width, min/max buckets when they do not', async () => {
    const raw = (
      await owner.call('POST', '/history/curve', {
        equipmentId: deviceId,
        keys: 'waterTemperature',
        width: 100,
      })
    ).data as {
      start: number;
      end: number;
      series: Array<{ key: string; mode: string; points?: unknown[] }>;
    };
    expect(raw.start).toBe(base + 120);
    expect(raw.end).toBe(base + 24_120);
    expect(raw.series[0]).toMatchObject({ key: 'waterTemperature', mode: 'raw' });
    expect(raw.series[0]!.points).toHaveLength(25);
    expect(CurveAnswerSchema.parse(raw)).toEqual(raw);

    const many = [];
    for (let index = 0; index < 3000; index += 1)
      many.push({
        deviceId,
        key: 'steamPressure',
        ts: base + DAY + index * 1000,
        value: index % 100,
        error: null,
      });
    await server.runtime.history.store(many);
    const bucketed = (
      await owner.call('POST', '/history/curve', { equipmentId: deviceId, keys: 'steamPressure', width: 100 })
    ).data as {
      series: Array<{ mode: string; buckets: Array<[number, number, number]> }>;
    };
    expect(bucketed.series[0]!.mode).toBe('bucket');
    expect(bucketed.series[0]!.buckets.length).toBeLessThanOrEqual(101);
    expect(bucketed.series[0]!.buckets[0]).toEqual([base + DAY, 0, 29]);
    expect(CurveAnswerSchema.parse(bucketed)).toEqual(bucketed);
    const zoomed = (
      await owner.call('POST', '/history/curve', {
        equipmentId: deviceId,
        keys: 'steamPressure',
        width: 100,
        start: base + DAY,
        end: base + DAY + 59_000,
      })
    ).data as {
      series: Array<{ mode: string; points: unknown[] }>;
    };
    expect(zoomed.series[0]).toMatchObject({ mode: 'raw' });
    expect(zoomed.series[0]!.points).toHaveLength(60);
    expect(
      (
        await owner.call('POST', '/history/curve', {
          equipmentId: deviceId,
          keys: 'a,b,c,d,e,f,g,h,i,j,k',
          width: 100,
        })
      ).code,
    ).toBe('1002');

    // Long ranges read the minute summaries: the same minimum and maximum per bucket, and a resent
    // batch changes nothing.
    const slow = [];
    for (let index = 0; index < 3000; index += 1) {
      slow.push({
        deviceId,
        key: 'flueTemperature',
        ts: base + 2 * DAY + index * 10_000,
        value: index % 100,
        error: null,
      });
    }
    await server.runtime.history.store(slow);
    await server.runtime.history.store(slow.slice(0, 500));
    const summarised = (
      await owner.call('POST', '/history/curve', {
        equipmentId: deviceId,
        keys: 'flueTemperature',
        width: 100,
      })
    ).data as {
      start: number;
      series: Array<{ mode: string; buckets: Array<[number, number, number]> }>;
    };
    expect(summarised.start).toBe(base + 2 * DAY);
    expect(summarised.series[0]!.mode).toBe('bucket');
    expect(summarised.series[0]!.buckets[0]).toEqual([base + 2 * DAY, 0, 29]);
    expect(Math.max(...summarised.series[0]!.buckets.map((bucket) => bucket[2]))).toBe(99);
  });

  it("answers another tenant's device as missing", async () => {
    const stranger = await buildAccount(server.database.db, 'terminal');
    const other = new TestClient(server);
    await other.login(stranger.username!, FACTORY_PASSWORD);
    expect(
      (await other.call('POST', '/history/query', { equipmentId: deviceId, start: base, end: base + 1000 }))
        .code,
    ).toBe('1003');
    expect(
      (await other.call('POST', '/history/curve', { equipmentId: deviceId, keys: 'waterTemperature' })).code,
    ).toBe('1003');
  });

  it('refuses to sync with an offline gateway', async () => {
    expect((await owner.call('POST', '/equipment/sync', { equipmentId: deviceId })).code).toBe('1501');
  });
});
