/**
 * The functions and constants a formula may use: one table, read by the parser (names, arity), the
 * evaluator (apply) and the console (signature and description for help and completion). Adding a
 * function is adding a row here.
 */
import type { LocalizedText } from './errors.ts';
import type { EvaluationGuard } from './values.ts';

export interface FormulaFunction {
  readonly name: string;
  /** Parameter names as shown to people; `?` marks an optional one, `...` a repeated one. */
  readonly parameters: readonly string[];
  readonly minArguments: number;
  /** `Infinity` when the last parameter repeats. */
  readonly maxArguments: number;
  /** `round(x, digits?)` */
  readonly signature: string;
  readonly description: LocalizedText;
  /** Receives exactly as many numbers as were written (booleans already turned into 1 or 0). */
  readonly apply: (args: readonly number[], guard: EvaluationGuard) => number;
}

type Apply = FormulaFunction['apply'];

const MAX_ROUND_DIGITS = 15;
const MAX_BIT_INDEX = 63;
/** A field of more bits would not fit a number exactly. */
const MAX_BIT_COUNT = 53;

function defineFunction(
  name: string,
  parameterList: string,
  en: string,
  zh: string,
  apply: Apply,
): FormulaFunction {
  const parameters = parameterList ? parameterList.split(',').map((parameter) => parameter.trim()) : [];
  const required = parameters.filter((parameter) => !parameter.endsWith('?') && !parameter.startsWith('...'));
  const repeats = parameters.some((parameter) => parameter.startsWith('...'));
  return {
    name,
    parameters,
    minArguments: required.length,
    maxArguments: repeats ? Number.POSITIVE_INFINITY : parameters.length,
    signature: `${name}(${parameters.join(', ')})`,
    description: { en, zh },
    apply,
  };
}

/** Reads the argument at `index`; the parser has already checked how many there are. */
function argument(args: readonly number[], index: number): number {
  return args[index] ?? Number.NaN;
}

function unary(operation: (value: number) => number): Apply {
  return (args) => operation(argument(args, 0));
}

