import { FORMULA_MAX_LENGTH } from '@lyyp/contracts/formula';
import { describe, expect, it } from 'vitest';
import { formulaErrorParams, translateFormulaError } from './errors.ts';
import { validateFormula } from './formula.ts';
import { FORMULA_MAX_DEPTH } from './parser.ts';
import { errorOf, valueOf } from './test-support.ts';

describe('numbers', () => {
  it.each([
    ['42', 42],
    ['3.25', 3.25],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['2.5E-2', 0.025],
    ['1e+2', 100],
    ['0x1F', 31],
    ['0XfF', 255],
    ['0b1010', 10],
    ['0B11', 3],
    ['007', 7],
  ])('reads %s', (source, expected) => {
    expect(valueOf(source)).toBe(expected);
  });

  it.each(['0x', '0b', '0b102', '0x1G', '2x', '1.2.3', '1e', '1e+', '3.toFixed'])(
    'refuses the malformed %s',
    (source) => {
      expect(errorOf(source)).toMatchObject({ code: '1508', kind: 'bad-number', start: 0 });
    },
  );

  it('refuses numbers that do not fit', () => {
    expect(errorOf('1e400').kind).toBe('number-out-of-range');
    expect(errorOf('0x20000000000000').kind).toBe('number-out-of-range');
    expect(valueOf('0x1FFFFFFFFFFFFF')).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('names', () => {
  it('reads identifiers with letters of any script, digits and underscores', () => {
    expect(valueOf('T_1 + _t2 + 温度 + Ωmega', { T_1: 1, _t2: 2, 温度: 3, Ωmega: 4 })).toBe(10);
  });
  it('reads true and false as booleans', () => {
    expect(valueOf('true')).toBe(true);
    expect(valueOf('false')).toBe(false);
  });
  it('keeps function names apart from variables of the same name', () => {
    expect(valueOf('max(max, 1)', { max: 5 })).toBe(5);
  });
});

describe('whitespace and full-width punctuation', () => {
  it('ignores spaces, tabs, newlines and the ideographic space', () => {
    expect(valueOf(' 1\t+\n2\u3000* 3 ')).toBe(7);
  });
  it('reads brackets and comma typed with a Chinese input method', () => {
    expect(valueOf('max（1，2）* 3')).toBe(6);
  });
});

describe('syntax errors point at the problem', () => {
  it.each([
    ['(1 + 2', 'unclosed-parenthesis', 1, "the '(' at column 1 is never closed"],
    ['abs(1 + (2)', 'unclosed-parenthesis', 4, "the '(' at column 4 is never closed"],
    ['1 + 2)', 'unmatched-parenthesis', 6, "the ')' at column 6 has no matching '('"],
    ['(1 2)', 'unexpected-token', 4, "expected an operator or ')' at column 4, found '2'"],
    ['1 2', 'unexpected-token', 3, "expected an operator or the end at column 3, found '2'"],
    ['x y', 'unexpected-token', 3, "expected an operator or the end at column 3, found 'y'"],
    ['1 + * 2', 'unexpected-token', 5, "expected a number, variable, function or '(' at column 5, found '*'"],
    ['()', 'unexpected-token', 2, "expected a number, variable, function or '(' at column 2, found ')'"],
    ['max(1,)', 'unexpected-token', 7, "expected a number, variable, function or '(' at column 7, found ')'"],
    ['max(1 2)', 'unexpected-token', 7, "expected an operator, ',' or ')' at column 7, found '2'"],
    ['1 +', 'unexpected-end', 4, "the formula ends early, expected a number, variable, function or '('"],
    ['x ? 1', 'unexpected-end', 6, "the formula ends early, expected an operator or ':'"],
    ['x ? 1 2', 'unexpected-token', 7, "expected an operator or ':' at column 7, found '2'"],
    ['1 # 2', 'unexpected-character', 3, "unexpected character '#' at column 3"],
    ['a @ b', 'unexpected-character', 3, "unexpected character '@' at column 3"],
  ])('%s', (source, kind, column, english) => {
    const error = errorOf(source);
    expect(error).toMatchObject({ code: '1508', kind, column });
    expect(error.detail.en).toBe(english);
    expect(error.message).toBe(english);
  });

  it('counts columns in characters, so Chinese names and emoji count once', () => {
    expect(errorOf('温度计 + 😀').column).toBe(7);
    expect(errorOf('温度计 + 😀').detail.en).toBe("unexpected character '😀' at column 7");
    const error = errorOf('温度 +');
    expect(error.column).toBe(5);
    expect('温度 +'.slice(error.start, error.end)).toBe('');
  });

  it('gives offsets that highlight the offending text', () => {
    const source = 'x + unknown(2)';
    const error = errorOf(source);
    expect(source.slice(error.start, error.end)).toBe('unknown');
  });
});

describe('unsupported functions and constructs carry 1600000', () => {
  it.each([
    ['foo(1)', 'function foo() at column 1 is not supported'],
    ['ABS(x)', 'function ABS() at column 1 is not supported'],
    ['x(2)', 'function x() at column 1 is not supported'],
    ['a.b', "'.' at column 2 is not supported (property access)"],
    ['a[0]', "'[' at column 2 is not supported (indexing)"],
    ['x = 1', "'=' at column 3 is not supported (assignment, compare with ==)"],
    ['x === 1', "'===' at column 3 is not supported (strict comparison, use ==)"],
    ['x !== 1', "'!==' at column 3 is not supported (strict comparison, use !=)"],
    ['"on"', `'"' at column 1 is not supported (text values)`],
    ["'on'", `''' at column 1 is not supported (text values)`],
    ['x => 1', "'=>' at column 3 is not supported (function definitions)"],
    ['1; 2', "';' at column 2 is not supported (statements)"],
    ['{}', "'{' at column 1 is not supported (blocks and objects)"],
  ])('%s', (source, english) => {
    const error = errorOf(source);
    expect(error.code).toBe('1600000');
    expect(error.detail.en).toBe(english);
  });
});

describe('limits (§5)', () => {
  it('refuses an empty or blank formula', () => {
    for (const source of ['', '   ', '\n\t']) {
      expect(errorOf(source)).toMatchObject({ code: '1508', kind: 'empty', column: 1 });
    }
  });

  it(`accepts ${FORMULA_MAX_LENGTH} characters and refuses ${FORMULA_MAX_LENGTH + 1}`, () => {
    const longest = `1${' + 1'.repeat((FORMULA_MAX_LENGTH - 1) / 4)}`.padEnd(FORMULA_MAX_LENGTH, ' ');
    expect(longest).toHaveLength(200);
    expect(valueOf(longest)).toBe(50);
    const error = errorOf(`${longest}1`);
    expect(error).toMatchObject({ code: '1508', kind: 'too-long' });
    expect(error.detail.en).toBe('it has 201 characters, at most 200');
  });

  it('counts the length in characters, not UTF-16 units', () => {
    // U+1D465 is one letter written with two UTF-16 units.
    expect(valueOf('𝑥'.repeat(FORMULA_MAX_LENGTH), { ['𝑥'.repeat(FORMULA_MAX_LENGTH)]: 7 })).toBe(7);
    expect(errorOf('𝑥'.repeat(FORMULA_MAX_LENGTH + 1)).kind).toBe('too-long');
  });

  it(`allows ${FORMULA_MAX_DEPTH} levels of nesting and refuses more`, () => {
    const nested = (depth: number) => `${'('.repeat(depth)}1${')'.repeat(depth)}`;
    expect(valueOf(nested(FORMULA_MAX_DEPTH))).toBe(1);
    expect(errorOf(nested(FORMULA_MAX_DEPTH + 1))).toMatchObject({
      code: '1508',
      kind: 'too-deep',
      column: FORMULA_MAX_DEPTH + 1,
    });
    expect(errorOf('-'.repeat(FORMULA_MAX_DEPTH + 1) + '1').kind).toBe('too-deep');
    expect(errorOf(`2${' ** 2'.repeat(FORMULA_MAX_DEPTH + 1)}`).kind).toBe('too-deep');
    expect(errorOf(`${'abs('.repeat(FORMULA_MAX_DEPTH + 1)}1${')'.repeat(FORMULA_MAX_DEPTH + 1)}`).kind).toBe(
      'too-deep',
    );
  });

  it('does not count long flat sums as nesting', () => {
    expect(valueOf(`1${' + 1'.repeat(49)}`)).toBe(50);
  });
});

describe('messages in both languages', () => {
  it('fills the catalogue text of 1508 with the detail in the chosen language', () => {
    const error = errorOf('1 +');
    expect(translateFormulaError(error, 'en-US')).toBe(
      "Formula wrong: the formula ends early, expected a number, variable, function or '('",
    );
    expect(translateFormulaError(error, 'zh-CN')).toBe(
      '公式错误：公式不完整，结尾处应为数字、变量、函数或“(”',
    );
    expect(formulaErrorParams(error, 'zh-CN')).toEqual({ detail: error.detail.zh });
  });

  it('adds the detail to the catalogue text of 1600000, which has no placeholder', () => {
    const error = errorOf('foo(1)');
    expect(translateFormulaError(error, 'en-US')).toBe(
      'Unsupported collection formula: function foo() at column 1 is not supported',
    );
    expect(translateFormulaError(error, 'zh-CN')).toBe('不支持的采集公式：第 1 列：不支持函数 foo()');
  });
});

describe('validateFormula (forms)', () => {
  it('accepts a formula over the allowed variables', () => {
    expect(validateFormula('x * 0.1 - 40', ['x'])).toBeNull();
    expect(validateFormula('(x >> 4) & 0x0F', ['x'])).toBeNull();
  });

  it('refuses other variable names when a list is given, naming the allowed ones', () => {
    const error = validateFormula('x + y', ['x']);
    expect(error).toMatchObject({ code: '1508', kind: 'unknown-variable', column: 5 });
    expect(error?.detail.en).toBe("unknown variable 'y' at column 5, allowed: x");
    expect(validateFormula('PI * x', ['x'])).toBeNull();
    expect(validateFormula('a', [])?.detail.en).toBe("unknown variable 'a' at column 1, allowed: none");
  });

  it('accepts any variable name without a list, and still checks syntax', () => {
    expect(validateFormula('temp > 80 && pump == 1')).toBeNull();
    expect(validateFormula('temp >')?.kind).toBe('unexpected-end');
  });

  it('never throws, whatever it is given', () => {
    expect(validateFormula(undefined as unknown as string)?.kind).toBe('empty');
    expect(validateFormula(42 as unknown as string)?.kind).toBe('empty');
  });
});
