/**
 * Engine state as stored: a state per (device, rule) and one per device for its status alarms,
 * each written only over the revision read, and the count of state writes per node that tells a
 * node whether another one wrote since (`alarm_state_writers`). The second layer of
 * `AlarmRepository`; `writeEvaluation` of the records layer sends its statements too.
 */
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { compareTexts } from '../../db/lock-order.ts';
import {
  alarmDeviceStates,
  alarmRuleStates,
  alarmStateWriters,
  devices,
  gateways,
} from '../../db/schema/index.ts';
import { AlarmRuleRepository } from './alarm-rule.repository.ts';

export interface StoredState {
  readonly deviceId: string;
  readonly key: string;
  readonly state: unknown;
  readonly revision: number;
}

/** A state to write: over `revision` (0: none was stored). */
export interface StateWrite {
  readonly deviceId: string;
  readonly key: string;
  readonly state: unknown;
  readonly revision: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A state as this node read it: (device, rule) at a revision. */
export interface StateRevision {
  readonly deviceId: string;
  readonly key: string;
  readonly revision: number;
  /**
   * The other nodes' count of state writes (`alarm_state_writers`) when this revision was last
   * known to be the stored one; null when not known. While the count stays there, no other node
   * has written the state since, and its revision is not looked up.
   */
  readonly verified: number | null;
}

/** Counts one more state-writing transaction of this node (a data-modifying CTE of the statement). */
function countedWrite(nodeId: string): SQL {
  return sql`counted as (
    insert into ${alarmStateWriters} (node_id, writes) values (${nodeId}, 1)
    on conflict (node_id) do update set writes = ${alarmStateWriters.writes} + 1, updated_at = now()
    returning 1
  )`;
}

/**
 * The other nodes' count of state writes (row with a null position), and the positions (from 1)
 * of the states stored at another revision than the one given, or no longer stored. A state whose
 * `verified` count is the current one is not looked up: no other node has written since. Device
 * and rule ids are sent once each; the pairs refer to them by position. Usually only the count
 * comes back.
 */
export function staleStatesQuery(states: readonly StateRevision[], nodeId: string): SQL {
  const devices = new Map<string, number>();
  const rules = new Map<string, number>();
  const positionOf = (map: Map<string, number>, id: string) => {
    let position = map.get(id);
    if (position === undefined) map.set(id, (position = map.size + 1));
    return position;
  };
  const devicePositions = states.map((state) => positionOf(devices, state.deviceId));
  const rulePositions = states.map((state) => positionOf(rules, state.key));
  return sql`
    with others as materialized (
      select coalesce(sum(writes), 0)::bigint as writes from ${alarmStateWriters} where node_id <> ${nodeId}
    )
    select null::bigint as position, (select writes from others) as others
    union all
    select v.position, null from unnest(${sql.param(devicePositions)}::int[], ${sql.param(rulePositions)}::int[],
      ${sql.param(states.map((state) => state.revision))}::int[], ${sql.param(states.map((state) => state.verified))}::bigint[])
      with ordinality as v(device, rule, revision, verified, position)
    join unnest(${sql.param([...devices.keys()])}::text[]) with ordinality as d(id, position) on d.position = v.device
    join unnest(${sql.param([...rules.keys()])}::text[]) with ordinality as r(id, position) on r.position = v.rule
    left join ${alarmRuleStates} as s on s.device_id = d.id and s.rule_id = r.id
    where v.verified is distinct from (select writes from others) and s.revision is distinct from v.revision`;
}

/** The answer of `staleStatesQuery`: positions from 0, and the other nodes' count of writes. */
export function staleOf(rows: readonly Record<string, unknown>[]): { stale: Set<number>; others: number } {
  const stale = new Set<number>();
  let others = 0;
  for (const row of rows) {
    if (row.position === null) others = Number(row.others);
    else stale.add(Number(row.position) - 1);
  }
  return { stale, others };
}

/** States in one order (`lock-order.ts`), split into writes over a revision and new ones. */
function splitWrites(writes: readonly StateWrite[]) {
  const ordered = [...writes].sort(
    (a, b) => compareTexts(a.deviceId, b.deviceId) || compareTexts(a.key, b.key),
  );
  return {
    updates: ordered.filter((write) => write.revision > 0),
    inserts: ordered.filter((write) => write.revision === 0),
  };
}

const stateParam = <T>(list: readonly StateWrite[], pick: (write: StateWrite) => T) =>
  sql.param(list.map(pick));

/** The state's due time (a held value raises then), as the indexed `due_at` column keeps it. */
function dueAtOf(write: StateWrite): string | null {
  const dueAt = (write.state as { dueAt?: number | null } | null)?.dueAt;
  return typeof dueAt === 'number' ? new Date(dueAt).toISOString() : null;
}

/** Writes states over the revision read; answers (device_id, rule_id) of each one written. */
function stateUpdates(updates: readonly StateWrite[]): SQL {
  return sql`
    update ${alarmRuleStates} as s
    set state = v.state, revision = s.revision + 1, due_at = v.due_at, updated_at = now()
    from unnest(${stateParam(updates, (w) => w.deviceId)}::text[], ${stateParam(updates, (w) => w.key)}::text[],
      ${stateParam(updates, (w) => JSON.stringify(w.state))}::jsonb[], ${stateParam(updates, (w) => w.revision)}::int[],
      ${stateParam(updates, dueAtOf)}::timestamptz[])
      as v(device_id, rule_id, state, revision, due_at)
    where s.device_id = v.device_id and s.rule_id = v.rule_id and s.revision = v.revision
    returning s.device_id, s.rule_id`;
}

/** Stores new states unless stored meanwhile; answers (device_id, rule_id) of each one stored. */
function stateInserts(inserts: readonly StateWrite[]): SQL {
  return sql`
    insert into ${alarmRuleStates} (device_id, rule_id, state, due_at)
    select * from unnest(${stateParam(inserts, (w) => w.deviceId)}::text[], ${stateParam(inserts, (w) => w.key)}::text[],
      ${stateParam(inserts, (w) => JSON.stringify(w.state))}::jsonb[], ${stateParam(inserts, dueAtOf)}::timestamptz[])
    on conflict do nothing
    returning device_id, rule_id`;
}

/**
 * Every state written over its revision (updates) or as new (inserts), in one statement that fails
 * with a serialization failure unless all of them were written.
 */
export function guardedStateWrites(writes: readonly StateWrite[], nodeId: string): SQL {
  const { updates, inserts } = splitWrites(writes);
  return sql`
    with updated as (${stateUpdates(updates)}), inserted as (${stateInserts(inserts)}), ${countedWrite(nodeId)}
    select expect_row_count((select count(*) from updated) + (select count(*) from inserted), ${writes.length}::bigint)`;
}

export class AlarmStateRepository extends AlarmRuleRepository {
  async ruleStates(deviceIds: readonly string[]): Promise<StoredState[]> {
    if (deviceIds.length === 0) return [];
    const rows = await this.db
      .select()
      .from(alarmRuleStates)
      .where(inArray(alarmRuleStates.deviceId, [...deviceIds]));
    return rows.map((row) => ({
      deviceId: row.deviceId,
      key: row.ruleId,
      state: row.state,
      revision: row.revision,
    }));
  }

