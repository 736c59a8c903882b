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
 * - Filter count N: the alarm is raised by the N-th consecutive sample that matches the raise
 *   condition, at that sample's time; a sample that does not match starts the count again.
 * - Release: the first sample that matches the release condition (the raise condition moved back
 *   by the dead band) releases the alarm, at that sample's time.
 * - A sample that cannot be evaluated (no value, text, a comparand without a value, a formula
 *   error) keeps the alarm and the count as they were; it counts as seen, and is reported.
 * - A transition is late when its sample reached the platform more than the late threshold after
 *   its own time (a gateway replaying its buffer); its time is still the sample's true time.
 * - A rule whose semantics changed resets the state (releasing an active alarm with reason
 *   `rule-changed`); a disabled or deleted rule releases its active alarm (`reconcileRule`).
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
}

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

/** The state with its alarm released (if active) and its count cleared, for the given rule. */
function resetState(state: AlarmRuleState, fingerprint: string): AlarmRuleState {
  return { ...initialRuleState(fingerprint), lastAt: state.lastAt };
}

function forcedRelease(state: AlarmRuleState, reason: AlarmReleaseReason, at: number): AlarmTransition[] {
  if (!state.active) return [];
  // A device clock ahead of the platform's could put the raise after the edit: never release before it.
  return [{ kind: 'release', at: Math.max(at, state.raisedAt ?? at), reason, value: null, late: false }];
}

/**
 * Brings a stored state in line with the rule as it is now, at `at` (the time of the edit):
 * deleted (`rule` null) or disabled rules release their active alarm; a rule whose semantics
 * changed releases it and starts counting afresh. `state` null in the answer: delete the stored state.
 */
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
    stored.raisedAt !== next.raisedAt
  )
    return true;
  if (stored.lastAt === next.lastAt) return false;
  if (stored.lastAt === null || next.lastAt === null) return true;
  return next.lastAt - stored.lastAt >= checkpointMs;
}

export function reconcileRule(
  state: AlarmRuleState | null,
  rule: AlarmRule | null,
  at: number,
): { readonly state: AlarmRuleState | null; readonly transitions: readonly AlarmTransition[] } {
  if (state === null) return { state: null, transitions: [] };
  if (rule === null) return { state: null, transitions: forcedRelease(state, 'rule-deleted', at) };
  const fingerprint = ruleFingerprint(rule);
  if (!rule.enabled) {
    const changed = state.active || state.matches > 0 || state.rule !== fingerprint;
    return changed
      ? { state: resetState(state, fingerprint), transitions: forcedRelease(state, 'rule-disabled', at) }
      : { state, transitions: [] };
  }
  if (state.rule !== fingerprint) {
    return { state: resetState(state, fingerprint), transitions: forcedRelease(state, 'rule-changed', at) };
  }
  return { state, transitions: [] };
}

/**
 * Evaluates samples of the rule's variable against the stored state (null: none yet). The
 * samples may come in any order and may repeat; they are taken in time order.
 */
/** Samples of a rule that reads no other variable. */
const NO_REFERENCES: Readonly<Record<string, never>> = Object.freeze({});

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
    // Normally reconciled when the rule was saved; a state built for another version may still
    // meet a sample first (another node, a race): it is settled at that sample's time.
    const first = ordered[0]?.time;
    if (first === undefined) return { state, transitions, skipped, problems };
    const reconciled = reconcileRule(state, compiled.rule, first);
    transitions.push(...reconciled.transitions);
    state = reconciled.state ?? initialRuleState(compiled.fingerprint);
  }
  if (!compiled.rule.enabled) return { state, transitions, skipped, problems };

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
      if (state.matches > 0) state = { ...state, matches: 0, since: null };
      continue;
    }
    const matches = state.matches + 1;
    const since = state.since ?? sample.time;
    if (matches < compiled.rule.filterCount) {
      state = { ...state, matches, since };
      continue;
    }
    transitions.push({ kind: 'raise', at: sample.time, since, value: sample.value, late });
    state = { ...state, active: true, matches: 0, since, raisedAt: sample.time };
  }
  return { state, transitions, skipped, problems };
}
