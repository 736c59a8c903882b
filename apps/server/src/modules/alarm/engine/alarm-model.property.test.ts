/**
 * The alarm engine against a reference model of what an alarm is (docs/alarms.md), over random
 * sequences of samples, held values (time passing with no sample, the sweep), set-point changes,
 * rule edits, restarts (the state through JSON, as the database keeps it) and replays (samples
 * that arrive minutes after their time). Both must raise and release the same alarms at the same
 * times with the same values, reasons and late flags — what records and notices are made of.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlarmRuleState } from '@lyyp/contracts/alarm';
import { T0 } from './alarm-test-support.ts';
import {
  POLL_MS,
  REPLAY_DELAY_MS,
  config,
  model,
  ruleOf,
  step,
  type Config,
  type Outcome,
  type Step,
} from './alarm-model-test-support.ts';
import { compileAlarmRule } from './rule-condition.ts';
import { evaluateRuleSamples, settleRule, type AlarmTransition } from './rule-evaluator.ts';

/** The same steps through the engine, the way the platform drives it. */
function engine(initial: Config, steps: readonly Step[]): Outcome[] {
  const out: AlarmTransition[] = [];
  let cfg = initial;
  let compiled = compileAlarmRule(ruleOf(cfg), { pollIntervalMs: POLL_MS });
  let state: AlarmRuleState | null = null;
  let now = T0;
  let subject: number | null | undefined;
  let setp: number | undefined;
  const references = () => (setp === undefined ? {} : { setp });
  const evaluate = (samples: Parameters<typeof evaluateRuleSamples>[2], options = {}) => {
    const result = evaluateRuleSamples(compiled, state, samples, options);
    out.push(...result.transitions);
    state = result.state;
  };
  for (const item of steps) {
    if (item.kind === 'restart') {
      state = state === null ? null : (JSON.parse(JSON.stringify(state)) as AlarmRuleState);
      continue;
    }
    now += item.dt;
    if (item.kind === 'sample') {
      subject = item.value;
      evaluate([{ time: now, receivedAt: now, value: subject, references: references() }]);
    } else if (item.kind === 'setpoint') {
      setp = item.value;
      if (compiled.references.length > 0 && subject !== undefined)
        evaluate([{ time: now, receivedAt: now, value: subject, references: references() }]);
    } else if (item.kind === 'replay') {
      const times = item.values.map((_, index) => now + index * 500);
      const receivedAt = times.at(-1)! + REPLAY_DELAY_MS;
      evaluate(
        item.values.map((v, index) => ({
          time: times[index]!,
          receivedAt,
          value: v,
          references: references(),
        })),
      );
      subject = item.values.at(-1);
      now = times.at(-1)!;
    } else if (item.kind === 'hold') {
      evaluate([], { heldUntil: now, heldKnownAt: now });
    } else {
      cfg = item.config;
      compiled = compileAlarmRule(ruleOf(cfg), { pollIntervalMs: POLL_MS });
      const settled = settleRule(
        state,
        compiled,
        { value: subject ?? undefined, references: references() },
        now,
      );
      out.push(...settled.transitions);
      state = settled.state;
    }
  }
  return out.map((transition) =>
    transition.kind === 'raise'
      ? { kind: 'raise', at: transition.at, value: transition.value, late: transition.late }
      : {
          kind: 'release',
          at: transition.at,
          value: transition.value,
          late: transition.late,
          reason: transition.reason,
        },
  );
}

describe('alarm engine against the reference model', () => {
  it('raises and releases the same alarms for any samples, held values, set points, edits, restarts and replays', () => {
    fc.assert(
      fc.property(config, fc.array(step, { maxLength: 40 }), (initial, steps) => {
        expect(engine(initial, steps)).toEqual(model(initial, steps));
      }),
      { numRuns: 1000 },
    );
  });
});