  /**
   * Rule states whose held value is due by `before` on devices whose gateway is online (an offline
   * gateway's values are unknown until it sends them), earliest first.
   */
  async dueRuleStates(before: number, limit: number): Promise<{ deviceId: string; ruleId: string }[]> {
    return this.db
      .select({ deviceId: alarmRuleStates.deviceId, ruleId: alarmRuleStates.ruleId })
      .from(alarmRuleStates)
      .innerJoin(devices, eq(devices.id, alarmRuleStates.deviceId))
      .innerJoin(gateways, eq(gateways.sn, devices.gatewaySn))
      .where(and(lte(alarmRuleStates.dueAt, new Date(before)), eq(gateways.status, 'online')))
      .orderBy(asc(alarmRuleStates.dueAt))
      .limit(limit);
  }

  async ruleStatesOfRule(ruleId: string): Promise<StoredState[]> {
    const rows = await this.db.select().from(alarmRuleStates).where(eq(alarmRuleStates.ruleId, ruleId));
    return rows.map((row) => ({
      deviceId: row.deviceId,
      key: row.ruleId,
      state: row.state,
      revision: row.revision,
    }));
  }

  /**
   * Positions (from 0) in `states` of those another node has written since they were read, and the
   * other nodes' count of state writes now.
   */
  async staleStates(states: readonly StateRevision[]): Promise<{ stale: Set<number>; others: number }> {
    return staleOf(
      rowsOf<Record<string, unknown>>(await this.db.execute(staleStatesQuery(states, this.nodeId))),
    );
  }

