/**
 * What a stored batch gives each rule to evaluate: the (device, rule) pairs it touches, each with
 * its samples — the watched variable's points, or for a rule that compares with other variables,
 * one sample at each change of any of them with the values of all of them then. Also the types the
 * evaluation's parts share (the device's facts, the context they run in).
 */
import type { BusEvents } from '../../bus/bus.ts';
import type { StoredValue } from '../../db/schema/index.ts';
import type { AlarmRepository } from './alarm.repository.ts';
import type { AlarmSample, AlarmTransition, CompiledAlarmRule, SampleValue } from './engine/index.ts';
import type { ProductAlarmRules, RuleCache } from './rule-cache.ts';

/** Attempts at a state write that another node keeps winning before the batch is left to the next one. */
export const MAX_WRITE_ROUNDS = 5;

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

export interface DeviceFacts {
  readonly id: string;
  readonly name: string;
  readonly productId: string;
}

export interface RuleWork {
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

export type AlarmEvent = BusEvents['alarm'];
export type ReleaseTransition = Extract<AlarmTransition, { kind: 'release' }>;

/** What the evaluation's parts share with the service: storage, rules, clock, device facts, the bus. */
export interface EvaluationContext {
  readonly repository: AlarmRepository;
  readonly rules: RuleCache;
  readonly now: () => number;
  /** The name and product of devices, remembered by the service. */
  readonly factsOf: (deviceIds: readonly string[]) => Promise<Map<string, DeviceFacts>>;
  readonly publish: (events: readonly AlarmEvent[]) => void;
}

export const stateKey = (deviceId: string, ruleId: string) => `${deviceId}\u0000${ruleId}`;

/**
 * The rules a batch touches on each device, with their samples. A rule that compares with other
 * variables gets no samples here: `needs` says which variables of which devices `fillReferences`
 * must read to build them.
 */
export function collectRuleWork(
  byDevice: ReadonlyMap<string, readonly StoredPoint[]>,
  facts: ReadonlyMap<string, DeviceFacts>,
  ruleSets: ReadonlyMap<string, ProductAlarmRules>,
  receivedAt: number,
  stateKeyOf: (deviceId: string, ruleId: string) => string,
): { work: RuleWork[]; needs: Map<string, Set<string>> } {
  const work: RuleWork[] = [];
  const referenceNeeds = new Map<string, Set<string>>();
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
        work.push({ key: stateKeyOf(deviceId, compiled.rule.id), device, rules, compiled, samples });
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
        key: stateKeyOf(deviceId, compiled.rule.id),
        device,
        rules,
        compiled,
        samples: [],
        comparing: true,
      });
    }
  }
  return { work, needs: referenceNeeds };
}

/**
 * The samples of the rules that compare with other variables: one at each time in the batch at
 * which the rule's variable or a variable it compares with has a point, each with the values of
 * all of them then — the newest point of each in the batch at or before that time, else its
 * stored current value. A time before the rule's own variable has any known value is left out.
 */
export async function fillReferences(
  repository: AlarmRepository,
  work: readonly RuleWork[],
  byDevice: ReadonlyMap<string, readonly StoredPoint[]>,
  needs: ReadonlyMap<string, ReadonlySet<string>>,
  receivedAt: number,
): Promise<void> {
  const keys = [...new Set([...needs.values()].flatMap((set) => [...set]))];
  const stored = await repository.latestValues([...needs.keys()], keys);
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
