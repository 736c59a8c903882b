/**
 * The state of a (device, rule) across rule edits and storage: settling at an edit, a state built
 * for an older rule, the stored JSON, and which new states are written. Evaluating samples is in
 * `rule-evaluator.test.ts`.
 */
import { alarmRuleStateSchema } from '@lyyp/contracts/alarm';
import { describe, expect, it } from 'vitest';
import { MINUTE, SECOND, T0, buildRule, samplesOf } from './alarm-test-support.ts';
import { compileAlarmRule } from './rule-condition.ts';
import {
  RULE_STATE_CHECKPOINT_MS,
  evaluateRuleSamples,
  initialRuleState,
  reconcileRule,
  restoreRuleState,
  ruleStateNeedsWrite,
  settleRule,
} from './rule-evaluator.ts';

const kinds = (result: { transitions: readonly { kind: string; at: number }[] }) =>
  result.transitions.map((transition) => [transition.kind, transition.at]);

describe('rule changes', () => {
  const original = buildRule();

  it('keeps the alarm when only the name, text, groups or push methods change', () => {
    const raised = evaluateRuleSamples(compileAlarmRule(original), null, samplesOf([90]));
    const renamed = buildRule({
      name: 'Hot',
      message: '{value}{unit}',
      groupIds: ['g2'],
      pushMethods: ['sms'],
    });
    expect(reconcileRule(raised.state, renamed, T0 + MINUTE)).toEqual({
      state: raised.state,
      transitions: [],
    });
    const next = evaluateRuleSamples(
      compileAlarmRule(renamed),
      raised.state,
      samplesOf([95], { start: T0 + SECOND }),
    );
    expect(next.transitions).toEqual([]);
  });

  it('releases the active alarm at an edit only when the current value meets the new release condition', () => {
    const raised = evaluateRuleSamples(compileAlarmRule(original), null, samplesOf([90]));
    const edited = compileAlarmRule(
      buildRule({ condition: { operator: 'gt', limit: { kind: 'value', value: 95 } } }),
    );
    const settled = settleRule(raised.state, edited, { value: 90 }, T0 + MINUTE);
    expect(settled.transitions).toEqual([
      { kind: 'release', at: T0 + MINUTE, reason: 'rule-changed', value: 90, late: false },
    ]);
    expect(settled.state).toMatchObject({ active: false, matches: 0, lastAt: T0 });
    const next = evaluateRuleSamples(edited, settled.state, samplesOf([96], { start: T0 + 2 * MINUTE }));
    expect(kinds(next)).toEqual([['raise', T0 + 2 * MINUTE]]);
  });

  it('continues the active alarm under the edited rule while the current value still violates it', () => {
    const raised = evaluateRuleSamples(compileAlarmRule(original), null, samplesOf([90]));
    const edited = compileAlarmRule(
      buildRule({ condition: { operator: 'gt', limit: { kind: 'value', value: 85 } } }),
    );
    const settled = settleRule(raised.state, edited, { value: 90 }, T0 + MINUTE);
    expect(settled).toMatchObject({ transitions: [], continued: true });
    expect(settled.state).toMatchObject({ active: true, raisedAt: T0, rule: edited.fingerprint });
    // Without a current value the alarm continues as well.
    expect(settleRule(raised.state, edited, null, T0 + MINUTE)).toMatchObject({ continued: true });
    const next = evaluateRuleSamples(edited, settled.state, samplesOf([84], { start: T0 + 2 * MINUTE }));
    expect(kinds(next)).toEqual([['release', T0 + 2 * MINUTE]]);
  });

  it('raises or starts a run at an edit when the current value violates the new rule', () => {
    const quiet = evaluateRuleSamples(compileAlarmRule(original), null, samplesOf([70]));
    const lowered = compileAlarmRule(
      buildRule({ condition: { operator: 'gt', limit: { kind: 'value', value: 60 } } }),
    );
    expect(kinds(settleRule(quiet.state, lowered, { value: 70 }, T0 + MINUTE))).toEqual([
      ['raise', T0 + MINUTE],
    ]);
    const filtered = compileAlarmRule(
      buildRule({ condition: { operator: 'gt', limit: { kind: 'value', value: 60 } }, filterCount: 3 }),
      { pollIntervalMs: SECOND },
    );
    const waiting = settleRule(quiet.state, filtered, { value: 70 }, T0 + MINUTE);
    expect(waiting.transitions).toEqual([]);
    expect(waiting.state).toMatchObject({ matches: 1, since: T0 + MINUTE, dueAt: T0 + MINUTE + 2 * SECOND });
    const held = evaluateRuleSamples(filtered, waiting.state, [], { heldUntil: T0 + 2 * MINUTE });
    expect(kinds(held)).toEqual([['raise', T0 + MINUTE + 2 * SECOND]]);
  });

  it('clears a partial count when the filter count changes', () => {
    const counting = evaluateRuleSamples(
      compileAlarmRule(buildRule({ filterCount: 3 })),
      null,
      samplesOf([90, 91]),
    );
    const edited = buildRule({ filterCount: 2 });
    const next = evaluateRuleSamples(
      compileAlarmRule(edited),
      counting.state,
      samplesOf([92], { start: T0 + 2 * SECOND }),
    );
    expect(next.transitions).toEqual([]);
    expect(next.state).toMatchObject({ matches: 1, since: T0 + 2 * SECOND });
  });

  it('settles a state built for an older rule at the first sample when it was not settled', () => {
    const raised = evaluateRuleSamples(compileAlarmRule(original), null, samplesOf([90]));
    const edited = compileAlarmRule(buildRule({ deadBand: 5 }));
    const next = evaluateRuleSamples(edited, raised.state, samplesOf([90], { start: T0 + MINUTE }));
    expect(kinds(next)).toEqual([]);
    expect(next.state).toMatchObject({ active: true, rule: edited.fingerprint });
    const released = evaluateRuleSamples(edited, next.state, samplesOf([75], { start: T0 + 2 * MINUTE }));
    expect(released.transitions).toMatchObject([{ kind: 'release', reason: 'condition-cleared', value: 75 }]);
  });

  it('releases with a reason when the rule is disabled or deleted, and evaluates nothing while disabled', () => {
    const raised = evaluateRuleSamples(compileAlarmRule(original), null, samplesOf([90]));
    const disabled = buildRule({ enabled: false });
    const off = reconcileRule(raised.state, disabled, T0 + MINUTE);
    expect(off.transitions).toEqual([
      { kind: 'release', at: T0 + MINUTE, reason: 'rule-disabled', value: null, late: false },
    ]);
    const quiet = evaluateRuleSamples(
      compileAlarmRule(disabled),
      off.state,
      samplesOf([99], { start: T0 + 2 * MINUTE }),
    );
    expect(quiet.transitions).toEqual([]);
    const deleted = reconcileRule(raised.state, null, T0 + MINUTE);
    expect(deleted).toEqual({
      state: null,
      transitions: [{ kind: 'release', at: T0 + MINUTE, reason: 'rule-deleted', value: null, late: false }],
    });
  });

  it('never releases before the raise when the device clock is ahead of the platform', () => {
    const raised = evaluateRuleSamples(
      compileAlarmRule(original),
      null,
      samplesOf([90], { start: T0 + 10 * MINUTE }),
    );
    const deleted = reconcileRule(raised.state, null, T0);
    expect(deleted.transitions[0]?.at).toBe(T0 + 10 * MINUTE);
  });
});

