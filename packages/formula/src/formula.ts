/**
 * The public entry points: compile a formula once, evaluate it many times. Nothing here throws for
 * anything a user can write or any value a scope holds; every failure comes back as a
 * `FormulaError` with a catalogue code.
 */
import { characterCount } from '@lyyp/contracts';
import { FORMULA_MAX_LENGTH } from '@lyyp/contracts/formula';
import { FormulaFailure, createFormulaError, type FormulaError } from './errors.ts';
import { compileNode, type ReadVariable } from './evaluator.ts';
import { tokenize } from './lexer.ts';
import { parseTokens, type ParsedFormula } from './parser.ts';
import { isTruthy, toNumber, type FormulaValue } from './values.ts';

/**
 * Where variable values come from: a plain object (only its own properties count, so `constructor`
 * or `__proto__` never reach Object.prototype), a Map, or a lookup function. `undefined` means
 * "no value". An exception thrown by a lookup function is the caller's own and passes through.
 */
export type FormulaScope =
  | Readonly<Record<string, FormulaValue | undefined>>
  | ReadonlyMap<string, FormulaValue>
  | ((name: string) => FormulaValue | undefined);

export type FormulaResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: FormulaError };

export interface Formula {
  /** The text as written. */
  readonly source: string;
  /** The variable names it reads, in order of first appearance (constants and functions excluded). */
  readonly variables: readonly string[];
  /** The value: a number, or a boolean for comparisons and logic. `-0` comes back as `0`. */
  readonly evaluate: (scope?: FormulaScope) => FormulaResult<FormulaValue>;
}

export type CompileResult =
  { readonly ok: true; readonly formula: Formula } | { readonly ok: false; readonly error: FormulaError };

export interface CompileOptions {
  /** When given, any other variable name is an error (1508), e.g. `['x']` for collection formulas. */
  readonly variables?: readonly string[];
}

function createReader(scope: FormulaScope | undefined): ReadVariable {
  if (scope === undefined) return () => undefined;
  if (typeof scope === 'function') return scope;
  if (scope instanceof Map) return (name) => (scope as ReadonlyMap<string, FormulaValue>).get(name);
  const record = scope as Readonly<Record<string, unknown>>;
  return (name) => (Object.hasOwn(record, name) ? record[name] : undefined);
}

function failWith(source: string, caught: unknown): { readonly ok: false; readonly error: FormulaError } {
  if (caught instanceof FormulaFailure) return { ok: false, error: createFormulaError(source, caught) };
  throw caught;
}

/** Length (§5: not blank, at most 200 characters), then syntax, functions and variable names. */
function parseSource(text: string, options: CompileOptions): ParsedFormula {
  if (text.trim() === '') throw new FormulaFailure('empty', 0, text.length);
  const length = characterCount(text);
  if (length > FORMULA_MAX_LENGTH) {
    throw new FormulaFailure('too-long', 0, text.length, { length, max: FORMULA_MAX_LENGTH });
  }
  const allowed = options.variables ? new Set(options.variables) : undefined;
  return parseTokens(tokenize(text), allowed);
}

/** Compiles a formula once for any number of evaluations. */
export function compileFormula(source: string, options: CompileOptions = {}): CompileResult {
  // Callers in plain JavaScript may pass anything; it reads as an empty formula.
  const text = typeof source === 'string' ? source : '';
  let parsed: ParsedFormula;
  try {
    parsed = parseSource(text, options);
  } catch (caught) {
    return failWith(text, caught);
  }
  const run = compileNode(parsed.root);
  const evaluate = (scope?: FormulaScope): FormulaResult<FormulaValue> => {
    try {
      const value = run(createReader(scope));
      return { ok: true, value: Object.is(value, -0) ? 0 : value };
    } catch (caught) {
      return failWith(text, caught);
    }
  };
  const formula: Formula = Object.freeze({
    source: text,
    variables: Object.freeze(parsed.variables),
    evaluate,
  });
  return { ok: true, formula };
}

/**
 * For forms: the first problem of the text, or null. With `allowedVariables`, other names are
 * errors; the formula is not evaluated.
 */
export function validateFormula(source: string, allowedVariables?: readonly string[]): FormulaError | null {
  const compiled = compileFormula(source, allowedVariables ? { variables: allowedVariables } : {});
  return compiled.ok ? null : compiled.error;
}

function evaluateAs<T>(
  formula: Formula | string,
  scope: FormulaScope | undefined,
  convert: (value: FormulaValue) => T,
): FormulaResult<T> {
  let compiled: Formula;
  if (typeof formula === 'string') {
    const result = compileFormula(formula);
    if (!result.ok) return result;
    compiled = result.formula;
  } else compiled = formula;
  const result = compiled.evaluate(scope);
  return result.ok ? { ok: true, value: convert(result.value) } : result;
}

/**
 * Evaluates to a number (collection and write formulas, expressions): true is 1, false is 0.
 * A string is compiled on every call; compile once with `compileFormula` for repeated use.
 */
export function evaluateNumber(formula: Formula | string, scope?: FormulaScope): FormulaResult<number> {
  return evaluateAs(formula, scope, toNumber);
}

/**
 * Evaluates to a condition (alarms, animation rules): a boolean as is, a number is true when it is
 * not 0. An evaluation error is returned, never read as false; the caller decides what a failed
 * condition means.
 */
export function evaluateCondition(formula: Formula | string, scope?: FormulaScope): FormulaResult<boolean> {
  return evaluateAs(formula, scope, isTruthy);
}
