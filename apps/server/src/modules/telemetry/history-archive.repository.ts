/**
 * The compressed archive of history. A closed day of points (its day partition ended more than
 * `ARCHIVE_AFTER_MS` ago) is moved, a range of series per step, into one `points_archive` row per
 * (series, hour), packed by `archive-codec.ts`, and the emptied day partition is dropped. Each step
 * is one transaction that deletes the series' rows from the day partition and writes their packed
 * hours, so a reader sees every point exactly once. A point arriving later for an archived day goes
 * into a day partition created again for it, and the next pass merges it into its hour (re-packed).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { numberArrayText, textArrayLiteral } from '../../db/array-literal.ts';
import { databaseCodeOf } from '../../db/database-error.ts';
import {
  HOUR_MS,
  hourOf,
  mergePoints,
  packHour,
  type ArchivedPoint,
  type PackedHour,
} from './archive-codec.ts';
import { partitionName } from './history.repository.ts';

/** How long after its end a day is archived. */
export const ARCHIVE_AFTER_MS = 86_400_000;
const DAY_MS = 86_400_000;
/** Series moved per step: a step stays a short transaction beside ingest. */
const SERIES_PER_STEP = 200;
const DUPLICATE_OBJECT_CODES = new Set(['42P07', '23505', '42710']);

type Rows<T> = { rows: T[] };

const iso = (ts: number) => new Date(ts).toISOString();

/** The month partition of the archive holding `hour`. */
export function archivePartition(hour: number): { name: string; start: number; end: number } {
  const date = new Date(hour);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const end = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  return { name: `points_archive_m${iso(start).slice(0, 7).replace('-', '')}`, start, end };
}

