/**
 * `storage.bytes-per-point`: bytes a point takes on disk, hot (day partitions of `points` keyed by
 * series and time, with their primary-key index) and archived (`points_archive`: one row per series
 * and hour, TOAST-compressed arrays, with its index), from the database's own relation sizes
 * (`pg_total_relation_size` of every partition: table, TOAST and indexes) over the points counted.
 * A realistic fleet: devices of ten numeric variables that move the way the demo boiler's do
 * (temperatures at one decimal, pressure at three, whole-number percentages and power, a gas
 * counter at two decimals), one point per variable every 10 s.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { buildBoundDevice } from '../src/test/factories.ts';
import { databaseVariants } from '../src/test/test-server.ts';
import { HistoryArchive } from '../src/modules/telemetry/history-archive.repository.ts';
import { HistoryRepository, type PointRow } from '../src/modules/telemetry/history.repository.ts';
import { record } from './report.ts';

const DEVICES = Number(process.env.BENCH_STORAGE_DEVICES ?? 50);
const HOURS = Number(process.env.BENCH_STORAGE_HOURS ?? 6);
const STEP_MS = 10_000;
const DAY = Date.UTC(2026, 0, 5);

/** A seeded pseudo-random source (the same fleet on every run and database). */
function noiseOf(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) / 2 ** 32) * 2 - 1;
  };
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** One device's ten variables over the bench's hours, as the demo boiler moves them. */
function* boilerPoints(deviceId: string, seed: number): Generator<PointRow> {
  const noise = noiseOf(seed);
  let water = 62 + noise() * 5;
  let firing = false;
  let gas = 1000 + seed;
  for (let ts = DAY; ts < DAY + HOURS * 3_600_000; ts += STEP_MS) {
    const seconds = (ts - DAY) / 1000;
    if (water < 64) firing = true;
    if (water > 70) firing = false;
    water = Math.min(110, Math.max(5, water + (firing ? 0.08 : -0.03) * 10 + noise() * 0.1));
    const level = 55 + 15 * Math.sin(seconds / 120) + noise();
    if (firing) gas += 0.035 * 10;
    const values: Array<[string, number]> = [
      ['waterTemperature', round(water, 1)],
      ['returnTemperature', round(water - 8 + noise() * 0.3, 1)],
      ['steamPressure', round(0.1 + ((water - 20) / 90) * 0.6 + noise() * 0.004, 3)],
      ['flueTemperature', round(water + (firing ? 95 : 12) + noise() * 2, 1)],
      ['outdoorTemperature', round(2 + 6 * Math.sin(seconds / 600), 1)],
      ['waterLevel', round(Math.max(0, level), 1)],
      ['flameIntensity', firing ? Math.round(82 + noise() * 20) : 0],
      ['oxygenTrim', firing ? Math.round(noise() * 10) : 0],
      ['heatOutput', firing ? Math.round(1200 + noise() * 80) : -Math.round(30 + noise() * 4)],
      ['gasTotal', round(gas, 2)],
    ];
    for (const [key, value] of values) yield { deviceId, key, ts, value, error: null };
  }
}

async function sizes(db: Database) {
  const result: unknown = await db.execute(sql`
    select coalesce(sum(pg_total_relation_size(c.oid)) filter (where i.inhparent = 'points'::regclass), 0)::float8 as hot,
      coalesce(sum(pg_total_relation_size(c.oid)) filter (where i.inhparent = 'points_archive'::regclass), 0)::float8 as archived,
      (select count(*) from points)::float8 as hot_points,
      (select coalesce(sum(n), 0) from points_archive)::float8 as archived_points
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent in ('points'::regclass, 'points_archive'::regclass)`);
  return (
    result as { rows: Array<{ hot: number; archived: number; hot_points: number; archived_points: number }> }
  ).rows[0]!;
}

export async function benchStorage() {
  for (const variant of databaseVariants()) {
    const database = await variant.open();
    try {
      const history = new HistoryRepository(database.db);
      const archive = new HistoryArchive(database.db);
      const deviceIds: string[] = [];
      for (let index = 0; index < DEVICES; index += 1)
        deviceIds.push((await buildBoundDevice(database.db)).device.id);
      // Stored as ingest stores them: batches of every device's points of the same minutes.
      const generators = deviceIds.map((deviceId, index) => boilerPoints(deviceId, index + 1));
      const began = performance.now();
      for (;;) {
        const batch: PointRow[] = [];
        for (const generator of generators)
          for (let count = 0; count < 60; count += 1) {
            const next = generator.next();
            if (next.done) break;
            batch.push(next.value);
          }
        if (batch.length === 0) break;
        await history.store(batch);
      }
      const storeSeconds = (performance.now() - began) / 1000;
      await database.db.execute(sql`vacuum analyze points`);
      const hot = await sizes(database.db);
      const config = {
        database: variant.name,
        devices: DEVICES,
        variables: 10,
        hours: HOURS,
        intervalSeconds: STEP_MS / 1000,
        points: hot.hot_points,
      };
      record({
        scenario: 'storage.bytes-per-point',
        metric: 'hot',
        value: hot.hot / hot.hot_points,
        unit: 'B',
        config,
      });
      const archiveBegan = performance.now();
      await archive.archiveDay(DAY);
      const archiveSeconds = (performance.now() - archiveBegan) / 1000;
      await database.db.execute(sql`vacuum analyze points_archive`);
      const archived = await sizes(database.db);
      record({
        scenario: 'storage.bytes-per-point',
        metric: 'archived',
        value: archived.archived / archived.archived_points,
        unit: 'B',
        config: { ...config, points: archived.archived_points, remainingHot: archived.hot_points },
      });
      record({
        scenario: 'storage.bytes-per-point',
        metric: 'archive-points-per-second',
        value: archived.archived_points / archiveSeconds,
        unit: 'points/s',
        config: { ...config, storePointsPerSecond: Math.round(hot.hot_points / storeSeconds) },
      });
    } finally {
      await database.close();
      await database.drop();
    }
  }
}
