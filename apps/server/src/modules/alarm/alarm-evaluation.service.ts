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
 */
import type { FastifyBaseLogger } from 'fastify';
import { LOCALES, type Locale } from '@lyyp/contracts';
import {
  HELD_VALUE_SETTLE_MS,
  type AlarmRecordTexts,
  type AlarmRule,
  type AlarmRuleState,
  type DeviceStatusAlarmType,
} from '@lyyp/contracts/alarm';
import type { GatewayStatus } from '@lyyp/contracts/protocol';
import type { Bus, BusEvents } from '../../bus/bus.ts';
import type { StoredValue } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { presentRecord } from './alarm-record.presenter.ts';
import type {
  AlarmRecordRow,
  AlarmRepository,
  NewAlarmRecordRow,
  RecordRelease,
  StateRevision,
  StateWrite,
} from './alarm.repository.ts';
import {
  INITIAL_DEVICE_STATUS_STATE,
  deviceStatusAlarmTexts,
  evaluateDeviceStatus,
  evaluateRuleSamples,
  restoreDeviceStatusState,
  restoreRuleState,
  ruleStateNeedsWrite,
  settleRule,
  variableAlarmTexts,
  variableReleaseTexts,
  type AlarmSample,
  type AlarmTransition,
  type CompiledAlarmRule,
  type CurrentValues,
  type DeviceStatusTransition,
  type MessageVariable,
  type SampleValue,
} from './engine/index.ts';
import type { ProductAlarmRules, RuleCache } from './rule-cache.ts';

/**
 * A record keeps its texts in every language (`texts`); its `name` and `message` columns hold
 * those of the platform's default language (§1: Chinese).
 */
export const RECORD_LOCALE: Locale = 'zh-CN';

function statusTexts(type: DeviceStatusAlarmType, own: string, deviceName: string) {
  const texts = deviceStatusAlarmTexts(type, own, deviceName);
  return { name: texts[RECORD_LOCALE].name, message: texts[RECORD_LOCALE].message, texts };
}
/** Attempts at a state write that another node keeps winning before the batch is left to the next one. */
const MAX_WRITE_ROUNDS = 5;

export interface StoredPoint {
  readonly deviceId: string;
  readonly key: string;
  readonly ts: number;
  readonly value: StoredValue;
}

export interface StoredBatch {
  readonly points: readonly StoredPoint[];
  /** When the platform received them (late flag: received long after their own time). */
  readonly receivedAt: number;
}

interface DeviceFacts {
  readonly id: string;
  readonly name: string;
  readonly productId: string;
}

interface RuleWork {
  /** `stateKey(device, rule)`, built once. */
  readonly key: string;
  readonly device: DeviceFacts;
  readonly rules: ProductAlarmRules;
  readonly compiled: CompiledAlarmRule;
  readonly samples: AlarmSample[];
  /** A rule that compares with other variables: its samples are built at every change of any of them. */
  readonly comparing?: boolean;
  /** The sweep: the value is known to have held until then (a waiting run due by then raises). */
  readonly heldUntil?: number;
}

type AlarmEvent = BusEvents['alarm'];
type ReleaseTransition = Extract<AlarmTransition, { kind: 'release' }>;

interface CachedState {
  readonly state: AlarmRuleState | null;
  readonly revision: number;
  readonly storedLastAt: number | null;
  /**
   * The other nodes' count of state writes when this was last known to be the stored state (null:
   * not known). While their count stays there, the state's revision is not looked up.
   */
  readonly verified: number | null;
}

/** A state whose evaluation moved only its newest sample time (kept in memory, not written). */
interface UnchangedState {
  readonly key: string;
  readonly item: RuleWork;
  readonly entry: CachedState;
  readonly state: AlarmRuleState;
}

/** A state to write over the revision read, with the transitions that got it there. */
interface Outcome {
  readonly item: RuleWork;
  readonly transitions: readonly AlarmTransition[];
  readonly state: AlarmRuleState;
  readonly revision: number;
}

