/**
 * History points and latest values. Points go into day partitions of `points`, keyed by their
 * series (`point-series.ts`) and time, in one statement per batch (arrays unnested), idempotent on
 * (device, key, timestamp); the latest value of each variable moves only forward in time.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { numberArrayText, textArrayLiteral } from '../../db/array-literal.ts';
import { databaseCodeOf } from '../../db/database-error.ts';
import { compareTexts } from '../../db/lock-order.ts';
import { runInOneTransaction } from '../../db/one-transaction.ts';
import type { StoredValue } from '../../db/schema/index.ts';
import { PointSeries } from './point-series.ts';
import { allStoredPoints, storedPoints } from './stored-points.ts';

export interface PointRow {
  deviceId: string;
  key: string;
  ts: number;
  value: StoredValue;
  error: string | null;
}

const DAY_MS = 86_400_000;

/** The name of the day partition of `points` starting at `start` (midnight UTC). */
const dayStart = (ts: number) => ts - (((ts % DAY_MS) + DAY_MS) % DAY_MS);

export function partitionName(start: number): string {
  return `points_d${new Date(start).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

const UNIQUE_VIOLATION = '23505';
/** The database chose this transaction to end a deadlock; it rolled back and can run again. */
const DEADLOCK_DETECTED = '40P01';
/** Times a group commit runs again after losing a deadlock, before its uploads fail (and are resent). */
const DEADLOCK_RETRIES = 3;
const DUPLICATE_OBJECT_CODES = new Set(['42P07', UNIQUE_VIOLATION, '42710']);
/** No partition holds the row: its day was archived (and dropped) since this node last saw it. */
const NO_PARTITION = '23514';

export class HistoryRepository {
  /** Day partitions known to exist, by their start in epoch ms. */
  private readonly knownDays = new Set<number>();
  /** Of those, the days the archive has taken points of (`points_archived_days`). */
  private readonly archivedDays = new Set<number>();
  readonly series: PointSeries;

  constructor(private readonly db: Database) {
    this.series = new PointSeries(db);
  }

  /** Forgets the partitions known to exist (the archive dropped some). */
  forgetPartitions(): void {
    this.knownDays.clear();
    this.archivedDays.clear();
  }

  /** Creates the day partitions these timestamps need; safe when another node races us. */
  async ensurePartitions(timestamps: Iterable<number>): Promise<void> {
    const days = new Set<number>();
    for (const ts of timestamps) {
      const start = dayStart(ts);
      if (!this.knownDays.has(start)) days.add(start);
    }
    for (const start of days) {
      try {
        await this.db.execute(
          sql.raw(
            `create table if not exists "${partitionName(start)}" partition of points for values from ('${new Date(start).toISOString()}') to ('${new Date(start + DAY_MS).toISOString()}')`,
          ),
        );
      } catch (error) {
        // Another node created it between our check and our create: that is the outcome we wanted.
        if (!DUPLICATE_OBJECT_CODES.has(databaseCodeOf(error) ?? '')) throw error;
      }
      this.knownDays.add(start);
    }
    if (days.size === 0) return;
    const archived: unknown = await this.db.execute(sql`
      select (extract(epoch from day) * 1000)::bigint::text as day from points_archived_days
      where day = any(${textArrayLiteral([...days].map((day) => new Date(day).toISOString()))}::timestamptz[])`);
    for (const row of (archived as { rows: Array<{ day: string }> }).rows)
      this.archivedDays.add(Number(row.day));
  }

  /** Points of `rows` the archive already holds (a point delivered again after its day was archived). */
  private async alreadyArchived(rows: readonly PointRow[]): Promise<Set<string>> {
    const suspects = rows.filter((row) => this.archivedDays.has(dayStart(row.ts)));
    const found = new Set<string>();
    if (suspects.length === 0) return found;
    const result: unknown = await this.db.execute(sql`
      select series_id as s, (extract(epoch from ts) * 1000)::bigint::text as t from archived_point_rows
      where (series_id, hour) in (select * from unnest(
        ${integers(suspects.map((row) => this.series.idOf(row.deviceId, row.key)))},
        ${textArrayLiteral(suspects.map((row) => new Date(row.ts - (((row.ts % 3_600_000) + 3_600_000) % 3_600_000)).toISOString()))}::timestamptz[]))`);
    const stored = new Set(
      (result as { rows: Array<{ s: number; t: string }> }).rows.map((row) => `${row.s}:${row.t}`),
    );
    for (const row of suspects)
      if (stored.has(`${this.series.idOf(row.deviceId, row.key)}:${row.ts}`))
        found.add(pointIdentity(row.deviceId, row.key, row.ts));
    return found;
  }

  /**
   * Stores points and moves latest values forward, in one transaction, with the `also` statements
   * (the gateways' upload numbers) in the same one. Answers which points were new: usually all of
   * them, written with a plain insert (a quarter cheaper for the database than `on conflict do
   * nothing`, nothing sent back). When some were stored before (a resent upload), that insert fails
   * on the primary key and the transaction is redone asking the database which rows it inserted.
   * A transaction the database ended to break a deadlock (commits running at once, on this node or
   * another) runs again.
   */
  async store(rows: readonly PointRow[], also: readonly SQL[] = []): Promise<StoreOutcome> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.storeOnce(rows, also);
      } catch (error) {
        const code = databaseCodeOf(error);
        if (code === NO_PARTITION && attempt < DEADLOCK_RETRIES) {
          this.forgetPartitions();
          continue;
        }
        if (code !== DEADLOCK_DETECTED || attempt >= DEADLOCK_RETRIES) throw error;
      }
    }
  }

  private async storeOnce(rows: readonly PointRow[], also: readonly SQL[]): Promise<StoreOutcome> {
    if (rows.length === 0) {
      for (const statement of also) await this.db.execute(statement);
      return { allNew: true };
    }
    await this.ensurePartitions(rows.map((row) => row.ts));
    await this.series.idsOf(rows.map((row) => [row.deviceId, row.key] as const));
    const archived = await this.alreadyArchived(rows);
    if (archived.size > 0)
      return this.storeSome(
        rows.filter((row) => !archived.has(pointIdentity(row.deviceId, row.key, row.ts))),
        rows,
        also,
      );
    const columns = pointColumns(rows, this.series);
    const latest = upsertLatest(newestPerVariable(rows));
    const statements = [
      sql`insert into points (series_id, ts, v_num, v_text, e) ${pointsSource(columns)}`,
      latest,
      upsertRollup(rows),
      ...also,
    ].filter((statement): statement is SQL => statement !== null);
    try {
      await runInOneTransaction(this.db, statements);
      return { allNew: true };
    } catch (error) {
      if (databaseCodeOf(error) !== UNIQUE_VIOLATION) throw error;
    }
    return this.storeSome(rows, rows, also);
  }

  /**
   * Stores those of `rows` not stored before, asking the database which it inserted; the latest
   * values move with all of `batch`.
   */
  private async storeSome(rows: readonly PointRow[], batch: readonly PointRow[], also: readonly SQL[]) {
    const columns = pointColumns(rows, this.series);
    const latest = upsertLatest(newestPerVariable(batch));
    return this.db.transaction(async (tx): Promise<StoreOutcome> => {
      if (rows.length === 0) {
        await tx.execute(latest);
        for (const statement of also) await tx.execute(statement);
        return { allNew: false, inserted: new Set<string>() };
      }
      const inserted: unknown = await tx.execute(sql`
        insert into points (series_id, ts, v_num, v_text, e)
        ${pointsSource(columns)}
        on conflict do nothing
        returning series_id, (extract(epoch from ts) * 1000)::bigint::text as ts`);
      await tx.execute(latest);
      const resultRows = (inserted as { rows: Array<{ series_id: number; ts: string }> }).rows;
      const insertedIds = new Set(resultRows.map((row) => `${row.series_id}:${row.ts}`));
      const identities = new Set(
        rows
          .filter((row) => insertedIds.has(`${this.series.idOf(row.deviceId, row.key)}:${row.ts}`))
          .map((row) => pointIdentity(row.deviceId, row.key, row.ts)),
      );
      const rollup = upsertRollup(
        rows.filter((row) => identities.has(pointIdentity(row.deviceId, row.key, row.ts))),
      );
      if (rollup) await tx.execute(rollup);
      for (const statement of also) await tx.execute(statement);
      return { allNew: false, inserted: identities };
    });
  }

  async countPoints(deviceId: string): Promise<number> {
    const result = await this.db.execute<{ count: number }>(
      sql`select count(*)::int as count from ${allStoredPoints} as points where device_id = ${deviceId}`,
    );
    return (result as { rows: Array<{ count: number }> }).rows[0]?.count ?? 0;
  }
}

export type StoreOutcome = { allNew: true } | { allNew: false; inserted: Set<string> };

/**
 * A batch's points as columns: each point carries its series id (a device id is 36 characters and a
 * batch holds tens of thousands of points, so this is most of the text a batch sends, and the
 * database parses, spared). Texts and errors are left out when the batch has none, as it usually has not.
 */
function pointColumns(rows: readonly PointRow[], series: PointSeries) {
  const columns = {
    series: new Array<number>(rows.length),
    times: new Array<number>(rows.length),
    numbers: new Array<number | null>(rows.length),
    texts: null as (string | null)[] | null,
    errors: null as (string | null)[] | null,
  };
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]!;
    columns.series[index] = series.idOf(row.deviceId, row.key);
    columns.times[index] = row.ts;
    const value = row.value;
    columns.numbers[index] =
      typeof value === 'number' ? value : typeof value === 'boolean' ? Number(value) : null;
    if (typeof value === 'string')
      (columns.texts ??= new Array<string | null>(rows.length).fill(null))[index] = value;
    if (row.error !== null)
      (columns.errors ??= new Array<string | null>(rows.length).fill(null))[index] = row.error;
  }
  return columns;
}

/**
 * Times travel as epoch milliseconds and become timestamps in the database (`to_timestamp` of the
 * seconds, exact to the microsecond): formatting and parsing a date text per point cost the
 * platform's main thread more than the rest of preparing a batch.
 */
const fromMilliseconds = (column: string) => sql.raw(`to_timestamp(${column} / 1000)`);

/** The points of a batch as rows for `insert into points (series_id, ts, v_num, v_text, e)`. */
function pointsSource(columns: ReturnType<typeof pointColumns>) {
  const text = columns.texts ? sql`x` : sql`null::text`;
  const error = columns.errors ? sql`e` : sql`null::text`;
  const optional = [
    ...(columns.texts ? [sql`, ${texts(columns.texts)}`] : []),
    ...(columns.errors ? [sql`, ${texts(columns.errors)}`] : []),
  ];
  const names = sql.raw(
    ['s', 't', 'v', ...(columns.texts ? ['x'] : []), ...(columns.errors ? ['e'] : [])].join(', '),
  );
  return sql`select s, ${fromMilliseconds('t')}, v, ${text}, ${error}
    from unnest(${integers(columns.series)}, ${numbers(columns.times)}, ${numbers(columns.numbers)}${sql.join(optional)}) as incoming(${names})`;
}

/** The arrays of batch statements, each written as one literal on both databases (`array-literal.ts`). */
const texts = (values: ReadonlyArray<string | null>) => sql`${textArrayLiteral(values)}::text[]`;
const numbers = (values: ReadonlyArray<number | null>) => numberArrayText(values, 'float8');
const integers = (values: readonly number[]) => numberArrayText(values, 'int');

/**
 * The newest point of each variable (one statement cannot update a row twice), in lock order
 * (`lock-order.ts`).
 */
function newestPerVariable(rows: readonly PointRow[]): PointRow[] {
  const byDevice = new Map<string, Map<string, PointRow>>();
  const latest: PointRow[] = [];
  for (const row of rows) {
    let byKey = byDevice.get(row.deviceId);
    if (!byKey) byDevice.set(row.deviceId, (byKey = new Map<string, PointRow>()));
    const current = byKey.get(row.key);
    if (!current || current.ts <= row.ts) byKey.set(row.key, row);
  }
  for (const byKey of byDevice.values()) for (const row of byKey.values()) latest.push(row);
  return latest.sort((a, b) => compareTexts(a.deviceId, b.deviceId) || compareTexts(a.key, b.key));
}

function upsertLatest(latestRows: readonly PointRow[]) {
  const devices = positionsOf(latestRows, (row) => row.deviceId);
  const keys = positionsOf(latestRows, (row) => row.key);
  return sql`
    insert into latest_values (device_id, key, ts, value, error, received_at)
    select device.id, variable.key, ${fromMilliseconds('t')}, v::jsonb, e, now() from unnest(
      ${integers(devices.positions)},
      ${integers(keys.positions)},
      ${numbers(latestRows.map((row) => row.ts))},
      ${texts(latestRows.map((row) => JSON.stringify(row.value)))},
      ${texts(latestRows.map((row) => row.error))}
    ) with ordinality as incoming(d, k, t, v, e, position)
    ${joinDistinct(devices.distinct, keys.distinct)}
    order by incoming.position
    on conflict (device_id, key) do update
      set ts = excluded.ts, value = excluded.value, error = excluded.error, received_at = excluded.received_at
      where latest_values.ts <= excluded.ts`;
}

/**
 * The distinct values of a field among rows, and each row's position among them (from 1, as
 * `with ordinality` counts): batch statements send each device id and variable key once.
 */
function positionsOf<T>(rows: readonly T[], field: (row: T) => string) {
  const distinct: string[] = [];
  const known = new Map<string, number>();
  const positions = new Array<number>(rows.length);
  for (let index = 0; index < rows.length; index += 1) {
    const value = field(rows[index]!);
    let position = known.get(value);
    if (position === undefined) known.set(value, (position = distinct.push(value)));
    positions[index] = position;
  }
  return { distinct, positions };
}

/**
 * Joins the distinct devices and keys of a batch to its rows (`incoming.d`, `incoming.k`) as
 * `device.id` and `variable.key`. Joined rather than subscripted: an element of a text array is
 * found by walking the array, a thousand devices deep.
 */
function joinDistinct(deviceIds: readonly string[], keys: readonly string[]) {
  return sql`join unnest(${texts(deviceIds)}) with ordinality as device(id, position) on device.position = incoming.d
    join unnest(${texts(keys)}) with ordinality as variable(key, position) on variable.position = incoming.k`;
}

interface MinuteSummary {
  deviceId: string;
  key: string;
  minute: number;
  min: number;
  max: number;
  count: number;
  first: number;
  firstAt: number;
  last: number;
  lastAt: number;
  /** The minute's values and their times, in arrival order; summed in time order (`minuteSumAndArea`). */
  values: number[];
  times: number[];
  /** Whether they arrived in time order (the usual case: no sort needed). */
  ordered: boolean;
}

/**
 * The sum of a minute's values added in time order, so the sum is the same number (bit for bit)
 * as the report engine's (`window-compute.ts`), whatever order the gateway sent them in; and the
 * minute's time-integral from its first point to its last (each value × the milliseconds until the
 * next point), added in time order too. One pass over the minute's points, no extra work per point
 * beyond a multiplication.
 */
function minuteSumAndArea(summary: MinuteSummary): { sum: number; area: number } {
  const { values, times } = summary;
  let order: number[] | null = null;
  if (!summary.ordered)
    order = values.map((_, index) => index).sort((a, b) => times[a]! - times[b]! || a - b);
  let previous = order ? order[0]! : 0;
  let sum = values[previous]!;
  let area = 0;
  for (let index = 1; index < values.length; index += 1) {
    const current = order ? order[index]! : index;
    sum += values[current]!;
    area += values[previous]! * (times[current]! - times[previous]!);
    previous = current;
  }
  return { sum, area };
}

/**
 * Minute summaries of the numeric points among `rows` (all stored for the first time), merged into
 * the stored ones: first and last by time, sums added (a minute's points arriving in one batch are
 * summed in time order; split over batches, the batches' sums are added).
 */
function upsertRollup(rows: readonly PointRow[]) {
  // By device, then variable and minute: no key text is built per point.
  const byDevice = new Map<string, Map<string, Map<number, MinuteSummary>>>();
  const list: MinuteSummary[] = [];
  for (const row of rows) {
    const value =
      typeof row.value === 'number' ? row.value : typeof row.value === 'boolean' ? Number(row.value) : null;
    if (value === null) continue;
    const minute = Math.floor(row.ts / 60_000) * 60_000;
    let byKey = byDevice.get(row.deviceId);
    if (!byKey) byDevice.set(row.deviceId, (byKey = new Map<string, Map<number, MinuteSummary>>()));
    let byMinute = byKey.get(row.key);
    if (!byMinute) byKey.set(row.key, (byMinute = new Map<number, MinuteSummary>()));
    const summary = byMinute.get(minute);
    if (summary) {
      summary.min = Math.min(summary.min, value);
      summary.max = Math.max(summary.max, value);
      summary.count += 1;
      if (row.ts < summary.firstAt) {
        summary.first = value;
        summary.firstAt = row.ts;
      }
      if (row.ts < summary.times[summary.times.length - 1]!) summary.ordered = false;
      if (row.ts >= summary.lastAt) {
        summary.last = value;
        summary.lastAt = row.ts;
      }
      summary.values.push(value);
      summary.times.push(row.ts);
    } else {
      const created: MinuteSummary = {
        deviceId: row.deviceId,
        key: row.key,
        minute,
        min: value,
        max: value,
        count: 1,
        first: value,
        firstAt: row.ts,
        last: value,
        lastAt: row.ts,
        values: [value],
        times: [row.ts],
        ordered: true,
      };
      byMinute.set(minute, created);
      list.push(created);
    }
  }
  if (list.length === 0) return null;
  // In lock order (`lock-order.ts`).
  list.sort(
    (a, b) => compareTexts(a.deviceId, b.deviceId) || compareTexts(a.key, b.key) || a.minute - b.minute,
  );
  const devices = positionsOf(list, (item) => item.deviceId);
  const keys = positionsOf(list, (item) => item.key);
  const sums = new Array<number>(list.length);
  const areas = new Array<number>(list.length);
  for (let index = 0; index < list.length; index += 1) {
    const { sum, area } = minuteSumAndArea(list[index]!);
    sums[index] = sum;
    areas[index] = area;
  }
  // The integral of two parts of a minute merges exactly when one part lies wholly before the
  // other (the usual case: a later batch, or a replay of an earlier stretch): both integrals plus
  // the earlier part's last value held until the later part's first point. A point that lands
  // between points already summarised (a late point inside a stored stretch) is rare; only then is
  // the minute's integral read again from its points, which the statement before this one stored.
  return sql`
    insert into points_rollup (device_id, key, minute, v_min, v_max, n, v_first, first_at, v_last, last_at, v_sum, v_area)
    select device.id, variable.key, ${fromMilliseconds('m')}, lo, hi, n, f, ${fromMilliseconds('fa')}, l, ${fromMilliseconds('la')}, total, area from unnest(
      ${integers(devices.positions)},
      ${integers(keys.positions)},
      ${numbers(list.map((item) => item.minute))},
      ${numbers(list.map((item) => item.min))},
      ${numbers(list.map((item) => item.max))},
      ${integers(list.map((item) => item.count))},
      ${numbers(list.map((item) => item.first))},
      ${numbers(list.map((item) => item.firstAt))},
      ${numbers(list.map((item) => item.last))},
      ${numbers(list.map((item) => item.lastAt))},
      ${numbers(sums)},
      ${numbers(areas)})
      with ordinality as incoming(d, k, m, lo, hi, n, f, fa, l, la, total, area, position)
    ${joinDistinct(devices.distinct, keys.distinct)}
    order by incoming.position
    on conflict (device_id, key, minute) do update
      set v_min = least(points_rollup.v_min, excluded.v_min),
          v_max = greatest(points_rollup.v_max, excluded.v_max),
          n = points_rollup.n + excluded.n,
          v_first = case when excluded.first_at < points_rollup.first_at then excluded.v_first else points_rollup.v_first end,
          first_at = least(points_rollup.first_at, excluded.first_at),
          v_last = case when excluded.last_at >= points_rollup.last_at then excluded.v_last else points_rollup.v_last end,
          last_at = greatest(points_rollup.last_at, excluded.last_at),
          v_sum = points_rollup.v_sum + excluded.v_sum,
          v_area = case
            when excluded.first_at > points_rollup.last_at then points_rollup.v_area + excluded.v_area
              + points_rollup.v_last * round(date_part('epoch', excluded.first_at - points_rollup.last_at) * 1000)
            when excluded.last_at < points_rollup.first_at then excluded.v_area + points_rollup.v_area
              + excluded.v_last * round(date_part('epoch', points_rollup.first_at - excluded.last_at) * 1000)
            else (${minuteAreaFromPoints})
          end`;
}

/** A minute summary's time-integral read again from its stored points (`upsertRollup`). */
const minuteAreaFromPoints = sql`select coalesce(sum(v * dt order by ts), 0) from (
    select ts, v_num as v, round(date_part('epoch', lead(ts) over (order by ts) - ts) * 1000) as dt
    from ${storedPoints(sql`points_rollup.minute`, sql`points_rollup.minute + interval '1 minute'`)} p where p.device_id = points_rollup.device_id and p.key = points_rollup.key
      and p.ts >= points_rollup.minute and p.ts < points_rollup.minute + interval '1 minute'
      and p.v_num is not null) as stepped`;

/** The identity of a stored point, as `store` answers it. */
export function pointIdentity(deviceId: string, key: string, ts: number): string {
  return `${deviceId}\u0000${key}\u0000${ts}`;
}
