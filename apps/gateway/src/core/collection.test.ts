import { describe, expect, it } from 'vitest';
import { ChangeFilter } from './change-filter.ts';
import { collectSample, roundToDecimals } from './collection.ts';
import { resolvePoints } from './points.ts';
import { buildModel, buildPoint, buildVariable } from './testing/model-builders.ts';
import { sharedFormulaEngine } from './shared-formula-engine.ts';
import type { Sample } from './samples.ts';

describe('collection', () => {
  it('rounds to the variable decimals, half away from zero', () => {
    expect(roundToDecimals(1.005, 2)).toBe(1.01);
    expect(roundToDecimals(-2.5, 0)).toBe(-3);
    expect(roundToDecimals(123.45600128173828, 1)).toBe(123.5);
    expect(roundToDecimals(-0.04, 1)).toBe(0);
    expect(Object.is(roundToDecimals(-0.04, 1), -0)).toBe(false);
  });

  it('applies the collection formula and decimals to the decoded value', () => {
    const point = buildPoint({ key: 'flue', dataType: 'short', collectionFormula: 'x / 10', decimals: 1 });
    expect(collectSample(point, [0xfff3], 5)).toEqual({
      kind: 'reading',
      key: 'flue',
      value: -1.3,
      raw: -13,
      at: 5,
    });
  });

  it('flags values outside the collection limits and keeps them', () => {
    const point = buildPoint({
      key: 'level',
      collectionFormula: 'x / 10',
      decimals: 1,
      collectionLowerLimit: 25,
      collectionUpperLimit: 85,
    });
    expect(collectSample(point, [240], 0)).toMatchObject({ value: 24, limit: 'below' });
    expect(collectSample(point, [851], 0)).toMatchObject({ value: 85.1, limit: 'above' });
    expect(collectSample(point, [850], 0)).not.toHaveProperty('limit');
  });

  it('adds the state mapping text', () => {
    const point = buildPoint({
      key: 'mode',
      stateMapping: [
        { value: 0, text: 'off' },
        { value: 2, text: 'auto' },
      ],
    });
    expect(collectSample(point, [2], 0)).toMatchObject({ value: 2, text: 'auto' });
    expect(collectSample(point, [1], 0)).not.toHaveProperty('text');
  });

  it('turns a formula that yields no number into 1600000', () => {
    const point = buildPoint({ key: 'ratio', collectionFormula: '100 / x' });
    expect(collectSample(point, [0], 0)).toMatchObject({ kind: 'fault', code: '1600000' });
  });

  it('rejects variables whose collection formula the engine does not support', () => {
    const model = buildModel([
      buildVariable({ key: 'good', collectionFormula: 'x * 2' }),
      buildVariable({ key: 'bad', collectionFormula: 'noSuchFunction(x)' }),
      buildVariable({ key: 'badWrite', readWrite: 'read-write', writeFormula: 'noSuchFunction(x)' }),
    ]);
    const resolved = resolvePoints(model, sharedFormulaEngine);
    expect(resolved.rejected).toEqual([{ key: 'bad', code: '1600000' }]);
    expect(resolved.points.map((point) => point.key)).toEqual(['good', 'badWrite']);
  });
});

describe('dead zone and state changes', () => {
  const reading = (value: number | string, extra: Partial<Sample> = {}): Sample =>
    ({ kind: 'reading', key: 't', value, raw: value, at: 0, ...extra }) as Sample;
  const fault = (code: '1740' | '1732'): Sample => ({ kind: 'fault', key: 't', code, at: 0 });

  it('reports a value only when it moved more than the dead zone from the last reported one', () => {
    const filter = new ChangeFilter();
    const reported = [20, 20.1, 20.2, 20.21, 20.3, 20.1, 20.5].filter((value) =>
      filter.accept(reading(value), 0.2),
    );
    expect(reported).toEqual([20, 20.21, 20.5]);
  });

  it('does not let floating point push a change exactly at the dead zone over it', () => {
    const filter = new ChangeFilter();
    expect(filter.accept(reading(62), 0.2)).toBe(true);
    expect(filter.accept(reading(62.2), 0.2)).toBe(false);
    expect(filter.accept(reading(62.2000001), 0.2)).toBe(true);
  });

  it('reports every change when the dead zone is 0, and nothing when nothing changed', () => {
    const filter = new ChangeFilter();
    const reported = [1, 1, 2, 2, 1].filter((value) => filter.accept(reading(value), 0));
    expect(reported).toEqual([1, 2, 1]);
  });

  it('reports state changes inside the dead zone', () => {
    const filter = new ChangeFilter();
    expect(filter.accept(reading(84.9), 5)).toBe(true);
    expect(filter.accept(reading(85.1, { limit: 'above' }), 5)).toBe(true);
    expect(filter.accept(reading(85.2, { limit: 'above' }), 5)).toBe(false);
    expect(filter.accept(reading(85.2, { limit: 'above', text: 'hot' }), 5)).toBe(true);
  });

  it('reports a fault once per code and the recovery after it', () => {
    const filter = new ChangeFilter();
    expect(filter.accept(reading(1), 10)).toBe(true);
    expect(filter.accept(fault('1740'), 10)).toBe(true);
    expect(filter.accept(fault('1740'), 10)).toBe(false);
    expect(filter.accept(fault('1732'), 10)).toBe(true);
    expect(filter.accept(reading(1), 10)).toBe(true);
  });

  it('reports text values when they change', () => {
    const filter = new ChangeFilter();
    expect(['A', 'A', 'B'].filter((value) => filter.accept(reading(value), 100))).toEqual(['A', 'B']);
  });
});
