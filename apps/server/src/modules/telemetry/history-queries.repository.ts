/**
 * Reads of history for the table, the exports and the curves: instants, points, counts, extents
 * and buckets (from the minute/hour summaries where a range allows).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { extentColumns, storedPoints } from './stored-points.ts';

export interface RawHistoryRow {
  ts: number;
  key: string;
  num: number | null;
  text: string | null;
  error: string | null;
}

type Rows<T> = { rows: T[] };

/** Reads of history for tables, exports and curves. */
export class HistoryQueries {
  constructor(private readonly db: Database) {}

  private async rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result: unknown = await this.db.execute(query);
    return (result as Rows<T>).rows;
  }

  /**
   * The history table's rows: the distinct instants (stored times, to the millisecond) at which
   * any of the keys has a point in `[from, to]`, newest first, `limit` from `offset`, with how many
   * there are. Every point of an instant belongs to that one row, so a page never splits one.
   */
  async instantsPage(
    deviceId: string,
    keys: readonly string[],
    from: number,
    to: number,
    limit: number,
    offset: number,
  ) {
    const range = sql`device_id = ${deviceId} and key = any(${sql.param(keys)}::text[]) and ts >= ${new Date(from).toISOString()}::timestamptz and ts <= ${new Date(to).toISOString()}::timestamptz`;
    const [total] = await this.rows<{ total: number }>(
      sql`select count(distinct ts)::int as total from ${storedPoints(from, to)} as points where ${range}`,
    );
    const instants = await this.rows<{ t: string }>(sql`
      select (extract(epoch from ts) * 1000)::bigint::text as t from ${storedPoints(from, to)} as points where ${range}
      group by ts order by ts desc limit ${limit} offset ${offset}`);
    return { total: total?.total ?? 0, instants: instants.map((row) => Number(row.t)) };
  }

  /** Every point of the keys from `from` up to (not including) `to`. */
  async points(
    deviceId: string,
    keys: readonly string[],
    from: number,
    to: number,
    limit = 1_000_000,
  ): Promise<RawHistoryRow[]> {
    const rows = await this.rows<{
      ts: string;
      key: string;
      v_num: number | null;
      v_text: string | null;
      e: string | null;
    }>(sql`
      select (extract(epoch from ts) * 1000)::bigint::text as ts, key, v_num, v_text, e from ${storedPoints(from, to)} as points
      where device_id = ${deviceId} and key = any(${sql.param(keys)}::text[])
        and ts >= ${new Date(from).toISOString()}::timestamptz and ts < ${new Date(to).toISOString()}::timestamptz
      order by ts limit ${limit}`);
    return rows.map((row) => ({
      ts: Number(row.ts),
      key: row.key,
      num: row.v_num,
      text: row.v_text,
      error: row.e,
    }));
  }

  /** Points of a key in the range, counted up to `atMost` (enough to choose raw points or buckets). */
  async countInRange(
    deviceId: string,
    key: string,
    from: number,
    to: number,
    atMost: number,
  ): Promise<number> {
    const [row] = await this.rows<{ count: number }>(sql`
      select count(*)::int as count from (
        select 1 from ${storedPoints(from, to)} as points where device_id = ${deviceId} and key = ${key}
          and ts >= ${new Date(from).toISOString()}::timestamptz and ts <= ${new Date(to).toISOString()}::timestamptz
        limit ${atMost}) as counted`);
    return row?.count ?? 0;
  }

  /**
   * The start of the minute holding the n-th newest point of a numeric key, read from the minute
   * summaries (thousands of rows instead of hundreds of thousands); null when it has fewer points.
   */
  async latestWindowStart(deviceId: string, key: string, count: number): Promise<number | null> {
    const [row] = await this.rows<{ minute: string | null }>(sql`
      select (extract(epoch from minute) * 1000)::bigint::text as minute from (
        select minute, sum(n) over (order by minute desc) as reached from points_rollup
        where device_id = ${deviceId} and key = ${key}) as summed
      where reached >= ${count} order by minute desc limit 1`);
    return row?.minute ? Number(row.minute) : null;
  }

  /** Newest and oldest time of a key (index lookups, hot and archived). */
  async extent(deviceId: string, key: string): Promise<{ oldest: number; newest: number } | null> {
    const [row] = await this.rows<{ newest: string | null; oldest: string | null }>(sql`
      select ${extentColumns(sql`${deviceId}`, sql`${key}`)}`);
    return row?.newest && row.oldest ? { oldest: Number(row.oldest), newest: Number(row.newest) } : null;
  }

  /** Min and max per bucket from the minute summaries, for buckets of a minute or more. */
  async rollupBuckets(deviceId: string, key: string, from: number, to: number, bucketMs: number) {
    const origin = new Date(from).toISOString();
    const rows = await this.rows<{ b: string; min: number; max: number }>(sql`
      select (extract(epoch from date_bin(${`${bucketMs} milliseconds`}::interval, minute, ${origin}::timestamptz)) * 1000)::bigint::text as b,
        min(v_min) as min, max(v_max) as max
      from points_rollup where device_id = ${deviceId} and key = ${key}
        and minute >= date_trunc('minute', ${origin}::timestamptz) and minute <= ${new Date(to).toISOString()}::timestamptz
      group by 1 order by 1`);
    return rows.map((row) => [Math.max(Number(row.b), from), row.min, row.max] as [number, number, number]);
  }

  /** Min and max of a numeric key per time bucket, for curves wider than the screen has pixels. */
  async buckets(deviceId: string, key: string, from: number, to: number, bucketMs: number) {
    const origin = new Date(from).toISOString();
    const rows = await this.rows<{ b: string; min: number; max: number }>(sql`
      select (extract(epoch from date_bin(${`${bucketMs} milliseconds`}::interval, ts, ${origin}::timestamptz)) * 1000)::bigint::text as b,
        min(v_num) as min, max(v_num) as max
      from ${storedPoints(from, to)} as points where device_id = ${deviceId} and key = ${key} and v_num is not null
        and ts >= ${origin}::timestamptz and ts <= ${new Date(to).toISOString()}::timestamptz
      group by 1 order by 1`);
    return rows.map((row) => [Number(row.b), row.min, row.max] as [number, number, number]);
  }
}