  /**
   * Writes states in one statement each for updates and inserts, each only over the revision read.
   * Answers the ones written; a missing one was changed by another node meanwhile. The rows go in
   * as arrays, so a batch of any size is one statement with four parameters.
   */
  async writeRuleStates(writes: readonly StateWrite[]): Promise<Set<string>> {
    const written = new Set<string>();
    const { updates, inserts } = splitWrites(writes);
    for (const [list, statement] of [
      [updates, stateUpdates],
      [inserts, stateInserts],
    ] as const) {
      if (list.length === 0) continue;
      const result = await this.db.execute(sql`
        with written as (${statement(list)}), ${countedWrite(this.nodeId)}
        select device_id, rule_id from written`);
      for (const row of rowsOf<{ device_id: string; rule_id: string }>(result))
        written.add(`${row.device_id}\u0000${row.rule_id}`);
    }
    return written;
  }

  async deleteRuleState(deviceId: string, ruleId: string, revision: number): Promise<boolean> {
    const result = await this.db.execute(sql`
      with deleted as (
        delete from ${alarmRuleStates}
        where device_id = ${deviceId} and rule_id = ${ruleId} and revision = ${revision}
        returning 1
      ), ${countedWrite(this.nodeId)}
      select count(*)::int as deleted from deleted`);
    return (rowsOf<{ deleted: number }>(result)[0]?.deleted ?? 0) > 0;
  }

  async deviceState(deviceId: string): Promise<StoredState | undefined> {
    const [row] = await this.db
      .select()
      .from(alarmDeviceStates)
      .where(eq(alarmDeviceStates.deviceId, deviceId));
    return row ? { deviceId, key: 'status', state: row.state, revision: row.revision } : undefined;
  }

  /** Writes a device's status state over the revision read; false when another node changed it. */
  async writeDeviceState(write: StateWrite, nextCheckAt: number | null): Promise<boolean> {
    const next = nextCheckAt === null ? null : new Date(nextCheckAt);
    if (write.revision === 0) {
      const rows = await this.db
        .insert(alarmDeviceStates)
        .values({ deviceId: write.deviceId, state: write.state, nextCheckAt: next })
        .onConflictDoNothing()
        .returning({ deviceId: alarmDeviceStates.deviceId });
      return rows.length > 0;
    }
    const rows = await this.db
      .update(alarmDeviceStates)
      .set({
        state: write.state,
        nextCheckAt: next,
        revision: sql`${alarmDeviceStates.revision} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(alarmDeviceStates.deviceId, write.deviceId), eq(alarmDeviceStates.revision, write.revision)),
      )
      .returning({ deviceId: alarmDeviceStates.deviceId });
    return rows.length > 0;
  }

  async devicesDueForStatusCheck(now: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ deviceId: alarmDeviceStates.deviceId })
      .from(alarmDeviceStates)
      .where(lte(alarmDeviceStates.nextCheckAt, new Date(now)))
      .limit(limit);
    return rows.map((row) => row.deviceId);
  }
}