describe('stored state', () => {
  it('is a small JSON object that survives the database and parses back', () => {
    const rule = compileAlarmRule(buildRule({ filterCount: 3 }));
    const { state } = evaluateRuleSamples(rule, null, samplesOf([81, 82]));
    const stored: unknown = JSON.parse(JSON.stringify(state));
    expect(alarmRuleStateSchema.parse(stored)).toEqual(state);
    expect(restoreRuleState(stored)).toEqual(state);
    expect(JSON.stringify(state).length).toBeLessThan(200);
  });

  it('treats a state it cannot read as none', () => {
    expect(restoreRuleState({ version: 99 })).toBeNull();
    expect(restoreRuleState('garbage')).toBeNull();
    expect(initialRuleState('abc')).toMatchObject({ active: false, matches: 0, lastAt: null });
  });
});

describe('which new states are stored', () => {
  const rule = compileAlarmRule(buildRule({ filterCount: 2 }));
  const quiet = evaluateRuleSamples(rule, null, samplesOf([70])).state;

  it('stores a first state, any change of count or activity, and not a quiet sample time alone', () => {
    expect(ruleStateNeedsWrite(null, quiet)).toBe(true);
    const later = evaluateRuleSamples(rule, quiet, samplesOf([70, 71, 72], { start: T0 + SECOND })).state;
    expect(later.lastAt).toBe(T0 + 3 * SECOND);
    expect(ruleStateNeedsWrite(quiet, later)).toBe(false);
    const counting = evaluateRuleSamples(rule, quiet, samplesOf([85], { start: T0 + SECOND })).state;
    expect(ruleStateNeedsWrite(quiet, counting)).toBe(true);
    const raised = evaluateRuleSamples(rule, counting, samplesOf([85], { start: T0 + 2 * SECOND })).state;
    expect(ruleStateNeedsWrite(counting, raised)).toBe(true);
  });

  it('stores the sample time alone once it is a checkpoint past the stored one', () => {
    const justBefore = { ...quiet, lastAt: quiet.lastAt! + RULE_STATE_CHECKPOINT_MS - 1 };
    const at = { ...quiet, lastAt: quiet.lastAt! + RULE_STATE_CHECKPOINT_MS };
    expect(ruleStateNeedsWrite(quiet, justBefore)).toBe(false);
    expect(ruleStateNeedsWrite(quiet, at)).toBe(true);
  });
});
