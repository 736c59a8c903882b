/**
 * Ingest of gateway uploads. Each upload is checked against the device's model, then queued; the
 * queue is written in group commits (many uploads, one transaction) and every upload is
 * acknowledged only after its commit, so a gateway drops data from its buffer only once it is
 * durable. Values that changed go out on the bus.
 *
 * Stored listeners (alarm evaluation) run apart from the commits, in commit order, while the next
 * group commit is already written. When they fall behind, the committed batches waiting for them are
 * handed over together (one evaluation for many commits), so evaluation keeps pace with ingest at any
 * rate. An upload is acknowledged once its commit and the listeners of its batch are done, so a
 * crash never leaves an acknowledged point unevaluated.
 *
 * A backlog upload (`lane: "backlog"`: what a gateway buffered while offline, sent behind its live
 * values) goes into history whole, but only its newest point of each variable, and only when it is
 * newer than the variable's current value, goes to the bus and the alarm evaluation: an old point
 * never moves the live view or an alarm back in time, and the evaluation is not handed an hour of
 * history it would skip as out of order anyway. Backlog uploads wait in a queue of their own and fill
 * only the room live uploads leave in a group commit.
 */
import { DATA_TYPE_DEFINITIONS, type Variable } from '@lyyp/contracts/device-model';
import type { DataPayload, Point } from '@lyyp/contracts/protocol';
import type { SQL } from 'drizzle-orm';
import type { Bus, ValuePoint } from '../../bus/bus.ts';
import type { StoredValue } from '../../db/schema/index.ts';
import {
  pointIdentity,
  type HistoryRepository,
  type PointRow,
  type StoreOutcome,
} from './history.repository.ts';
import { IngestContexts, type IngestContext } from './ingest-context.ts';
import { recordSequencesStatement, type RuntimeRepository } from './runtime.repository.ts';

export interface IngestResult {
  stored: number;
  duplicates: number;
  rejected: number;
}

interface Pending {
  sn: string;
  deviceId: string;
  seq: number;
  rows: PointRow[];
  /** The rows for the bus and the stored listeners (null: all of `rows`). */
  current: PointRow[] | null;
  rejected: number;
  resolve: (result: IngestResult) => void;
  reject: (error: unknown) => void;
}

/** The points of one group commit, and when the platform took them to be written. */
export interface StoredBatch {
  readonly points: readonly PointRow[];
  readonly receivedAt: number;
}

/**
 * Told after every group commit, before the uploads are acknowledged, with every point of the batch
 * (resends too: a listener must tolerate points it has seen). Alarm evaluation listens here.
 */
export type StoredListener = (batch: StoredBatch) => Promise<void>;

/**
 * A statement written in every group commit's own transaction, built from its points (null: none this
 * time). The report module's invalidation marks are one: they commit with the points or not at all,
 * and cost the database no separate statement after the commit.
 */
export type CommitStatement = (batch: StoredBatch) => SQL | null;

/**
 * Most points in one group commit; larger queues are written in several. Small enough that a
 * commit is acknowledged while its gateways still have room to send (an agent keeps 8 uploads
 * unacknowledged): commits of 100,000 points took seconds on the embedded database while the
 * fleet waited for their acknowledgements, and commits of 12,500 stored a fifth more points a
 * second there (the same on PostgreSQL, where two commits at once keep the database busy).
 */
const MAX_POINTS_PER_COMMIT = 12_500;

/** Most points handed to the stored listeners at once (batches committed meanwhile, together). */
const MAX_POINTS_PER_HEARING = 100_000;

/**
 * Group commits and alarm evaluations in the database at once. While one commit is in the database,
 * the next is prepared and sent, and the last one's answers go out (values on the bus,
 * acknowledgements): with one commit at a time the database waited for that work between commits,
 * idle for a third of a flood. An evaluation of committed batches counts as one of them: its
 * queries would otherwise wait behind two commits (on the embedded database one thread serves them
 * all; on PostgreSQL they share its two cores), and alarms arrived up to a second late at 20,000
 * points/s.
 */
const DATABASE_WORK_AT_ONCE = 2;

/**
 * `IngestOptions.overlapFromPoints` for a database that runs one statement at a time: a fifth of
 * the largest group commit.
 */
export const ONE_AT_A_TIME_OVERLAP_FROM_POINTS = MAX_POINTS_PER_COMMIT / 5;

