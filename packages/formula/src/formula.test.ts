import { FORMULA_VALUE_VARIABLE } from '@lyyp/contracts/formula';
import { describe, expect, it } from 'vitest';
import { compileFormula, evaluateCondition, evaluateNumber, type Formula } from './formula.ts';
import { errorOf, valueOf } from './test-support.ts';

function compiled(source: string, variables?: readonly string[]): Formula {
  const result = compileFormula(source, variables ? { variables } : {});
  if (!result.ok) throw new Error(result.error.message);
  return result.formula;
}

describe('compileFormula', () => {
  it('lists the variables a formula reads, once each, in order, without constants or functions', () => {
    expect(compiled('abs(b - a) >= 5 && a > PI || b == E + a').variables).toEqual(['b', 'a']);
    expect(compiled('round(2.5)').variables).toEqual([]);
    expect(compiled('false && late').variables).toEqual(['late']);
  });

  it('keeps the source and can be evaluated many times with different values', () => {
    const formula = compiled('x * 0.1 - 40', [FORMULA_VALUE_VARIABLE]);
    expect(formula.source).toBe('x * 0.1 - 40');
    expect(formula.evaluate({ x: 400 })).toEqual({ ok: true, value: 0 });
    expect(formula.evaluate({ x: 650 })).toEqual({ ok: true, value: 25 });
  });

  it('gives a formula that cannot be changed by its users', () => {
    const formula = compiled('a + b');
    expect(Object.isFrozen(formula)).toBe(true);
    expect(Object.isFrozen(formula.variables)).toBe(true);
  });

  it('evaluates through a detached evaluate function', () => {
    const { evaluate } = compiled('a * 2');
    expect(evaluate({ a: 4 })).toEqual({ ok: true, value: 8 });
  });
});

describe('scopes', () => {
  it('reads values from an object, a Map or a lookup function', () => {
    const formula = compiled('temp > 80 && pump == 1');
    expect(formula.evaluate({ temp: 90, pump: 1 })).toEqual({ ok: true, value: true });
    expect(
      formula.evaluate(
        new Map<string, number | boolean>([
          ['temp', 90],
          ['pump', true],
        ]),
      ),
    ).toEqual({ ok: true, value: true });
    expect(formula.evaluate((name) => (name === 'temp' ? 70 : 1))).toEqual({ ok: true, value: false });
  });

  it('reports a variable without a value, pointing at it', () => {
    const error = errorOf('temp + offset', { temp: 1 });
    expect(error).toMatchObject({ code: '1508', kind: 'missing-variable', start: 7, end: 13, column: 8 });
    expect(error.detail.en).toBe("variable 'offset' at column 8 has no value");
    expect(errorOf('a', undefined).kind).toBe('missing-variable');
  });

  it('refuses values that are not finite numbers or booleans', () => {
    const values: unknown[] = [Number.NaN, Number.POSITIVE_INFINITY, '12', null, {}, [1]];
    for (const value of values) {
      const result = compiled('a + 1').evaluate({ a: value } as never);
      expect(result.ok, String(value)).toBe(false);
      if (!result.ok) expect(result.error.kind).toBe('bad-value');
    }
    expect(errorOf('a', { a: 'on' } as never).detail.en).toBe(
      `variable 'a' at column 1 is not a finite number or boolean: "on"`,
    );
  });
});

describe('no way out to the host', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'])(
    "%s is only a variable, read from the scope's own values",
    (name) => {
      expect(errorOf(name, {}).kind).toBe('missing-variable');
      expect(errorOf(name, new Map()).kind).toBe('missing-variable');
      expect(valueOf(`${name} + 1`, { [name]: 2 })).toBe(3);
    },
  );

  it('does not read inherited values of the scope object', () => {
    const scope = Object.create({ inherited: 5 }) as Record<string, number>;
    expect(errorOf('inherited', scope).kind).toBe('missing-variable');
  });

  it('does not let names of Object.prototype be called as functions', () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'eval', 'Function']) {
      expect(errorOf(`${name}(1)`)).toMatchObject({ code: '1600000', kind: 'unknown-function' });
    }
  });

  it('has no syntax to reach properties or build strings', () => {
    expect(errorOf('x.constructor', { x: 1 }).code).toBe('1600000');
    expect(errorOf("x['constructor']", { x: 1 }).code).toBe('1600000');
  });
});

describe('evaluateNumber', () => {
  it('converts raw register values with collection formulas', () => {
    expect(evaluateNumber('x * 0.1 - 40', { x: 655 })).toEqual({ ok: true, value: 25.5 });
    expect(evaluateNumber('(x >> 4) & 0x0F', { x: 0xab })).toEqual({ ok: true, value: 0xa });
    expect(evaluateNumber('bit(x, 3)', { x: 0b1000 })).toEqual({ ok: true, value: 1 });
  });

  it('converts engineering values back with write formulas', () => {
    expect(evaluateNumber('round((x + 40) * 10)', { x: 25.5 })).toEqual({ ok: true, value: 655 });
  });

  it('answers 1 or 0 for a boolean result', () => {
    expect(evaluateNumber('x > 1', { x: 2 })).toEqual({ ok: true, value: 1 });
    expect(evaluateNumber('x > 1', { x: 0 })).toEqual({ ok: true, value: 0 });
  });

  it('returns compile and evaluation errors rather than throwing', () => {
    expect(evaluateNumber('x +', { x: 1 })).toMatchObject({ ok: false, error: { kind: 'unexpected-end' } });
    expect(evaluateNumber('x / 0', { x: 1 })).toMatchObject({
      ok: false,
      error: { kind: 'division-by-zero' },
    });
  });

  it('takes a compiled formula as well as text', () => {
    expect(evaluateNumber(compiled('x * 2'), { x: 3 })).toEqual({ ok: true, value: 6 });
  });
});

describe('evaluateCondition', () => {
  it('evaluates alarm conditions over named signals', () => {
    const condition = compiled('temp > 80 && pump == 1');
    expect(evaluateCondition(condition, { temp: 85, pump: 1 })).toEqual({ ok: true, value: true });
    expect(evaluateCondition(condition, { temp: 85, pump: 0 })).toEqual({ ok: true, value: false });
    expect(evaluateCondition('abs(a - b) >= 5', { a: 10, b: 4 })).toEqual({ ok: true, value: true });
  });

  it('reads a number as true when it is not 0', () => {
    expect(evaluateCondition('bit(x, 2)', { x: 4 })).toEqual({ ok: true, value: true });
    expect(evaluateCondition('x - 3', { x: 3 })).toEqual({ ok: true, value: false });
    expect(evaluateCondition('x', { x: -0.001 })).toEqual({ ok: true, value: true });
  });

  it('returns an error rather than treating a failed evaluation as false', () => {
    expect(evaluateCondition('a / b > 1', { a: 1, b: 0 })).toMatchObject({
      ok: false,
      error: { code: '1508' },
    });
    expect(evaluateCondition('a > 1', {})).toMatchObject({ ok: false, error: { kind: 'missing-variable' } });
  });
});
