/**
 * Alarm evaluation on the platform: every stored point (live or replayed from a gateway's buffer)
 * against the rules of its device's product, and gateway status against the product's offline and
 * power-off alarms. The engine decides; this service reads and writes the state, the records and
 * the bus.
 *
 * Several nodes, restarts and resends: the state of each (device, rule) is written only over the
 * revision that was read, in the same transaction as the records its transitions make; a node that
 * loses that race reads again and evaluates again (the engine skips what the other node already
 * evaluated). Records are unique per (device, source, raise time) and one active per (device,
 * source), so a raise is never recorded twice and a release always finds its record.
 *
 * Here: the state cache and the rounds of evaluation over it (read, evaluate, write, again for what
 * another node changed). What a batch gives each rule is `rule-work.ts`; a round's writes
 * `rule-state-writer.ts`; the records' rows and texts `alarm-record-rows.ts`; offline and power-off
 * alarms `device-status-evaluation.ts`; rule edits `rule-change-reconciliation.ts`.
 */
import type { FastifyBaseLogger } from 'fastify';
import { HELD_VALUE_SETTLE_MS } from '@lyyp/contracts/alarm';
import type { GatewayStatus } from '@lyyp/contracts/protocol';
import type { Bus } from '../../bus/bus.ts';
import type { AlarmRepository } from './alarm.repository.ts';
import { DeviceStatusEvaluation } from './device-status-evaluation.ts';
import { evaluateRuleSamples, restoreRuleState, ruleStateNeedsWrite } from './engine/index.ts';
import type { RuleCache } from './rule-cache.ts';
import { reconcileRuleChange, type ReconciliationContext } from './rule-change-reconciliation.ts';
import { RuleStateWriter, type CachedState, type Outcome, type UnchangedState } from './rule-state-writer.ts';
import {
  MAX_WRITE_ROUNDS,
  collectRuleWork,
  fillReferences,
  stateKey,
  type AlarmEvent,
  type DeviceFacts,
  type RuleWork,
  type StoredBatch,
  type StoredPoint,
} from './rule-work.ts';

export { RECORD_LOCALE } from './alarm-record-rows.ts';
export type { StoredBatch, StoredPoint } from './rule-work.ts';

export interface AlarmEvaluationDeps {
  readonly repository: AlarmRepository;
  readonly rules: RuleCache;
  readonly bus: Bus;
  readonly logger: Pick<FastifyBaseLogger, 'warn' | 'error' | 'debug'>;
  readonly now: () => number;
  /**
   * No other node can write alarm states (the embedded database belongs to one process). A state
   * whose newest sample time alone moved is then kept in memory without a look at the database;
   * otherwise its stored revision is read to learn whether another node changed it meanwhile.
   */
  readonly soleNode?: boolean;
}

export class AlarmEvaluationService {
  private readonly deviceFacts = new Map<string, DeviceFacts>();
  /**
   * Last known state per (device, rule) with its revision, and the newest sample time as stored
   * (ahead of it in memory until the next checkpoint); a stale entry only costs a retry.
   */
  private readonly states = new Map<string, CachedState>();
  /** State keys by rule and device (`stateKeyOf`). */
  private readonly stateKeys = new Map<string, Map<string, string>>();

  /** Writes each round's states and records (and tracks the other nodes' writes). */
  private readonly writer: RuleStateWriter;

  /** What the status evaluation and the rule-change reconciliation share with this service. */
  private readonly context: ReconciliationContext;
  private readonly deviceStatus: DeviceStatusEvaluation;

  constructor(private readonly deps: AlarmEvaluationDeps) {
    this.context = {
      repository: deps.repository,
      rules: deps.rules,
      now: deps.now,
      factsOf: (deviceIds) => this.factsOf(deviceIds),
      publish: (events) => this.publish(events),
      forgetState: (key) => this.states.delete(key),
    };
    this.deviceStatus = new DeviceStatusEvaluation(this.context);
    this.writer = new RuleStateWriter({
      repository: deps.repository,
      soleNode: deps.soleNode,
      forgetState: this.context.forgetState,
    });
  }

  /**
   * `listener` is told, just before a write, the devices whose alarm events will follow it (the live
   * channel reads who may see them meanwhile). Only a hint: the events themselves come on the bus.
   */
  announceEventsTo(listener: (deviceIds: string[]) => void) {
    this.writer.announceEventsTo(listener);
  }

  /** A device moved or was deleted: forget what this node remembers of it. */
  forgetDevice(deviceId?: string) {
    if (deviceId) {
      this.deviceFacts.delete(deviceId);
      for (const byDevice of this.stateKeys.values()) byDevice.delete(deviceId);
    } else {
      this.deviceFacts.clear();
      this.stateKeys.clear();
    }
  }

