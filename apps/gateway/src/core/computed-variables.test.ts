import { describe, expect, it } from 'vitest';
import { ComputedVariables } from './computed-variables.ts';
import type { Sample } from './samples.ts';
import { buildModel, buildVariable } from './testing/model-builders.ts';

const reading = (key: string, value: number): Sample => ({ kind: 'reading', key, value, raw: value, at: 1 });

const model = buildModel([
  buildVariable({ key: 'voltage', address: '0' }),
  buildVariable({ key: 'current', address: '1' }),
  // Written before what it reads: the order comes from the formulas, not the list.
  { key: 'cost', name: 'cost', kind: 'intermediate', dataType: 'float', formula: 'power * 0.5', decimals: 2 },
  {
    key: 'power',
    name: 'power',
    kind: 'intermediate',
    dataType: 'float',
    formula: 'voltage * current',
    decimals: 1,
  },
  {
    key: 'energy',
    name: 'energy',
    kind: 'summary',
    dataType: 'double',
    formula: 'energy + power',
    decimals: 1,
  },
  { key: 'mode', name: 'mode', kind: 'internal', dataType: 'unshort' },
  {
    key: 'overload',
    name: 'overload',
    kind: 'intermediate',
    dataType: 'boolean',
    formula: 'power > 1000',
    stateMapping: [{ value: 1, text: 'overload' }],
  },
]);

const valuesOf = (samples: Sample[]) =>
  Object.fromEntries(
    samples.map((sample) => [sample.key, sample.kind === 'reading' ? sample.value : sample.code]),
  );

describe('ComputedVariables', () => {
  it("computes in dependency order from this cycle's values, with decimals and state texts", () => {
    const computed = new ComputedVariables(model);
    expect(computed.order.map((entry) => entry.variable.key)).toEqual([
      'power',
      'cost',
      'energy',
      'overload',
    ]);
    computed.take([reading('voltage', 220), reading('current', 5.01)]);
    const samples = computed.compute(10);
    expect(valuesOf(samples)).toEqual({ power: 1102.2, cost: 551.1, energy: 1102.2, overload: 1 });
    expect(samples.find((sample) => sample.key === 'overload')).toMatchObject({ text: 'overload' });
  });

  it('accumulates a summary over cycles and starts it from the value kept before a restart', () => {
    const computed = new ComputedVariables(model, { energy: 100, mode: 3 });
    computed.take([reading('voltage', 10), reading('current', 1)]);
    computed.compute(1);
    const second = computed.compute(2);
    expect(valuesOf(second).energy).toBe(120);
    expect(computed.keptValues()).toEqual({ energy: 120, mode: 3 });
  });

  it('reports a formula that cannot be computed as a fault and keeps the summary total', () => {
    const computed = new ComputedVariables(model, { energy: 7 });
    computed.take([{ kind: 'fault', key: 'current', code: '1715', at: 1 }, reading('voltage', 220)]);
    expect(valuesOf(computed.compute(3))).toEqual({
      power: '1508',
      cost: '1508',
      energy: '1508',
      overload: '1508',
    });
    expect(computed.get('energy')).toBe(7);
    expect(computed.get('power')).toBeUndefined();
  });

  it('holds internal values set by scripts or writes, and refuses variables it does not keep', () => {
    const computed = new ComputedVariables(model);
    expect(computed.set('mode', 2, 5)).toMatchObject({ kind: 'reading', key: 'mode', value: 2 });
    expect(computed.get('mode')).toBe(2);
    expect(computed.set('voltage', 2, 5)).toBeNull();
    expect(computed.isKept('mode')).toBe(true);
    expect(computed.isKept('power')).toBe(false);
  });

  it('sets a formula in a cycle aside as a fault and computes the rest', () => {
    const looped = buildModel([
      buildVariable({ key: 'voltage' }),
      { key: 'a', name: 'a', kind: 'intermediate', dataType: 'float', formula: 'b + 1' },
      { key: 'b', name: 'b', kind: 'intermediate', dataType: 'float', formula: 'a + 1' },
      { key: 'c', name: 'c', kind: 'intermediate', dataType: 'float', formula: 'voltage * 2' },
    ]);
    const computed = new ComputedVariables(looped);
    computed.take([reading('voltage', 4)]);
    const values = valuesOf(computed.compute(1));
    expect(values.c).toBe(8);
    expect(computed.rejected.map((item) => item.code)).toContain('1508');
    expect(Object.values(values).filter((value) => value === '1508').length).toBeGreaterThanOrEqual(1);
  });
});
