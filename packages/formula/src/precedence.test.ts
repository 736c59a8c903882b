import { describe, expect, it } from 'vitest';
import { errorOf, valueOf } from './test-support.ts';

describe('precedence and associativity', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['64 / 8 / 2', 4],
    ['17 % 5 * 2', 4],
    ['2 ** 3 ** 2', 512],
    ['(2 ** 3) ** 2', 64],
    ['2 * 3 ** 2', 18],
    ['-2 ** 2', -4],
    ['(-2) ** 2', 4],
    ['2 ** -1', 0.5],
    ['2 ** -1 ** 2', 0.5],
    ['- -3', 3],
    ['--3', 3],
    ['-+-3', 3],
    ['1 + 2 << 1', 6],
    ['1 << 2 + 1', 8],
    ['6 & 3 | 8', 10],
    ['6 | 3 & 8', 6],
    ['5 ^ 1 & 3', 4],
    ['~1 + 1', -1],
  ])('%s = %s', (source, expected) => {
    expect(valueOf(source)).toBe(expected);
  });

  it('binds bitwise operators tighter than comparisons, unlike C and JavaScript', () => {
    expect(valueOf('x & 4 == 4', { x: 6 })).toBe(true);
    expect(valueOf('x & 4 == 4', { x: 2 })).toBe(false);
    expect(valueOf('x >> 1 == 3', { x: 7 })).toBe(true);
  });

  it('binds comparisons tighter than logic, and && tighter than ||', () => {
    expect(valueOf('1 > 2 || 3 > 2 && 2 > 1')).toBe(true);
    expect(valueOf('true || false && false')).toBe(true);
    expect(valueOf('(true || false) && false')).toBe(false);
    expect(valueOf('!0 == 1')).toBe(true);
  });

  it('reads the ternary lowest and right to left', () => {
    expect(valueOf('1 > 2 ? 10 : 20 + 1')).toBe(21);
    expect(valueOf('t < 0 ? 0 : t < 10 ? 1 : 2', { t: 5 })).toBe(1);
    expect(valueOf('t < 0 ? 0 : t < 10 ? 1 : 2', { t: 50 })).toBe(2);
    expect(valueOf('true ? false ? 1 : 2 : 3')).toBe(2);
    expect(valueOf('a || b ? 1 : 2', { a: 0, b: 0 })).toBe(2);
  });

  it('refuses chained comparisons instead of guessing', () => {
    const error = errorOf('1 < x < 5', { x: 3 });
    expect(error).toMatchObject({ code: '1508', kind: 'chained-comparison', column: 7 });
    expect(errorOf('a == b == c').kind).toBe('chained-comparison');
    expect(errorOf('a < b + c > d').kind).toBe('chained-comparison');
    expect(valueOf('(1 < 2) == true')).toBe(true);
    expect(valueOf('1 < x && x < 5', { x: 3 })).toBe(true);
  });
});
