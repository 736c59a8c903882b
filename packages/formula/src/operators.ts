/**
 * The operators: one table each for binary and unary operators, giving precedence, associativity
 * and what they compute. The lexer takes its symbols from here and the parser its precedence, so a
 * new operator is one row. Bitwise operators follow JavaScript on 32-bit integers (see CONTEXT.md).
 */
import {
  INT32_MIN,
  UINT32_MAX,
  isTruthy,
  toNumber,
  type EvaluationGuard,
  type FormulaValue,
} from './values.ts';

/** Higher binds tighter. Bitwise operators bind tighter than comparisons, so `x & 4 == 4` means `(x & 4) == 4`. */
export const PRECEDENCE = {
  or: 1,
  and: 2,
  comparison: 3,
  bitOr: 4,
  bitXor: 5,
  bitAnd: 6,
  shift: 7,
  additive: 8,
  multiplicative: 9,
  unary: 10,
  power: 11,
} as const;

interface OperatorShape {
  readonly precedence: number;
  /** `none`: `a < b < c` is an error rather than a silent `(a < b) < c`. */
  readonly associativity: 'left' | 'right' | 'none';
}

/** `&&` and `||`: the right side is evaluated only when the left side does not already decide. */
export interface LogicalOperator extends OperatorShape {
  readonly kind: 'logical';
  /** The left truth value that decides the result on its own (false for &&, true for ||). */
  readonly decidedBy: boolean;
}

export interface ArithmeticOperator extends OperatorShape {
  readonly kind: 'arithmetic';
  readonly apply: (left: number, right: number, guard: EvaluationGuard) => FormulaValue;
}

export type BinaryOperator = LogicalOperator | ArithmeticOperator;

export interface UnaryOperator {
  readonly apply: (operand: FormulaValue, guard: EvaluationGuard) => FormulaValue;
}

const MAX_SHIFT = 31;

function toInteger32(value: number, index: number, guard: EvaluationGuard): number {
  return guard.integer(value, index, INT32_MIN, UINT32_MAX);
}

function shiftCount(value: number, guard: EvaluationGuard): number {
  return guard.integer(value, 1, 0, MAX_SHIFT);
}

const arithmetic = (
  precedence: number,
  apply: ArithmeticOperator['apply'],
  associativity: OperatorShape['associativity'] = 'left',
): ArithmeticOperator => ({ kind: 'arithmetic', precedence, associativity, apply });

const comparison = (apply: (left: number, right: number) => boolean) =>
  arithmetic(PRECEDENCE.comparison, apply, 'none');

const bitwise = (precedence: number, apply: (left: number, right: number) => number) =>
  arithmetic(precedence, (left, right, guard) =>
    apply(toInteger32(left, 0, guard), toInteger32(right, 1, guard)),
  );

const shift = (apply: (left: number, count: number) => number) =>
  arithmetic(PRECEDENCE.shift, (left, right, guard) =>
    apply(toInteger32(left, 0, guard), shiftCount(right, guard)),
  );

export const BINARY_OPERATORS: ReadonlyMap<string, BinaryOperator> = new Map<string, BinaryOperator>([
  ['||', { kind: 'logical', precedence: PRECEDENCE.or, associativity: 'left', decidedBy: true }],
  ['&&', { kind: 'logical', precedence: PRECEDENCE.and, associativity: 'left', decidedBy: false }],
  ['==', comparison((left, right) => left === right)],
  ['!=', comparison((left, right) => left !== right)],
  ['<', comparison((left, right) => left < right)],
  ['<=', comparison((left, right) => left <= right)],
  ['>', comparison((left, right) => left > right)],
  ['>=', comparison((left, right) => left >= right)],
  ['|', bitwise(PRECEDENCE.bitOr, (left, right) => left | right)],
  ['^', bitwise(PRECEDENCE.bitXor, (left, right) => left ^ right)],
  ['&', bitwise(PRECEDENCE.bitAnd, (left, right) => left & right)],
  ['<<', shift((left, count) => left << count)],
  ['>>', shift((left, count) => left >> count)],
  ['>>>', shift((left, count) => left >>> count)],
  ['+', arithmetic(PRECEDENCE.additive, (left, right) => left + right)],
  ['-', arithmetic(PRECEDENCE.additive, (left, right) => left - right)],
  ['*', arithmetic(PRECEDENCE.multiplicative, (left, right) => left * right)],
  ['/', arithmetic(PRECEDENCE.multiplicative, (left, right, guard) => left / guard.divisor(right))],
  ['%', arithmetic(PRECEDENCE.multiplicative, (left, right, guard) => left % guard.divisor(right))],
  ['**', arithmetic(PRECEDENCE.power, (left, right) => left ** right, 'right')],
]);

/** Prefix operators. They bind tighter than everything but `**`: `-2 ** 2` is `-(2 ** 2)`. */
export const UNARY_OPERATORS: ReadonlyMap<string, UnaryOperator> = new Map<string, UnaryOperator>([
  ['-', { apply: (operand) => -toNumber(operand) }],
  ['+', { apply: (operand) => toNumber(operand) }],
  ['!', { apply: (operand) => !isTruthy(operand) }],
  ['~', { apply: (operand, guard) => ~toInteger32(toNumber(operand), 0, guard) }],
]);