/** What a round of writes did: states written, unwritten ones another node changed, and events. */
interface RoundOutcome {
  readonly written: ReadonlySet<string>;
  readonly stale: ReadonlySet<string>;
  readonly events: readonly AlarmEvent[];
  /** The other nodes' count of state writes at which the unwritten states not stale were checked. */
  readonly checkedAt: number | null;
  /** The same for the states written (null: written apart from the check). */
  readonly writtenAt: number | null;
}

function revisionOf({ item, entry }: UnchangedState): StateRevision {
  return {
    deviceId: item.device.id,
    key: item.compiled.rule.id,
    revision: entry.revision,
    verified: entry.verified,
  };
}

/** The variable of a rule as alarm texts show it. */
function messageVariable(rules: Pick<ProductAlarmRules, 'variables'>, rule: AlarmRule): MessageVariable {
  const variable = rules.variables.get(rule.variableKey);
  return {
    name: variable?.name ?? rule.variableKey,
    unit: variable?.unit,
    decimals: variable?.decimals,
    stateMapping: variable?.stateMapping,
  };
}

/** A variable alarm's release notice in every language, with the value it released at. */
function releaseTexts(
  rules: Pick<ProductAlarmRules, 'variables'>,
  rule: AlarmRule,
  deviceName: string,
  value: SampleValue,
): Record<Locale, string> {
  return variableReleaseTexts({ rule, variable: messageVariable(rules, rule), deviceName, value });
}

function releaseOf(item: RuleWork, transition: ReleaseTransition, now: number): RecordRelease {
  return {
    deviceId: item.device.id,
    source: item.compiled.rule.id,
    at: transition.at,
    reason: transition.reason,
    value: transition.value ?? null,
    notifyAt: now,
    texts: releaseTexts(item.rules, item.compiled.rule, item.device.name, transition.value ?? null),
  };
}

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

const stateKey = (deviceId: string, ruleId: string) => `${deviceId}\u0000${ruleId}`;

export class AlarmEvaluationService {
  private readonly deviceFacts = new Map<string, DeviceFacts>();
  /**
   * Last known state per (device, rule) with its revision, and the newest sample time as stored
   * (ahead of it in memory until the next checkpoint); a stale entry only costs a retry.
   */
  private readonly states = new Map<string, CachedState>();
  /** State keys by rule and device (`stateKeyOf`). */
  private readonly stateKeys = new Map<string, Map<string, string>>();

  /**
   * The other nodes' count of state writes in the last two answers. While it stays the same, the
   * states checked at that count are not sent with the next write (see `writeAtOnce`).
   */
  private othersSeen: readonly [number | null, number | null] = [null, null];
  /** Told the devices whose raises or releases are about to be written (`announceEventsTo`). */
  private eventsComing: ((deviceIds: string[]) => void) | null = null;

  constructor(private readonly deps: AlarmEvaluationDeps) {}

  /**
   * `listener` is told, just before a write, the devices whose alarm events will follow it (the live
   * channel reads who may see them meanwhile). Only a hint: the events themselves come on the bus.
   */
  announceEventsTo(listener: (deviceIds: string[]) => void) {
    this.eventsComing = listener;
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

    const work: RuleWork[] = [];
    const referenceNeeds = new Map<string, Set<string>>();
    const receivedAt = batch.receivedAt;
    for (const [deviceId, points] of byDevice) {
      const device = facts.get(deviceId);
      const rules = device && ruleSets.get(device.productId);
      if (!device || !rules || rules.byVariable.size === 0) continue;
      // The samples of each watched variable, in one pass over the device's points.
      const byKey = new Map<string, AlarmSample[]>();
      let compared = false;
      for (const point of points) {
        if (!rules.byVariable.has(point.key)) {
          if (rules.byReference.size > 0 && rules.byReference.has(point.key)) compared = true;
          continue;
        }
        const sample: AlarmSample = { time: point.ts, receivedAt, value: point.value };
        const list = byKey.get(point.key);
        if (list) list.push(sample);
        else byKey.set(point.key, [sample]);
      }
      // A rule that compares with other variables is evaluated at every change of any variable it
      // reads; its samples are built with the values of all of them (`fillReferences`).
      let comparing: Set<CompiledAlarmRule> | null = null;
      for (const [key, samples] of byKey) {
        for (const compiled of rules.byVariable.get(key) ?? []) {
          if (compiled.references.length > 0) {
            (comparing ??= new Set()).add(compiled);
            continue;
          }
          work.push({ key: this.stateKeyOf(deviceId, compiled.rule.id), device, rules, compiled, samples });
        }
      }
      if (compared)
        for (const point of points)
          for (const compiled of rules.byReference.get(point.key) ?? [])
            (comparing ??= new Set()).add(compiled);
      if (!comparing) continue;
      const needs = referenceNeeds.get(deviceId) ?? new Set<string>();
      referenceNeeds.set(deviceId, needs);
      for (const compiled of comparing) {
        needs.add(compiled.rule.variableKey);
        for (const reference of compiled.references) needs.add(reference);
        work.push({
          key: this.stateKeyOf(deviceId, compiled.rule.id),
          device,
          rules,
          compiled,
          samples: [],
          comparing: true,
        });
      }
    }
    if (work.length === 0) return;
    if (referenceNeeds.size > 0) await this.fillReferences(work, byDevice, referenceNeeds, receivedAt);
    if (!(await this.applyRuleWork(work, retried))) {
      // Another node saved a rule edit this node has not loaded yet: load it, then evaluate.
      for (const productId of productIds) this.deps.rules.invalidate(productId);
      await this.evaluateStored(batch, true);
    }
  }

