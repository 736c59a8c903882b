/**
 * The only code of the alarm module that touches the ORM for rules, groups, preferences, engine
 * state, records and the notification queue. Writes that two nodes could race on are conditional:
 * engine state by revision, records by their unique indexes, sends by claim.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  AlarmGroup,
  AlarmRule,
  DeviceStatusAlarms,
  NotificationPreferences,
} from '@lyyp/contracts/alarm';
import { LOCALES, type Locale } from '@lyyp/contracts';
import type { Database } from '../../db/client.ts';
import { databaseCodeOf } from '../../db/database-error.ts';
import { compareTexts } from '../../db/lock-order.ts';
import { runInOneTransaction, type StatementRows } from '../../db/one-transaction.ts';
import { tableRows } from '../../db/table-rows.ts';
import {
  accounts,
  alarmDeviceStates,
  alarmGroups,
  alarmNotificationAttempts,
  alarmNotifications,
  alarmPreferences,
  alarmRecords,
  alarmRuleSets,
  alarmRuleStates,
  alarmRules,
  alarmStateWriters,
  devices,
  gateways,
  knowledgeArticles,
  latestValues,
  products,
} from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { shareAllowsMenuCondition, visibleDeviceCondition } from '../device/visibility.repository.ts';
import type { Viewer } from '../device/viewer.ts';

export type AlarmRecordRow = typeof alarmRecords.$inferSelect;
export type NewAlarmRecordRow = typeof alarmRecords.$inferInsert;
export type NotificationRow = typeof alarmNotifications.$inferSelect;
export type NewNotificationRow = typeof alarmNotifications.$inferInsert;

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

export interface RecordFilter {
  readonly from?: number;
  readonly to?: number;
  readonly deviceId?: string;
  readonly groupId?: string;
  readonly type?: AlarmRecordRow['type'];
  readonly active?: boolean;
  readonly acknowledged?: boolean;
}

/** Records per insert statement (PostgreSQL takes at most 65,535 parameters in one). */
const RECORDS_PER_STATEMENT = 500;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The release of a source's active record: when, why, the value then, when to notify. */
export interface RecordRelease {
  deviceId: string;
  source: string;
  at: number;
  reason: string;
  value: AlarmRecordRow['releaseValue'];
  notifyAt: number | null;
  /** The release notice's text per language (`texts.<locale>.release`); none for status alarms. */
  texts?: Readonly<Record<Locale, string>> | null;
}

/** `texts` with each language's release notice set from `v.release` (the row's own texts if it has none). */
const TEXTS_WITH_RELEASE = (() => {
  let texts = sql`coalesce(${alarmRecords.texts}, jsonb_build_object(${sql.join(
    LOCALES.map(
      (locale) =>
        sql`${locale}::text, jsonb_build_object('name', ${alarmRecords.name}, 'message', ${alarmRecords.message})`,
    ),
    sql`, `,
  )}))`;
  for (const locale of LOCALES)
    texts = sql`jsonb_set(${texts}, ${`{${locale},release}`}::text[], v.release -> ${locale}::text)`;
  return sql`case when v.release is null then ${alarmRecords.texts} else ${texts} end`;
})();

/** What one evaluation writes at once (`AlarmRepository.writeEvaluation`). */
export interface EvaluationWrite {
  /**
   * States left unwritten, at the revision read: those another node has written since are
   * answered. Null: no other node can write (the embedded database), nothing is checked.
   */
  readonly unwritten: readonly StateRevision[] | null;
  readonly states: readonly StateWrite[];
  readonly releases: readonly RecordRelease[];
  readonly records: readonly NewAlarmRecordRow[];
}

export interface EvaluationWritten {
  /** Positions (from 0) in `unwritten` of the states stored at another revision now, or no longer stored. */
  readonly stale: ReadonlySet<number>;
  /** The other nodes' count of state writes as this write saw it (null when `unwritten` was null). */
  readonly others: number | null;
  /** The records released, as they are stored now. */
  readonly released: AlarmRecordRow[];
  /** Records inserted (a raise recorded before is not). */
  readonly inserted: AlarmRecordRow[];
}

