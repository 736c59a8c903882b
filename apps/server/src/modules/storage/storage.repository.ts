/**
 * Retention policies, storage figures and the retention sweep's statements. Raw points leave by
 * whole partitions: day partitions of hot points (archived after a day, `history-archive.repository.ts`)
 * and month partitions of the archive, dropped once no device's policy keeps any of their times.
 * Within a month partition still kept for others, a device's expired hours go as whole packed
 * hour rows (one row per series and hour), a bounded number per step; summaries likewise.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RetentionPolicy, StorageUsage } from '@lyyp/contracts';
import type { Database } from '../../db/client.ts';
import { hotDays } from '../telemetry/history-archive.repository.ts';
import { partitionName } from '../telemetry/history.repository.ts';
import { DAY_MS, partitionsToDrop, type PartitionSpan } from './retention.ts';

type Rows<T> = { rows: T[] };
type Scope = 'product' | 'device';

/** Rows removed per statement of the sweep: each step stays a short transaction beside ingest. */
export const RETENTION_ROWS_PER_STEP = 2000;

const iso = (ts: number) => new Date(ts).toISOString();

/** Each device with a policy in force, and that policy (device override, else product). */
const EFFECTIVE = sql`effective as (
  select d.id as device_id,
    coalesce(dp.raw_days, pp.raw_days) as raw_days,
    coalesce(dp.minute_days, pp.minute_days) as minute_days,
    case when dp.subject_id is not null then dp.summary_years else pp.summary_years end as summary_years
  from devices d
  left join retention_policies dp on dp.scope = 'device' and dp.subject_id = d.id
  left join retention_policies pp on pp.scope = 'product' and pp.subject_id = d.product_id
  where dp.subject_id is not null or pp.subject_id is not null)`;

