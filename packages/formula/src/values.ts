/**
 * The two value types of the language and the conversions between them, written once so operators,
 * functions and the public helpers agree: a boolean used as a number is 1 or 0, a number used as a
 * condition is true when it is not 0.
 */

export type FormulaValue = number | boolean;

export function toNumber(value: FormulaValue): number {
  if (typeof value === 'number') return value;
  return value ? 1 : 0;
}

export function isTruthy(value: FormulaValue): boolean {
  return typeof value === 'boolean' ? value : value !== 0;
}

/** Bitwise operands may be read as signed or unsigned 32-bit integers. */
export const INT32_MIN = -(2 ** 31);
export const UINT32_MAX = 2 ** 32 - 1;

/**
 * Checks applied while an operator or function runs. Each method returns the value when it is
 * acceptable and otherwise stops the evaluation with an error pointing at the operator or call.
 */
export interface EvaluationGuard {
  /** `value` must be an integer within [min, max]; `index` is the operand or argument number (0-based). */
  integer(value: number, index: number, min: number, max: number): number;
  /** `value` is a divisor and must not be 0. */
  divisor(value: number): number;
  /** `low` must not exceed `high`. */
  bounds(low: number, high: number): void;
}
