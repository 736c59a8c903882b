/**
 * The seam between the agent and the formula language. Collection formulas turn a raw register
 * value into the value people see (`x / 10`), write formulas the other way (`x * 10`). The agent
 * only needs to compile a formula once and evaluate it per value; the language itself lives in
 * the shared formula package and is plugged in here.
 */

export interface CompiledFormula {
  /** The formula applied to one value. Throws, or returns a non-finite number, when it cannot. */
  evaluate(x: number): number;
}

export interface FormulaEngine {
  /** Compiles a formula written in terms of `x`. Throws when the formula is not supported. */
  compile(source: string): CompiledFormula;
}
