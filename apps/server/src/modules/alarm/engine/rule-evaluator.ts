/**
 * The state machine of one rule on one device. Input: samples of the rule's variable (true time,
 * arrival time, value, and the current values of the variables the condition compares with).
 * Output: the next state, a small object the database keeps, and the transitions with their true
 * times. Pure: the same state and samples always give the same answer, on any node, after any
 * restart.
 *
 * Semantics (docs/alarms.md explains them for operators):
 * - Samples are evaluated in time order. A sample not newer than the newest one evaluated is not
 *   evaluated: the same time again is a duplicate, an older time is out of order. Both are reported
 *   as skipped. So feeding the same samples twice changes nothing.
 * - Filter count N means N consecutive polls. The alarm is raised by the N-th consecutive sample
 *   that matches the raise condition, or — for a polled variable, whose value holds until the next
 *   sample — once the matching value has held for (N − 1) poll intervals from the run's first
 *   sample (`dueAt`), whichever comes first. A later sample proves it held (the raise is dated
 *   `dueAt`); so does the sweep (`heldUntil`), when nothing contradicted it in time. A sample
 *   that does not match, or that cannot be evaluated, at or before `dueAt` starts the run again.
 * - Release: the first sample that matches the release condition (the raise condition moved back
 *   by the dead band) releases the alarm, at that sample's time.
 * - A sample that cannot be evaluated (no value, text, a comparand without a value, a formula
 *   error) keeps an active alarm as it is and ends a waiting run; it counts as seen, and is reported.
 * - A transition is late when its sample reached the platform more than the late threshold after
 *   its own time (a gateway replaying its buffer); its time is still the sample's true time.
 * - A rule edit is settled against the current value (`settleRule`): an active alarm continues
 *   under the new rule unless the current value meets the new release condition (then it releases
 *   with reason `rule-changed`); an inactive one starts a run when the current value matches. A
 *   disabled or deleted rule releases its active alarm.
 */
import {
  ALARM_STATE_VERSION,
  LATE_SAMPLE_THRESHOLD_MS,
  alarmRuleStateSchema,
  type AlarmReleaseReason,
  type AlarmRule,
  type AlarmRuleState,
} from '@lyyp/contracts/alarm';
import { ruleFingerprint } from './fingerprint.ts';
import type { CompiledAlarmRule, EvaluationProblem, SampleValue } from './rule-condition.ts';

export interface AlarmSample {
  /** True time of the value (the gateway's clock), epoch ms. */
  readonly time: number;
  /** When the platform received it, epoch ms. */
  readonly receivedAt: number;
  readonly value: SampleValue;
  /** Current values of the other variables the condition reads (`CompiledAlarmRule.references`). */
  readonly references?: Readonly<Record<string, SampleValue | undefined>>;
}

export type AlarmTransition =
  | {
      readonly kind: 'raise';
      readonly at: number;
      /** Time of the first sample of the matching run that raised it. */
      readonly since: number;
      readonly value: SampleValue;
      readonly late: boolean;
    }
  | {
      readonly kind: 'release';
      readonly at: number;
      readonly reason: AlarmReleaseReason;
      /** The releasing sample's value; null when a rule change released it. */
      readonly value: SampleValue;
      readonly late: boolean;
    };

export interface SkippedSample {
  readonly time: number;
  readonly reason: 'duplicate' | 'out-of-order';
}

export interface SampleProblem {
  readonly time: number;
  readonly problem: EvaluationProblem;
}

export interface RuleEvaluation {
  readonly state: AlarmRuleState;
  readonly transitions: readonly AlarmTransition[];
  readonly skipped: readonly SkippedSample[];
  readonly problems: readonly SampleProblem[];
}

export interface EvaluationOptions {
  /** A sample received more than this after its own time makes its transitions late. */
  readonly lateThresholdMs?: number;
  /**
   * After the samples, the value is known to have held until this time (the sweep: the platform's
   * clock less the settle time, no sample having come since): a waiting run due by then raises.
   */
  readonly heldUntil?: number;
  /** When the platform learnt that (for the late flag of the raise). */
  readonly heldKnownAt?: number;
}