  /**
   * The samples of the rules that compare with other variables: one at each time in the batch at
   * which the rule's variable or a variable it compares with has a point, each with the values of
   * all of them then — the newest point of each in the batch at or before that time, else its
   * stored current value. A time before the rule's own variable has any known value is left out.
   */
  private async fillReferences(
    work: RuleWork[],
    byDevice: ReadonlyMap<string, readonly StoredPoint[]>,
    needs: ReadonlyMap<string, ReadonlySet<string>>,
    receivedAt: number,
  ) {
    const keys = [...new Set([...needs.values()].flatMap((set) => [...set]))];
    const stored = await this.deps.repository.latestValues([...needs.keys()], keys);
    const current = new Map(
      stored.map((row) => [
        stateKey(row.deviceId, row.key),
        { value: row.value ?? null, ts: row.ts.getTime() },
      ]),
    );
    for (const item of work) {
      if (!item.comparing) continue;
      const deviceId = item.device.id;
      const subject = item.compiled.rule.variableKey;
      const read = new Set([subject, ...item.compiled.references]);
      const points = (byDevice.get(deviceId) ?? []).filter((point) => read.has(point.key));
      const times = [...new Set(points.map((point) => point.ts))].sort((a, b) => a - b);
      /** The newest point of `key` in the batch at or before `time`, else the stored one (with its time). */
      const valueAt = (key: string, time: number): { value: SampleValue; ts: number } | undefined => {
        let best: StoredPoint | undefined;
        for (const point of points)
          if (point.key === key && point.ts <= time && (!best || point.ts > best.ts)) best = point;
        return best ? { value: best.value, ts: best.ts } : current.get(stateKey(deviceId, key));
      };
      for (const time of times) {
        const own = valueAt(subject, time);
        // The stored value came after this time (from this batch): the value then is not known here.
        if (!own || own.ts > time) continue;
        const references: Record<string, SampleValue | undefined> = {};
        for (const reference of item.compiled.references)
          references[reference] = valueAt(reference, time)?.value;
        item.samples.push({ time, receivedAt, value: own.value, references });
      }
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
        (await this.writeAtOnce(unchanged, outcomes, now)) ??
        (await this.writeByKey(unchanged, outcomes, now));
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
   * The usual case, in one message to the database: every state written over the revision read and
   * the records of its transitions, with the stored revisions of the states left unwritten (on a
   * sole node, none). Null when a state had changed meanwhile: nothing was written.
   */
  private async writeAtOnce(
    unchanged: readonly UnchangedState[],
    outcomes: ReadonlyMap<string, Outcome>,
    now: number,
  ): Promise<RoundOutcome | null> {
    const inserts: NewAlarmRecordRow[] = [];
    const releases: { item: RuleWork; transition: ReleaseTransition }[] = [];
    for (const outcome of outcomes.values())
      this.collectRecords(outcome.item, outcome.transitions, now, inserts, releases);
    if (this.eventsComing && (inserts.length > 0 || releases.length > 0))
      this.eventsComing([
        ...new Set([...inserts.map((row) => row.deviceId), ...releases.map(({ item }) => item.device.id)]),
      ]);
    // While the other nodes' count stays put (a single node on PostgreSQL, whatever nodes wrote before
    // a restart), the states checked at that count are not sent: a message of thousands of unchanged
    // states cost the database more than the evaluation's writes. Should the count have moved after
    // all, the answer says so, and those states are read and evaluated again like stale ones.
    const [before, last] = this.othersSeen;
    const steady = last !== null && before === last ? last : null;
    const sent = this.deps.soleNode
      ? null
      : steady === null
        ? unchanged
        : unchanged.filter(({ entry }) => entry.verified !== steady);
    let answer;
    try {
      answer = await this.deps.repository.writeEvaluation({
        unwritten: sent ? sent.map(revisionOf) : null,
        states: [...outcomes.values()].map((outcome) => ({
          deviceId: outcome.item.device.id,
          key: outcome.item.compiled.rule.id,
          state: outcome.state,
          revision: outcome.revision,
        })),
        releases: releases.map(({ item, transition }) => releaseOf(item, transition, now)),
        records: inserts,
      });
    } catch (error) {
      for (const key of outcomes.keys()) this.states.delete(key);
      throw error;
    }
    if (!answer) return null;
    const stale = new Set([...answer.stale].map((position) => sent![position]!.key));
    if (sent && sent.length < unchanged.length && answer.others !== steady)
      for (const { key, entry } of unchanged) if (entry.verified === steady) stale.add(key);
    this.noteOthers(answer.others);
    const events: AlarmEvent[] = [];
    for (const row of answer.released)
      events.push({ deviceId: row.deviceId, event: 'released', record: presentRecord(row) });
    for (const row of answer.inserted) {
      const record = presentRecord(row);
      events.push({ deviceId: row.deviceId, event: 'raised', record });
      // Raised and released within the batch.
      if (row.releasedAt) events.push({ deviceId: row.deviceId, event: 'released', record });
    }
    // The state writes ran after the check, in the same transaction: no other node wrote between.
    return {
      written: new Set(outcomes.keys()),
      stale,
      events,
      checkedAt: answer.others,
      writtenAt: answer.others,
    };
  }

  /**
   * After a conflict: reads the revisions of the states left unwritten, then writes each state that
   * is still at the revision read, with the records of its transitions in the same transaction.
   */
  private async writeByKey(
    unchanged: readonly UnchangedState[],
    outcomes: ReadonlyMap<string, Outcome>,
    now: number,
  ): Promise<RoundOutcome> {
    const { stale, others } = await this.changedElsewhere(unchanged);
    const events: AlarmEvent[] = [];
    const checked = { checkedAt: others, writtenAt: null };
    if (outcomes.size === 0) return { written: new Set(), stale, events, ...checked };
    const writes: StateWrite[] = [...outcomes.values()].map((outcome) => ({
      deviceId: outcome.item.device.id,
      key: outcome.item.compiled.rule.id,
      state: outcome.state,
      revision: outcome.revision,
    }));
    const withTransitions = [...outcomes.values()].some((outcome) => outcome.transitions.length > 0);
    const apply = async (repository: AlarmRepository) => {
      const done = await repository.writeRuleStates(writes);
      const inserts: NewAlarmRecordRow[] = [];
      const releases: { item: RuleWork; transition: ReleaseTransition }[] = [];
      for (const key of done) {
        const outcome = outcomes.get(key);
        if (outcome) this.collectRecords(outcome.item, outcome.transitions, now, inserts, releases);
      }
      // Release what was active before this batch first, in one statement: the raise after it is
      // a new active record.
      const released = await repository.releaseRecords(
        releases.map(({ item, transition }) => releaseOf(item, transition, now)),
      );
      for (const row of released)
        events.push({ deviceId: row.deviceId, event: 'released', record: presentRecord(row) });
      for (const row of await repository.insertRecords(inserts)) {
        const record = presentRecord(row);
        events.push({ deviceId: row.deviceId, event: 'raised', record });
        if (row.releasedAt) events.push({ deviceId: row.deviceId, event: 'released', record });
      }
      return done;
    };
    try {
      // A state write alone is one statement; records need the same transaction as their state.
      const written = withTransitions
        ? await this.deps.repository.transaction(apply)
        : await apply(this.deps.repository);
      return { written, stale, events, ...checked };
    } catch (error) {
      for (const key of outcomes.keys()) this.states.delete(key);
      throw error;
    }
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

  private noteOthers(count: number | null) {
    if (count !== null) this.othersSeen = [this.othersSeen[1], count];
  }

  /**
   * Which of the states left unwritten another node has written since this node read them (their
   * stored revision moved). None on a sole node.
   */
  private async changedElsewhere(
    unchanged: readonly UnchangedState[],
  ): Promise<{ stale: Set<string>; others: number | null }> {
    if (this.deps.soleNode || unchanged.length === 0) return { stale: new Set(), others: null };
    const answer = await this.deps.repository.staleStates(unchanged.map(revisionOf));
    this.noteOthers(answer.others);
    return {
      stale: new Set([...answer.stale].map((position) => unchanged[position]!.key)),
      others: answer.others,
    };
  }

  /**
   * The records of one rule's transitions in a batch: a raise and the release after it make one
   * record written once; a release without a raise in the batch releases the record already active.
   */
  private collectRecords(
    item: RuleWork,
    transitions: readonly AlarmTransition[],
    now: number,
    inserts: NewAlarmRecordRow[],
    releases: { item: RuleWork; transition: ReleaseTransition }[],
  ) {
    let open: NewAlarmRecordRow | null = null;
    for (const transition of transitions) {
      if (transition.kind === 'raise') {
        open = this.raiseRow(item, transition, now);
        inserts.push(open);
      } else if (open) {
        open.releasedAt = new Date(Math.max(transition.at, open.raisedAt.getTime()));
        open.releaseReason = transition.reason;
        open.releaseValue = transition.value;
        const release = releaseTexts(item.rules, item.compiled.rule, item.device.name, transition.value);
        const texts = open.texts!;
        open.texts = Object.fromEntries(
          LOCALES.map((locale) => [locale, { ...texts[locale], release: release[locale] }]),
        ) as AlarmRecordTexts;
        open = null;
      } else {
        releases.push({ item, transition });
      }
    }
  }

  private raiseRow(
    item: RuleWork,
    transition: Extract<AlarmTransition, { kind: 'raise' }>,
    now: number,
  ): NewAlarmRecordRow {
    const rule = item.compiled.rule;
    const sample = item.samples.find((candidate) => candidate.time === transition.at);
    const texts = variableAlarmTexts({
      rule,
      variable: messageVariable(item.rules, rule),
      deviceName: item.device.name,
      value: transition.value,
      references: sample?.references,
    });
    return {
      id: newId(),
      deviceId: item.device.id,
      productId: item.device.productId,
      type: 'variable',
      source: rule.id,
      ruleId: rule.id,
      name: rule.name,
      message: texts[RECORD_LOCALE].message,
      texts,
      value: transition.value,
      since: new Date(transition.since),
      raisedAt: new Date(transition.at),
      late: transition.late,
      groupIds: rule.groupIds,
      pushMethods: rule.pushMethods,
      notifyAt: new Date(now),
    };
  }

  private async recordRaise(
    tx: AlarmRepository,
    raise: Omit<
      AlarmRecordRow,
      | 'id'
      | 'since'
      | 'raisedAt'
      | 'releasedAt'
      | 'releaseReason'
      | 'releaseValue'
      | 'acknowledgedAt'
      | 'acknowledgedBy'
      | 'acknowledgeComment'
      | 'notifyAt'
      | 'createdAt'
    > & {
      since: number;
      raisedAt: number;
    },
    now: number,
    events: AlarmEvent[],
  ) {
    const row = await tx.insertRecord({
      ...raise,
      id: newId(),
      since: new Date(raise.since),
      raisedAt: new Date(raise.raisedAt),
      notifyAt: new Date(now),
    });
    if (row) events.push({ deviceId: row.deviceId, event: 'raised', record: presentRecord(row) });
  }

  private async recordRelease(
    tx: AlarmRepository,
    deviceId: string,
    source: string,
    transition: { at: number; reason: string; value?: SampleValue; texts?: Record<Locale, string> | null },
    now: number,
    events: AlarmEvent[],
  ) {
    const row = await tx.releaseRecord(deviceId, source, {
      at: transition.at,
      reason: transition.reason,
      value: transition.value ?? null,
      notifyAt: now,
      texts: transition.texts ?? null,
    });
    if (row) events.push({ deviceId, event: 'released', record: presentRecord(row) });
  }

  private publish(events: readonly AlarmEvent[]) {
    for (const event of events) this.deps.bus.publish('alarm', event);
  }

  /**
   * A rule was saved (edited, enabled, disabled) or deleted (`ruleId` not among the product's rules)
   * at `at`: settles the state of every device that has one against the current values of the
   * variables the rule reads (`settleRule`): an active alarm continues under the new rule (its
   * record takes the new texts, groups and push methods) unless the current value meets the new
   * release condition; an inactive one raises or starts its run when the current value matches.
   * Runs on the node that saved, after it dropped its copy of the product's rules.
   */
  async reconcileRuleChange(productId: string, ruleId: string, at: number): Promise<void> {
    const rules = await this.deps.rules.forProduct(productId);
    const compiled = rules?.rules.find((candidate) => candidate.rule.id === ruleId) ?? null;
    for (let round = 0; round < MAX_WRITE_ROUNDS; round += 1) {
      const states = await this.deps.repository.ruleStatesOfRule(ruleId);
      if (states.length === 0) return;
      const deviceIds = states.map((entry) => entry.deviceId);
      const facts = await this.factsOf(deviceIds);
      const keys = compiled ? [compiled.rule.variableKey, ...compiled.references] : [];
      const latest = await this.deps.repository.latestValues(deviceIds, keys);
      const values = new Map(latest.map((row) => [stateKey(row.deviceId, row.key), row.value ?? null]));
      const currentOf = (deviceId: string): CurrentValues | null => {
        if (!compiled) return null;
        const references: Record<string, SampleValue | undefined> = {};
        for (const reference of compiled.references)
          references[reference] = values.get(stateKey(deviceId, reference));
        return { value: values.get(stateKey(deviceId, compiled.rule.variableKey)), references };
      };
      let conflicts = 0;
      for (const entry of states) {
        this.states.delete(stateKey(entry.deviceId, ruleId));
        const previous = restoreRuleState(entry.state);
        const current = currentOf(entry.deviceId);
        const result = settleRule(previous, compiled, current, at);
        if (result.state !== null && JSON.stringify(result.state) === JSON.stringify(previous)) continue;
        const device = facts.get(entry.deviceId);
        const events: AlarmEvent[] = [];
        const now = this.deps.now();
        const applied = await this.deps.repository.transaction(async (tx) => {
          const ok =
            result.state === null
              ? await tx.deleteRuleState(entry.deviceId, ruleId, entry.revision)
              : (
                  await tx.writeRuleStates([
                    { deviceId: entry.deviceId, key: ruleId, state: result.state, revision: entry.revision },
                  ])
                ).size > 0;
          if (!ok) return false;
          const item: RuleWork | null =
            device && rules && compiled
              ? {
                  key: stateKey(entry.deviceId, ruleId),
                  device,
                  rules,
                  compiled,
                  samples: [
                    {
                      time: at,
                      receivedAt: at,
                      value: current?.value ?? null,
                      references: current?.references,
                    },
                  ],
                }
              : null;
          for (const transition of result.transitions) {
            if (transition.kind === 'release') {
              const texts =
                item && transition.reason !== 'rule-deleted'
                  ? releaseTexts(item.rules, item.compiled.rule, item.device.name, transition.value)
                  : null;
              await this.recordRelease(tx, entry.deviceId, ruleId, { ...transition, texts }, now, events);
            } else if (item) {
              const row = await tx.insertRecord(this.raiseRow(item, transition, now));
              if (row) events.push({ deviceId: row.deviceId, event: 'raised', record: presentRecord(row) });
            }
          }
          if (result.continued && item) await this.continueRecord(tx, item);
          return true;
        });
        if (!applied) conflicts += 1;
        this.publish(events);
      }
      if (conflicts === 0) return;
    }
  }

  /** An alarm that continues under an edited rule: its record takes the rule's texts (with its own raise value). */
  private async continueRecord(tx: AlarmRepository, item: RuleWork) {
    const rule = item.compiled.rule;
    const active = await tx.activeRecord(item.device.id, rule.id);
    if (!active) return;
    const texts = variableAlarmTexts({
      rule,
      variable: messageVariable(item.rules, rule),
      deviceName: item.device.name,
      value: active.value ?? null,
      references: item.samples[0]?.references,
    });
    await tx.updateActiveRecord(item.device.id, rule.id, {
      name: rule.name,
      message: texts[RECORD_LOCALE].message,
      texts,
      groupIds: rule.groupIds,
      pushMethods: rule.pushMethods,
    });
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

  // Offline and power-off ---------------------------------------------------------------------------

  /** A gateway status taken from the bus (every node hears it; the state write decides who applies it). */
  async handleGatewayStatus(event: { deviceId: string | null; status: GatewayStatus; at: number }) {
    if (!event.deviceId) return;
    await this.evaluateDevice(event.deviceId, [{ status: event.status, at: event.at }]);
  }

  /** Raises offline and power-off alarms whose delay has passed (the sweep, on the injected clock). */
  async sweepDeviceStatus(limit = 200): Promise<number> {
    const due = await this.deps.repository.devicesDueForStatusCheck(this.deps.now(), limit);
    for (const deviceId of due) await this.evaluateDevice(deviceId, []);
    return due.length;
  }

  private async evaluateDevice(
    deviceId: string,
    events: readonly { status: GatewayStatus; at: number }[],
  ): Promise<void> {
    const device = (await this.factsOf([deviceId])).get(deviceId);
    if (!device) return;
    const rules = await this.deps.rules.forProduct(device.productId);
    for (let round = 0; round < MAX_WRITE_ROUNDS; round += 1) {
      const entry = await this.deps.repository.deviceState(deviceId);
      const settings = rules?.statusAlarms;
      if (!settings || (!settings.offline.enabled && !settings['power-off'].enabled && !entry)) return;
      const previous = entry ? (restoreDeviceStatusState(entry.state) ?? INITIAL_DEVICE_STATUS_STATE) : null;
      const now = this.deps.now();
      const result = evaluateDeviceStatus(previous, settings, events, now);
      if (previous && JSON.stringify(previous) === JSON.stringify(result.state)) return;
      const alarmEvents: AlarmEvent[] = [];
      const applied = await this.deps.repository.transaction(async (tx) => {
        const ok = await tx.writeDeviceState(
          { deviceId, key: 'status', state: result.state, revision: entry?.revision ?? 0 },
          result.nextCheckAt,
        );
        if (!ok) return false;
        for (const transition of result.transitions)
          await this.applyStatusTransition(tx, device, settings, transition, now, alarmEvents);
        return true;
      });
      this.publish(alarmEvents);
      if (applied) return;
    }
  }

  private async applyStatusTransition(
    tx: AlarmRepository,
    device: DeviceFacts,
    settings: ProductAlarmRules['statusAlarms'],
    transition: DeviceStatusTransition,
    now: number,
    events: AlarmEvent[],
  ) {
    const type: DeviceStatusAlarmType = transition.type;
    if (transition.kind === 'release') {
      await this.recordRelease(tx, device.id, type, transition, now, events);
      return;
    }
    const own = settings[type];
    await this.recordRaise(
      tx,
      {
        deviceId: device.id,
        productId: device.productId,
        type,
        source: type,
        ruleId: null,
        ...statusTexts(type, own.message, device.name),
        value: null,
        since: transition.since,
        raisedAt: transition.at,
        late: transition.late,
        groupIds: own.groupIds,
        pushMethods: own.pushMethods,
      },
      now,
      events,
    );
  }
}
