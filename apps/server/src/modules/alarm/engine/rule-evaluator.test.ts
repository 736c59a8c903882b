/**
 * Evaluating samples against a rule: raise and release, filter count (consecutive polls), dead
 * band, bits, replayed and duplicate samples, samples that cannot be evaluated. The state across
 * rule edits and storage is in `rule-state.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { MINUTE, SECOND, T0, buildRule, samplesOf } from './alarm-test-support.ts';
import { compileAlarmRule } from './rule-condition.ts';
import { evaluateRuleSamples } from './rule-evaluator.ts';

const kinds = (result: { transitions: readonly { kind: string; at: number }[] }) =>
  result.transitions.map((transition) => [transition.kind, transition.at]);

describe('raise and release', () => {
  it('raises at the first matching sample and releases at the first sample under the limit', () => {
    const rule = compileAlarmRule(buildRule());
    const result = evaluateRuleSamples(rule, null, samplesOf([70, 81, 85, 80, 75]));
    expect(kinds(result)).toEqual([
      ['raise', T0 + 1 * SECOND],
      ['release', T0 + 3 * SECOND],
    ]);
    expect(result.transitions[0]).toMatchObject({
      kind: 'raise',
      since: T0 + SECOND,
      value: 81,
      late: false,
    });
    expect(result.transitions[1]).toMatchObject({ reason: 'condition-cleared', value: 80 });
    expect(result.state).toMatchObject({ active: false, matches: 0, lastAt: T0 + 4 * SECOND });
  });

  it.each([
    ['ge', 80, [79, 80], 1],
    ['lt', 10, [11, 9.5], 1],
    ['le', 10, [11, 10], 1],
    ['eq', 3, [2, 3], 1],
    ['ne', 3, [3, 4], 1],
  ] as const)('%s %d raises on the second of %j', (operator, limit, values, raisedIndex) => {
    const rule = compileAlarmRule(
      buildRule({ condition: { operator, limit: { kind: 'value', value: limit } } }),
    );
    const result = evaluateRuleSamples(rule, null, samplesOf(values));
    expect(kinds(result)).toEqual([['raise', T0 + raisedIndex * SECOND]]);
  });

  it('compares with another variable of the device when the rule says so', () => {
    const rule = compileAlarmRule(
      buildRule({ condition: { operator: 'gt', limit: { kind: 'variable', key: 'setpoint' } } }),
    );
    expect(rule.references).toEqual(['setpoint']);
    const low = evaluateRuleSamples(rule, null, samplesOf([90], { references: { setpoint: 95 } }));
    expect(low.transitions).toEqual([]);
    const high = evaluateRuleSamples(rule, null, samplesOf([90], { references: { setpoint: 85 } }));
    expect(kinds(high)).toEqual([['raise', T0]]);
  });

  it('raises inside a range and releases outside it, bounds included', () => {
    const rule = compileAlarmRule(
      buildRule({
        condition: {
          operator: 'inside',
          low: { kind: 'value', value: 10 },
          high: { kind: 'value', value: 20 },
        },
      }),
    );
    const result = evaluateRuleSamples(rule, null, samplesOf([9, 10, 20, 20.5, 15]));
    expect(kinds(result)).toEqual([
      ['raise', T0 + SECOND],
      ['release', T0 + 3 * SECOND],
      ['raise', T0 + 4 * SECOND],
    ]);
  });

  it('raises outside a range and releases once back inside past the dead band', () => {
    const rule = compileAlarmRule(
      buildRule({
        condition: {
          operator: 'outside',
          low: { kind: 'value', value: 10 },
          high: { kind: 'value', value: 20 },
        },
        deadBand: 1,
      }),
    );
    const result = evaluateRuleSamples(rule, null, samplesOf([15, 21, 19.5, 19, 9.9, 10.5, 11]));
    expect(kinds(result)).toEqual([
      ['raise', T0 + 1 * SECOND],
      ['release', T0 + 3 * SECOND],
      ['raise', T0 + 4 * SECOND],
      ['release', T0 + 6 * SECOND],
    ]);
  });
});

describe('filter count', () => {
  const rule = compileAlarmRule(buildRule({ filterCount: 3 }));

  it('raises at the third consecutive matching sample, with the run start as since', () => {
    const result = evaluateRuleSamples(rule, null, samplesOf([81, 82, 83, 84]));
    expect(kinds(result)).toEqual([['raise', T0 + 2 * SECOND]]);
    expect(result.transitions[0]).toMatchObject({ since: T0, value: 83 });
  });

  it('starts counting again after a sample that does not match', () => {
    const result = evaluateRuleSamples(rule, null, samplesOf([81, 82, 70, 83, 84, 85]));
    expect(kinds(result)).toEqual([['raise', T0 + 5 * SECOND]]);
    expect(result.transitions[0]).toMatchObject({ since: T0 + 3 * SECOND });
  });

  it('keeps the count across calls, as it is kept in the database between uploads', () => {
    const first = evaluateRuleSamples(rule, null, samplesOf([81, 82]));
    expect(first.state).toMatchObject({ matches: 2, since: T0 });
    const second = evaluateRuleSamples(rule, first.state, samplesOf([83], { start: T0 + 2 * SECOND }));
    expect(kinds(second)).toEqual([['raise', T0 + 2 * SECOND]]);
  });

  it('releases on one sample: the filter only delays raising', () => {
    const result = evaluateRuleSamples(rule, null, samplesOf([81, 82, 83, 70]));
    expect(kinds(result)).toEqual([
      ['raise', T0 + 2 * SECOND],
      ['release', T0 + 3 * SECOND],
    ]);
  });
});

describe('filter count on a polled variable: consecutive polls, whether or not the value changed', () => {
  // Polled every second: 3 polls span 2 s.
  const rule = compileAlarmRule(buildRule({ filterCount: 3 }), { pollIntervalMs: SECOND });

  it('raises a value that steps over the limit and stays there once it has held 2 intervals', () => {
    const first = evaluateRuleSamples(rule, null, samplesOf([70, 90]));
    expect(first.transitions).toEqual([]);
    expect(first.state).toMatchObject({ matches: 1, since: T0 + SECOND, dueAt: T0 + 3 * SECOND, held: 90 });
    // Not yet known to have held: nothing.
    expect(
      evaluateRuleSamples(rule, first.state, [], { heldUntil: T0 + 3 * SECOND - 1 }).transitions,
    ).toEqual([]);
    const held = evaluateRuleSamples(rule, first.state, [], {
      heldUntil: T0 + 8 * SECOND,
      heldKnownAt: T0 + 8 * SECOND,
    });
    expect(held.transitions).toEqual([
      { kind: 'raise', at: T0 + 3 * SECOND, since: T0 + SECOND, value: 90, late: false },
    ]);
    expect(held.state).toMatchObject({ active: true, raisedAt: T0 + 3 * SECOND, lastAt: T0 + 3 * SECOND });
    expect(held.state.dueAt).toBeUndefined();
  });

  it('raises at the due time when a later sample shows the value held through it', () => {
    const result = evaluateRuleSamples(rule, null, [
      ...samplesOf([90]),
      { time: T0 + 10 * SECOND, receivedAt: T0 + 10 * SECOND, value: 70 },
    ]);
    expect(result.transitions).toMatchObject([
      { kind: 'raise', at: T0 + 2 * SECOND, value: 90 },
      { kind: 'release', at: T0 + 10 * SECOND, value: 70 },
    ]);
  });

  it('does not raise when a sample at or before the due time contradicts it', () => {
    const result = evaluateRuleSamples(rule, null, [
      ...samplesOf([90]),
      { time: T0 + 2 * SECOND, receivedAt: T0 + 2 * SECOND, value: 70 },
    ]);
    expect(result.transitions).toEqual([]);
    expect(evaluateRuleSamples(rule, result.state, [], { heldUntil: T0 + MINUTE }).transitions).toEqual([]);
  });

  it('counts a variable without a poll interval by its samples', () => {
    const counted = compileAlarmRule(buildRule({ filterCount: 3 }));
    const first = evaluateRuleSamples(counted, null, samplesOf([90]));
    expect(first.state.dueAt).toBeUndefined();
    expect(evaluateRuleSamples(counted, first.state, [], { heldUntil: T0 + MINUTE }).transitions).toEqual([]);
  });
});

describe('dead band', () => {
  it('keeps a high alarm until the value is at or below limit minus band', () => {
    const rule = compileAlarmRule(buildRule({ deadBand: 2 }));
    const result = evaluateRuleSamples(rule, null, samplesOf([81, 79, 80.5, 78.5, 78, 81]));
    expect(kinds(result)).toEqual([
      ['raise', T0],
      ['release', T0 + 4 * SECOND],
      ['raise', T0 + 5 * SECOND],
    ]);
  });

  it('keeps a low alarm until the value is at or above limit plus band', () => {
    const rule = compileAlarmRule(
      buildRule({ condition: { operator: 'lt', limit: { kind: 'value', value: 10 } }, deadBand: 0.5 }),
    );
    const result = evaluateRuleSamples(rule, null, samplesOf([9, 10.2, 10.5]));
    expect(kinds(result)).toEqual([
      ['raise', T0],
      ['release', T0 + 2 * SECOND],
    ]);
  });

  it('widens a range alarm by the band on both sides before it releases', () => {
    const rule = compileAlarmRule(
      buildRule({
        condition: {
          operator: 'inside',
          low: { kind: 'value', value: 10 },
          high: { kind: 'value', value: 20 },
        },
        deadBand: 1,
      }),
    );
    const result = evaluateRuleSamples(rule, null, samplesOf([15, 20.5, 9.5, 8.9]));
    expect(kinds(result)).toEqual([
      ['raise', T0],
      ['release', T0 + 3 * SECOND],
    ]);
  });
});

describe('bit alarms', () => {
  it('raises when the chosen bit of a status word has the alarm value', () => {
    const rule = compileAlarmRule(
      buildRule({ variableKey: 'status', condition: { operator: 'bit', bit: 3, expected: 1 } }),
    );
    const result = evaluateRuleSamples(rule, null, samplesOf([0b0001, 0b1001, 0b1111, 0b0111]));
    expect(kinds(result)).toEqual([
      ['raise', T0 + SECOND],
      ['release', T0 + 3 * SECOND],
    ]);
  });

  it('reads a boolean variable as bit 0, true or false as 1 or 0', () => {
    const rule = compileAlarmRule(buildRule({ variableKey: 'door', condition: { operator: 'bit' } }));
    const result = evaluateRuleSamples(rule, null, samplesOf([false, true, 0, 1]));
    expect(kinds(result)).toEqual([
      ['raise', T0 + SECOND],
      ['release', T0 + 2 * SECOND],
      ['raise', T0 + 3 * SECOND],
    ]);
  });

  it('raises on a bit being 0 when the alarm value is 0', () => {
    const rule = compileAlarmRule(
      buildRule({ variableKey: 'ok', condition: { operator: 'bit', bit: 0, expected: 0 } }),
    );
    expect(kinds(evaluateRuleSamples(rule, null, samplesOf([1, 0])))).toEqual([['raise', T0 + SECOND]]);
  });
});

describe('replayed, out-of-order and duplicate samples', () => {
  const rule = compileAlarmRule(buildRule({ filterCount: 2 }));

  it('evaluates a batch in time order whatever order it came in', () => {
    const ordered = samplesOf([81, 82, 70]);
    const shuffled = [ordered[2]!, ordered[0]!, ordered[1]!];
    expect(evaluateRuleSamples(rule, null, shuffled)).toEqual(evaluateRuleSamples(rule, null, ordered));
  });

  it('counts a sample delivered twice once', () => {
    const [first, second] = samplesOf([81, 82]);
    const result = evaluateRuleSamples(rule, null, [first!, first!, second!]);
    expect(kinds(result)).toEqual([['raise', T0 + SECOND]]);
    expect(result.skipped).toEqual([{ time: T0, reason: 'duplicate' }]);
    const once = evaluateRuleSamples(rule, null, [first!]);
    const again = evaluateRuleSamples(rule, once.state, [first!]);
    expect(again.state).toEqual(once.state);
    expect(again.skipped).toEqual([{ time: T0, reason: 'duplicate' }]);
  });

  it('skips a sample older than the newest evaluated, and says so', () => {
    const later = evaluateRuleSamples(rule, null, samplesOf([70], { start: T0 + 10 * SECOND }));
    const result = evaluateRuleSamples(rule, later.state, samplesOf([81, 82]));
    expect(result.transitions).toEqual([]);
    expect(result.skipped).toEqual([
      { time: T0, reason: 'out-of-order' },
      { time: T0 + SECOND, reason: 'out-of-order' },
    ]);
    expect(result.state).toEqual(later.state);
  });

  it('gives an alarm replayed from a gateway buffer its true time and marks it late', () => {
    const arrival = T0 + 60 * MINUTE;
    const replayed = samplesOf([81, 82, 70]).map((sample) => ({ ...sample, receivedAt: arrival }));
    const result = evaluateRuleSamples(rule, null, replayed);
    expect(result.transitions).toEqual([
      { kind: 'raise', at: T0 + SECOND, since: T0, value: 82, late: true },
      { kind: 'release', at: T0 + 2 * SECOND, reason: 'condition-cleared', value: 70, late: true },
    ]);
  });

  it('is not late within the threshold, and the threshold can be set', () => {
    const sample = { time: T0, receivedAt: T0 + 30 * SECOND, value: 90 };
    const loose = compileAlarmRule(buildRule());
    expect(evaluateRuleSamples(loose, null, [sample]).transitions[0]).toMatchObject({ late: false });
    expect(
      evaluateRuleSamples(loose, null, [sample], { lateThresholdMs: 10 * SECOND }).transitions[0],
    ).toMatchObject({ late: true });
  });
});

describe('samples that cannot be evaluated', () => {
  const rule = compileAlarmRule(buildRule({ filterCount: 2 }));

  it('ends a waiting run at a failed read (the polls are no longer consecutive), and reports it', () => {
    const result = evaluateRuleSamples(rule, null, samplesOf([81, null, 82, 83]));
    expect(kinds(result)).toEqual([['raise', T0 + 3 * SECOND]]);
    expect(result.transitions[0]).toMatchObject({ since: T0 + 2 * SECOND });
    expect(result.problems).toEqual([{ time: T0 + SECOND, problem: { kind: 'no-value', key: 'temp' } }]);
  });

  it('keeps an active alarm through text values and missing comparands', () => {
    const compared = compileAlarmRule(
      buildRule({ condition: { operator: 'gt', limit: { kind: 'variable', key: 'setpoint' } } }),
    );
    const raised = evaluateRuleSamples(compared, null, samplesOf([90], { references: { setpoint: 80 } }));
    const result = evaluateRuleSamples(compared, raised.state, [
      { time: T0 + SECOND, receivedAt: T0 + SECOND, value: 'E1' },
      { time: T0 + 2 * SECOND, receivedAt: T0 + 2 * SECOND, value: 10 },
    ]);
    expect(result.transitions).toEqual([]);
    expect(result.state.active).toBe(true);
    expect(result.problems.map((entry) => entry.problem)).toEqual([
      { kind: 'not-a-number', key: 'temp' },
      { kind: 'no-value', key: 'setpoint' },
    ]);
  });

  it('reports a formula failure (bit of a fraction) without changing the alarm', () => {
    const bit = compileAlarmRule(buildRule({ condition: { operator: 'bit', bit: 1 } }));
    const result = evaluateRuleSamples(bit, null, samplesOf([2.5]));
    expect(result.transitions).toEqual([]);
    expect(result.problems[0]?.problem).toMatchObject({ kind: 'formula', error: { code: '1508' } });
  });
});
