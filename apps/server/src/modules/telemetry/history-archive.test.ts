/**
 * The archive on both databases: whatever mix of hot points, archived days, late points into
 * archived hours and points delivered again, history reads back exactly what was first stored.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildBoundDevice } from '../../test/factories.ts';
import { databaseVariants, type DatabaseVariant } from '../../test/test-server.ts';
import { HistoryArchive, hotDays, removeArchived } from './history-archive.repository.ts';
import { HistoryQueries } from './history-queries.repository.ts';
import { HistoryRepository, type PointRow } from './history.repository.ts';

const DAY = 86_400_000;
const FIRST_DAY = Date.UTC(2025, 2, 1);
const DAYS = 3;

type Handle = Awaited<ReturnType<DatabaseVariant['open']>>;

/** A write: a batch of points, or archiving one of the days. */
const action = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .array(
        fc.record({
          device: fc.integer({ min: 0, max: 1 }),
          key: fc.constantFrom('a', 'b'),
          // Times in a few hours of each day, so late points land in archived hours.
          ts: fc
            .tuple(
              fc.integer({ min: 0, max: DAYS - 1 }),
              fc.integer({ min: 0, max: 3 }),
              fc.integer({ min: 0, max: 40 }),
            )
            .map(([day, hour, step]) => FIRST_DAY + day * DAY + hour * 3_600_000 + step * 10_000),
          value: fc.oneof(
            fc.integer({ min: -5000, max: 5000 }).map((n) => n / 10),
            fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
            fc.constantFrom('on', 'off'),
            fc.constant(null),
          ),
        }),
        { minLength: 1, maxLength: 40 },
      )
      .map((points) => ({ kind: 'store' as const, points })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0, max: DAYS - 1 }).map((day) => ({ kind: 'archive' as const, day })),
  },
);

describe.each(databaseVariants())('history archive on $name', (variant) => {
  let database: Handle;
  let devices: string[];
  let run = 0;

  beforeAll(async () => {
    database = await variant.open();
    devices = [
      (await buildBoundDevice(database.db)).device.id,
      (await buildBoundDevice(database.db)).device.id,
    ];
  });
  afterAll(async () => {
    await database.close();
    await database.drop();
  });

  it('reads back exactly what was first stored, from any mix of hot, archived and late points', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        run += 1;
        const history = new HistoryRepository(database.db);
        const archive = new HistoryArchive(database.db);
        const queries = new HistoryQueries(database.db);
        const keyOf = (key: string) => `r${run}${key}`;
        const expected = new Map<string, { ts: number; key: string; value: PointRow['value'] }>();
        for (const step of actions) {
          if (step.kind === 'archive') {
            await archive.archiveDay(FIRST_DAY + step.day * DAY);
            continue;
          }
          const rows: PointRow[] = step.points.map((point) => ({
            deviceId: devices[point.device]!,
            key: keyOf(point.key),
            ts: point.ts,
            value: point.value,
            error: point.value === null ? 'timeout' : null,
          }));
          await history.store(rows);
          for (const row of rows) {
            const identity = `${row.deviceId}|${row.key}|${row.ts}`;
            if (!expected.has(identity))
              expected.set(identity, { ts: row.ts, key: row.key, value: row.value });
          }
        }
        for (const [index, deviceId] of devices.entries()) {
          const read = await queries.points(
            deviceId,
            [keyOf('a'), keyOf('b')],
            FIRST_DAY,
            FIRST_DAY + DAYS * DAY,
          );
          const wanted = [...expected.entries()]
            .filter(([identity]) => identity.startsWith(`${devices[index]}|`))
            .map(([, point]) => point)
            .sort((a, b) => a.ts - b.ts || (a.key < b.key ? -1 : 1));
          const got = read
            .map((row) => ({ ts: row.ts, key: row.key, value: row.text ?? row.num }))
            .sort((a, b) => a.ts - b.ts || (a.key < b.key ? -1 : 1));
          expect(got).toEqual(wanted);
        }
      }),
      { numRuns: 12 },
    );
  }, 600_000);

  it('drops a day partition once archived and answers its points from the archive', async () => {
    const history = new HistoryRepository(database.db);
    const queries = new HistoryQueries(database.db);
    const day = Date.UTC(2025, 5, 1);
    const rows: PointRow[] = Array.from({ length: 720 }, (_, index) => ({
      deviceId: devices[0]!,
      key: 'boilerTemp',
      ts: day + index * 10_000,
      value: Math.round((65 + Math.sin(index / 30) * 4) * 10) / 10,
      error: null,
    }));
    await history.store(rows);
    expect(await hotDays(database.db)).toContain(day);
    const moved = await new HistoryArchive(database.db).archiveDay(day);
    expect(moved).toBe(720);
    expect(await hotDays(database.db)).not.toContain(day);
    const archived: unknown = await database.db.execute(
      sql`select count(*)::int as n from points_archive a join point_series s on s.id = a.series_id where s.key = 'boilerTemp'`,
    );
    expect((archived as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(2);
    const read = await queries.points(devices[0]!, ['boilerTemp'], day, day + DAY);
    expect(read.map((row) => [row.ts, row.num])).toEqual(rows.map((row) => [row.ts, row.value]));
    expect(await queries.extent(devices[0]!, 'boilerTemp')).toEqual({
      oldest: day,
      newest: day + 719 * 10_000,
    });
    // Delivered again after archiving: stored once; a new late point joins its hour.
    const again = await history.store([rows[5]!, { ...rows[5]!, ts: rows[5]!.ts + 1, value: 1 }]);
    expect(again.allNew).toBe(false);
    expect(await history.countPoints(devices[0]!)).toBeGreaterThanOrEqual(721);
    const late = await queries.points(devices[0]!, ['boilerTemp'], day, day + DAY);
    expect(late).toHaveLength(721);
    // Clearing by date takes whole hours and packs the edge hours again without the range.
    const from = day + 30 * 60_000;
    const to = day + 90 * 60_000;
    const removed = await removeArchived(database.db, devices[0]!, { from, to });
    const left = await queries.points(devices[0]!, ['boilerTemp'], day, day + DAY);
    expect(removed).toBe(721 - left.length);
    expect(left.map((row) => row.ts)).toEqual(
      late.map((row) => row.ts).filter((ts) => ts < from || ts >= to),
    );
  }, 120_000);
});
