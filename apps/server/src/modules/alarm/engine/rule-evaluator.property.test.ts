/**
 * Properties of the rule state machine over random sample runs: the semantics against a plain
 * reference written here, and the guarantees the database relies on (restart safety, idempotence,
 * order independence).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SECOND, T0, buildRule } from './alarm-test-support.ts';
import { compileAlarmRule } from './rule-condition.ts';
import { evaluateRuleSamples, type AlarmSample, type AlarmTransition } from './rule-evaluator.ts';
import type { AlarmRuleState } from '@lyyp/contracts/alarm';

const LIMIT = 80;

/** Values on a 0.25 grid around the limit, so equality with the limit and the band happens often. */
const valueArbitrary = fc.integer({ min: -40, max: 40 }).map((step) => LIMIT + step / 4);

function samplesAt(values: readonly number[]): AlarmSample[] {
  return values.map((value, index) => ({
    time: T0 + index * SECOND,
    receivedAt: T0 + index * SECOND,
    value,
  }));
}

/** The meaning of a high alarm with filter count and dead band, restated without the engine. */
function referenceTransitions(values: readonly number[], filterCount: number, band: number) {
  const transitions: [string, number][] = [];
  let active = false;
  let run = 0;
  values.forEach((value, index) => {
    const time = T0 + index * SECOND;
    if (active) {
      if (value <= LIMIT - band) {
        transitions.push(['release', time]);
        active = false;
      }
      return;
    }
    run = value > LIMIT ? run + 1 : 0;
    if (run === filterCount) {
      transitions.push(['raise', time]);
      active = true;
      run = 0;
    }
  });
  return transitions;
}

const summary = (transitions: readonly AlarmTransition[]) => transitions.map((item) => [item.kind, item.at]);
const roundTrip = (state: AlarmRuleState): AlarmRuleState =>
  JSON.parse(JSON.stringify(state)) as AlarmRuleState;

describe('rule state machine properties', () => {
  it('agrees with the reference semantics of filter count and dead band', () => {
    fc.assert(
      fc.property(
        fc.array(valueArbitrary, { maxLength: 60 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 12 }).map((step) => step / 4),
        (values, filterCount, deadBand) => {
          const rule = compileAlarmRule(buildRule({ filterCount, deadBand }));
          const result = evaluateRuleSamples(rule, null, samplesAt(values));
          expect(summary(result.transitions)).toEqual(referenceTransitions(values, filterCount, deadBand));
        },
      ),
    );
  });

  it('never raises with fewer than N consecutive matching samples', () => {
    fc.assert(
      fc.property(
        fc.array(valueArbitrary, { maxLength: 60 }),
        fc.integer({ min: 1, max: 6 }),
        (values, filterCount) => {
          const rule = compileAlarmRule(buildRule({ filterCount }));
          const { transitions } = evaluateRuleSamples(rule, null, samplesAt(values));
          for (const transition of transitions.filter((item) => item.kind === 'raise')) {
            const index = (transition.at - T0) / SECOND;
            const run = values.slice(index - filterCount + 1, index + 1);
            expect(run).toHaveLength(filterCount);
            expect(run.every((value) => value > LIMIT)).toBe(true);
          }
        },
      ),
    );
  });

  it('raises at most once while the value stays within the dead band around the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }).map((step) => step / 4),
        fc.array(fc.double({ min: -0.999, max: 0.999, noNaN: true }), { maxLength: 80 }),
        (deadBand, offsets) => {
          const rule = compileAlarmRule(buildRule({ deadBand }));
          const values = offsets.map((offset) => LIMIT + offset * deadBand);
          const { transitions } = evaluateRuleSamples(rule, null, samplesAt(values));
          expect(transitions.filter((item) => item.kind === 'raise').length).toBeLessThanOrEqual(1);
          expect(transitions.filter((item) => item.kind === 'release')).toEqual([]);
        },
      ),
    );
  });

  it('gives the same transitions and state when the run is split and the state stored in between', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(valueArbitrary, fc.constant(null)), { maxLength: 50 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.integer({ min: 1, max: 4 }),
        (values, cuts, filterCount) => {
          const rule = compileAlarmRule(buildRule({ filterCount, deadBand: 0.5 }));
          const samples = values.map((value, index) => ({
            time: T0 + index * SECOND,
            receivedAt: T0 + index * SECOND,
            value,
          }));
          const whole = evaluateRuleSamples(rule, null, samples);
          const points = [...new Set(cuts.map((cut) => cut % (samples.length + 1)))].sort((a, b) => a - b);
          let state: AlarmRuleState | null = null;
          const transitions: AlarmTransition[] = [];
          let from = 0;
          for (const to of [...points, samples.length]) {
            // Each part may be evaluated by a different node after a restart: only the stored JSON passes.
            const part = evaluateRuleSamples(compileAlarmRule(rule.rule), state, samples.slice(from, to));
            transitions.push(...part.transitions);
            state = roundTrip(part.state);
            from = to;
          }
          expect(transitions).toEqual(whole.transitions);
          expect(state).toEqual(whole.state);
        },
      ),
    );
  });

  it('gives no new transitions when the same samples arrive again, whole or in part', () => {
    fc.assert(
      fc.property(
        fc.array(valueArbitrary, { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.integer({ min: 1, max: 3 }),
        (values, start, filterCount) => {
          const rule = compileAlarmRule(buildRule({ filterCount }));
          const samples = samplesAt(values);
          const first = evaluateRuleSamples(rule, null, samples);
          const resent = samples.slice(start % samples.length);
          const again = evaluateRuleSamples(rule, roundTrip(first.state), resent);
          expect(again.transitions).toEqual([]);
          expect(again.state).toEqual(first.state);
          expect(again.skipped).toHaveLength(resent.length);
        },
      ),
    );
  });

  it('evaluates a batch the same whatever its order and however often a sample repeats in it', () => {
    fc.assert(
      fc.property(
        fc.array(valueArbitrary, { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (values, repeats, seed) => {
          const rule = compileAlarmRule(buildRule({ filterCount: 2 }));
          const samples = samplesAt(values);
          const expected = evaluateRuleSamples(rule, null, samples);
          const noisy = [
            ...samples,
            ...repeats.flatMap((index) => (samples.length ? [samples[index % samples.length]!] : [])),
          ];
          const shuffled = noisy
            .map((sample, index) => ({ sample, order: (index * 7919 + seed) % 10007 }))
            .sort((a, b) => a.order - b.order)
            .map((entry) => entry.sample);
          const result = evaluateRuleSamples(rule, null, shuffled);
          expect(result.transitions).toEqual(expected.transitions);
          expect(result.state).toEqual(expected.state);
        },
      ),
    );
  });
});