/** Moves the decimal point without binary multiplication, so 1.005 shifted by 2 is exactly 100.5. */
function shiftDecimal(value: number, places: number): number {
  const [mantissa = '0', exponent = '0'] = value.toExponential().split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** Rounds half away from zero, as people and spreadsheets do (JavaScript's Math.round rounds -2.5 to -2). */
export function roundHalfAwayFromZero(value: number, digits: number): number {
  const magnitude = shiftDecimal(Math.round(shiftDecimal(Math.abs(value), digits)), -digits);
  return value < 0 ? -magnitude : magnitude;
}

/** The 64-bit two's complement pattern of an integer, so negative values have bits too. */
function bitPattern(value: number): bigint {
  return BigInt.asUintN(64, BigInt(value));
}

const readBit: Apply = (args, guard) => {
  const value = guard.integer(argument(args, 0), 0, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const index = guard.integer(argument(args, 1), 1, 0, MAX_BIT_INDEX);
  return Number((bitPattern(value) >> BigInt(index)) & 1n);
};

const readBits: Apply = (args, guard) => {
  const value = guard.integer(argument(args, 0), 0, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const from = guard.integer(argument(args, 1), 1, 0, MAX_BIT_INDEX);
  const count = guard.integer(argument(args, 2), 2, 1, MAX_BIT_COUNT);
  const mask = (1n << BigInt(count)) - 1n;
  return Number((bitPattern(value) >> BigInt(from)) & mask);
};

const FUNCTION_LIST: readonly FormulaFunction[] = [
  defineFunction('abs', 'x', 'absolute value', '绝对值', unary(Math.abs)),
  defineFunction('min', 'a, ...more', 'smallest of the values', '最小值', (args) => Math.min(...args)),
  defineFunction('max', 'a, ...more', 'largest of the values', '最大值', (args) => Math.max(...args)),
  defineFunction(
    'round',
    'x, digits?',
    'rounds half away from zero to digits decimals (default 0; negative rounds to tens, hundreds …)',
    '四舍五入到 digits 位小数（默认 0；负数表示十位、百位……）',
    (args, guard) => {
      const digits = guard.integer(
        args.length > 1 ? argument(args, 1) : 0,
        1,
        -MAX_ROUND_DIGITS,
        MAX_ROUND_DIGITS,
      );
      return roundHalfAwayFromZero(argument(args, 0), digits);
    },
  ),
  defineFunction('floor', 'x', 'largest integer not above x', '向下取整', unary(Math.floor)),
  defineFunction('ceil', 'x', 'smallest integer not below x', '向上取整', unary(Math.ceil)),
  defineFunction('trunc', 'x', 'drops the decimals', '截去小数部分', unary(Math.trunc)),
  defineFunction('sqrt', 'x', 'square root', '平方根', unary(Math.sqrt)),
  defineFunction(
    'pow',
    'base, exponent',
    'base to the power exponent (same as **)',
    '幂运算（同 **）',
    (args) => Math.pow(argument(args, 0), argument(args, 1)),
  ),
  defineFunction('exp', 'x', 'e to the power x', 'e 的 x 次幂', unary(Math.exp)),
  defineFunction('log', 'x', 'natural logarithm', '自然对数', unary(Math.log)),
  defineFunction('log10', 'x', 'base-10 logarithm', '以 10 为底的对数', unary(Math.log10)),
  defineFunction('log2', 'x', 'base-2 logarithm', '以 2 为底的对数', unary(Math.log2)),
  defineFunction('sin', 'x', 'sine (radians)', '正弦（弧度）', unary(Math.sin)),
  defineFunction('cos', 'x', 'cosine (radians)', '余弦（弧度）', unary(Math.cos)),
  defineFunction('tan', 'x', 'tangent (radians)', '正切（弧度）', unary(Math.tan)),
  defineFunction('asin', 'x', 'arc sine (radians)', '反正弦（弧度）', unary(Math.asin)),
  defineFunction('acos', 'x', 'arc cosine (radians)', '反余弦（弧度）', unary(Math.acos)),
  defineFunction('atan', 'x', 'arc tangent (radians)', '反正切（弧度）', unary(Math.atan)),
  defineFunction('atan2', 'y, x', 'angle of the point (x, y) (radians)', '点 (x, y) 的角度（弧度）', (args) =>
    Math.atan2(argument(args, 0), argument(args, 1)),
  ),
  defineFunction('sign', 'x', '-1, 0 or 1 by the sign of x', '符号：-1、0 或 1', unary(Math.sign)),
  defineFunction(
    'clamp',
    'x, low, high',
    'x limited to [low, high]',
    '将 x 限制在 [low, high] 内',
    (args, guard) => {
      const low = argument(args, 1);
      const high = argument(args, 2);
      guard.bounds(low, high);
      return Math.min(Math.max(argument(args, 0), low), high);
    },
  ),
  defineFunction('hypot', 'a, ...more', 'square root of the sum of squares', '平方和的平方根', (args) =>
    Math.hypot(...args),
  ),
  defineFunction(
    'bit',
    'x, n',
    'bit n of x (0 = lowest), 1 or 0; negative x as 64-bit two’s complement',
    'x 的第 n 位（0 为最低位），结果 1 或 0；负数按 64 位补码',
    readBit,
  ),
  defineFunction(
    'bits',
    'x, from, count',
    'count bits of x starting at bit from, as an unsigned number',
    '从第 from 位起取 x 的 count 位，结果为无符号数',
    readBits,
  ),
];

/** Functions by name. A Map, so names such as `constructor` never reach Object.prototype. */
export const FORMULA_FUNCTIONS: ReadonlyMap<string, FormulaFunction> = new Map(
  FUNCTION_LIST.map((definition) => [definition.name, definition]),
);

/** Named constants. Their names are reserved: a variable cannot be called PI or E. */
export const FORMULA_CONSTANTS: ReadonlyMap<string, number> = new Map([
  ['PI', Math.PI],
  ['E', Math.E],
]);

/** Names with a fixed meaning that can never be variables. */
export const FORMULA_KEYWORDS: ReadonlyMap<string, boolean> = new Map([
  ['true', true],
  ['false', false],
]);

/** How a function's arity reads in a message: `1`, `1-2`, `2+`. */
export function describeArity(definition: FormulaFunction): string {
  if (definition.maxArguments === Number.POSITIVE_INFINITY) return `${definition.minArguments}+`;
  if (definition.minArguments === definition.maxArguments) return String(definition.minArguments);
  return `${definition.minArguments}-${definition.maxArguments}`;
}
