/**
 * Computation progress, locked per (report, device) while a node computes its windows, and what a
 * computation reads of the stored history (first data, samples, the values before a window). The
 * second layer of `ReportRepository`.
 */
import { sql } from 'drizzle-orm';
import { numberBefore, storedPoints } from '../telemetry/stored-points.ts';
import type { Sample } from './engine/window-compute.ts';
import { ReportDefinitionRepository } from './report-definition.repository.ts';

const iso = (ts: number) => new Date(ts).toISOString();

export interface ProgressRow {
  readonly revision: number;
  readonly computedUntil: number;
}

export class ReportProgressRepository extends ReportDefinitionRepository {
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
      select key as k, (extract(epoch from ts) * 1000)::bigint::text as t, v_num as v from ${storedPoints(from, to)} as points
      where device_id = ${deviceId} and key = any(${sql.param(keys)}::text[]) and v_num is not null
        and ts >= ${iso(from)}::timestamptz and ts < ${iso(to)}::timestamptz
      order by ts`);
    return rows.map((row) => ({ key: row.k, ts: Number(row.t), value: row.v }));
  }

  /** Each key's last numeric value before `ts` (one index lookup per key). */
  async valuesBefore(deviceId: string, keys: readonly string[], ts: number): Promise<Map<string, number>> {
    const rows = await this.rows<{ k: string; v: number | null }>(sql`
      select k, ${numberBefore(sql`${deviceId}`, sql`k`, ts)} as v
      from unnest(${sql.param(keys)}::text[]) as k`);
    return new Map(rows.filter((row) => row.v !== null).map((row) => [row.k, row.v!]));
  }
}