export interface IngestOptions {
  /** How long a device's model is cached; changes on this node clear it at once. */
  readonly contextTtlMs?: number;
  /**
   * How long background re-reads of devices are gathered into one query: they wait for nobody, and
   * a thousand gateways re-read every few seconds would otherwise make a query every turn.
   */
  readonly refreshGatherMs?: number;
  /**
   * Points that must be queued before a second group commit starts while the database is busy with
   * one (or with an evaluation). Zero where the database runs them side by side (PostgreSQL). The
   * embedded database runs one statement at a time, so a second commit started early only waits
   * inside it with the few uploads that came meanwhile, while the next ones could have joined it.
   */
  readonly overlapFromPoints?: number;
}

function acceptValue(
  variables: ReadonlyMap<string, Variable>,
  point: Point,
): { ok: true; value: StoredValue } | { ok: false } {
  const variable = variables.get(point.k);
  if (!variable) return { ok: false };
  if (point.v === null) return point.e ? { ok: true, value: null } : { ok: false };
  const definition = DATA_TYPE_DEFINITIONS[variable.dataType];
  if (definition.id === 'string')
    return typeof point.v === 'string' ? { ok: true, value: point.v } : { ok: false };
  if (definition.id === 'boolean') {
    if (typeof point.v === 'boolean') return { ok: true, value: point.v };
    return point.v === 0 || point.v === 1 ? { ok: true, value: point.v === 1 } : { ok: false };
  }
  return typeof point.v === 'number' && Number.isFinite(point.v)
    ? { ok: true, value: point.v }
    : { ok: false };
}

export class IngestService {
  private queue: Pending[] = [];
  /**
   * Backlog uploads, written only in what room live uploads leave in a group commit: a gateway's
   * backfill never queues ahead of any gateway's current values.
   */
  private backlogQueue: Pending[] = [];
  /** Points in `queue`. */
  private queuedPoints = 0;
  private flushScheduled = false;
  /** The group commits being written. */
  private readonly committing = new Set<Promise<void>>();
  /** The group commit started last (its answers go out after those of the ones before it). */
  private lastCommit: Promise<void> = Promise.resolve();
  /** Committed batches waiting for the stored listeners, in commit order. */
  private heard: Array<{ points: PointRow[]; receivedAt: number; acknowledge: () => void }> = [];
  /** The stored listeners at work (settled when no committed batch waits for them). */
  private listening: Promise<void> | null = null;
  private readonly storedListeners: StoredListener[] = [];
  private readonly commitStatements: CommitStatement[] = [];
  private readonly overlapFromPoints: number;
  private readonly contexts: IngestContexts;

  constructor(
    private readonly history: HistoryRepository,
    private readonly runtime: RuntimeRepository,
    private readonly bus: Bus,
    private readonly now: () => number,
    options: IngestOptions = {},
  ) {
    this.contexts = new IngestContexts(runtime, now, options);
    this.overlapFromPoints = options.overlapFromPoints ?? 0;
  }

  /** Adds a listener for stored batches; its failure is its own (it never fails the ingest). */
  onStored(listener: StoredListener) {
    this.storedListeners.push(listener);
  }

  /** Adds a statement to every group commit's transaction (see `CommitStatement`). */
  withCommit(statement: CommitStatement) {
    this.commitStatements.push(statement);
  }

  /** Forgets a gateway's device (or every one), so the next upload reads it again. */
  forgetDevice(sn?: string) {
    this.contexts.forgetDevice(sn);
  }

  /**
   * Checks and stores one upload. Resolves once its points are durable; points the model does not
   * know, or whose value does not fit the variable's type, are rejected and counted.
   * Answers null when the gateway has no device to store for.
   */
  async ingest(sn: string, payload: DataPayload): Promise<IngestResult | null> {
    const bound = await this.contexts.contextOf(sn);
    /** For a gateway replaced away from its device: points measured up to then are the device's. */
    let until = Infinity;
    let context: IngestContext;
    if (bound) context = bound;
    else {
      const replaced = await this.runtime.replacedFrom(sn);
      const model = replaced ? await this.contexts.modelOf(replaced) : undefined;
      if (!replaced || !model) return null;
      context = { deviceId: replaced.deviceId, ...model };
      until = replaced.at;
    }
    let rows: PointRow[] = [];
    let rejected = 0;
    let snapshots: PointRow[] | null = null;
    for (const point of payload.points) {
      const accepted = point.t <= until ? acceptValue(context.variables, point) : { ok: false as const };
      if (!accepted.ok) {
        rejected += 1;
        continue;
      }
      const row: PointRow = {
        deviceId: context.deviceId,
        key: point.k,
        ts: point.t,
        value: accepted.value,
        error: point.e ?? null,
      };
      rows.push(row);
      if (point.s) (snapshots ??= []).push(row);
    }
    let confirmed: string[] = [];
    if (snapshots) ({ rows, confirmed } = await this.settleSnapshots(context, rows, snapshots));
    const current = payload.lane === 'backlog' ? await this.newerThanCurrent(context.deviceId, rows) : null;
    // Queued at once, so one gateway's uploads reach the group commits in the order they came.
    const stored = new Promise<IngestResult>((resolve, reject) => {
      this.queuedPoints += rows.length;
      (current ? this.backlogQueue : this.queue).push({
        sn,
        deviceId: context.deviceId,
        seq: payload.seq,
        rows,
        current,
        rejected,
        resolve,
        reject,
      });
      this.scheduleFlush();
    });
    // Settled before the acknowledgement like the points (a failure here means no ack and a resend).
    const sideEffects = Promise.all([
      payload.gaps?.length
        ? this.runtime.insertGaps(sn, payload.seq, payload.gaps, context.deviceId)
        : undefined,
      // A replaced gateway's poll cycles are no longer the device's: they confirm nothing.
      payload.polled?.length && until === Infinity ? this.confirmPolled(context, payload.polled) : undefined,
      confirmed.length > 0 ? this.confirmKeys(context, confirmed) : undefined,
    ]);
    const [result] = await Promise.all([stored, sideEffects]);
    if (rejected > 0) await this.runtime.countRejected(sn, rejected);
    return result;
  }

