/**
 * Whatever values a source takes — several in one second, equal values repeated, uploads out of
 * order and sent again — every stored value appears exactly once, with its own millisecond time,
 * in every page of the history table, in the CSV and XLSX exports and in the curve. The points go
 * through the real ingest path (upload → group commit → storage) on the embedded database.
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, SESSION_COOKIE } from '@lyyp/contracts';
import { FACTORY_PASSWORD, buildBoundDevice } from '../../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';

const DAY = 86_400_000;
const KEYS = ['waterTemperature', 'steamPressure', 'flueTemperature'] as const;
type Key = (typeof KEYS)[number];
/** Midnight (UTC) 20 days ago: each run stores its points in a day of its own after it. */
const origin = Math.floor((Date.now() - 20 * DAY) / DAY) * DAY;

interface SourcePoint {
  key: Key;
  /** Milliseconds after the run's day starts. */
  offset: number;
  value: number;
}

/** What a simulated source produced: its points (one per key and instant) and how they travel. */
const sourceArbitrary = fc
  .uniqueArray(
    fc.record({
      key: fc.constantFrom(...KEYS),
      // Polls every 100 ms (many in one second, instants shared between variables) and odd times.
      offset: fc.oneof(
        fc.integer({ min: 0, max: 300 }).map((tenth) => tenth * 100),
        fc.integer({ min: 0, max: 120_000 }),
      ),
      // Few distinct values, so repeats are common; never -0, which no table can tell from 0.
      value: fc.oneof(
        fc.constantFrom(0, 1, 2.5, 42),
        fc.integer({ min: -1_000_000, max: 1_000_000 }).map((hundredths) => hundredths / 100 + 0),
      ),
    }),
    { minLength: 1, maxLength: 60, selector: (point) => `${point.key}@${point.offset}` },
  )
  .chain((points) =>
    fc.record({
      points: fc.constant(points),
      // The order they are uploaded in (late points: anything out of time order).
      order: fc.shuffledSubarray(
        points.map((_, index) => index),
        { minLength: points.length, maxLength: points.length },
      ),
      sizes: fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 8 }),
      // Uploads sent again afterwards (as a gateway does when an acknowledgement was lost).
      resent: fc.array(fc.nat(), { maxLength: 3 }),
      pageSize: fc.integer({ min: 3, max: 25 }),
    }),
  );

