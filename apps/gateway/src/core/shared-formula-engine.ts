/**
 * The agent's formula engine: the shared formula language (`@lyyp/formula`) with `x` as the only
 * variable, the raw value for collection formulas and the requested value for write formulas.
 */
import { FORMULA_VALUE_VARIABLE } from '@lyyp/contracts/formula';
import { compileFormula, evaluateNumber } from '@lyyp/formula';
import type { CompiledFormula, FormulaEngine } from './formula-engine.ts';

const VARIABLES = [FORMULA_VALUE_VARIABLE];

export const sharedFormulaEngine: FormulaEngine = {
  compile(source: string): CompiledFormula {
    const compiled = compileFormula(source, { variables: VARIABLES });
    if (!compiled.ok) throw new Error(`${compiled.error.code}: ${source}`);
    const formula = compiled.formula;
    return {
      evaluate(x: number): number {
        const result = evaluateNumber(formula, { [FORMULA_VALUE_VARIABLE]: x });
        return result.ok ? result.value : Number.NaN;
      },
    };
  },
};
