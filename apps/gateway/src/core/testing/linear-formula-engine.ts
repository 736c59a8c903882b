/**
 * A stand-in formula engine for tests: understands `x`, `x <op> n` and `n <op> x` with + - * /.
 * Anything else is unsupported, which lets tests exercise the unsupported-formula paths too.
 */
import type { CompiledFormula, FormulaEngine } from '../formula-engine.ts';

const OPERATIONS: Record<string, (a: number, b: number) => number> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
};

export const linearFormulaEngine: FormulaEngine = {
  compile(source: string): CompiledFormula {
    const text = source.replace(/\s+/g, '');
    if (text === 'x') return { evaluate: (x) => x };
    const right = /^x([+\-*/])(-?\d+(?:\.\d+)?)$/.exec(text);
    const left = /^(-?\d+(?:\.\d+)?)([+\-*/])x$/.exec(text);
    const operation = OPERATIONS[right?.[1] ?? left?.[2] ?? ''];
    if (right?.[2] && operation) {
      const operand = Number(right[2]);
      return { evaluate: (x) => operation(x, operand) };
    }
    if (left?.[1] && operation) {
      const operand = Number(left[1]);
      return { evaluate: (x) => operation(operand, x) };
    }
    throw new Error(`unsupported formula: ${source}`);
  },
};
