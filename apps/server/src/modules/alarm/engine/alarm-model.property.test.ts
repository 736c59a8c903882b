/**
 * The alarm engine against a reference model of what an alarm is (docs/alarms.md), over random
 * sequences of samples, held values (time passing with no sample, the sweep), set-point changes,
 * rule edits, restarts (the state through JSON, as the database keeps it) and replays (samples
 * that arrive minutes after their time). Both must raise and release the same alarms at the same
 * times with the same values, reasons and late flags — what records and notices are made of.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LATE_SAMPLE_THRESHOLD_MS, type AlarmRule, type AlarmRuleState } from '@lyyp/contracts/alarm';
import { SECOND, T0, buildRule } from './alarm-test-support.ts';
import { compileAlarmRule } from './rule-condition.ts';
import { evaluateRuleSamples, settleRule, type AlarmTransition } from './rule-evaluator.ts';

const POLL_MS = SECOND;
const REPLAY_DELAY_MS = 2 * 60 * SECOND;

interface Config {
  readonly filterCount: number;
  readonly deadBand: number;
  /** A constant limit, or null: the rule compares with the set point variable. */
  readonly limit: number | null;
}

type Step =
  | { readonly kind: 'sample'; readonly dt: number; readonly value: number | null }
  | { readonly kind: 'setpoint'; readonly dt: number; readonly value: number }
  | { readonly kind: 'hold'; readonly dt: number }
  | { readonly kind: 'edit'; readonly dt: number; readonly config: Config }
  | { readonly kind: 'restart' }
  | { readonly kind: 'replay'; readonly dt: number; readonly values: readonly number[] };

interface Outcome {
  readonly kind: 'raise' | 'release';
  readonly at: number;
  readonly value: number | string | boolean | null;
  readonly late: boolean;
  readonly reason?: string;
}

/** Values on a half grid around 80, so the limit and the dead band are met exactly now and then. */
const value = fc.integer({ min: 150, max: 170 }).map((step) => step / 2);
const dt = fc.integer({ min: 1, max: 6 }).map((step) => step * 500);
const config = fc.record({
  filterCount: fc.integer({ min: 1, max: 4 }),
  deadBand: fc.constantFrom(0, 1, 2.5),
  limit: fc.constantFrom(80, 82, null),
});
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('sample' as const), dt, value: fc.option(value, { freq: 12 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('setpoint' as const), dt, value }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('hold' as const),
      dt: fc.integer({ min: 1, max: 8 }).map((n) => n * 1000),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('edit' as const), dt, config }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('replay' as const),
      dt,
      values: fc.array(value, { minLength: 1, maxLength: 4 }),
    }),
  },
);

function ruleOf(config: Config): AlarmRule {
  return buildRule({
    filterCount: config.filterCount,
    deadBand: config.deadBand,
    condition:
      config.limit === null
        ? { operator: 'gt', limit: { kind: 'variable', key: 'setp' } }
        : { operator: 'gt', limit: { kind: 'value', value: config.limit } },
  });
}

/**
 * The reference: a high alarm with dead band, whose filter count N means N consecutive polls — a
 * value holds until the next sample, so a run of matching values raises once it has held for
 * (N − 1) poll intervals (or at the N-th matching sample); known to have held through a due time
 * from a later sample or from the sweep. Written from the documentation, without the engine.
 */
function model(initial: Config, steps: readonly Step[]): Outcome[] {
  const out: Outcome[] = [];
  let cfg = initial;
  let now = T0;
  let subject: number | null | undefined;
  let setp: number | undefined;
  let active = false;
  let raisedAt = 0;
  let run: { start: number; count: number; value: number } | null = null;
  let last: number | null = null;
  const limitNow = () => (cfg.limit === null ? setp : cfg.limit);
  const due = () => (run ? run.start + (cfg.filterCount - 1) * POLL_MS : Infinity);
  const raise = (at: number, v: number, knownAt: number) => {
    out.push({ kind: 'raise', at, value: v, late: knownAt - at > LATE_SAMPLE_THRESHOLD_MS });
    active = true;
    raisedAt = at;
    run = null;
  };
  /** The rule looks at time t (a sample of what it reads), received at r. */
  const look = (t: number, r: number) => {
    if (last !== null && t <= last) return;
    if (!active && run && due() < t) raise(due(), run.value, r);
    last = t;
    const limit = limitNow();
    if (subject === null || subject === undefined || limit === undefined) {
      run = null;
      return;
    }
    const v = subject;
    if (active) {
      if (v <= limit - cfg.deadBand) {
        out.push({
          kind: 'release',
          at: t,
          value: v,
          late: r - t > LATE_SAMPLE_THRESHOLD_MS,
          reason: 'condition-cleared',
        });
        active = false;
      }
      return;
    }
    if (!(v > limit)) {
      run = null;
      return;
    }
    run = run ? { ...run, count: run.count + 1, value: v } : { start: t, count: 1, value: v };
    if (run.count >= cfg.filterCount || t >= due()) raise(t, v, r);
  };
  for (const item of steps) {
    if (item.kind === 'restart') continue;
    now += item.dt;
    if (item.kind === 'sample') {
      subject = item.value;
      look(now, now);
    } else if (item.kind === 'setpoint') {
      setp = item.value;
      // A comparing rule looks at each change of the set point (once its own variable has a value).
      if (cfg.limit === null && subject !== undefined) look(now, now);
    } else if (item.kind === 'replay') {
      const times = item.values.map((_, index) => now + index * 500);
      item.values.forEach((v, index) => {
        subject = v;
        look(times[index]!, times.at(-1)! + REPLAY_DELAY_MS);
      });
      now = times.at(-1)!;
    } else if (item.kind === 'hold') {
      if (!active && run && due() <= now) {
        const at = due();
        raise(at, run.value, now);
        last = Math.max(last ?? at, at);
      }
    } else {
      const same = JSON.stringify(item.config) === JSON.stringify(cfg);
      cfg = item.config;
      if (same) continue;
      const limit = limitNow();
      const known = typeof subject === 'number' && limit !== undefined;
      run = null;
      if (active) {
        if (known && subject! <= limit - cfg.deadBand) {
          out.push({
            kind: 'release',
            at: Math.max(now, raisedAt),
            value: subject!,
            late: false,
            reason: 'rule-changed',
          });
          active = false;
        }
        continue;
      }
      if (known && subject! > limit) {
        run = { start: now, count: 1, value: subject! };
        if (cfg.filterCount <= 1) raise(now, subject!, now);
      }
    }
  }
  return out;
}

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
