import { describe, expect, it } from 'vitest';
import { BINARY_OPERATORS, UNARY_OPERATORS } from './operators.ts';
import { errorOf, valueOf } from './test-support.ts';

/** One worked example per operator; the registry test below keeps this list complete. */
const BINARY_EXAMPLES: Record<string, readonly [string, number | boolean]> = {
  '||': ['0 || 2', true],
  '&&': ['1 && 0', false],
  '==': ['0.5 == 1 / 2', true],
  '!=': ['3 != 3', false],
  '<': ['2 < 2', false],
  '<=': ['2 <= 2', true],
  '>': ['3 > 2', true],
  '>=': ['1 >= 2', false],
  '|': ['0b1010 | 0b0101', 15],
  '^': ['0b1100 ^ 0b1010', 6],
  '&': ['0xF0 & 0x3C', 0x30],
  '<<': ['1 << 4', 16],
  '>>': ['-16 >> 2', -4],
  '>>>': ['-1 >>> 28', 15],
  '+': ['0.5 + 2', 2.5],
  '-': ['2 - 5', -3],
  '*': ['-3 * 4', -12],
  '/': ['7 / 2', 3.5],
  '%': ['-7 % 3', -1],
  '**': ['9 ** 0.5', 3],
};

const UNARY_EXAMPLES: Record<string, readonly [string, number | boolean]> = {
  '-': ['-(2 - 5)', 3],
  '+': ['+true', 1],
  '!': ['!0', true],
  '~': ['~0x0F', -16],
};

describe('operators', () => {
  it('has a worked example for every operator in the tables', () => {
    expect(Object.keys(BINARY_EXAMPLES).sort()).toEqual([...BINARY_OPERATORS.keys()].sort());
    expect(Object.keys(UNARY_EXAMPLES).sort()).toEqual([...UNARY_OPERATORS.keys()].sort());
  });

  it.each(Object.entries(BINARY_EXAMPLES))('binary %s', (_, [source, expected]) => {
    expect(valueOf(source)).toBe(expected);
  });

  it.each(Object.entries(UNARY_EXAMPLES))('unary %s', (_, [source, expected]) => {
    expect(valueOf(source)).toBe(expected);
  });

  it('reads booleans as 1 and 0 in arithmetic and comparisons', () => {
    expect(valueOf('true + true')).toBe(2);
    expect(valueOf('pump == 1', { pump: true })).toBe(true);
    expect(valueOf('pump * 10', { pump: false })).toBe(0);
    expect(valueOf('-false')).toBe(0);
  });

  it('answers logic with booleans and reads numbers as true when not 0', () => {
    expect(valueOf('2 && 3')).toBe(true);
    expect(valueOf('0 || 0')).toBe(false);
    expect(valueOf('!5')).toBe(false);
    expect(valueOf('!!-0.1')).toBe(true);
  });
});

describe('short-circuit', () => {
  it('does not evaluate the right side of && when the left is false', () => {
    expect(valueOf('b != 0 && a / b > 1', { a: 5, b: 0 })).toBe(false);
    expect(valueOf('false && missing > 1')).toBe(false);
  });
  it('does not evaluate the right side of || when the left is true', () => {
    expect(valueOf('b == 0 || a / b > 1', { a: 5, b: 0 })).toBe(true);
    expect(valueOf('1 || missing')).toBe(true);
  });
  it('evaluates only the chosen branch of ?:', () => {
    expect(valueOf('b == 0 ? 0 : a / b', { a: 5, b: 0 })).toBe(0);
    expect(valueOf('b == 0 ? 0 : a / b', { a: 5, b: 2 })).toBe(2.5);
  });
  it('still evaluates the right side when it decides', () => {
    expect(errorOf('true && missing > 1').kind).toBe('missing-variable');
    expect(errorOf('false || 1 / 0').kind).toBe('division-by-zero');
  });
});

describe('32-bit bitwise operators', () => {
  it('takes operands as signed or unsigned 32-bit integers and answers as JavaScript does', () => {
    expect(valueOf('0xFFFFFFFF & 0xFF')).toBe(0xff);
    expect(valueOf('0x80000000 | 0')).toBe(-0x80000000);
    expect(valueOf('0x80000000 >>> 0')).toBe(0x80000000);
    expect(valueOf('-2147483648 ^ 0')).toBe(-2147483648);
    expect(valueOf('~0')).toBe(-1);
    expect(valueOf('~0 >>> 0')).toBe(0xffffffff);
    expect(valueOf('(x >> 4) & 0x0F', { x: 0x1234 })).toBe(3);
  });

  it('refuses fractions and numbers outside 32 bits instead of truncating them', () => {
    expect(errorOf('1.5 & 1')).toMatchObject({ code: '1508', kind: 'operand-out-of-range', column: 5 });
    expect(errorOf('0x100000000 | 0').kind).toBe('operand-out-of-range');
    expect(errorOf('-2147483649 & 1').kind).toBe('operand-out-of-range');
    expect(errorOf('~0.5').kind).toBe('operand-out-of-range');
  });

  it('accepts shift counts from 0 to 31 only', () => {
    expect(valueOf('1 << 31')).toBe(-0x80000000);
    expect(valueOf('1 << 0')).toBe(1);
    const tooFar = errorOf('1 << 32');
    expect(tooFar.kind).toBe('operand-out-of-range');
    expect(tooFar.detail.en).toContain('from 0 to 31, got 32');
    expect(errorOf('8 >> -1').kind).toBe('operand-out-of-range');
  });
});

describe('arithmetic failures', () => {
  it('refuses division and remainder by zero, pointing at the operator', () => {
    expect(errorOf('x / 0', { x: 1 })).toMatchObject({
      code: '1508',
      kind: 'division-by-zero',
      start: 2,
      column: 3,
    });
    expect(errorOf('0 / 0').kind).toBe('division-by-zero');
    expect(errorOf('5 % (x - x)', { x: 2 })).toMatchObject({ kind: 'division-by-zero', column: 3 });
  });

  it('refuses any result that is not a finite number', () => {
    expect(errorOf('10 ** 400')).toMatchObject({ kind: 'not-finite', column: 4 });
    expect(errorOf('(-8) ** (1 / 3)').kind).toBe('not-finite');
    expect(errorOf('0 ** -1').kind).toBe('not-finite');
    expect(errorOf('1e308 * 10').kind).toBe('not-finite');
    expect(errorOf('-1e308 - 1e308').kind).toBe('not-finite');
  });

  it('answers 0 rather than -0', () => {
    // toBe compares with Object.is, so -0 would fail here.
    expect(valueOf('x * -1', { x: 0 })).toBe(0);
    expect(valueOf('round(-0.4)')).toBe(0);
  });
});
