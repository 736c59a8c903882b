/**
 * The only code of the report module that touches the ORM: report definitions, computation
 * progress (locked per (report, device) while a node computes), stored rows, the ingest
 * invalidation log and the hour/day summaries refreshed from it.
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { ReportDefinition } from '@lyyp/contracts/report';
import type { Database } from '../../db/client.ts';
import { compareTexts } from '../../db/lock-order.ts';
import { devices, gateways, products, reportProgress, reports } from '../../db/schema/index.ts';
import { visibleDeviceCondition, visibleProductCondition } from '../device/visibility.repository.ts';
import type { Viewer } from '../device/viewer.ts';
import type { CellStats, ComputedRow, Sample } from './engine/window-compute.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (ts: number) => new Date(ts).toISOString();
const HOUR_MS = 3_600_000;

export interface StoredReport {
  readonly productId: string;
  readonly revision: number;
  readonly report: ReportDefinition;
}

export interface ProgressRow {
  readonly revision: number;
  readonly computedUntil: number;
}

export interface DirtyMark {
  readonly deviceId: string;
  readonly hour: number;
  readonly late: boolean;
}

export interface StoredRow {
  readonly at: number;
  readonly cells: Record<string, CellStats>;
}

export interface ReportDeviceRow {
  readonly id: string;
  readonly name: string;
  readonly group: string;
  readonly productId: string;
  readonly productTitle: string;
  readonly online: boolean;
}

export class ReportRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: ReportRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new ReportRepository(tx as unknown as Database)));
  }

  private async rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(await this.db.execute(query));
  }

  // Definitions --------------------------------------------------------------------------------------

  async reportsOf(productId: string): Promise<ReportDefinition[]> {
    const rows = await this.db
      .select({ report: reports.report })
      .from(reports)
      .where(eq(reports.productId, productId))
      .orderBy(asc(reports.position), asc(reports.createdAt));
    return rows.map((row) => row.report);
  }

  async storedReportsOf(productId: string): Promise<StoredReport[]> {
    return this.db
      .select({ productId: reports.productId, revision: reports.revision, report: reports.report })
      .from(reports)
      .where(eq(reports.productId, productId))
      .orderBy(asc(reports.position), asc(reports.createdAt));
  }

  async storedReport(reportId: string): Promise<StoredReport | undefined> {
    const [row] = await this.db
      .select({ productId: reports.productId, revision: reports.revision, report: reports.report })
      .from(reports)
      .where(eq(reports.id, reportId));
    return row;
  }

  /** Every enabled report of every product (the sweep's work list). */
  async enabledReports(): Promise<StoredReport[]> {
    return this.db
      .select({ productId: reports.productId, revision: reports.revision, report: reports.report })
      .from(reports)
      .where(sql`(${reports.report} ->> 'enabled')::boolean`);
  }

  async countReports(productId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: count() })
      .from(reports)
      .where(eq(reports.productId, productId));
    return row?.count ?? 0;
  }

  async insertReport(productId: string, report: ReportDefinition): Promise<void> {
    const position = await this.countReports(productId);
    await this.db.insert(reports).values({ id: report.id, productId, position, report });
  }

  /** Replaces a report; its computed rows and progress go, so it is computed again from the start. */
  async updateReport(productId: string, report: ReportDefinition): Promise<boolean> {
    const updated = await this.db
      .update(reports)
      .set({ report, revision: sql`${reports.revision} + 1`, updatedAt: new Date() })
      .where(and(eq(reports.id, report.id), eq(reports.productId, productId)))
      .returning({ id: reports.id });
    if (updated.length === 0) return false;
    await this.db.execute(sql`delete from report_rows where report_id = ${report.id}`);
    await this.db.delete(reportProgress).where(eq(reportProgress.reportId, report.id));
    return true;
  }

  async deleteReport(productId: string, reportId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(reports)
      .where(and(eq(reports.id, reportId), eq(reports.productId, productId)))
      .returning({ id: reports.id });
    return deleted.length > 0;
  }

  // Devices ------------------------------------------------------------------------------------------

  async deviceIdsOfProduct(productId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.productId, productId));
    return rows.map((row) => row.id);
  }

  /** The devices a person may see, with group, product and whether the gateway is online. */
  async visibleDevices(viewer: Viewer, productId?: string): Promise<ReportDeviceRow[]> {
    const rows = await this.db
      .select({
        id: devices.id,
        name: devices.name,
        group: devices.groupName,
        productId: devices.productId,
        productTitle: products.title,
        status: gateways.status,
      })
      .from(devices)
      .innerJoin(products, eq(products.id, devices.productId))
      .innerJoin(gateways, eq(gateways.sn, devices.gatewaySn))
      .where(and(visibleDeviceCondition(viewer), productId ? eq(devices.productId, productId) : undefined))
      .orderBy(asc(devices.name));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      group: row.group ?? '',
      productId: row.productId,
      productTitle: row.productTitle,
      online: row.status === 'online',
    }));
  }

  /** The product of each device. */
  async productsOfDevices(deviceIds: readonly string[]): Promise<Map<string, string>> {
    if (deviceIds.length === 0) return new Map();
    const rows = await this.rows<{ id: string; p: string }>(
      sql`select id, product_id as p from devices where id = any(${sql.param(deviceIds)}::text[])`,
    );
    return new Map(rows.map((row) => [row.id, row.p]));
  }

  // Computation --------------------------------------------------------------------------------------

  /**
   * Locks the progress of (report, device) for this transaction; undefined when another node holds
   * it (it is computing the same windows) or when the row does not exist yet.
   */
  async lockProgress(reportId: string, deviceId: string, wait = false): Promise<ProgressRow | undefined> {
    const [row] = await this.rows<{ revision: number; until: string }>(sql`
      select revision, (extract(epoch from computed_until) * 1000)::bigint::text as until from report_progress
      where report_id = ${reportId} and device_id = ${deviceId}
      for update ${wait ? sql`` : sql`skip locked`}`);
    return row ? { revision: row.revision, computedUntil: Number(row.until) } : undefined;
  }

  /** Devices whose progress of the report already reaches `until` and matches its revision. */
  async upToDate(reportId: string, revision: number, until: number): Promise<Set<string>> {
    const rows = await this.rows<{ d: string }>(sql`
      select device_id as d from report_progress
      where report_id = ${reportId} and revision = ${revision} and computed_until >= ${iso(until)}::timestamptz`);
    return new Set(rows.map((row) => row.d));
  }

  /** Creates the progress row of (report, device) unless one exists (another node may race us). */
  async startProgress(reportId: string, deviceId: string, revision: number, from: number): Promise<void> {
    await this.db.execute(sql`
      insert into report_progress (report_id, device_id, revision, computed_until)
      values (${reportId}, ${deviceId}, ${revision}, ${iso(from)}::timestamptz)
      on conflict do nothing`);
  }

  async advanceProgress(reportId: string, deviceId: string, until: number): Promise<void> {
    await this.db.execute(sql`
      update report_progress set computed_until = ${iso(until)}::timestamptz, updated_at = now()
      where report_id = ${reportId} and device_id = ${deviceId}`);
  }

  /**
   * Locks the progress rows of (report, devices) for this transaction, skipping rows another node
   * holds; devices without a row are absent.
   */
  async lockProgressOf(reportId: string, deviceIds: readonly string[]): Promise<Map<string, ProgressRow>> {
    const rows = await this.rows<{ d: string; revision: number; until: string }>(sql`
      select device_id as d, revision, (extract(epoch from computed_until) * 1000)::bigint::text as until
      from report_progress where report_id = ${reportId} and device_id = any(${sql.param(deviceIds)}::text[])
      for update skip locked`);
    return new Map(rows.map((row) => [row.d, { revision: row.revision, computedUntil: Number(row.until) }]));
  }

  /** The devices among `deviceIds` without a progress row for the report. */
  async withoutProgress(reportId: string, deviceIds: readonly string[]): Promise<string[]> {
    const rows = await this.rows<{ d: string }>(sql`
      select d from unnest(${sql.param(deviceIds)}::text[]) as d
      where not exists (select 1 from report_progress p where p.report_id = ${reportId} and p.device_id = d)`);
    return rows.map((row) => row.d);
  }

  async advanceProgressOf(reportId: string, deviceIds: readonly string[], until: number): Promise<void> {
    await this.db.execute(sql`
      update report_progress set computed_until = ${iso(until)}::timestamptz, updated_at = now()
      where report_id = ${reportId} and device_id = any(${sql.param(deviceIds)}::text[])`);
  }

  /** The oldest stored minute of any of the keys, per device (index lookups per device and key). */
  async earliestDataOf(deviceIds: readonly string[], keys: readonly string[]): Promise<Map<string, number>> {
    const rows = await this.rows<{ d: string; first: string | null }>(sql`
      select d, (extract(epoch from (select min(first) from (
        select (select minute from points_rollup r where r.device_id = d and r.key = k order by minute limit 1) as first
        from unnest(${sql.param(keys)}::text[]) as k) as firsts)) * 1000)::bigint::text as first
      from unnest(${sql.param(deviceIds)}::text[]) as d`);
    return new Map(rows.filter((row) => row.first !== null).map((row) => [row.d, Number(row.first)]));
  }

  /** The oldest stored minute of any of the keys (index lookups per key), or null without data. */
  async earliestData(deviceId: string, keys: readonly string[]): Promise<number | null> {
    const [row] = await this.rows<{ first: string | null }>(sql`
      select (extract(epoch from min(first)) * 1000)::bigint::text as first from (
        select (select minute from points_rollup r where r.device_id = ${deviceId} and r.key = k order by minute limit 1) as first
        from unnest(${sql.param(keys)}::text[]) as k) as firsts`);
    return row?.first ? Number(row.first) : null;
  }

  /** The numeric samples of the keys from `from` up to (not including) `to`, in time order. */
  async samples(deviceId: string, keys: readonly string[], from: number, to: number): Promise<Sample[]> {
    const rows = await this.rows<{ k: string; t: string; v: number }>(sql`
      select key as k, (extract(epoch from ts) * 1000)::bigint::text as t, v_num as v from points
      where device_id = ${deviceId} and key = any(${sql.param(keys)}::text[]) and v_num is not null
        and ts >= ${iso(from)}::timestamptz and ts < ${iso(to)}::timestamptz
      order by ts`);
    return rows.map((row) => ({ key: row.k, ts: Number(row.t), value: row.v }));
  }

  /** Each key's last numeric value before `ts` (one index lookup per key). */
  async valuesBefore(deviceId: string, keys: readonly string[], ts: number): Promise<Map<string, number>> {
    const rows = await this.rows<{ k: string; v: number | null }>(sql`
      select k, (select v_num from points p where p.device_id = ${deviceId} and p.key = k and p.v_num is not null
        and p.ts < ${iso(ts)}::timestamptz order by p.ts desc limit 1) as v
      from unnest(${sql.param(keys)}::text[]) as k`);
    return new Map(rows.filter((row) => row.v !== null).map((row) => [row.k, row.v!]));
  }

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
        select d, k, (select v_num from points p where p.device_id = d and p.key = k and p.v_num is not null
          and p.ts < ${iso(at)}::timestamptz order by p.ts desc limit 1) as v
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

  /** Products the viewer may see, with how many reports each defines, by title. */
  async reportProducts(viewer: Viewer): Promise<Array<{ id: string; title: string; reports: number }>> {
    const rows = await this.db
      .select({
        id: products.id,
        title: products.title,
        // Qualified by hand: inside a select list the ORM writes columns without their table.
        reports: sql<number>`(select count(*)::int from reports r where r.product_id = "products"."id")`,
      })
      .from(products)
      .where(visibleProductCondition(viewer))
      .orderBy(asc(products.title));
    return rows.map((row) => ({ ...row, reports: Number(row.reports) }));
  }

  // Invalidation log and summaries -------------------------------------------------------------------

  /** Marks (device, hour) as changed at ingest; a late mark stays late until it is handled. */
  async markDirty(marks: readonly DirtyMark[], at: number): Promise<void> {
    const statement = markDirtyStatement(marks, at);
    if (statement) await this.db.execute(statement);
  }

  /**
   * Claims marks for this transaction: hours complete before `completeBefore`, and late marks of
   * any hour marked late before `settledBefore`. Marks another node holds are skipped.
   */
  async claimDirty(completeBefore: number, settledBefore: number, limit: number): Promise<DirtyMark[]> {
    const rows = await this.rows<{ d: string; h: string; late: boolean }>(sql`
      select device_id as d, (extract(epoch from hour) * 1000)::bigint::text as h, late from history_dirty
      where (hour < ${iso(completeBefore)}::timestamptz and not late)
        or (late and marked_at < ${iso(settledBefore)}::timestamptz)
      order by hour limit ${limit} for update skip locked`);
    return rows.map((row) => ({ deviceId: row.d, hour: Number(row.h), late: row.late }));
  }

  /** Forgets handled marks of complete hours; a mark of an hour still open only loses its late flag. */
  async settleDirty(marks: readonly DirtyMark[], completeBefore: number): Promise<void> {
    const pairs = (list: readonly DirtyMark[]) =>
      sql`${deviceTimes(list.map((mark) => [mark.deviceId, mark.hour]))} as m(d, h)`;
    const complete = marks.filter((mark) => mark.hour <= completeBefore);
    const open = marks.filter((mark) => mark.hour > completeBefore);
    if (complete.length > 0)
      await this.db.execute(
        sql`delete from history_dirty using ${pairs(complete)} where history_dirty.device_id = m.d and history_dirty.hour = m.h`,
      );
    if (open.length > 0)
      await this.db.execute(
        sql`update history_dirty set late = false from ${pairs(open)} where history_dirty.device_id = m.d and history_dirty.hour = m.h`,
      );
  }

  /**
   * Recomputes the hour summaries of (device, hour) pairs from their minutes, then the UTC days of
   * those hours from hours: one statement per level for every pair claimed. Each device's summaries
   * are read in one index range over its span of marked hours (as many scans as devices, not as
   * marks), keeping only the marked hours.
   */
  async refreshSummaries(hours: ReadonlyArray<{ deviceId: string; hour: number }>): Promise<void> {
    if (hours.length === 0) return;
    await this.db.execute(sql`
      with marks (d, t) as (
        select * from ${deviceTimes(hours.map((entry) => [entry.deviceId, entry.hour]))}),
      spans as (select d, min(t) as low, max(t) + interval '1 hour' as high from marks group by d)
      insert into points_hour (device_id, key, hour, v_min, v_max, n, v_first, first_at, v_last, last_at, v_sum, v_area)
      select r.device_id, r.key, date_trunc('hour', r.minute), ${mergedStatistics(sql`minute`)}
      from spans s cross join lateral (
        select *, ${joinArea(sql`date_trunc('hour', minute)`, sql`minute`)}
        from points_rollup where device_id = s.d and minute >= s.low and minute < s.high) as r
      where (r.device_id, date_trunc('hour', r.minute)) in (select d, t from marks)
      group by 1, 2, 3
      on conflict (device_id, key, hour) do update set ${SUMMARY_UPDATE}`);
    const days = new Map<string, { deviceId: string; day: number }>();
    for (const { deviceId, hour } of hours) {
      const day = Math.floor(hour / 86_400_000) * 86_400_000;
      days.set(`${deviceId}\u0000${day}`, { deviceId, day });
    }
    const dayList = [...days.values()];
    await this.db.execute(sql`
      with marks (d, t) as (
        select * from ${deviceTimes(dayList.map((entry) => [entry.deviceId, entry.day]))}),
      spans as (select d, min(t) as low, max(t) + interval '1 day' as high from marks group by d)
      insert into points_day (device_id, key, day, v_min, v_max, n, v_first, first_at, v_last, last_at, v_sum, v_area)
      select p.device_id, p.key, date_trunc('day', p.hour, 'UTC'), ${mergedStatistics(sql`hour`)}
      from spans s cross join lateral (
        select *, ${joinArea(sql`date_trunc('day', hour, 'UTC')`, sql`hour`)}
        from points_hour where device_id = s.d and hour >= s.low and hour < s.high) as p
      where (p.device_id, date_trunc('day', p.hour, 'UTC')) in (select d, t from marks)
      group by 1, 2, 3
      on conflict (device_id, key, day) do update set ${SUMMARY_UPDATE}`);
  }
}