export class StorageRepository {
  constructor(private readonly db: Database) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    const result: unknown = await this.db.execute(query);
    return (result as Rows<T>).rows;
  }

  async policyOf(scope: Scope, subjectId: string): Promise<RetentionPolicy | null> {
    const [row] = await this.rows<{
      raw_days: number;
      minute_days: number;
      summary_years: number | null;
    }>(sql`
      select raw_days, minute_days, summary_years from retention_policies where scope = ${scope} and subject_id = ${subjectId}`);
    return row
      ? { rawDays: row.raw_days, minuteDays: row.minute_days, summaryYears: row.summary_years }
      : null;
  }

  async setPolicy(scope: Scope, subjectId: string, policy: RetentionPolicy | null, by: string, at: Date) {
    if (policy === null) {
      await this.db.execute(
        sql`delete from retention_policies where scope = ${scope} and subject_id = ${subjectId}`,
      );
      return;
    }
    await this.db.execute(sql`
      insert into retention_policies (scope, subject_id, raw_days, minute_days, summary_years, updated_by, updated_at)
      values (${scope}, ${subjectId}, ${policy.rawDays}, ${policy.minuteDays}, ${policy.summaryYears}, ${by}, ${at.toISOString()}::timestamptz)
      on conflict (scope, subject_id) do update set raw_days = excluded.raw_days, minute_days = excluded.minute_days,
        summary_years = excluded.summary_years, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
  }

  /**
   * Points, bytes and oldest point of the devices `devices` selects (an SQL list of ids): points
   * counted, bytes as their share of the hot and archived relations' sizes.
   */
  async usage(devices: SQL): Promise<StorageUsage> {
    const [row] = await this.rows<{
      hot: number;
      archived: number;
      hours: number;
      oldest: string | null;
    }>(sql`
      with series as (select id from point_series where device_id in (${devices}))
      select
        (select count(*) from points where series_id in (select id from series))::float8 as hot,
        (select coalesce(sum(n), 0) from points_archive where series_id in (select id from series))::float8 as archived,
        (select count(*) from points_archive where series_id in (select id from series))::float8 as hours,
        (select (extract(epoch from least(
          (select min(ts) from points where series_id in (select id from series)),
          (select min(first_ts) from points_archive where series_id in (select id from series)))) * 1000)::bigint::text) as oldest`);
    const sizes = await this.relationSizes();
    const hot = row?.hot ?? 0;
    const hours = row?.hours ?? 0;
    const bytes =
      (sizes.hotRows > 0 ? (hot * sizes.hotBytes) / sizes.hotRows : 0) +
      (sizes.archiveRows > 0 ? (hours * sizes.archiveBytes) / sizes.archiveRows : 0);
    return {
      points: Math.round(hot + (row?.archived ?? 0)),
      bytes: Math.round(bytes),
      oldest: row?.oldest ? Number(row.oldest) : null,
    };
  }

  /** Bytes (tables, TOAST and indexes) and rows of all hot and all archive partitions. */
  async relationSizes() {
    const [row] = await this.rows<{
      hot_bytes: number;
      hot_rows: number;
      archive_bytes: number;
      archive_rows: number;
    }>(sql`
      select
        coalesce(sum(pg_total_relation_size(c.oid)) filter (where i.inhparent = 'points'::regclass), 0)::float8 as hot_bytes,
        (select count(*) from points)::float8 as hot_rows,
        coalesce(sum(pg_total_relation_size(c.oid)) filter (where i.inhparent = 'points_archive'::regclass), 0)::float8 as archive_bytes,
        (select count(*) from points_archive)::float8 as archive_rows
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent in ('points'::regclass, 'points_archive'::regclass)`);
    return {
      hotBytes: row?.hot_bytes ?? 0,
      hotRows: row?.hot_rows ?? 0,
      archiveBytes: row?.archive_bytes ?? 0,
      archiveRows: row?.archive_rows ?? 0,
    };
  }

  /** Every partition of history with its bytes and estimated rows, oldest first. */
  async periods() {
    const rows = await this.rows<{ name: string; parent: string; bytes: number; estimate: number }>(sql`
      select c.relname as name, p.relname as parent, pg_total_relation_size(c.oid)::float8 as bytes,
        greatest(c.reltuples, 0)::float8 as estimate
      from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname in ('points', 'points_archive')`);
    return rows
      .map((row) => ({
        ...spanOf(row.name),
        kind: row.parent === 'points' ? ('hot' as const) : ('archive' as const),
        bytes: Math.round(row.bytes),
        rows: Math.round(row.estimate),
      }))
      .filter((row) => Number.isFinite(row.start))
      .sort((a, b) => a.start - b.start || a.kind.localeCompare(b.kind));
  }

  /**
   * The longest raw retention among devices with history; null when one of them keeps for ever
   * (no policy of its own nor of its product, or a device no longer there).
   */
  async longestRawDays(): Promise<number | null> {
    const [row] = await this.rows<{ forever: boolean | null; longest: number | null }>(sql`
      with ${EFFECTIVE}
      select bool_or(e.device_id is null) as forever, max(e.raw_days) as longest
      from (select distinct device_id from point_series) s left join effective e on e.device_id = s.device_id`);
    if (!row || row.forever === null) return null;
    return row.forever ? null : row.longest;
  }

  /** Drops one whole partition of history no policy keeps anything of; false when there is none. */
  async dropOnePartition(now: number): Promise<string | null> {
    const longest = await this.longestRawDays();
    const archive = (await this.periods()).filter((period) => period.kind === 'archive');
    const hot = (await hotDays(this.db)).map((day) => ({
      name: partitionName(day),
      start: day,
      end: day + DAY_MS,
    }));
    const [first] = partitionsToDrop<PartitionSpan>([...hot, ...archive], longest, now);
    if (!first) return null;
    await this.db.execute(sql.raw(`drop table if exists "${first.name}"`));
    return first.name;
  }

  /**
   * Removes up to `RETENTION_ROWS_PER_STEP` expired rows of one kind: packed archive hours past
   * their device's raw retention, minute summaries past theirs, hour and day summaries past their
   * years. Answers how many went.
   */
  async expireRows(now: number): Promise<number> {
    const at = sql`${iso(now)}::timestamptz`;
    const limit = RETENTION_ROWS_PER_STEP;
    const statements = [
      sql`with ${EFFECTIVE}, expired as (
          select a.series_id, a.hour from points_archive a join point_series s on s.id = a.series_id
          join effective e on e.device_id = s.device_id
          where a.hour + interval '1 hour' <= ${at} - e.raw_days * interval '1 day' limit ${limit})
        delete from points_archive where (series_id, hour) in (select * from expired)`,
      sql`with ${EFFECTIVE}, expired as (
          select r.device_id, r.key, r.minute from points_rollup r join effective e on e.device_id = r.device_id
          where r.minute + interval '1 minute' <= ${at} - e.minute_days * interval '1 day' limit ${limit})
        delete from points_rollup where (device_id, key, minute) in (select * from expired)`,
      sql`with ${EFFECTIVE}, expired as (
          select h.device_id, h.key, h.hour from points_hour h join effective e on e.device_id = h.device_id
          where e.summary_years is not null and h.hour + interval '1 hour' <= ${at} - e.summary_years * interval '365 days' limit ${limit})
        delete from points_hour where (device_id, key, hour) in (select * from expired)`,
      sql`with ${EFFECTIVE}, expired as (
          select h.device_id, h.key, h.day from points_day h join effective e on e.device_id = h.device_id
          where e.summary_years is not null and h.day + interval '1 day' <= ${at} - e.summary_years * interval '365 days' limit ${limit})
        delete from points_day where (device_id, key, day) in (select * from expired)`,
    ];
    for (const statement of statements) {
      const answer: unknown = await this.db.execute(statement);
      const result = answer as {
        affectedRows?: number;
        rowCount?: number;
      };
      const removed = Number(result.affectedRows ?? result.rowCount ?? 0);
      if (removed > 0) return removed;
    }
    return 0;
  }
}

/** The time span of a partition from its name (`points_dYYYYMMDD`, `points_archive_mYYYYMM`). */
function spanOf(name: string): { name: string; start: number; end: number } {
  const day = /^points_d(\d{4})(\d{2})(\d{2})$/.exec(name);
  if (day) {
    const start = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    return { name, start, end: start + DAY_MS };
  }
  const month = /^points_archive_m(\d{4})(\d{2})$/.exec(name);
  if (month)
    return {
      name,
      start: Date.UTC(Number(month[1]), Number(month[2]) - 1, 1),
      end: Date.UTC(Number(month[1]), Number(month[2]), 1),
    };
  return { name, start: Number.NaN, end: Number.NaN };
}
