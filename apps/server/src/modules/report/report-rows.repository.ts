/**
 * Stored report rows: periodic windows computed in SQL from the history summaries for many devices
 * at once (`computePeriodic`), rows written by the engine, and reading them back (cells aligned to
 * the row's `keys`: counts in `n`, the other statistics as rows of the `stats` matrix). The fourth
 * layer of `ReportRepository`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CellStats, ComputedRow } from './engine/window-compute.ts';
import { numberBefore } from '../telemetry/stored-points.ts';
import { HistorySummaryRepository, millisecondsBetween } from './history-summary.repository.ts';

const iso = (ts: number) => new Date(ts).toISOString();
const HOUR_MS = 3_600_000;

export interface StoredRow {
  readonly at: number;
  readonly cells: Record<string, CellStats>;
}

export class ReportRowsRepository extends HistorySummaryRepository {
  /**
   * Computes and replaces the periodic windows of (report, devices) in `[from, to)` inside the
   * database, in one statement, from the history summaries: never a raw point. Windows of an hour
   * read the hour summaries, except hours with a pending mark in `history_dirty` (their summary is
   * not refreshed yet), which read minute summaries like shorter windows do. The statistics are
   * exactly those of `computeWindow` (`window-compute.ts`): first and last by time, sums of minute
   * sums added in time order, and the difference as the last value less the value held before the
   * window (the previous window's last; before the span the last earlier minute's; without one the
   * window's first). `from` and `to` are window starts; windows are aligned to the epoch.
   */
  async computePeriodic(
    reportId: string,
    deviceIds: readonly string[],
    keys: readonly string[],
    from: number,
    to: number,
    windowMs: number,
  ): Promise<{ samples: number; rows: number }> {
    if (deviceIds.length === 0) return { samples: 0, rows: 0 };
    const devicesParam = sql.param(deviceIds);
    const keysParam = sql.param(keys);
    await this.db.execute(sql`
      delete from report_rows where report_id = ${reportId} and device_id = any(${devicesParam}::text[])
        and at >= ${iso(from)}::timestamptz and at < ${iso(to)}::timestamptz`);
    const columns = sql`device_id, key, v_first, first_at, v_last, last_at, v_min, v_max, n, v_sum, v_area`;
    const bin = (time: SQL) =>
      sql`date_bin(${`${windowMs} milliseconds`}::interval, ${time}, timestamptz '1970-01-01 00:00:00+00')`;
    const range = (column: string) =>
      sql`device_id = any(${devicesParam}::text[]) and key = any(${keysParam}::text[])
        and ${sql.raw(column)} >= ${iso(from)}::timestamptz and ${sql.raw(column)} < ${iso(to)}::timestamptz`;
    // A window's time-integral from its summaries: each one's own plus the previous one's last
    // value held until its first point (`joined`), added in time order, as hour summaries are built.
    const grouped = (sources: SQL) => sql`
        select device_id, key, ${bin(sql`t`)} as at,
          (array_agg(v_first order by t))[1] as first, min(first_at) as first_at,
          (array_agg(v_last order by t desc))[1] as last, max(last_at) as last_at,
          min(v_min) as min, max(v_max) as max, sum(n) as n, sum(v_sum order by t) as sum,
          sum(v_area + joined order by t) as area
        from (select *, coalesce(lag(v_last) over w * ${millisecondsBetween(sql`lag(last_at) over w`, sql`first_at`)}, 0) as joined
          from (${sources}) as parts
          window w as (partition by device_id, key, ${bin(sql`t`)} order by t)) as summaries
        group by 1, 2, 3`;
    let windows: SQL;
    if (windowMs !== HOUR_MS)
      windows = grouped(sql`select ${columns}, minute as t from points_rollup where ${range('minute')}`);
    else if (!(await this.anyMarked(deviceIds, from, to)))
      // Every hour is summarised: an hour's summary is its window, nothing to group.
      windows = sql`
        select device_id, key, hour as at, v_first as first, first_at, v_last as last, last_at,
          v_min as min, v_max as max, n, v_sum as sum, v_area as area
        from points_hour where ${range('hour')}`;
    else
      // Hours still marked are read from their minutes (their hour summary is not refreshed yet).
      windows = grouped(sql`
        select ${columns}, hour as t from points_hour h where ${range('hour')}
          and not exists (select 1 from history_dirty m where m.device_id = h.device_id and m.hour = h.hour)
        union all
        select r.device_id, r.key, r.v_first, r.first_at, r.v_last, r.last_at, r.v_min, r.v_max, r.n, r.v_sum, r.v_area, r.minute as t
        from history_dirty m join points_rollup r on r.device_id = m.device_id
          and r.minute >= m.hour and r.minute < m.hour + interval '1 hour'
        where m.device_id = any(${devicesParam}::text[]) and r.key = any(${keysParam}::text[])
          and m.hour >= ${iso(from)}::timestamptz and m.hour < ${iso(to)}::timestamptz`);
    // One pass: each window's cells become one element of `keys` and `n` and one row of `stats`,
    // aligned by position (the three are built by the same aggregation, so they see the cells in
    // the same order; no order by key is needed, the row names its keys). A cell's eight
    // floating-point statistics travel as one small array: three aggregate steps a cell instead of
    // ten. `cells` is referenced once so it is not materialised. A plain insert: the span's rows
    // were deleted just above and the progress rows are held, so a conflict can only be a bug, and
    // it fails instead of overwriting. The samples are counted from what was stored, with `unnest`
    // in the select list (one pass over the returned rows, not a subquery per row).
    // The value held before a window (`held`): the previous window's last; before the span the last
    // earlier minute's. The time-weighted statistics (`CellStats.area`, `heldMs`): the held value
    // from the window start to its first point, the window's own integral, its last value to the
    // window's end; held from the window start, or from the first point without a value before.
    const windowEnd = sql`(at + ${`${windowMs} milliseconds`}::interval)`;
    const [row] = await this.rows<{ samples: number; rows: number }>(sql`
      with windows as (${windows}),
      cells as (
        select device_id, at, key, first, first_at, last, last_at, min, max, sum, n,
          last - coalesce(held, first) as diff,
          coalesce(held * ${millisecondsBetween(sql`at`, sql`first_at`)}, 0) + area
            + last * ${millisecondsBetween(sql`last_at`, windowEnd)} as area,
          ${millisecondsBetween(sql`case when held is null then first_at else at end`, windowEnd)} as held_ms
        from (select w.*, coalesce(lag(last) over (partition by device_id, key order by at),
            (select b.v_last from points_rollup b where b.device_id = w.device_id and b.key = w.key
              and b.minute < ${iso(from)}::timestamptz order by b.minute desc limit 1)) as held
          from windows w) as w),
      stored as (
        insert into report_rows (report_id, device_id, at, ${ROW_ARRAYS})
        -- Times as floating-point epochs rounded to the millisecond: exact for millisecond times,
        -- and several times cheaper than the numeric extract() per cell.
        select ${reportId}, device_id, at, array_agg(key), array_agg(n),
          array_agg(array[first, round(date_part('epoch', first_at) * 1000), last,
            round(date_part('epoch', last_at) * 1000), min, max, sum, diff, area, held_ms])
        from cells group by device_id, at
        returning n)
      select coalesce((select sum(v) from (select unnest(n) as v from stored) as c), 0)::int as samples,
        (select count(*) from stored)::int as rows`);
    return { samples: row?.samples ?? 0, rows: row?.rows ?? 0 };
  }

  /** Whether any of the devices has an hour in `[from, to)` marked and not yet summarised. */
  private async anyMarked(deviceIds: readonly string[], from: number, to: number): Promise<boolean> {
    const rows = await this.rows<{ one: number }>(sql`
      select 1 as one from history_dirty where device_id = any(${sql.param(deviceIds)}::text[])
        and hour >= ${iso(from)}::timestamptz and hour < ${iso(to)}::timestamptz limit 1`);
    return rows.length > 0;
  }

  /** Replaces the stored rows of (report, device) from `from` up to (not including) `to`. */
  async replaceRows(
    reportId: string,
    deviceId: string,
    from: number,
    to: number,
    rows: readonly ComputedRow[],
  ): Promise<void> {
    await this.db.execute(sql`
      delete from report_rows where report_id = ${reportId} and device_id = ${deviceId}
        and at >= ${iso(from)}::timestamptz and at < ${iso(to)}::timestamptz`);
    for (let index = 0; index < rows.length; index += 2000) {
      // One JSON parameter a chunk: a row per window or event, its cells as aligned arrays (the
      // statistics of a cell as one row of the `stats` matrix).
      const chunk = rows.slice(index, index + 2000).map((row) => {
        const cells = Object.values(row.cells);
        return {
          at: iso(row.at),
          keys: Object.keys(row.cells),
          n: cells.map((cell) => cell.count),
          stats: cells.map((cell) => CELL_STATISTICS.map((name) => cell[name])),
        };
      });
      await this.db.execute(sql`
        insert into report_rows (report_id, device_id, at, ${ROW_ARRAYS})
        select ${reportId}, ${deviceId}, at, ${ROW_ARRAYS}
        from json_to_recordset(${JSON.stringify(chunk)}::json) as r(at timestamptz, keys text[],
          n int[], stats float8[])
        on conflict (report_id, device_id, at) do update set ${ROW_ARRAYS_UPDATE}`);
    }
  }

  /** The stored rows of (report, devices) in `[from, to)`, oldest first, with their cells by key. */
  async storedRows(
    reportId: string,
    deviceIds: readonly string[],
    from: number,
    to: number,
  ): Promise<Array<StoredRow & { deviceId: string }>> {
    // The arrays come as one JSON array a row: the driver parses JSON natively, several times
    // faster than its parser of PostgreSQL array text.
    const rows = await this.rows<{ d: string; a: string; c: StoredArrays }>(sql`
      select device_id as d, (extract(epoch from at) * 1000)::bigint::text as a,
        json_build_array(${ROW_ARRAYS}) as c from report_rows
      where report_id = ${reportId} and device_id = any(${sql.param(deviceIds)}::text[])
        and at >= ${iso(from)}::timestamptz and at < ${iso(to)}::timestamptz
      order by at`);
    return rows.map((row) => ({ deviceId: row.d, at: Number(row.a), cells: cellsOf(row.c) }));
  }

  /**
   * What a periodic report's time-weighted average reads beside the stored rows from `at` (a window
   * start): per device, how far its windows are computed, and each key's last numeric value before
   * `at` (one index lookup per device and key).
   */
  async holdingOf(
    reportId: string,
    deviceIds: readonly string[],
    keys: readonly string[],
    at: number,
  ): Promise<Map<string, { computedUntil: number; before: Map<string, number> }>> {
    const result = new Map<string, { computedUntil: number; before: Map<string, number> }>();
    if (deviceIds.length === 0) return result;
    const devicesParam = sql.param(deviceIds);
    const [progress, values] = await Promise.all([
      this.rows<{ d: string; until: string }>(sql`
        select device_id as d, (extract(epoch from computed_until) * 1000)::bigint::text as until
        from report_progress where report_id = ${reportId} and device_id = any(${devicesParam}::text[])`),
      this.rows<{ d: string; k: string; v: number | null }>(sql`
        select d, k, ${numberBefore(sql`d`, sql`k`, at)} as v
        from unnest(${devicesParam}::text[]) as d cross join unnest(${sql.param(keys)}::text[]) as k`),
    ]);
    for (const row of progress) result.set(row.d, { computedUntil: Number(row.until), before: new Map() });
    for (const row of values) if (row.v !== null) result.get(row.d)?.before.set(row.k, row.v);
    return result;
  }

  /**
   * The units (indexes into `starts`, ascending) holding at least one stored row of (report,
   * device) in `[from, to)`: one index range scan, the rows themselves are not read. (One index
   * probe per unit instead was measured twenty times slower on PGlite for a year of daily units.)
   */
  async unitsWithRows(
    reportId: string,
    deviceId: string,
    starts: readonly number[],
    from: number,
    to: number,
  ): Promise<number[]> {
    const pairs = await this.unitsWithRowsOf(reportId, [deviceId], starts, from, to);
    return pairs.map((pair) => pair.unit).sort((a, b) => a - b);
  }

  /**
   * The (device, unit) pairs holding at least one stored row of the report in `[from, to)`, for a
   * product's table over many devices: one index range scan per device, no row is read.
   */
  async unitsWithRowsOf(
    reportId: string,
    deviceIds: readonly string[],
    starts: readonly number[],
    from: number,
    to: number,
  ): Promise<Array<{ deviceId: string; unit: number }>> {
    if (starts.length === 0 || deviceIds.length === 0) return [];
    const rows = await this.rows<{ d: string; u: number }>(sql`
      select device_id as d, width_bucket(at, ${sql.param(starts.map(iso))}::timestamptz[]) - 1 as u from report_rows
      where report_id = ${reportId} and device_id = any(${sql.param(deviceIds)}::text[])
        and at >= ${iso(from)}::timestamptz and at < ${iso(to)}::timestamptz
      group by 1, 2`);
    return rows.map((row) => ({ deviceId: row.d, unit: Number(row.u) })).filter((pair) => pair.unit >= 0);
  }
}