/**
 * The statement of `markDirty`, for ingest to write in the points' own transaction (null: no marks).
 * `at` is when the points arrived: a late mark is handled once it is `REPORT_LATE_SETTLE_MS` old.
 */
export function markDirtyStatement(unordered: readonly DirtyMark[], at: number): SQL | null {
  if (unordered.length === 0) return null;
  // In lock order, like every batch statement of a group commit (`lock-order.ts`).
  const marks = [...unordered].sort((a, b) => compareTexts(a.deviceId, b.deviceId) || a.hour - b.hour);
  return sql`
    insert into history_dirty (device_id, hour, late, marked_at)
    select d, h, l, ${iso(at)}::timestamptz from unnest(${sql.param(marks.map((mark) => mark.deviceId))}::text[],
      ${sql.param(marks.map((mark) => iso(mark.hour)))}::timestamptz[],
      ${sql.param(marks.map((mark) => mark.late))}::boolean[]) as incoming(d, h, l)
    on conflict (device_id, hour) do update set late = true, marked_at = excluded.marked_at
      where excluded.late and not history_dirty.late`;
}

/** (device, time) pairs as rows of `unnest`: the marks the sweep settles and the spans it refreshes. */
function deviceTimes(pairs: ReadonlyArray<readonly [string, number]>) {
  return sql`unnest(${sql.param(pairs.map(([deviceId]) => deviceId))}::text[], ${sql.param(pairs.map(([, at]) => iso(at)))}::timestamptz[])`;
}