/** SQLSTATE of `expect_row_count` (migration 0032): a conditional write found another revision. */
const SERIALIZATION_FAILURE = '40001';

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
function staleStatesQuery(states: readonly StateRevision[], nodeId: string): SQL {
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
function staleOf(rows: readonly Record<string, unknown>[]): { stale: Set<number>; others: number } {
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
function guardedStateWrites(writes: readonly StateWrite[], nodeId: string): SQL {
  const { updates, inserts } = splitWrites(writes);
  return sql`
    with updated as (${stateUpdates(updates)}), inserted as (${stateInserts(inserts)}), ${countedWrite(nodeId)}
    select expect_row_count((select count(*) from updated) + (select count(*) from inserted), ${writes.length}::bigint)`;
}

export class AlarmRepository {
  /**
   * @param nodeId this platform process, counted in `alarm_state_writers` by every transaction
   *   of it that writes rule states (a new one at each start).
   */
  constructor(
    private readonly db: Database,
    readonly nodeId: string = newId(),
  ) {}

  transaction<T>(work: (tx: AlarmRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AlarmRepository(tx as unknown as Database, this.nodeId)));
  }

  // Rule sets and rules ----------------------------------------------------------------------------

  /**
   * What decides whether a node's copy of a product's rules is current: the rule set's revision and
   * the model's version (variable names and units go into alarm texts). Products without alarm
   * configuration are absent.
   */
  async ruleSetVersions(productIds: readonly string[]): Promise<Map<string, string>> {
    if (productIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        productId: alarmRuleSets.productId,
        revision: alarmRuleSets.revision,
        modelVersion: products.modelVersion,
      })
      .from(alarmRuleSets)
      .innerJoin(products, eq(products.id, alarmRuleSets.productId))
      .where(inArray(alarmRuleSets.productId, [...productIds]));
    return new Map(rows.map((row) => [row.productId, `${row.revision}:${row.modelVersion}`]));
  }

  async ruleSet(productId: string) {
    const [row] = await this.db.select().from(alarmRuleSets).where(eq(alarmRuleSets.productId, productId));
    return row;
  }

  /** Marks a change of the product's alarm configuration: every node reloads its rules. */
  async bumpRuleSet(productId: string, statusAlarms?: DeviceStatusAlarms): Promise<number> {
    const [row] = await this.db
      .insert(alarmRuleSets)
      .values({ productId, revision: 1, statusAlarms: statusAlarms ?? null })
      .onConflictDoUpdate({
        target: alarmRuleSets.productId,
        set: {
          revision: sql`${alarmRuleSets.revision} + 1`,
          updatedAt: sql`now()`,
          ...(statusAlarms ? { statusAlarms } : {}),
        },
      })
      .returning({ revision: alarmRuleSets.revision });
    return row!.revision;
  }

  async rulesOf(productId: string): Promise<AlarmRule[]> {
    const rows = await this.db
      .select({ rule: alarmRules.rule })
      .from(alarmRules)
      .where(eq(alarmRules.productId, productId))
      .orderBy(asc(alarmRules.position), asc(alarmRules.createdAt));
    return rows.map((row) => row.rule);
  }

  async countRules(productId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(alarmRules)
      .where(eq(alarmRules.productId, productId));
    return row?.count ?? 0;
  }

  async insertRule(productId: string, rule: AlarmRule): Promise<void> {
    await this.db.insert(alarmRules).values({
      id: rule.id,
      productId,
      rule,
      position: sql`(select coalesce(max(${alarmRules.position}), 0) + 1 from ${alarmRules} where ${alarmRules.productId} = ${productId})`,
    });
  }

  async updateRule(productId: string, rule: AlarmRule): Promise<boolean> {
    const rows = await this.db
      .update(alarmRules)
      .set({ rule, updatedAt: sql`now()` })
      .where(and(eq(alarmRules.id, rule.id), eq(alarmRules.productId, productId)))
      .returning({ id: alarmRules.id });
    return rows.length > 0;
  }

  async deleteRule(productId: string, ruleId: string): Promise<boolean> {
    const rows = await this.db
      .delete(alarmRules)
      .where(and(eq(alarmRules.id, ruleId), eq(alarmRules.productId, productId)))
      .returning({ id: alarmRules.id });
    return rows.length > 0;
  }

  // Groups and preferences -------------------------------------------------------------------------

  async groupsOf(productId: string): Promise<AlarmGroup[]> {
    const rows = await this.db
      .select({ group: alarmGroups.group })
      .from(alarmGroups)
      .where(eq(alarmGroups.productId, productId))
      .orderBy(asc(alarmGroups.createdAt));
    return rows.map((row) => row.group);
  }

  async groupsByIds(ids: readonly string[]): Promise<AlarmGroup[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ group: alarmGroups.group })
      .from(alarmGroups)
      .where(inArray(alarmGroups.id, [...ids]));
    return rows.map((row) => row.group);
  }

  async insertGroup(productId: string, group: AlarmGroup): Promise<void> {
    await this.db.insert(alarmGroups).values({ id: group.id, productId, group });
  }

  async updateGroup(productId: string, group: AlarmGroup): Promise<boolean> {
    const rows = await this.db
      .update(alarmGroups)
      .set({ group, updatedAt: sql`now()` })
      .where(and(eq(alarmGroups.id, group.id), eq(alarmGroups.productId, productId)))
      .returning({ id: alarmGroups.id });
    return rows.length > 0;
  }

  async deleteGroup(productId: string, groupId: string): Promise<boolean> {
    const rows = await this.db
      .delete(alarmGroups)
      .where(and(eq(alarmGroups.id, groupId), eq(alarmGroups.productId, productId)))
      .returning({ id: alarmGroups.id });
    return rows.length > 0;
  }

  async preferencesOf(accountIds: readonly string[]): Promise<Map<string, NotificationPreferences>> {
    if (accountIds.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(alarmPreferences)
      .where(inArray(alarmPreferences.accountId, [...accountIds]));
    // Rows saved before the language choice existed have none: not chosen.
    return new Map(
      rows.map((row) => [row.accountId, { ...row.preferences, locale: row.preferences.locale ?? null }]),
    );
  }

  async savePreferences(accountId: string, preferences: NotificationPreferences): Promise<void> {
    await this.db
      .insert(alarmPreferences)
      .values({ accountId, preferences })
      .onConflictDoUpdate({
        target: alarmPreferences.accountId,
        set: { preferences, updatedAt: sql`now()` },
      });
  }

  // Engine state -----------------------------------------------------------------------------------

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

  // Records ----------------------------------------------------------------------------------------

  /** Inserts a raised alarm once: a second raise of the same (device, source, time) is ignored. */
  async insertRecord(row: NewAlarmRecordRow): Promise<AlarmRecordRow | undefined> {
    const [inserted] = await this.db.insert(alarmRecords).values(row).onConflictDoNothing().returning();
    return inserted;
  }

  /** Inserts many records in few statements; those already recorded (same raise) are skipped. */
  async insertRecords(rows: readonly NewAlarmRecordRow[]): Promise<AlarmRecordRow[]> {
    const inserted: AlarmRecordRow[] = [];
    for (let offset = 0; offset < rows.length; offset += RECORDS_PER_STATEMENT) {
      const chunk = rows.slice(offset, offset + RECORDS_PER_STATEMENT);
      inserted.push(...(await this.db.insert(alarmRecords).values(chunk).onConflictDoNothing().returning()));
    }
    return inserted;
  }

  /** The active record of a source, if any. */
  async activeRecord(deviceId: string, source: string): Promise<AlarmRecordRow | undefined> {
    const [row] = await this.db
      .select()
      .from(alarmRecords)
      .where(
        and(
          eq(alarmRecords.deviceId, deviceId),
          eq(alarmRecords.source, source),
          isNull(alarmRecords.releasedAt),
        ),
      );
    return row;
  }

  /**
   * An alarm that continues under an edited rule takes the rule's texts, groups and push methods;
   * undefined when the source has no active record.
   */
  async updateActiveRecord(
    deviceId: string,
    source: string,
    fields: Pick<NewAlarmRecordRow, 'name' | 'message' | 'texts' | 'groupIds' | 'pushMethods'>,
  ): Promise<AlarmRecordRow | undefined> {
    const [row] = await this.db
      .update(alarmRecords)
      .set(fields)
      .where(
        and(
          eq(alarmRecords.deviceId, deviceId),
          eq(alarmRecords.source, source),
          isNull(alarmRecords.releasedAt),
        ),
      )
      .returning();
    return row;
  }

  /** Releases the active record of a source; undefined when none is active. */
  async releaseRecord(
    deviceId: string,
    source: string,
    release: Omit<RecordRelease, 'deviceId' | 'source'>,
  ): Promise<AlarmRecordRow | undefined> {
    const [row] = await this.releaseRecords([{ deviceId, source, ...release }]);
    return row;
  }

  /**
   * Releases the active records of several (device, source) pairs in one statement (a batch's
   * releases); answers the records it released. Each pair appears at most once.
   */
  async releaseRecords(releases: readonly RecordRelease[]): Promise<AlarmRecordRow[]> {
    if (releases.length === 0) return [];
    return this.releaseRecordsUpdate(releases).returning();
  }

  private releaseRecordsUpdate(releases: readonly RecordRelease[]) {
    const column = <T>(pick: (release: RecordRelease) => T) => sql.param(releases.map(pick));
    const v = sql`unnest(${column((r) => r.deviceId)}::text[], ${column((r) => r.source)}::text[],
      ${column((r) => new Date(r.at).toISOString())}::timestamptz[], ${column((r) => r.reason)}::text[],
      ${column((r) => (r.value === null || r.value === undefined ? null : JSON.stringify(r.value)))}::jsonb[],
      ${column((r) => (r.notifyAt === null ? null : new Date(r.notifyAt).toISOString()))}::timestamptz[],
      ${column((r) => (r.texts ? JSON.stringify(r.texts) : null))}::jsonb[])
      as v(device_id, source, at, reason, value, notify_at, release)`;
    return this.db
      .update(alarmRecords)
      .set({
        releasedAt: sql`greatest(${alarmRecords.raisedAt}, v.at)`,
        releaseReason: sql`v.reason`,
        releaseValue: sql`v.value`,
        notifyAt: sql`v.notify_at`,
        texts: TEXTS_WITH_RELEASE,
      })
      .from(v)
      .where(
        and(
          sql`${alarmRecords.deviceId} = v.device_id`,
          sql`${alarmRecords.source} = v.source`,
          isNull(alarmRecords.releasedAt),
        ),
      );
  }

  /**
   * What one evaluation of stored points writes, sent to the database as one message in one
   * transaction (`one-transaction.ts`): the stored revisions of the states it left unwritten, its
   * state writes over the revisions it read, and the records of their transitions (releases first,
   * then raises). Answers null when a state had changed meanwhile (another node wrote it): then
   * nothing was written, and the caller reads again. Otherwise every state was written.
   */
  async writeEvaluation(write: EvaluationWrite): Promise<EvaluationWritten | null> {
    const statements: SQL[] = [];
    const { unwritten, states, releases, records } = write;
    if (unwritten) statements.push(staleStatesQuery(unwritten, this.nodeId));
    if (states.length > 0) statements.push(guardedStateWrites(states, this.nodeId));
    if (releases.length > 0) statements.push(this.releaseRecordsUpdate(releases).returning().getSQL());
    for (let offset = 0; offset < records.length; offset += RECORDS_PER_STATEMENT)
      statements.push(
        this.db
          .insert(alarmRecords)
          .values(records.slice(offset, offset + RECORDS_PER_STATEMENT))
          .onConflictDoNothing()
          .returning()
          .getSQL(),
      );
    if (statements.length === 0) return { stale: new Set(), others: null, released: [], inserted: [] };
    let answers: StatementRows;
    try {
      answers = await runInOneTransaction(this.db, statements);
    } catch (error) {
      if (databaseCodeOf(error) === SERIALIZATION_FAILURE) return null;
      throw error;
    }
    let index = 0;
    const { stale, others } = unwritten
      ? staleOf(answers[index++] ?? [])
      : { stale: new Set<number>(), others: null };
    if (states.length > 0) index += 1;
    // The records come back whole: the live alarm events need no second round trip to read them.
    const released = releases.length > 0 ? tableRows(alarmRecords, answers[index++] ?? []) : [];
    const inserted = tableRows(alarmRecords, answers.slice(index).flat());
    return { stale, others, released, inserted };
  }

  async recordById(id: string): Promise<AlarmRecordRow | undefined> {
    const [row] = await this.db.select().from(alarmRecords).where(eq(alarmRecords.id, id));
    return row;
  }

  async recordsByIds(ids: readonly string[]): Promise<AlarmRecordRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(alarmRecords)
      .where(inArray(alarmRecords.id, [...ids]));
  }

  /** Acknowledges records not yet acknowledged; answers the ones this call acknowledged. */
  async acknowledge(
    ids: readonly string[],
    by: string,
    at: number,
    comment: string,
  ): Promise<AlarmRecordRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .update(alarmRecords)
      .set({ acknowledgedAt: new Date(at), acknowledgedBy: by, acknowledgeComment: comment || null })
      .where(and(inArray(alarmRecords.id, [...ids]), isNull(alarmRecords.acknowledgedAt)))
      .returning();
  }

  private recordConditions(viewer: Viewer, filter: RecordFilter): SQL[] {
    const conditions: SQL[] = [visibleDeviceCondition(viewer)];
    // A device seen through a share without its alarm records stays out of the alarm list.
    const shareAllows = shareAllowsMenuCondition(viewer, 'alarms');
    if (shareAllows) conditions.push(shareAllows);
    if (filter.from !== undefined) conditions.push(gte(alarmRecords.raisedAt, new Date(filter.from)));
    if (filter.to !== undefined) conditions.push(lt(alarmRecords.raisedAt, new Date(filter.to)));
    if (filter.deviceId) conditions.push(eq(alarmRecords.deviceId, filter.deviceId));
    if (filter.type) conditions.push(eq(alarmRecords.type, filter.type));
    if (filter.groupId)
      conditions.push(sql`${alarmRecords.groupIds} @> ${JSON.stringify([filter.groupId])}::jsonb`);
    if (filter.active !== undefined)
      conditions.push(filter.active ? isNull(alarmRecords.releasedAt) : isNotNull(alarmRecords.releasedAt));
    if (filter.acknowledged !== undefined)
      conditions.push(
        filter.acknowledged ? isNotNull(alarmRecords.acknowledgedAt) : isNull(alarmRecords.acknowledgedAt),
      );
    return conditions;
  }

  /** Whether the product's knowledge base holds the article (a rule may link only those). */
  async articleExists(productId: string, articleId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: knowledgeArticles.id })
      .from(knowledgeArticles)
      .where(and(eq(knowledgeArticles.productId, productId), eq(knowledgeArticles.id, articleId)))
      .limit(1);
    return rows.length > 0;
  }

  /** Records of the devices a viewer may see, newest first, with device and acknowledger names. */
  async pageRecords(viewer: Viewer, filter: RecordFilter, page: { offset: number; limit: number }) {
    const where = and(...this.recordConditions(viewer, filter));
    const [count] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(alarmRecords)
      .innerJoin(devices, eq(devices.id, alarmRecords.deviceId))
      .where(where);
    // The article is the one the rule links now (a link added later shows on older records too).
    const rows = await this.db
      .select({
        record: alarmRecords,
        deviceName: devices.name,
        acknowledgedByName: accounts.name,
        articleId: knowledgeArticles.id,
        articleTitle: knowledgeArticles.title,
      })
      .from(alarmRecords)
      .innerJoin(devices, eq(devices.id, alarmRecords.deviceId))
      .leftJoin(accounts, eq(accounts.id, alarmRecords.acknowledgedBy))
      .leftJoin(alarmRules, eq(alarmRules.id, alarmRecords.ruleId))
      .leftJoin(
        knowledgeArticles,
        and(
          eq(knowledgeArticles.id, sql`${alarmRules.rule}->>'articleId'`),
          eq(knowledgeArticles.productId, alarmRecords.productId),
        ),
      )
      .where(where)
      .orderBy(desc(alarmRecords.raisedAt), desc(alarmRecords.id))
      .limit(page.limit)
      .offset(page.offset);
    return { total: count?.total ?? 0, rows };
  }

  /** Records that the dispatcher should plan now. */
  async recordsToNotify(now: number, limit: number): Promise<AlarmRecordRow[]> {
    return this.db
      .select()
      .from(alarmRecords)
      .where(lte(alarmRecords.notifyAt, new Date(now)))
      .orderBy(asc(alarmRecords.notifyAt))
      .limit(limit);
  }

  /** Sets when to plan a record again, unless someone moved it meanwhile to an earlier time. */
  async setNotifyAt(recordId: string, planned: Date | null, next: number | null): Promise<void> {
    await this.db
      .update(alarmRecords)
      .set({ notifyAt: next === null ? null : new Date(next) })
      .where(
        and(
          eq(alarmRecords.id, recordId),
          planned === null ? isNull(alarmRecords.notifyAt) : eq(alarmRecords.notifyAt, planned),
        ),
      );
  }

  async wakeRecord(recordId: string, at: number): Promise<void> {
    await this.db
      .update(alarmRecords)
      .set({ notifyAt: new Date(at) })
      .where(
        and(
          eq(alarmRecords.id, recordId),
          or(
            isNull(alarmRecords.notifyAt),
            sql`${alarmRecords.notifyAt} > ${new Date(at).toISOString()}::timestamptz`,
          ),
        ),
      );
  }

  // Notification queue -----------------------------------------------------------------------------

  async notificationKeys(recordId: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ key: alarmNotifications.key })
      .from(alarmNotifications)
      .where(eq(alarmNotifications.recordId, recordId));
    return new Set(rows.map((row) => row.key));
  }

  async enqueue(rows: readonly NewNotificationRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insert(alarmNotifications)
      .values([...rows])
      .onConflictDoNothing();
  }

  /**
   * Claims due sends for this node: pending, due, and not held by a live claim of another node.
   * `FOR UPDATE SKIP LOCKED` keeps two nodes from taking the same row; the claim's expiry frees a
   * send held by a node that crashed. A send waits while an earlier send of the same record to the
   * same recipient (person, or the group's own target) on the same channel is still pending — a
   * retry in back-off, or claimed elsewhere — so each recipient gets a record's notices in order.
   */
  async claimDue(now: number, holdMs: number, limit: number): Promise<NotificationRow[]> {
    const at = new Date(now).toISOString();
    const until = new Date(now + holdMs).toISOString();
    const result = await this.db.execute(sql`
      update ${alarmNotifications} set claimed_until = ${until}::timestamptz, attempts = attempts + 1
      where id in (
        select n.id from ${alarmNotifications} as n
        where n.status = 'pending' and n.next_attempt_at <= ${at}::timestamptz
          and (n.claimed_until is null or n.claimed_until <= ${at}::timestamptz)
          and not exists (
            select 1 from ${alarmNotifications} as e
            where e.record_id = n.record_id and e.channel = n.channel and e.status = 'pending'
              and (case when n.account_id is null then e.account_id is null and e.group_id = n.group_id
                        else e.account_id = n.account_id end)
              and (e.due_at, e.key) < (n.due_at, n.key))
        order by n.next_attempt_at
        limit ${limit}
        for update of n skip locked)
      returning id`);
    const ids = rowsOf<{ id: string }>(result).map((row) => row.id);
    if (ids.length === 0) return [];
    return this.db.select().from(alarmNotifications).where(inArray(alarmNotifications.id, ids));
  }

  /** Records the outcome of one attempt and moves the send on (sent, retried later, given up). */
  async settleAttempt(
    notification: Pick<NotificationRow, 'id' | 'attempts'>,
    outcome:
      | { result: 'sent'; at: number }
      | { result: 'cancelled'; at: number; error: string }
      | { result: 'failed'; at: number; error: string; retryAt: number | null },
  ): Promise<void> {
    await this.db.insert(alarmNotificationAttempts).values({
      id: newId(),
      notificationId: notification.id,
      attempt: notification.attempts,
      at: new Date(outcome.at),
      result: outcome.result,
      error: outcome.result === 'sent' ? null : outcome.error,
    });
    const status =
      outcome.result === 'failed' ? (outcome.retryAt === null ? 'failed' : 'pending') : outcome.result;
    await this.db
      .update(alarmNotifications)
      .set({
        status,
        claimedUntil: null,
        lastError: outcome.result === 'sent' ? null : outcome.error,
        sentAt: outcome.result === 'sent' ? new Date(outcome.at) : null,
        ...(outcome.result === 'failed' && outcome.retryAt !== null
          ? { nextAttemptAt: new Date(outcome.retryAt) }
          : {}),
      })
      .where(eq(alarmNotifications.id, notification.id));
  }

  async sendsOf(recordId: string) {
    const sends = await this.db
      .select()
      .from(alarmNotifications)
      .where(eq(alarmNotifications.recordId, recordId))
      .orderBy(asc(alarmNotifications.dueAt), asc(alarmNotifications.key));
    const attempts =
      sends.length === 0
        ? []
        : await this.db
            .select()
            .from(alarmNotificationAttempts)
            .where(
              inArray(
                alarmNotificationAttempts.notificationId,
                sends.map((send) => send.id),
              ),
            )
            .orderBy(asc(alarmNotificationAttempts.attempt));
    return { sends, attempts };
  }

  // Devices ----------------------------------------------------------------------------------------

  async deviceFacts(deviceIds: readonly string[]) {
    if (deviceIds.length === 0) return [];
    return this.db
      .select({
        id: devices.id,
        name: devices.name,
        productId: devices.productId,
        ownerAccountId: devices.ownerAccountId,
      })
      .from(devices)
      .where(inArray(devices.id, [...deviceIds]));
  }

  async devicesOfProduct(productId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.productId, productId));
    return rows.map((row) => row.id);
  }

  /** Current values of some variables of some devices (comparands of conditions), with their times. */
  async latestValues(deviceIds: readonly string[], keys: readonly string[]) {
    if (deviceIds.length === 0 || keys.length === 0) return [];
    return this.db
      .select({
        deviceId: latestValues.deviceId,
        key: latestValues.key,
        value: latestValues.value,
        ts: latestValues.ts,
      })
      .from(latestValues)
      .where(and(inArray(latestValues.deviceId, [...deviceIds]), inArray(latestValues.key, [...keys])));
  }

  async productModel(productId: string) {
    const [row] = await this.db
      .select({ model: products.model, ownerAccountId: products.ownerAccountId })
      .from(products)
      .where(eq(products.id, productId));
    return row;
  }
}
