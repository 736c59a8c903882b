/**
 * A reference model of alarm evaluation (docs/alarms.md), written without the engine, and random
 * step sequences to drive it and the platform with: samples, held values (time passing with no
 * sample), set-point changes, rule edits, restarts and replays. Used by the engine's property test
 * and by the evaluation service's against the database.
 */
import fc from 'fast-check';
import { LATE_SAMPLE_THRESHOLD_MS, type AlarmRule } from '@lyyp/contracts/alarm';
import { SECOND, T0, buildRule } from './alarm-test-support.ts';

export const POLL_MS = SECOND;
export const REPLAY_DELAY_MS = 2 * 60 * SECOND;

export interface Config {
  readonly filterCount: number;
  readonly deadBand: number;
  /** A constant limit, or null: the rule compares with the set point variable. */
  readonly limit: number | null;
}

export type Step =
  | { readonly kind: 'sample'; readonly dt: number; readonly value: number | null }
  | { readonly kind: 'setpoint'; readonly dt: number; readonly value: number }
  | { readonly kind: 'hold'; readonly dt: number }
  | { readonly kind: 'edit'; readonly dt: number; readonly config: Config }
  | { readonly kind: 'restart' }
  | { readonly kind: 'replay'; readonly dt: number; readonly values: readonly number[] };

export interface Outcome {
  readonly kind: 'raise' | 'release';
  readonly at: number;
  readonly value: number | string | boolean | null;
  readonly late: boolean;
  readonly reason?: string;
}

/** Values on a half grid around 80, so the limit and the dead band are met exactly now and then. */
export const value = fc.integer({ min: 150, max: 170 }).map((step) => step / 2);
export const dt = fc.integer({ min: 1, max: 6 }).map((step) => step * 500);
export const config = fc.record({
  filterCount: fc.integer({ min: 1, max: 4 }),
  deadBand: fc.constantFrom(0, 1, 2.5),
  limit: fc.constantFrom(80, 82, null),
});
export const step: fc.Arbitrary<Step> = fc.oneof(
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

export function ruleOf(config: Config): AlarmRule {
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
export function model(initial: Config, steps: readonly Step[], start = T0): Outcome[] {
  const out: Outcome[] = [];
  let cfg = initial;
  let now = start;
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