/**
 * The statistics of summary rows merged into a coarser one, in the column order of every level:
 * min, max, count, first and last by time, the sum added in time order (`order by t`), so the
 * result is the same number whatever level it is read from (and the report engine's), and the
 * time-integral: each part's own plus the previous part's last value held until its first point
 * (`joined`, from `joinArea`), added in time order.
 */
function mergedStatistics(time: SQL) {
  return sql`min(v_min), max(v_max), sum(n)::int, (array_agg(v_first order by ${time}))[1], min(first_at),
    (array_agg(v_last order by ${time} desc))[1], max(last_at), sum(v_sum order by ${time}),
    sum(v_area + joined order by ${time})`;
}

/**
 * `joined`: the previous summary's last value (of the same variable and coarser unit) held from
 * its last point to this summary's first point, value × ms; 0 for the first summary of the unit.
 */
function joinArea(unit: SQL, time: SQL) {
  return sql`coalesce(lag(v_last) over (partition by key, ${unit} order by ${time})
    * ${millisecondsBetween(sql`lag(last_at) over (partition by key, ${unit} order by ${time})`, sql`first_at`)}, 0) as joined`;
}

/** Whole milliseconds from `from` to `to` (timestamps of millisecond precision), as a float8. */
function millisecondsBetween(from: SQL, to: SQL) {
  return sql`round(date_part('epoch', ${to} - ${from}) * 1000)`;
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

const SUMMARY_UPDATE = sql.raw(
  ['v_min', 'v_max', 'n', 'v_first', 'first_at', 'v_last', 'last_at', 'v_sum', 'v_area']
    .map((column) => `${column} = excluded.${column}`)
    .join(', '),
);