  private async factsOf(deviceIds: readonly string[]): Promise<Map<string, DeviceFacts>> {
    const missing = deviceIds.filter((id) => !this.deviceFacts.has(id));
    if (missing.length > 0) {
      for (const row of await this.deps.repository.deviceFacts(missing))
        this.deviceFacts.set(row.id, { id: row.id, name: row.name, productId: row.productId });
    }
    const answer = new Map<string, DeviceFacts>();
    for (const id of deviceIds) {
      const facts = this.deviceFacts.get(id);
      if (facts) answer.set(id, facts);
    }
    return answer;
  }

  /** Evaluates a stored batch (called after the ingest commit, before the uploads are acknowledged). */
  async evaluateStored(batch: StoredBatch, retried = false): Promise<void> {
    if (batch.points.length === 0) return;
    const byDevice = new Map<string, StoredPoint[]>();
    for (const point of batch.points) {
      const list = byDevice.get(point.deviceId);
      if (list) list.push(point);
      else byDevice.set(point.deviceId, [point]);
    }
    const facts = await this.factsOf([...byDevice.keys()]);
    const productIds = [...new Set([...facts.values()].map((device) => device.productId))];
    const ruleSets = await this.deps.rules.forProducts(productIds);
    if (ruleSets.size === 0) return;

    const { work, needs } = collectRuleWork(byDevice, facts, ruleSets, batch.receivedAt, (deviceId, ruleId) =>
      this.stateKeyOf(deviceId, ruleId),
    );
    if (work.length === 0) return;
    if (needs.size > 0) await fillReferences(this.deps.repository, work, byDevice, needs, batch.receivedAt);
    if (!(await this.applyRuleWork(work, retried))) {
      // Another node saved a rule edit this node has not loaded yet: load it, then evaluate.
      for (const productId of productIds) this.deps.rules.invalidate(productId);
      await this.evaluateStored(batch, true);
    }
  }

  /** Stored states this node wrote or read last, with their revision (a stale one loses its write). */
  private cachedState(key: string) {
    return this.states.get(key);
  }

  /**
   * Evaluates, then writes the states over the revisions read, with the records of their
   * transitions in the same transaction. Answers false when a stored state was built for a rule
   * version this node does not have yet (another node saved an edit): the caller reloads the rules.
   */
  private async applyRuleWork(initial: readonly RuleWork[], rulesJustLoaded: boolean): Promise<boolean> {
    let pending = initial;
    for (let round = 0; round < MAX_WRITE_ROUNDS && pending.length > 0; round += 1) {
      const missing = pending.filter((item) => round > 0 || !this.states.has(item.key));
      if (missing.length > 0) {
        const devices = new Set(missing.map((item) => item.device.id));
        const stored = await this.deps.repository.ruleStates([...devices]);
        const found = new Set<string>();
        for (const entry of stored) {
          const key = stateKey(entry.deviceId, entry.key);
          found.add(key);
          const state = restoreRuleState(entry.state);
          this.states.set(key, {
            state,
            revision: entry.revision,
            storedLastAt: state?.lastAt ?? null,
            verified: null,
          });
        }
        for (const item of missing) {
          const key = item.key;
          if (!found.has(key))
            this.states.set(key, { state: null, revision: 0, storedLastAt: null, verified: null });
        }
      }
      if (!rulesJustLoaded && round === 0) {
        const foreign = pending.some((item) => {
          const previous = this.cachedState(item.key)?.state;
          return previous !== null && previous !== undefined && previous.rule !== item.compiled.fingerprint;
        });
        if (foreign) return false;
      }
      const unchanged: UnchangedState[] = [];
      const outcomes = new Map<string, Outcome>();
      for (const item of pending) {
        const key = item.key;
        const entry = this.cachedState(key);
        const previous = entry?.state ?? null;
        const result = evaluateRuleSamples(
          item.compiled,
          previous,
          item.samples,
          item.heldUntil === undefined
            ? undefined
            : { heldUntil: item.heldUntil, heldKnownAt: this.deps.now() },
        );
        for (const problem of result.problems)
          this.deps.logger.debug(
            { deviceId: item.device.id, rule: item.compiled.rule.id, ...problem },
            'alarm sample not evaluated',
          );
        const stored = previous && entry ? { ...previous, lastAt: entry.storedLastAt } : null;
        if (entry && result.transitions.length === 0 && !ruleStateNeedsWrite(stored, result.state)) {
          // Only the newest sample time moved: kept in memory until the next checkpoint.
          unchanged.push({ key, item, entry, state: result.state });
          continue;
        }
        const revision = entry?.revision ?? 0;
        outcomes.set(key, { item, transitions: result.transitions, state: result.state, revision });
      }
      const now = this.deps.now();
      const outcome =
        (await this.writer.writeAtOnce(unchanged, outcomes, now)) ??
        (await this.writer.writeByKey(unchanged, outcomes, now));
      for (const { key, entry, state } of unchanged) {
        if (outcome.stale.has(key)) this.states.delete(key);
        else this.states.set(key, { ...entry, state, verified: outcome.checkedAt ?? entry.verified });
      }
      for (const [key, written] of outcomes) {
        if (outcome.written.has(key))
          this.states.set(key, {
            state: written.state,
            revision: written.revision + 1,
            storedLastAt: written.state.lastAt,
            verified: outcome.writtenAt,
          });
        else this.states.delete(key);
      }
      this.publish(outcome.events);
      // Evaluated over a state another node has changed since, or not written because another node
      // wrote it first: read again and evaluate again.
      pending = [
        ...[...outcomes.entries()]
          .filter(([key]) => !outcome.written.has(key))
          .map(([, entry]) => entry.item),
        ...unchanged.filter(({ key }) => outcome.stale.has(key)).map(({ item }) => item),
      ];
    }
    if (pending.length > 0)
      this.deps.logger.warn(
        { count: pending.length },
        'alarm state kept changing on another node; left to it',
      );
    return true;
  }