/** The day partitions of `points` by their start, from the catalogue. */
export async function hotDays(db: Database): Promise<number[]> {
  const result: unknown = await db.execute(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'points'::regclass`);
  return (result as Rows<{ name: string }>).rows
    .map((row) => /^points_d(\d{4})(\d{2})(\d{2})$/.exec(row.name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    .sort((a, b) => a - b);
}

export interface ArchiveStep {
  /** The day worked on, or null when nothing is due. */
  day: number | null;
  points: number;
  hours: number;
  dropped: boolean;
}

export class HistoryArchive {
  private readonly knownPartitions = new Set<string>();

  constructor(private readonly db: Database) {}

  /** Creates the archive's month partition for these hours (compressed from 128 bytes a row on). */
  async ensurePartitions(hours: Iterable<number>): Promise<void> {
    for (const hour of hours) {
      const partition = archivePartition(hour);
      if (this.knownPartitions.has(partition.name)) continue;
      try {
        await this.db.execute(
          sql.raw(
            `create table if not exists "${partition.name}" partition of points_archive for values from ('${iso(partition.start)}') to ('${iso(partition.end)}') with (toast_tuple_target = 128)`,
          ),
        );
      } catch (error) {
        if (!DUPLICATE_OBJECT_CODES.has(databaseCodeOf(error) ?? '')) throw error;
      }
      this.knownPartitions.add(partition.name);
    }
  }

  /** One step of archiving: the next series of the oldest closed day, or dropping it once empty. */
  async step(now: number): Promise<ArchiveStep> {
    const due = (await hotDays(this.db)).find((day) => day + DAY_MS + ARCHIVE_AFTER_MS <= now);
    if (due === undefined) return { day: null, points: 0, hours: 0, dropped: false };
    return this.archiveDayStep(due);
  }

  /** Archives the whole day (all its steps): what tests and the bench call. */
  async archiveDay(day: number): Promise<number> {
    let moved = 0;
    for (;;) {
      const step = await this.archiveDayStep(day);
      moved += step.points;
      if (step.dropped || step.day === null) return moved;
    }
  }

  private async archiveDayStep(day: number): Promise<ArchiveStep> {
    const table = partitionName(day);
    const exists = (
      (await this.db.execute(sql`select to_regclass(${`"${table}"`}) is not null as found`)) as Rows<{
        found: boolean;
      }>
    ).rows[0]?.found;
    if (!exists) return { day: null, points: 0, hours: 0, dropped: false };
    await this.db.execute(
      sql`insert into points_archived_days (day) values (${iso(day)}::timestamptz) on conflict do nothing`,
    );
    const [lowest] = (
      (await this.db.execute(sql.raw(`select min(series_id) as s from "${table}"`))) as Rows<{
        s: number | null;
      }>
    ).rows;
    if (lowest?.s === null || lowest?.s === undefined) {
      const dropped = await this.dropIfEmpty(table);
      return { day, points: 0, hours: 0, dropped };
    }
    const from = Number(lowest.s);
    await this.ensurePartitions([day]);
    return this.db.transaction(async (tx) => {
      const moved = (
        (await tx.execute(sql`
          with moved as (
            delete from ${sql.raw(`"${table}"`)} where series_id >= ${from} and series_id < ${from + SERIES_PER_STEP}
            returning series_id, ts, v_num, v_text, e)
          select series_id as s, (extract(epoch from ts) * 1000)::bigint::text as t, v_num as v, v_text as x, e from moved`)) as Rows<{
          s: number;
          t: string;
          v: number | null;
          x: string | null;
          e: string | null;
        }>
      ).rows;
      const bySeriesHour = new Map<string, { series: number; hour: number; points: ArchivedPoint[] }>();
      for (const row of moved) {
        const ts = Number(row.t);
        const hour = hourOf(ts);
        const identity = `${row.s}:${hour}`;
        let group = bySeriesHour.get(identity);
        if (!group) bySeriesHour.set(identity, (group = { series: Number(row.s), hour, points: [] }));
        group.points.push({ ts, num: row.v, text: row.x, error: row.e });
      }
      const groups = [...bySeriesHour.values()];
      const existing = await readHours(tx, groups);
      const packed = groups.map((group) => {
        const incoming = group.points.sort((a, b) => a.ts - b.ts);
        const stored = existing.get(`${group.series}:${group.hour}`);
        return {
          series: group.series,
          packed: packHour(group.hour, stored ? mergePoints(stored, incoming) : incoming),
        };
      });
      await writeHours(tx, packed);
      return { day, points: moved.length, hours: packed.length, dropped: false };
    });
  }

  /** Drops an emptied day partition, unless a late point arrived meanwhile. */
  private async dropIfEmpty(table: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`lock table "${table}" in access exclusive mode`));
      const rows = (
        (await tx.execute(sql.raw(`select exists (select 1 from "${table}") as any`))) as Rows<{
          any: boolean;
        }>
      ).rows;
      if (rows[0]?.any) return false;
      await tx.execute(sql.raw(`drop table "${table}"`));
      return true;
    });
  }
}

/** The points of stored archive hours, by `series:hour`. */
export async function readHours(
  db: Database,
  wanted: ReadonlyArray<{ series: number; hour: number }>,
): Promise<Map<string, ArchivedPoint[]>> {
  const found = new Map<string, ArchivedPoint[]>();
  if (wanted.length === 0) return found;
  const result: unknown = await db.execute(sql`
    select series_id as s, (extract(epoch from hour) * 1000)::bigint::text as h, (extract(epoch from ts) * 1000)::bigint::text as t,
      v_num as v, v_text as x, e
    from archived_point_rows where (series_id, hour) in (
      select * from unnest(${numberArrayText(
        wanted.map((item) => item.series),
        'int',
      )}, ${sql`${textArrayLiteral(wanted.map((item) => iso(item.hour)))}::timestamptz[]`}))`);
  for (const row of (
    result as Rows<{ s: number; h: string; t: string; v: number | null; x: string | null; e: string | null }>
  ).rows) {
    const identity = `${row.s}:${Number(row.h)}`;
    let points = found.get(identity);
    if (!points) found.set(identity, (points = []));
    points.push({ ts: Number(row.t), num: row.v, text: row.x, error: row.e });
  }
  for (const points of found.values()) points.sort((a, b) => a.ts - b.ts);
  return found;
}

/** Writes packed hours, replacing the stored ones (one statement). */
export async function writeHours(
  db: Database,
  hours: ReadonlyArray<{ series: number; packed: PackedHour }>,
): Promise<void> {
  for (let start = 0; start < hours.length; start += 500) {
    const slice = hours.slice(start, start + 500);
    const values = slice.map(
      ({
        series,
        packed,
      }) => sql`(${series}, ${iso(packed.hour)}::timestamptz, ${packed.count}, ${iso(packed.first)}::timestamptz,
        ${iso(packed.last)}::timestamptz, ${intArray(packed.timeDeltas)}, ${packed.scale}::smallint,
        ${packed.valueDeltas ? intArray(packed.valueDeltas) : sql`null::int[]`},
        ${packed.rawValues ? rawArray(packed.rawValues) : sql`null::float8[]`},
        ${packed.texts ? sql`${textArrayLiteral(packed.texts)}::text[]` : sql`null::text[]`},
        ${packed.errors ? sql`${textArrayLiteral(packed.errors)}::text[]` : sql`null::text[]`})`,
    );
    await db.execute(sql`
      insert into points_archive (series_id, hour, n, first_ts, last_ts, t_delta, v_scale, v_delta, v_raw, v_text, e)
      values ${sql.join(values, sql`, `)}
      on conflict (series_id, hour) do update set n = excluded.n, first_ts = excluded.first_ts, last_ts = excluded.last_ts,
        t_delta = excluded.t_delta, v_scale = excluded.v_scale, v_delta = excluded.v_delta, v_raw = excluded.v_raw,
        v_text = excluded.v_text, e = excluded.e`);
  }
}

const intArray = (values: ReadonlyArray<number | null>) => numberArrayText(values, 'int');

/** Numbers kept as they are, -0 included (which JavaScript prints as 0). */
function rawArray(values: ReadonlyArray<number | null>) {
  const texts = values.map((value) =>
    value === null ? 'NULL' : Object.is(value, -0) ? '-0' : String(value),
  );
  return sql.raw(`'{${texts.join(',')}}'::float8[]`);
}

export { HOUR_MS };

/**
 * Removes a device's archived points in [from, to) (all of them without a range), answering how
 * many went: hours wholly inside go as rows, the hours at the range's edges are packed again
 * without the removed points.
 */
export async function removeArchived(
  db: Database,
  deviceId: string,
  range: { from: number; to: number } | null,
): Promise<number> {
  const series = sql`series_id in (select id from point_series where device_id = ${deviceId})`;
  if (!range) {
    const result: unknown = await db.execute(
      sql`with removed as (delete from points_archive where ${series} returning n) select coalesce(sum(n), 0)::int as n from removed`,
    );
    return Number((result as Rows<{ n: number }>).rows[0]?.n ?? 0);
  }
  const from = iso(range.from);
  const to = iso(range.to);
  const whole: unknown = await db.execute(sql`
    with removed as (delete from points_archive where ${series} and hour >= ${from}::timestamptz
      and hour + interval '1 hour' <= ${to}::timestamptz returning n)
    select coalesce(sum(n), 0)::int as n from removed`);
  let removed = Number((whole as Rows<{ n: number }>).rows[0]?.n ?? 0);
  const edges: unknown = await db.execute(sql`
    select series_id as s, (extract(epoch from hour) * 1000)::bigint::text as h from points_archive
    where ${series} and hour < ${to}::timestamptz and hour + interval '1 hour' > ${from}::timestamptz`);
  const wanted = (edges as Rows<{ s: number; h: string }>).rows.map((row) => ({
    series: Number(row.s),
    hour: Number(row.h),
  }));
  const stored = await readHours(db, wanted);
  const repacked: Array<{ series: number; packed: PackedHour }> = [];
  for (const { series: id, hour } of wanted) {
    const points = stored.get(`${id}:${hour}`) ?? [];
    const kept = points.filter((point) => point.ts < range.from || point.ts >= range.to);
    removed += points.length - kept.length;
    if (kept.length > 0) repacked.push({ series: id, packed: packHour(hour, kept) });
    else
      await db.execute(
        sql`delete from points_archive where series_id = ${id} and hour = ${iso(hour)}::timestamptz`,
      );
  }
  await writeHours(db, repacked);
  return removed;
}
