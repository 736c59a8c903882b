/**
 * Periodic reports are aggregated inside the database (`computePeriodic`); the statistics must be
 * exactly those the pure engine computes from the same samples (`computeSpan`), on both databases:
 * awkward floating-point values, gaps, keys with and without a value before the span, spans that
 * start mid-series.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportDefinitionSchema } from '@lyyp/contracts/report';
import { newId } from '../../lib/ids.ts';
import { buildBoundDevice } from '../../test/factories.ts';
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
  let productId: string;
  const start = Math.floor((Date.now() - 5 * DAY) / DAY) * DAY;

  beforeAll(async () => {
    server = await startTestServer(variant, { REPORT_SWEEP_INTERVAL_MS: '0', ALARM_SWEEP_INTERVAL_MS: '0' });
    repository = new ReportRepository(server.database.db);
    const bound = await buildBoundDevice(server.database.db);
    deviceId = bound.device.id;
    productId = bound.product.id;
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
    for (let offset = 0; offset < rows.length; offset += 2000)
      await server.runtime.history.store(rows.slice(offset, offset + 2000));
  });
  afterAll(async () => server.close());

  it.each([
    [15, 0, 2 * DAY],
    [60, 0, DAY],
    [60, 17 * HOUR, 2 * DAY],
    [5, 29 * HOUR, 35 * HOUR],
  ])('every %i-minute window from +%i ms to +%i ms equals the engine', async (minutes, from, to) => {
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

    const counted = await repository.computePeriodic(
      report.id,
      deviceId,
      compiled.keys,
      start + from,
      start + to,
      compiled.windowMs,
    );
    expect(counted).toEqual({ samples: samples.length, rows: expected.length });
    const stored = await repository.storedRows(report.id, [deviceId], start + from, start + to);
    expect(stored.map((row) => ({ at: row.at, cells: row.cells }))).toEqual(expected);

    // Computing the span again replaces its rows.
    await repository.computePeriodic(
      report.id,
      deviceId,
      compiled.keys,
      start + from,
      start + to,
      compiled.windowMs,
    );
    expect(await repository.storedRows(report.id, [deviceId], start + from, start + to)).toHaveLength(
      expected.length,
    );
  });

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
      deviceId,
      ['gasTotal', 'waterTemperature'],
      start,
      start + 2 * DAY,
      15 * MINUTE,
    );
    const access = { findVisibleDevice: () => Promise.resolve({ id: deviceId }) };
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
