import { describe, expect, it } from 'vitest';
import { FORMULA_CONSTANTS, FORMULA_FUNCTIONS, roundHalfAwayFromZero } from './functions.ts';
import { errorOf, valueOf } from './test-support.ts';

/** Worked examples per function; the registry test keeps this table complete. */
const EXAMPLES: Record<string, ReadonlyArray<readonly [string, number]>> = {
  abs: [
    ['abs(-3.5)', 3.5],
    ['abs(2)', 2],
  ],
  min: [
    ['min(3, -1, 2)', -1],
    ['min(4)', 4],
  ],
  max: [
    ['max(3, -1, 2)', 3],
    ['max(true, 0)', 1],
  ],
  round: [
    ['round(2.5)', 3],
    ['round(-2.5)', -3],
    ['round(1.005, 2)', 1.01],
    ['round(1234.5678, 1)', 1234.6],
    ['round(1250, -2)', 1300],
    ['round(0.1 + 0.2, 10)', 0.3],
  ],
  floor: [
    ['floor(-1.5)', -2],
    ['floor(1.9)', 1],
  ],
  ceil: [
    ['ceil(-1.5)', -1],
    ['ceil(1.1)', 2],
  ],
  trunc: [
    ['trunc(-1.7)', -1],
    ['trunc(1.7)', 1],
  ],
  sqrt: [['sqrt(16)', 4]],
  pow: [
    ['pow(2, 10)', 1024],
    ['pow(4, 0.5)', 2],
  ],
  exp: [
    ['exp(0)', 1],
    ['exp(1)', Math.E],
  ],
  log: [
    ['log(E)', 1],
    ['log(1)', 0],
  ],
  log10: [['log10(1000)', 3]],
  log2: [['log2(1024)', 10]],
  sin: [
    ['sin(PI / 2)', 1],
    ['sin(0)', 0],
  ],
  cos: [
    ['cos(0)', 1],
    ['cos(PI)', -1],
  ],
  tan: [
    ['tan(0)', 0],
    ['tan(PI / 4)', Math.tan(Math.PI / 4)],
  ],
  asin: [['asin(1)', Math.PI / 2]],
  acos: [['acos(1)', 0]],
  atan: [['atan(1)', Math.PI / 4]],
  atan2: [
    ['atan2(1, 0)', Math.PI / 2],
    ['atan2(0, -1)', Math.PI],
  ],
  sign: [
    ['sign(-7)', -1],
    ['sign(0)', 0],
    ['sign(0.2)', 1],
  ],
  clamp: [
    ['clamp(120, 0, 100)', 100],
    ['clamp(-5, 0, 100)', 0],
    ['clamp(42, 0, 100)', 42],
  ],
  hypot: [
    ['hypot(3, 4)', 5],
    ['hypot(-2)', 2],
  ],
  bit: [
    ['bit(8, 3)', 1],
    ['bit(8, 2)', 0],
    ['bit(-1, 63)', 1],
    ['bit(2 ** 40, 40)', 1],
  ],
  bits: [
    ['bits(0xABCD, 4, 8)', 0xbc],
    ['bits(0xABCD, 0, 4)', 0xd],
    ['bits(-1, 0, 16)', 0xffff],
    ['bits(-1, 60, 10)', 0xf],
  ],
};

describe('function registry', () => {
  it('has worked examples for every function, and every example names a real function', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...FORMULA_FUNCTIONS.keys()].sort());
  });

  it('describes every function in both languages with a signature matching its arity', () => {
    for (const definition of FORMULA_FUNCTIONS.values()) {
      expect(definition.description.en.length, definition.name).toBeGreaterThan(0);
      expect(definition.description.zh.length, definition.name).toBeGreaterThan(0);
      expect(definition.signature.startsWith(`${definition.name}(`)).toBe(true);
      expect(definition.minArguments).toBeLessThanOrEqual(definition.maxArguments);
    }
  });

  it.each(Object.entries(EXAMPLES))('%s', (_, examples) => {
    for (const [source, expected] of examples) expect(valueOf(source), source).toBeCloseTo(expected, 12);
  });

  it('knows the constants PI and E', () => {
    expect([...FORMULA_CONSTANTS.keys()]).toEqual(['PI', 'E']);
    expect(valueOf('PI')).toBe(Math.PI);
    expect(valueOf('E')).toBe(Math.E);
  });

  it('rounds exactly at decimal halves, where multiplying by 10^digits would not', () => {
    expect(roundHalfAwayFromZero(1.005, 2)).toBe(1.01);
    expect(roundHalfAwayFromZero(-1.005, 2)).toBe(-1.01);
    expect(roundHalfAwayFromZero(8.345, 2)).toBe(8.35);
    expect(roundHalfAwayFromZero(1e-7, 7)).toBe(1e-7);
    expect(roundHalfAwayFromZero(123.456, 0)).toBe(123);
  });
});

describe('function argument checks', () => {
  it('refuses a wrong number of arguments when the formula is written', () => {
    expect(errorOf('abs(1, 2)')).toMatchObject({ code: '1508', kind: 'wrong-arity', column: 1 });
    expect(errorOf('1 + round()').detail.en).toBe('round() takes 1-2 argument(s), got 0 (column 5)');
    expect(errorOf('max()').detail.en).toContain('takes 1+ argument(s)');
    expect(errorOf('clamp(1, 2)').detail.zh).toBe('clamp() 需要 3 个参数，实际 2 个（第 1 列）');
  });

  it('refuses bit positions and counts outside the supported range', () => {
    const error = errorOf('bit(x, 64)', { x: 1 });
    expect(error).toMatchObject({ kind: 'argument-out-of-range', column: 1 });
    expect(error.detail.en).toBe('bit() argument n at column 1 must be an integer from 0 to 63, got 64');
    expect(errorOf('bit(1.5, 0)').kind).toBe('argument-out-of-range');
    expect(errorOf('bits(1, 0, 0)').detail.en).toContain('argument count');
    expect(errorOf('bits(1, 0, 54)').kind).toBe('argument-out-of-range');
    expect(errorOf('round(1, 0.5)').detail.en).toContain('argument digits');
    expect(errorOf('round(1, 16)').kind).toBe('argument-out-of-range');
  });

  it('refuses clamp bounds in the wrong order', () => {
    expect(errorOf('clamp(5, 10, 0)')).toMatchObject({ kind: 'bad-bounds', code: '1508' });
  });

  it('refuses results outside the real numbers', () => {
    for (const source of [
      'sqrt(-1)',
      'log(0)',
      'log10(-1)',
      'asin(2)',
      'acos(-1.5)',
      'exp(1000)',
      'pow(-8, 1 / 3)',
    ]) {
      const error = errorOf(source);
      expect(error.kind, source).toBe('not-finite');
      expect(error.detail.en, source).toContain(`${source.slice(0, source.indexOf('('))}()`);
    }
  });
});
