/**
 * @lyyp/formula: the safe expression language of collection and write formulas, alarm conditions
 * and designer expressions, shared by the server, the console and the edge agent. See CONTEXT.md.
 */
export {
  compileFormula,
  evaluateCondition,
  evaluateNumber,
  validateFormula,
  type CompileOptions,
  type CompileResult,
  type Formula,
  type FormulaResult,
  type FormulaScope,
} from './formula.ts';
export {
  FORMULA_ERROR_KINDS,
  formulaErrorParams,
  translateFormulaError,
  type FormulaError,
  type FormulaErrorCode,
  type FormulaErrorKind,
  type LocalizedText,
} from './errors.ts';
export {
  orderFormulas,
  type FormulaDefinition,
  type FormulaOrderOptions,
  type FormulaOrderResult,
  type OrderedFormula,
} from './dependencies.ts';
export { FORMULA_CONSTANTS, FORMULA_FUNCTIONS, type FormulaFunction } from './functions.ts';
export { FORMULA_MAX_DEPTH } from './parser.ts';
export type { FormulaValue } from './values.ts';
