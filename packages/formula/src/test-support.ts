/** Shorthands for this package's tests: the value of a formula, or the error it ends with. */
import type { FormulaError } from './errors.ts';
import { compileFormula, type FormulaScope } from './formula.ts';
import type { FormulaValue } from './values.ts';

/** Compiles and evaluates; a failure at either step fails the test with its message. */
export function valueOf(source: string, scope?: FormulaScope): FormulaValue {
  const compiled = compileFormula(source);
  if (!compiled.ok) throw new Error(`${source}: ${compiled.error.message}`);
  const result = compiled.formula.evaluate(scope);
  if (!result.ok) throw new Error(`${source}: ${result.error.message}`);
  return result.value;
}

/** The error a formula ends with, at compilation or evaluation; fails the test if there is none. */
export function errorOf(source: string, scope?: FormulaScope): FormulaError {
  const compiled = compileFormula(source);
  if (!compiled.ok) return compiled.error;
  const result = compiled.formula.evaluate(scope);
  if (result.ok) throw new Error(`${source}: expected an error, got ${String(result.value)}`);
  return result.error;
}
