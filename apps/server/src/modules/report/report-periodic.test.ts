/**
 * Periodic reports are aggregated inside the database from the history summaries
 * (`computePeriodic`); the statistics must be exactly those the pure engine computes from the same
 * raw samples (`computeSpan`), on both databases: awkward floating-point values, gaps, keys with and
 * without a value before the span, spans that start mid-series, hourly windows read from minute
 * summaries (hours still marked) and from hour summaries (hours refreshed), several devices in one
 * statement. The rows of the other modes, computed by the engine, are stored as the same arrays and
 * read back unchanged.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_LATE_SETTLE_MS, reportDefinitionSchema } from '@lyyp/contracts/report';
import { newId } from '../../lib/ids.ts';
import { devices } from '../../db/schema/index.ts';
import { buildBoundDevice, buildGateway } from '../../test/factories.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import type { PointRow } from '../telemetry/history.repository.ts';
import { computeSpan } from './report-computation.service.ts';
import { compileReport } from './engine/window-compute.ts';
import { ReportRepository } from './report.repository.ts';
import { ReportQueryService, type ReportQueryDeps } from './report-query.service.ts';
import type { AccountRow } from '../account/account.repository.ts';
import { RuntimeRepository } from '../telemetry/runtime.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A small deterministic generator (mulberry32), so a failure is reproducible. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe.each(databaseVariants())('periodic reports in the database on $name', (variant) => {
  let server: TestServer;
  let repository: ReportRepository;
  let deviceId: string;
  let otherDeviceId: string;
  let productId: string;
  const start = Math.floor((Date.now() - 5 * DAY) / DAY) * DAY;

  beforeAll(async () => {
    server = await startTestServer(variant, { REPORT_SWEEP_INTERVAL_MS: '0', ALARM_SWEEP_INTERVAL_MS: '0' });
    repository = new ReportRepository(server.database.db);
    const bound = await buildBoundDevice(server.database.db);
    deviceId = bound.device.id;
    productId = bound.product.id;
    otherDeviceId = newId();
    const gateway = await buildGateway(server.database.db);
    await server.database.db.insert(devices).values({
      id: otherDeviceId,
      name: 'Boiler 2',
      gatewaySn: gateway.sn,
      productId,
      ownerAccountId: bound.owner.id,
    });
    const next = random(12);
    const rows: PointRow[] = [];
    let counter = 1e6 / 3;
    // Two days; the counter starts an hour in, the temperature has a three-hour gap on day two.
    for (let ts = start; ts < start + 2 * DAY; ts += 7_000 + Math.floor(next() * 50_000)) {
      counter += next() * 0.1 + 1e-9;
      if (ts >= start + HOUR) rows.push({ deviceId, key: 'gasTotal', ts, value: counter, error: null });
      if (ts < start + 30 * HOUR || ts >= start + 33 * HOUR)
        rows.push({ deviceId, key: 'waterTemperature', ts, value: 40 + next() * 30 - 1 / 7, error: null });
      if (next() < 0.3) rows.push({ deviceId, key: 'running', ts, value: next() < 0.5, error: null });
    }
    // The second device gets the same series shifted by a few seconds, in the same batches.
    rows.push(...rows.map((row) => ({ ...row, deviceId: otherDeviceId, ts: row.ts + 3_000 })));
    // A batch an hour of data, as a gateway uploading regularly would (a minute's points arrive in
    // one batch, so its sum is added in time order), marked for the summaries like ingest does.
    for (let hour = start - HOUR; hour < start + 2 * DAY + HOUR; hour += HOUR) {
      const batch = rows.filter((row) => row.ts >= hour && row.ts < hour + HOUR);
      await server.runtime.history.store(batch);
      await server.reports.computation.markStored({ points: batch, receivedAt: server.clock.now() });
    }
  });
  afterAll(async () => server.close());

  const marked = async () => {
    const result: unknown = await server.database.db.execute(
      sql`select count(*)::int as n from history_dirty`,
    );
    return (result as { rows: Array<{ n: number }> }).rows[0]!.n;
  };

  it.each([
    // In this order: the cases on minutes run while the ingest marks are still pending.
    [15, 0, 2 * DAY, 'minutes'],
    [5, 29 * HOUR, 35 * HOUR, 'minutes'],
    [60, 0, DAY, 'minutes'],
    [60, 0, DAY, 'hours'],
    [60, 17 * HOUR, 2 * DAY, 'hours'],
  ])(
    'every %i-minute window from +%i ms to +%i ms (%s) equals the engine',
    async (minutes, from, to, level) => {
      // Hour summaries are refreshed (and the marks cleared) by the sweep; until then minutes are read.
      if (level === 'hours') {
        server.clock.advance(REPORT_LATE_SETTLE_MS);
        await server.reports.computation.handleDirty();
      }
      if (level === 'hours') expect(await marked()).toBe(0);
      else expect(await marked()).toBeGreaterThan(90);
      const report = reportDefinitionSchema.parse({
        id: newId(),
        name: 'Periodic',
        type: 'consumption',
        storageMode: 'periodic',
        intervalMinutes: minutes,
        variables: [
          { key: 'gasTotal', aggregation: 'difference' },
          { key: 'waterTemperature', aggregation: 'average' },
          { key: 'running', aggregation: 'max' },
        ],
      });
      await repository.insertReport(productId, report);
      const compiled = compileReport(report);
      const [before, samples] = await Promise.all([
        repository.valuesBefore(deviceId, compiled.reads, start + from),
        repository.samples(deviceId, compiled.reads, start + from, start + to),
      ]);
      const expected = computeSpan(compiled, start + from, start + to, before, samples);
      expect(expected.length).toBeGreaterThan(0);
      const [otherBefore, otherSamples] = await Promise.all([
        repository.valuesBefore(otherDeviceId, compiled.reads, start + from),
        repository.samples(otherDeviceId, compiled.reads, start + from, start + to),
      ]);
      const otherExpected = computeSpan(compiled, start + from, start + to, otherBefore, otherSamples);

      const devices = [deviceId, otherDeviceId];
      const compute = () =>
        repository.computePeriodic(
          report.id,
          devices,
          compiled.keys,
          start + from,
          start + to,
          compiled.windowMs,
        );
      const counted = await compute();
      expect(counted).toEqual({
        samples: samples.length + otherSamples.length,
        rows: expected.length + otherExpected.length,
      });
      const stored = await repository.storedRows(report.id, devices, start + from, start + to);
      const of = (id: string) =>
        stored.filter((row) => row.deviceId === id).map((row) => ({ at: row.at, cells: row.cells }));
      expect(of(deviceId)).toEqual(expected);
      expect(of(otherDeviceId)).toEqual(otherExpected);

      // Computing the span again replaces its rows.
      await compute();
      expect(await repository.storedRows(report.id, devices, start + from, start + to)).toHaveLength(
        expected.length + otherExpected.length,
      );
    },
  );

  it.each([
    ['change', 'interval'],
    ['condition', 'interval'],
    ['condition', 'single'],
  ] as const)(
    "stores the engine's %s rows (%s) as arrays and reads them back unchanged",
    async (storageMode, storage) => {
      const report = reportDefinitionSchema.parse({
        id: newId(),
        name: `${storageMode} ${storage}`,
        storageMode,
        storage,
        intervalMinutes: 15,
        condition: { variableKey: 'waterTemperature', operator: '>', value: 50 },
        variables: [
          { key: 'gasTotal', aggregation: 'difference' },
          { key: 'waterTemperature', aggregation: 'max' },
          { key: 'running', aggregation: 'last' },
        ],
      });
      await repository.insertReport(productId, report);
      const compiled = compileReport(report);
      const [from, to] = [start + 5 * HOUR, start + 2 * DAY];
      const [before, samples] = await Promise.all([
        repository.valuesBefore(deviceId, compiled.reads, from),
        repository.samples(deviceId, compiled.reads, from, to),
      ]);
      const rows = computeSpan(compiled, from, to, before, samples);
      // Change mode stores a row per change, more than one chunk of the insert.
      expect(rows.length).toBeGreaterThan(storageMode === 'change' ? 2000 : 1);
      await repository.replaceRows(report.id, deviceId, from, to, rows);
      const read = async () =>
        (await repository.storedRows(report.id, [deviceId], from, to)).map((row) => ({
          at: row.at,
          cells: row.cells,
        }));
      expect(await read()).toEqual(rows);
      // Replacing the span again leaves one row per moment.
      await repository.replaceRows(report.id, deviceId, from, to, rows.slice(1));
      expect(await read()).toEqual(rows.slice(1));
    },
  );

  it('pages a table by reading only the units of the page, equal to the whole series', async () => {
    const report = reportDefinitionSchema.parse({
      id: newId(),
      name: 'Paged',
      intervalMinutes: 15,
      variables: [
        { key: 'gasTotal', aggregation: 'difference' },
        { key: 'waterTemperature', aggregation: 'first' },
      ],
    });
    await repository.insertReport(productId, report);
    await repository.computePeriodic(
      report.id,
      [deviceId],
      ['gasTotal', 'waterTemperature'],
      start,
      start + 2 * DAY,
      15 * MINUTE,
    );
    const access = { requireDeviceMenu: () => Promise.resolve({ id: deviceId }) };
    const queries = new ReportQueryService({
      repository,
      access: access as unknown as ReportQueryDeps['access'],
      runtime: new RuntimeRepository(server.database.db),
    });
    const account = {} as AccountRow;
    for (const [granularity, timeZone] of [
      ['hour', 'Asia/Shanghai'],
      ['day', 'Asia/Shanghai'],
      ['day', 'America/New_York'],
    ] as const) {
      const range = {
        equipmentId: deviceId,
        reportId: report.id,
        granularity,
        start: start - DAY,
        end: start + 3 * DAY,
        timeZone,
      };
      const { rows } = await queries.series(account, range);
      expect(rows.length).toBeGreaterThan(2);
      const paged = [];
      for (let page = 1; ; page += 1) {
        const answer = await queries.table(account, { ...range, page, pageSize: 7 });
        expect(answer.total).toBe(rows.length);
        if (answer.list.length === 0) break;
        paged.push(...answer.list);
      }
      expect(paged).toEqual([...rows].reverse());
    }
  });
});
