/**
 * Alarm records: raised once per (device, source, raise time), released on the one active record
 * of a source, the texts of a release notice set in every language, what one evaluation writes in
 * one message, acknowledgement, the list a viewer may see, and when each record is planned for
 * notification. The third layer of `AlarmRepository`.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { LOCALES, type Locale } from '@lyyp/contracts';
import { databaseCodeOf } from '../../db/database-error.ts';
import { runInOneTransaction, type StatementRows } from '../../db/one-transaction.ts';
import { tableRows } from '../../db/table-rows.ts';
import { accounts, alarmRecords, alarmRules, devices, knowledgeArticles } from '../../db/schema/index.ts';
import { shareAllowsMenuCondition, visibleDeviceCondition } from '../device/visibility.repository.ts';
import type { Viewer } from '../device/viewer.ts';
import {
  AlarmStateRepository,
  guardedStateWrites,
  staleOf,
  staleStatesQuery,
  type StateRevision,
  type StateWrite,
} from './alarm-state.repository.ts';

export type AlarmRecordRow = typeof alarmRecords.$inferSelect;
export type NewAlarmRecordRow = typeof alarmRecords.$inferInsert;

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
export class AlarmRecordRepository extends AlarmStateRepository {
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
}