describe('every stored value, exactly once, everywhere history is shown', () => {
  let server: TestServer;
  let owner: TestClient;
  let deviceId: string;
  let sn: string;
  let seq = 0;
  let run = 0;

  beforeAll(async () => {
    server = await startTestServer(databaseVariants()[0]!, { REPORT_SWEEP_INTERVAL_MS: '0' });
    const bound = await buildBoundDevice(server.database.db);
    deviceId = bound.device.id;
    sn = bound.gateway.sn;
    owner = new TestClient(server);
    expect((await owner.login(bound.owner.username!, FACTORY_PASSWORD)).code).toBe('200');
  });
  afterAll(async () => server.close());

  const exportFile = (format: 'csv' | 'xlsx', start: number, end: number) =>
    server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/history/export`,
      headers: { cookie: `${SESSION_COOKIE}=${owner.sessionToken!}`, 'accept-language': 'en-US' },
      payload: { equipmentId: deviceId, keys: [...KEYS], start, end, format, timeZone: 'UTC' },
    });

  /** `2026-11-10 08:00:00.120` (UTC) → epoch ms. */
  const parseTime = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);

  it('lists each value once with its millisecond time in the table, both exports and the curve', async () => {
    await fc.assert(
      fc.asyncProperty(sourceArbitrary, async ({ points, order, sizes, resent, pageSize }) => {
        const dayStart = origin + (run += 1) * DAY;
        const expected = new Map<string, number>();
        for (const point of points) expected.set(`${point.key}@${dayStart + point.offset}`, point.value);

        // Upload in the shuffled order, in chunks of the drawn sizes, then resend some uploads.
        const uploads: SourcePoint[][] = [];
        for (let index = 0, chunk = 0; index < order.length; chunk += 1) {
          const size = sizes[chunk % sizes.length]!;
          uploads.push(order.slice(index, index + size).map((position) => points[position]!));
          index += size;
        }
        for (const pick of resent) uploads.push(uploads[pick % uploads.length]!);
        for (const upload of uploads) {
          const answer = await server.runtime.ingest.ingest(sn, {
            seq: (seq += 1),
            points: upload.map((point) => ({ k: point.key, t: dayStart + point.offset, v: point.value })),
          });
          expect(answer).not.toBeNull();
        }

        const start = dayStart;
        const end = dayStart + DAY - 1;
        const seen = (where: string) => {
          const found = new Map<string, number>();
          return {
            add(key: string, ts: number, value: unknown) {
              const id = `${key}@${ts}`;
              expect(found.has(id), `${where}: ${id} listed twice`).toBe(false);
              expect(typeof value, `${where}: ${id}`).toBe('number');
              found.set(id, value as number);
            },
            check() {
              expect(found, where).toEqual(expected);
            },
          };
        };

        // The table, every page: rows of distinct instants, newest first, never a value twice.
        const table = seen('table');
        const instants = new Set([...expected.keys()].map((id) => Number(id.split('@')[1])));
        let page = 1;
        let previous = Number.POSITIVE_INFINITY;
        for (;;) {
          const answer = await owner.call('POST', '/history/query', {
            equipmentId: deviceId,
            keys: KEYS.join(','),
            start,
            end,
            page,
            pageSize,
          });
          expect(answer.code).toBe('200');
          const data = answer.data as {
            total: number;
            list: Array<{ ts: number; values: Record<string, unknown> }>;
          };
          expect(data.total).toBe(instants.size);
          for (const row of data.list) {
            expect(row.ts).toBeLessThan(previous);
            previous = row.ts;
            expect(Object.keys(row.values).length).toBeGreaterThan(0);
            for (const [key, value] of Object.entries(row.values)) table.add(key, row.ts, value);
          }
          if (page * pageSize >= data.total) break;
          expect(data.list).toHaveLength(pageSize);
          page += 1;
        }
        table.check();

        // CSV: a header, then a row per instant, oldest first, times to the millisecond.
        const csv = await exportFile('csv', start, end);
        expect(csv.statusCode).toBe(200);
        const lines = csv.body.replace('\uFEFF', '').trimEnd().split('\r\n');
        const csvSeen = seen('csv');
        expect(lines).toHaveLength(instants.size + 1);
        for (const line of lines.slice(1)) {
          const [time, ...cells] = line.split(',');
          expect(time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
          cells.forEach((cell, index) => {
            if (cell !== '') csvSeen.add(KEYS[index]!, parseTime(time!), Number(cell));
          });
        }
        csvSeen.check();

        // XLSX: the same rows, values as numbers.
        const xlsx = await exportFile('xlsx', start, end);
        expect(xlsx.statusCode).toBe(200);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
        const sheet = workbook.getWorksheet('history')!;
        expect(sheet.rowCount).toBe(instants.size + 1);
        const xlsxSeen = seen('xlsx');
        for (let index = 2; index <= sheet.rowCount; index += 1) {
          const row = sheet.getRow(index);
          const ts = parseTime(row.getCell(1).value as string);
          KEYS.forEach((key, column) => {
            const value = row.getCell(column + 2).value;
            if (value !== null && value !== '') xlsxSeen.add(key, ts, value);
          });
        }
        xlsxSeen.check();

        // The curve (raw points at this width): each point of each variable once.
        const curve = await owner.call('POST', '/history/curve', {
          equipmentId: deviceId,
          keys: KEYS.join(','),
          start,
          end,
          width: 4000,
        });
        expect(curve.code).toBe('200');
        const curveSeen = seen('curve');
        for (const series of (
          curve.data as { series: Array<{ key: string; mode: string; points: Array<[number, unknown]> }> }
        ).series) {
          expect(series.mode).toBe('raw');
          for (const [ts, value] of series.points) curveSeen.add(series.key, ts, value);
        }
        curveSeen.check();
      }),
      { numRuns: 12 },
    );
  }, 600_000);
});