/**
 * The arrays of a stored row, in this order: element i of `keys` and `n` and row i of the `stats`
 * matrix belong to the same cell.
 */
const ROW_ARRAYS = sql.raw('keys, n, stats');
const ROW_ARRAYS_UPDATE = sql.raw('keys = excluded.keys, n = excluded.n, stats = excluded.stats');
/** A row of `stats`: a cell's floating-point statistics, in this order (times in epoch ms). */
const CELL_STATISTICS = [
  'first',
  'firstAt',
  'last',
  'lastAt',
  'min',
  'max',
  'sum',
  'diff',
  'area',
  'heldMs',
] as const;

type StoredArrays = [keys: string[], counts: number[], stats: Array<StatisticsRow>];
/** Rows stored before averages were time-weighted have the first eight statistics only. */
type StatisticsRow = [
  first: number,
  firstAt: number,
  last: number,
  lastAt: number,
  min: number,
  max: number,
  sum: number,
  diff: number,
  area?: number,
  heldMs?: number,
];

/** A stored row's arrays as cells by key (a `stats` row is in the order of `CELL_STATISTICS`). */
function cellsOf([keys, counts, stats]: StoredArrays) {
  const cells: Record<string, CellStats> = {};
  keys.forEach((key, index) => {
    const [first, firstAt, last, lastAt, min, max, sum, diff, area, heldMs] = stats[index]!;
    cells[key] = {
      first,
      firstAt,
      last,
      lastAt,
      min,
      max,
      sum,
      count: counts[index]!,
      diff,
      // Unknown in older rows: their average stays the mean of their samples (`averageOf`).
      area: area ?? Number.NaN,
      heldMs: heldMs ?? 0,
    };
  });
  return cells;
}
