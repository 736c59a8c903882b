/**
 * The ingest invalidation log (`history_dirty`: (device, hour) marks written in the points' own
 * transaction, claimed with `SKIP LOCKED`) and the hour/day history summaries refreshed from it
 * (min, max, count, first, last, sum, time-integral). The third layer of `ReportRepository`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { compareTexts } from '../../db/lock-order.ts';
import { ReportProgressRepository } from './report-progress.repository.ts';

const iso = (ts: number) => new Date(ts).toISOString();

export interface DirtyMark {
  readonly deviceId: string;
  readonly hour: number;
  readonly late: boolean;
}

export class HistorySummaryRepository extends ReportProgressRepository {
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
export function millisecondsBetween(from: SQL, to: SQL) {
  return sql`round(date_part('epoch', ${to} - ${from}) * 1000)`;
}

const SUMMARY_UPDATE = sql.raw(
  ['v_min', 'v_max', 'n', 'v_first', 'first_at', 'v_last', 'last_at', 'v_sum', 'v_area']
    .map((column) => `${column} = excluded.${column}`)
    .join(', '),
);
