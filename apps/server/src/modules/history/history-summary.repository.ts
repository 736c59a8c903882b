/**
 * Reads of the hierarchical history summaries (minute → hour → day) for curves over long ranges.
 *
 * Minute summaries are written with every stored batch (telemetry); hour and day summaries are
 * refreshed from them by the report module's sweep from the ingest invalidation log, a little after
 * each hour closes. A read at the hour or day level therefore takes each span from the coarsest
 * store that is complete for it: days before the last two hours' day from `points_day`, hours
 * before the last two hours from `points_hour`, and the rest from the minute summaries, as one
 * query (the "real-time aggregate" of TimescaleDB's continuous aggregates).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CurveLevel } from '@lyyp/contracts';
import type { Database } from '../../db/client.ts';
import { extentColumns } from '../telemetry/stored-points.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Hour summaries older than this are complete: the sweep refreshes an hour soon after it closes. */
export const SUMMARY_FRESH_LAG_MS = 2 * HOUR_MS;

export type SummaryLevel = Exclude<CurveLevel, 'point'>;

/** The coarsest summary level whose rows are no wider than a bucket; null below a minute. */
export function summaryLevelFor(bucketMs: number): SummaryLevel | null {
  if (bucketMs >= DAY_MS) return 'day';
  if (bucketMs >= HOUR_MS) return 'hour';
  if (bucketMs >= MINUTE_MS) return 'minute';
  return null;
}

const iso = (ts: number) => new Date(ts).toISOString();
const floorTo = (ts: number, unit: number) => Math.floor(ts / unit) * unit;

interface Part {
  table: 'points_day' | 'points_hour' | 'points_rollup';
  column: 'day' | 'hour' | 'minute';
  from: number;
  to: number;
}

/**
 * The spans of `[from, to]` each store answers at `level`: complete days and hours from their
 * summaries, the recent rest from minutes. Pure, exported for tests.
 */
export function summaryParts(level: SummaryLevel, from: number, to: number, now: number): Part[] {
  const freshHour = floorTo(now - SUMMARY_FRESH_LAG_MS, HOUR_MS);
  const freshDay = floorTo(freshHour, DAY_MS);
  const parts: Part[] = [];
  let cursor = from;
  if (level === 'day' && floorTo(cursor, DAY_MS) < freshDay) {
    const end = Math.min(to + 1, freshDay);
    parts.push({ table: 'points_day', column: 'day', from: floorTo(cursor, DAY_MS), to: end });
    cursor = end;
  }
  if (level !== 'minute' && cursor <= to && floorTo(cursor, HOUR_MS) < freshHour) {
    const end = Math.min(to + 1, freshHour);
    parts.push({ table: 'points_hour', column: 'hour', from: floorTo(cursor, HOUR_MS), to: end });
    cursor = end;
  }
  if (cursor <= to)
    parts.push({ table: 'points_rollup', column: 'minute', from: floorTo(cursor, MINUTE_MS), to: to + 1 });
  return parts;
}

export class HistorySummaryQueries {
  constructor(private readonly db: Database) {}

  /**
   * Min and max per bucket of `bucketMs` from `from`, read at `level`, for every key in one query,
   * with the number of points behind each key's buckets (to choose raw points when they fit).
   * Buckets without data are absent.
   */
  async buckets(
    deviceId: string,
    keys: readonly string[],
    from: number,
    to: number,
    bucketMs: number,
    level: SummaryLevel,
    now: number,
  ): Promise<Map<string, { count: number; buckets: Array<[number, number, number]> }>> {
    const origin = iso(from);
    const sources: SQL[] = summaryParts(level, from, to, now).map(
      (part) => sql`select key, ${sql.raw(part.column)} as t, v_min, v_max, n from ${sql.raw(part.table)}
        where device_id = ${deviceId} and key = any(${sql.param(keys)}::text[])
          and ${sql.raw(part.column)} >= ${iso(part.from)}::timestamptz and ${sql.raw(part.column)} < ${iso(part.to)}::timestamptz`,
    );
    // One row per key with its buckets as JSON text: a few rows cross from the database instead of
    // a row per bucket (thousands), which is most of the cost on the embedded database. Rows are
    // grouped by the bucket's timestamp and turned into epoch milliseconds once per bucket, as a
    // rounded floating-point epoch (exact for millisecond times; the numeric extract() per summary
    // row was most of the rest).
    const result: unknown = await this.db.execute(sql`
      select k, sum(n)::float8 as n,
        json_agg(json_build_array(round(date_part('epoch', b) * 1000)::bigint, min, max) order by b)::text as buckets from (
        select key as k, date_bin(${`${bucketMs} milliseconds`}::interval, t, ${origin}::timestamptz) as b,
          min(v_min) as min, max(v_max) as max, sum(n)::float8 as n
        from (${sql.join(sources, sql` union all `)}) as summaries
        group by 1, 2) as bucketed
      group by k`);
    const byKey = new Map<string, { count: number; buckets: Array<[number, number, number]> }>();
    for (const row of (result as { rows: Array<{ k: string; n: number; buckets: string }> }).rows) {
      const buckets = JSON.parse(row.buckets) as Array<[number, number, number]>;
      for (const bucket of buckets) bucket[0] = Math.max(bucket[0], from);
      byKey.set(row.k, { count: Number(row.n), buckets });
    }
    return byKey;
  }

  /** Oldest and newest time of each key with data (two index lookups per key, one statement). */
  async extents(
    deviceId: string,
    keys: readonly string[],
  ): Promise<Map<string, { oldest: number; newest: number }>> {
    const result: unknown = await this.db.execute(sql`
      select k,
        ${extentColumns(sql`${deviceId}`, sql`k`)}
      from unnest(${sql.param(keys)}::text[]) as k`);
    const rows = (result as { rows: Array<{ k: string; newest: string | null; oldest: string | null }> })
      .rows;
    return new Map(
      rows
        .filter((row) => row.newest !== null && row.oldest !== null)
        .map((row) => [row.k, { oldest: Number(row.oldest), newest: Number(row.newest) }]),
    );
  }

  /**
   * For each key, the start of the hour (or minute, for recent data) from which it has at least
   * `count` points counted from the newest: hours from the hour summaries, the recent rest from
   * minutes. Keys with fewer points are absent.
   */
  async latestWindowStarts(
    deviceId: string,
    keys: readonly string[],
    count: number,
    now: number,
  ): Promise<Map<string, number>> {
    const freshHour = floorTo(now - SUMMARY_FRESH_LAG_MS, HOUR_MS);
    const keyList = sql.param(keys);
    const result: unknown = await this.db.execute(sql`
      select distinct on (key) key as k, (extract(epoch from t) * 1000)::bigint::text as t from (
        select key, t, sum(n) over (partition by key order by t desc) as reached from (
          select key, minute as t, n from points_rollup where device_id = ${deviceId} and key = any(${keyList}::text[])
            and minute >= ${iso(freshHour)}::timestamptz
          union all
          select key, hour as t, n from points_hour where device_id = ${deviceId} and key = any(${keyList}::text[])
            and hour < ${iso(freshHour)}::timestamptz) as counted) as summed
      where reached >= ${count} order by key, t desc`);
    return new Map(
      (result as { rows: Array<{ k: string; t: string }> }).rows.map((row) => [row.k, Number(row.t)]),
    );
  }
}