/** The current value of a rule's variable and of the variables its condition reads. */
export interface CurrentValues {
  readonly value: SampleValue | undefined;
  readonly references?: Readonly<Record<string, SampleValue | undefined>>;
}

/** The fingerprint a disabled rule's state carries: enabling it again settles it like an edit. */
export const DISABLED_RULE_FINGERPRINT = 'disabled';

export function initialRuleState(fingerprint: string): AlarmRuleState {
  return {
    version: ALARM_STATE_VERSION,
    rule: fingerprint,
    active: false,
    matches: 0,
    since: null,
    raisedAt: null,
    lastAt: null,
  };
}

/** A stored state as read from the database; anything that does not parse is no state. */
export function restoreRuleState(stored: unknown): AlarmRuleState | null {
  const parsed = alarmRuleStateSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** The state without a waiting run (count, run start, due time and held value cleared). */
function endRun(state: AlarmRuleState): AlarmRuleState {
  const { dueAt: _dueAt, held: _held, ...rest } = state;
  return { ...rest, matches: 0, since: state.active ? state.since : null };
}

/** The state with its alarm released (if active) and its count cleared, for the given rule. */
function resetState(state: AlarmRuleState, fingerprint: string): AlarmRuleState {
  return { ...initialRuleState(fingerprint), lastAt: state.lastAt };
}

function forcedRelease(
  state: AlarmRuleState,
  reason: AlarmReleaseReason,
  at: number,
  value: SampleValue = null,
): AlarmTransition[] {
  if (!state.active) return [];
  // A device clock ahead of the platform's could put the raise after the edit: never release before it.
  return [{ kind: 'release', at: Math.max(at, state.raisedAt ?? at), reason, value, late: false }];
}

/**
 * Sample time by which an unchanged state's newest evaluated time is stored again
 * (`ruleStateNeedsWrite`).
 */
export const RULE_STATE_CHECKPOINT_MS = 60_000;

/**
 * Whether an evaluation's new state must be stored over `stored` (the state as the database holds
 * it). Everything but the newest sample time is stored at once; that time alone moving forward is
 * stored only once it is `checkpointMs` past the stored one. Samples after the stored time that
 * changed nothing else change nothing when evaluated again (a resend after a restart), so this only
 * saves the write that every upload of a quiet variable would otherwise cost.
 */
export function ruleStateNeedsWrite(
  stored: AlarmRuleState | null,
  next: AlarmRuleState,
  checkpointMs = RULE_STATE_CHECKPOINT_MS,
): boolean {
  if (!stored) return true;
  if (
    stored.version !== next.version ||
    stored.rule !== next.rule ||
    stored.active !== next.active ||
    stored.matches !== next.matches ||
    stored.since !== next.since ||
    stored.raisedAt !== next.raisedAt ||
    (stored.dueAt ?? null) !== (next.dueAt ?? null) ||
    (stored.held ?? null) !== (next.held ?? null)
  )
    return true;
  if (stored.lastAt === next.lastAt) return false;
  if (stored.lastAt === null || next.lastAt === null) return true;
  return next.lastAt - stored.lastAt >= checkpointMs;
}

/**
 * Brings a stored state in line with the rule as it is now, when a sample meets a state built for
 * another version of it (another node saved the edit; normally `settleRule` ran at the save):
 * deleted (`rule` null) or disabled rules release their active alarm; an active alarm continues
 * under the edited rule (the sample that follows decides whether it releases); a waiting run starts
 * afresh. `state` null in the answer: delete the stored state.
 */
export function reconcileRule(
  state: AlarmRuleState | null,
  rule: AlarmRule | null,
  at: number,
): { readonly state: AlarmRuleState | null; readonly transitions: readonly AlarmTransition[] } {
  if (state === null) return { state: null, transitions: [] };
  if (rule === null) return { state: null, transitions: forcedRelease(state, 'rule-deleted', at) };
  const fingerprint = ruleFingerprint(rule);
  if (!rule.enabled) {
    const changed = state.active || state.matches > 0 || state.rule !== DISABLED_RULE_FINGERPRINT;
    return changed
      ? {
          state: resetState(state, DISABLED_RULE_FINGERPRINT),
          transitions: forcedRelease(state, 'rule-disabled', at),
        }
      : { state, transitions: [] };
  }
  if (state.rule === fingerprint) return { state, transitions: [] };
  if (state.active) return { state: { ...endRun(state), rule: fingerprint }, transitions: [] };
  return { state: resetState(state, fingerprint), transitions: [] };
}

export interface RuleSettlement {
  /** Null: delete the stored state (the rule was deleted). */
  readonly state: AlarmRuleState | null;
  readonly transitions: readonly AlarmTransition[];
  /** An active alarm continues under the edited rule (its record takes the rule's new texts). */
  readonly continued: boolean;
}

/**
 * A rule was saved at `at` (edited, enabled, disabled) or deleted (`compiled` null): the stored state
 * is settled against the current values. Deleting or disabling releases an active alarm. An edit of
 * what decides the alarm (another fingerprint) or enabling the rule again evaluates the current
 * value under the rule as it is now: an active alarm continues unless the value meets the new
 * release condition (then it releases, reason `rule-changed`, with that value); an inactive rule
 * counts the current value as a sample at the edit (raising at once with filter count 1, otherwise
 * starting the run). A current value that cannot be evaluated keeps an active alarm and starts no
 * run. Any other edit (name, text, groups) changes nothing here.
 */
export function settleRule(
  state: AlarmRuleState | null,
  compiled: CompiledAlarmRule | null,
  current: CurrentValues | null,
  at: number,
): RuleSettlement {
  const none = { transitions: [], continued: false } as const;
  if (state === null) return { state: null, ...none };
  const value = current?.value ?? null;
  if (compiled === null)
    return { state: null, transitions: forcedRelease(state, 'rule-deleted', at, value), continued: false };
  const rule = compiled.rule;
  if (!rule.enabled) {
    const changed = state.active || state.matches > 0 || state.rule !== DISABLED_RULE_FINGERPRINT;
    return changed
      ? {
          state: resetState(state, DISABLED_RULE_FINGERPRINT),
          transitions: forcedRelease(state, 'rule-disabled', at, value),
          continued: false,
        }
      : { state, ...none };
  }
  const fingerprint = compiled.fingerprint;
  if (state.rule === fingerprint) return { state, ...none };
  const test =
    current && current.value !== undefined
      ? compiled.test(state.active ? 'release' : 'raise', current.value, current.references ?? NO_REFERENCES)
      : null;
  if (state.active) {
    if (test?.ok && test.value)
      return {
        state: resetState(state, fingerprint),
        transitions: forcedRelease(state, 'rule-changed', at, value),
        continued: false,
      };
    return { state: { ...endRun(state), rule: fingerprint }, transitions: [], continued: true };
  }
  const fresh = resetState(state, fingerprint);
  if (!test?.ok || !test.value) return { state: fresh, ...none };
  if (rule.filterCount <= 1)
    return {
      state: { ...fresh, active: true, since: at, raisedAt: at },
      transitions: [{ kind: 'raise', at, since: at, value, late: false }],
      continued: false,
    };
  const waiting: AlarmRuleState = { ...fresh, matches: 1, since: at };
  return {
    state: compiled.holdMs === null ? waiting : { ...waiting, dueAt: at + compiled.holdMs, held: value },
    ...none,
  };
}

/** Samples of a rule that reads no other variable. */
const NO_REFERENCES: Readonly<Record<string, never>> = Object.freeze({});

/**
 * Evaluates samples of the rule's variable against the stored state (null: none yet). The
 * samples may come in any order and may repeat; they are taken in time order. `heldUntil`: after
 * them, the value is known to have held until then (a waiting run due by then raises).
 */
export function evaluateRuleSamples(
  compiled: CompiledAlarmRule,
  stored: AlarmRuleState | null,
  samples: readonly AlarmSample[],
  options: EvaluationOptions = {},
): RuleEvaluation {
  const lateThreshold = options.lateThresholdMs ?? LATE_SAMPLE_THRESHOLD_MS;
  const transitions: AlarmTransition[] = [];
  const skipped: SkippedSample[] = [];
  const problems: SampleProblem[] = [];
  const inOrder = samples.every((sample, index) => index === 0 || samples[index - 1]!.time <= sample.time);
  const ordered = inOrder ? samples : [...samples].sort((a, b) => a.time - b.time);

  let state = stored ?? initialRuleState(compiled.fingerprint);
  if (state.rule !== compiled.fingerprint || !compiled.rule.enabled) {
    // Normally settled when the rule was saved; a state built for another version may still
    // meet a sample first (another node, a race): it is settled at that sample's time.
    const first = ordered[0]?.time ?? options.heldUntil;
    if (first === undefined) return { state, transitions, skipped, problems };
    const reconciled = reconcileRule(state, compiled.rule, first);
    transitions.push(...reconciled.transitions);
    state = reconciled.state ?? initialRuleState(compiled.fingerprint);
  }
  if (!compiled.rule.enabled) return { state, transitions, skipped, problems };

  // The due time follows the poll interval as it is now (a driver's interval may have been edited).
  const filterCount = compiled.rule.filterCount;
  const holdMs = compiled.holdMs;
  if (!state.active && state.matches > 0 && state.since !== null) {
    const dueAt = holdMs === null ? null : state.since + holdMs;
    if ((state.dueAt ?? null) !== dueAt) {
      const { dueAt: _dueAt, held, ...rest } = state;
      state = dueAt === null ? rest : { ...rest, dueAt, held: held ?? null };
    }
  }

  const raiseHeld = (knownAt: number) => {
    const at = state.dueAt!;
    transitions.push({
      kind: 'raise',
      at,
      since: state.since ?? at,
      value: state.held ?? null,
      late: knownAt - at > lateThreshold,
    });
    state = { ...endRun({ ...state, active: true }), raisedAt: at };
  };

  // The state is copied once, then this evaluation's copy moves sample by sample (the stored state
  // it started from is never changed).
  let own = false;
  for (const sample of ordered) {
    if (state.lastAt !== null && sample.time <= state.lastAt) {
      skipped.push({
        time: sample.time,
        reason: sample.time === state.lastAt ? 'duplicate' : 'out-of-order',
      });
      continue;
    }
    // A waiting run due before this sample: the matching value held through its due time.
    if (!state.active && state.dueAt !== undefined && state.dueAt !== null && state.dueAt < sample.time)
      raiseHeld(sample.receivedAt);
    if (!own) {
      state = { ...state };
      own = true;
    }
    state.lastAt = sample.time;
    const late = sample.receivedAt - sample.time > lateThreshold;
    const result = compiled.test(
      state.active ? 'release' : 'raise',
      sample.value,
      sample.references ?? NO_REFERENCES,
    );
    if (!result.ok) {
      problems.push({ time: sample.time, problem: result.problem });
      // An unknown value breaks the consecutive polls a run needs; an active alarm stays.
      if (!state.active && state.matches > 0) state = endRun(state);
      continue;
    }
    if (state.active) {
      if (!result.value) continue;
      transitions.push({
        kind: 'release',
        at: sample.time,
        reason: 'condition-cleared',
        value: sample.value,
        late,
      });
      state = { ...state, active: false, matches: 0, since: null, raisedAt: null };
      continue;
    }
    if (!result.value) {
      if (state.matches > 0) state = endRun(state);
      continue;
    }
    const matches = state.matches + 1;
    const since = state.since ?? sample.time;
    const dueAt = holdMs === null ? null : since + holdMs;
    if (matches < filterCount && (dueAt === null || sample.time < dueAt)) {
      state =
        dueAt === null
          ? { ...state, matches, since }
          : { ...state, matches, since, dueAt, held: sample.value };
      continue;
    }
    transitions.push({ kind: 'raise', at: sample.time, since, value: sample.value, late });
    state = { ...endRun({ ...state, active: true, since }), raisedAt: sample.time };
  }
  const heldUntil = options.heldUntil;
  if (
    heldUntil !== undefined &&
    !state.active &&
    state.dueAt !== undefined &&
    state.dueAt !== null &&
    state.dueAt <= heldUntil
  ) {
    const at = state.dueAt;
    raiseHeld(options.heldKnownAt ?? heldUntil);
    // The raise stands on the value holding until `at`: a sample older than that comes too late.
    state = { ...state, lastAt: Math.max(state.lastAt ?? at, at) };
  }
  return { state, transitions, skipped, problems };
}