  /** Of a backlog upload's rows, each variable's newest, when it is newer than its current value. */
  private async newerThanCurrent(deviceId: string, rows: readonly PointRow[]): Promise<PointRow[]> {
    const newest = new Map<string, PointRow>();
    for (const row of rows) {
      const seen = newest.get(row.key);
      if (!seen || seen.ts < row.ts) newest.set(row.key, row);
    }
    if (newest.size === 0) return [];
    const currentAt = new Map(
      (await this.runtime.latestValuesOf(deviceId)).map((row) => [row.key, row.ts.getTime()]),
    );
    return [...newest.values()].filter((row) => row.ts > (currentAt.get(row.key) ?? -Infinity));
  }

  /**
   * Snapshot points (the first of each variable after the agent started) are news only when they
   * differ from the latest stored value beyond the variable's dead zone, or in their fault: those
   * are stored like any point; the others only confirm the latest value current, so an agent's
   * restart adds no copies to history.
   */
  private async settleSnapshots(
    context: IngestContext,
    rows: PointRow[],
    snapshots: readonly PointRow[],
  ): Promise<{ rows: PointRow[]; confirmed: string[] }> {
    const latest = new Map(
      (await this.runtime.latestValuesOf(context.deviceId)).map((row) => [row.key, row]),
    );
    const repeated = new Set<PointRow>();
    for (const row of snapshots) {
      const before = latest.get(row.key);
      if (!before || (before.error ?? null) !== row.error) continue;
      const deadZone = context.variables.get(row.key)?.deadZone ?? 0;
      const same =
        typeof before.value === 'number' && typeof row.value === 'number'
          ? Math.abs(before.value - row.value) <= deadZone
          : before.value === row.value;
      if (same) repeated.add(row);
    }
    if (repeated.size === 0) return { rows, confirmed: [] };
    return {
      rows: rows.filter((row) => !repeated.has(row)),
      confirmed: [...new Set([...repeated].map((row) => row.key))],
    };
  }

  private async confirmKeys(context: IngestContext, keys: string[]) {
    const at = this.now();
    await this.runtime.confirmValues(context.deviceId, keys, new Date(at));
    this.bus.publish('fresh', { deviceId: context.deviceId, keys, at });
  }

  /** Periodic variables of the polled drivers are current even when no new value was sent. */
  private async confirmPolled(context: IngestContext, polled: NonNullable<DataPayload['polled']>) {
    const drivers = new Set(polled.map((entry) => entry.driver));
    const keys = context.model.variables
      .filter(
        (variable) =>
          variable.collectionMode === 'periodic' &&
          variable.driverKey !== undefined &&
          drivers.has(variable.driverKey),
      )
      .map((variable) => variable.key);
    if (keys.length === 0) return;
    const at = this.now();
    await this.runtime.confirmValues(context.deviceId, keys, new Date(at));
    this.bus.publish('fresh', { deviceId: context.deviceId, keys, at });
  }