  /**
   * `stateKey`, the same string each time for the same device and rule: a key built anew is hashed
   * anew at its first lookup, and an evaluation looks up hundreds of thousands.
   */
  private stateKeyOf(deviceId: string, ruleId: string): string {
    let byDevice = this.stateKeys.get(ruleId);
    if (!byDevice) this.stateKeys.set(ruleId, (byDevice = new Map<string, string>()));
    let key = byDevice.get(deviceId);
    if (key === undefined) byDevice.set(deviceId, (key = stateKey(deviceId, ruleId)));
    return key;
  }

  private publish(events: readonly AlarmEvent[]) {
    for (const event of events) this.deps.bus.publish('alarm', event);
  }

  /**
   * A rule was saved (edited, enabled, disabled) or deleted (`ruleId` not among the product's rules)
   * at `at`: settles the state of every device that has one against the current values of the
   * variables the rule reads (`rule-change-reconciliation.ts`). Runs on the node that saved, after it
   * dropped its copy of the product's rules.
   */
  reconcileRuleChange(productId: string, ruleId: string, at: number): Promise<void> {
    return reconcileRuleChange(this.context, productId, ruleId, at);
  }

  /**
   * Raises the held values that are due (the sweep, on the injected clock): a waiting run whose
   * matching value has held past its due time on a device whose gateway is online, no sample having
   * contradicted it within `HELD_VALUE_SETTLE_MS`. The raise is dated at the due time; the write
   * over the state's revision and the record's unique raise keep it once across nodes and restarts.
   */
  async sweepHeldValues(limit = 200): Promise<number> {
    const heldUntil = this.deps.now() - HELD_VALUE_SETTLE_MS;
    const due = await this.deps.repository.dueRuleStates(heldUntil, limit);
    if (due.length === 0) return 0;
    const facts = await this.factsOf([...new Set(due.map((row) => row.deviceId))]);
    const ruleSets = await this.deps.rules.forProducts([
      ...new Set([...facts.values()].map((device) => device.productId)),
    ]);
    const work: RuleWork[] = [];
    for (const { deviceId, ruleId } of due) {
      const device = facts.get(deviceId);
      const rules = device && ruleSets.get(device.productId);
      const compiled = rules?.rules.find((candidate) => candidate.rule.id === ruleId);
      if (!device || !rules || !compiled?.rule.enabled) continue;
      work.push({ key: this.stateKeyOf(deviceId, ruleId), device, rules, compiled, samples: [], heldUntil });
    }
    if (work.length > 0 && !(await this.applyRuleWork(work, false))) {
      for (const productId of new Set(work.map((item) => item.device.productId)))
        this.deps.rules.invalidate(productId);
      await this.applyRuleWork(work, true);
    }
    return due.length;
  }

  // Offline and power-off (`device-status-evaluation.ts`) -------------------------------------------

  /** A gateway status taken from the bus (every node hears it; the state write decides who applies it). */
  handleGatewayStatus(event: { deviceId: string | null; status: GatewayStatus; at: number }): Promise<void> {
    return this.deviceStatus.handleGatewayStatus(event);
  }

  /** Raises offline and power-off alarms whose delay has passed (the sweep, on the injected clock). */
  sweepDeviceStatus(limit = 200): Promise<number> {
    return this.deviceStatus.sweepDeviceStatus(limit);
  }
}
