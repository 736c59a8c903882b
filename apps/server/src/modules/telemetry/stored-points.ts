/**
 * History points as readers see them, hot and archived alike: the hot day partitions
 * (`point_rows`) and the archive's packed hours (`archived_point_rows`), with the columns the
 * points table had (device_id, key, ts, v_num, v_text, e). The archive decodes only the hours a
 * range touches, so every reader names the range it reads.
 */
import { sql, type SQL } from 'drizzle-orm';

/** A timestamp bound: epoch ms, or an SQL expression (a correlated column). */
export type TimeBound = number | SQL;

const bound = (value: TimeBound): SQL =>
  typeof value === 'number' ? sql`${new Date(value).toISOString()}::timestamptz` : value;

/**
 * Every stored point whose time may lie in [from, to] (callers still compare `ts` themselves:
 * archived hours are decoded whole). Use as `from ${storedPoints(from, to)} as points`.
 */
export function storedPoints(from: TimeBound, to: TimeBound): SQL {
  return sql`(select device_id, key, ts, v_num, v_text, e from point_rows
    union all
    select device_id, key, ts, v_num, v_text, e from archived_point_rows
      where hour >= date_trunc('hour', ${bound(from)}) and hour <= ${bound(to)})`;
}

/** Every stored point of all time (a device's count, its deletion): archive decoded whole. */
export const allStoredPoints = sql`(select device_id, key, ts, v_num, v_text, e from point_rows
    union all
    select device_id, key, ts, v_num, v_text, e from archived_point_rows)`;

/**
 * The newest and oldest stored time of a device's key, as epoch-ms texts (`newest`, `oldest`):
 * index lookups on both stores, the archive's from its rows' first and last times.
 */
export function extentColumns(deviceId: SQL, key: SQL): SQL {
  const series = sql`(select id from point_series where device_id = ${deviceId} and key = ${key})`;
  const ms = (expression: SQL) => sql`(extract(epoch from ${expression}) * 1000)::bigint::text`;
  return sql`${ms(sql`greatest(
      (select ts from points where series_id = ${series} order by ts desc limit 1),
      (select last_ts from points_archive where series_id = ${series} order by hour desc limit 1))`)} as newest,
    ${ms(sql`least(
      (select ts from points where series_id = ${series} order by ts asc limit 1),
      (select first_ts from points_archive where series_id = ${series} order by hour asc limit 1))`)} as oldest`;
}

/**
 * The last numeric value of a device's key before `at`: the newer of the hot one and the one in
 * the newest archived hour before `at`.
 */
export function numberBefore(deviceId: SQL, key: SQL, at: TimeBound): SQL {
  const before = bound(at);
  const series = sql`(select id from point_series where device_id = ${deviceId} and key = ${key})`;
  return sql`(select v from (
      (select ts, v_num as v from points where series_id = ${series} and v_num is not null and ts < ${before}
        order by ts desc limit 1)
      union all
      (select ts, v_num as v from archived_point_rows where series_id = ${series} and v_num is not null and ts < ${before}
        and hour = (select hour from points_archive where series_id = ${series} and hour < ${before} order by hour desc limit 1)
        order by ts desc limit 1)) as candidates
    order by ts desc limit 1)`;
}