  private scheduleFlush() {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.startCommits();
    });
  }

  /**
   * Starts group commits of the queue while the database has less than `DATABASE_WORK_AT_ONCE`
   * (a second one only for `overlapFromPoints` queued).
   */
  private startCommits() {
    for (;;) {
      const busy = this.committing.size + (this.listening ? 1 : 0);
      if (this.queue.length + this.backlogQueue.length === 0 || busy >= DATABASE_WORK_AT_ONCE) break;
      if (busy > 0 && this.queuedPoints < this.overlapFromPoints) break;
      const batch: Pending[] = [];
      let points = 0;
      for (const queue of [this.queue, this.backlogQueue])
        while (
          queue.length > 0 &&
          (batch.length === 0 || points + queue[0]!.rows.length <= MAX_POINTS_PER_COMMIT)
        ) {
          const next = queue.shift()!;
          this.queuedPoints -= next.rows.length;
          batch.push(next);
          points += next.rows.length;
        }
      const commit = this.commit(batch, this.lastCommit);
      this.lastCommit = commit;
      this.committing.add(commit);
      void commit.finally(() => {
        this.committing.delete(commit);
        this.startCommits();
      });
    }
  }

  /**
   * Writes one group commit. Its answers (values on the bus, listeners, acknowledgements) wait for
   * those of the commit started before it (`previous`), so they go out in the order the uploads
   * came, whichever transaction finished first. Never rejects: a failure rejects its uploads.
   */
  private async commit(batch: Pending[], previous: Promise<void>): Promise<void> {
    const receivedAt = this.now();
    const points = batch.flatMap((pending) => pending.rows);
    let outcome: StoreOutcome;
    try {
      const sequences = new Map<string, number>();
      for (const pending of batch)
        sequences.set(pending.sn, Math.max(sequences.get(pending.sn) ?? -1, pending.seq));
      // The upload numbers go in the points' own transaction: one commit per group commit.
      const also = [
        recordSequencesStatement(sequences, new Date(receivedAt)),
        ...this.commitStatements.map((build) => build({ points, receivedAt })),
      ].filter((statement): statement is SQL => statement !== null);
      outcome = await this.history.store(points, also);
    } catch (error) {
      await previous;
      for (const pending of batch) pending.reject(error);
      return;
    }
    await previous;
    try {
      const isNew = (row: PointRow) =>
        outcome.allNew || outcome.inserted.has(pointIdentity(row.deviceId, row.key, row.ts));
      const changed = new Map<string, ValuePoint[]>();
      const results: IngestResult[] = [];
      for (const pending of batch) {
        let stored = 0;
        for (const row of pending.rows) if (isNew(row)) stored += 1;
        for (const row of pending.current ?? pending.rows) {
          if (!isNew(row)) continue;
          const list = changed.get(row.deviceId) ?? [];
          list.push({ key: row.key, ts: row.ts, value: row.value, error: row.error });
          changed.set(row.deviceId, list);
        }
        results.push({ stored, duplicates: pending.rows.length - stored, rejected: pending.rejected });
      }
      for (const [deviceId, points] of changed) this.bus.publish('values', { deviceId, points });
      const acknowledge = () => batch.forEach((pending, index) => pending.resolve(results[index]!));
      if (this.storedListeners.length === 0) {
        acknowledge();
        return;
      }
      const heard = batch.some((pending) => pending.current)
        ? batch.flatMap((pending) => pending.current ?? pending.rows)
        : points;
      this.heard.push({ points: heard, receivedAt, acknowledge });
      this.listening ??= this.listen();
    } catch (error) {
      // An upload answered already keeps its answer; the rest are resent by their gateways.
      for (const pending of batch) pending.reject(error);
    }
  }

  /**
   * Hands the committed batches to the listeners until none waits: all those waiting at once (up to
   * `MAX_POINTS_PER_HEARING`), in commit order, then acknowledges them.
   */
  private async listen(): Promise<void> {
    while (this.heard.length > 0) {
      let count = 0;
      let points = 0;
      while (
        count < this.heard.length &&
        (count === 0 || points + this.heard[count]!.points.length <= MAX_POINTS_PER_HEARING)
      ) {
        points += this.heard[count]!.points.length;
        count += 1;
      }
      const taken = this.heard.splice(0, count);
      const stored = {
        points: taken.length === 1 ? taken[0]!.points : taken.flatMap((batch) => batch.points),
        receivedAt: taken[taken.length - 1]!.receivedAt,
      };
      for (const listener of this.storedListeners) await listener(stored).catch(() => undefined);
      for (const batch of taken) batch.acknowledge();
    }
    this.listening = null;
    this.startCommits();
  }

  /** Waits until everything queued so far is written and evaluated (shutdown). */
  async drain(): Promise<void> {
    while (
      this.flushScheduled ||
      this.committing.size > 0 ||
      this.queue.length + this.backlogQueue.length > 0
    ) {
      if (this.committing.size > 0) await Promise.all(this.committing);
      // The queue waits for the evaluation (`DATABASE_WORK_AT_ONCE`), or for its scheduled flush.
      else if (this.listening) await this.listening;
      else await new Promise<void>((resolve) => setImmediate(resolve));
    }
    while (this.listening) await this.listening;
  }
}
