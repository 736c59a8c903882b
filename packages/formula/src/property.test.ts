/**
 * Random expressions against a reference evaluator written here, printed with as few parentheses
 * as the precedence rules allow, so both the parser's precedence and the arithmetic are checked.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFormula, type FormulaResult } from './formula.ts';

type Tree =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'negate'; readonly operand: Tree }
  | { readonly kind: 'binary'; readonly operator: string; readonly left: Tree; readonly right: Tree };

/** The language's rules, restated independently of the package's tables. */
const RULES: Record<
  string,
  { precedence: number; right: boolean; apply: (left: number, right: number) => number }
> = {
  '+': { precedence: 8, right: false, apply: (left, right) => left + right },
  '-': { precedence: 8, right: false, apply: (left, right) => left - right },
  '*': { precedence: 9, right: false, apply: (left, right) => left * right },
  '/': { precedence: 9, right: false, apply: (left, right) => left / right },
  '%': { precedence: 9, right: false, apply: (left, right) => left % right },
  '**': { precedence: 11, right: true, apply: (left, right) => left ** right },
  '&': { precedence: 6, right: false, apply: (left, right) => left & right },
  '|': { precedence: 4, right: false, apply: (left, right) => left | right },
  '^': { precedence: 5, right: false, apply: (left, right) => left ^ right },
  '<<': { precedence: 7, right: false, apply: (left, right) => left << right },
  '>>': { precedence: 7, right: false, apply: (left, right) => left >> right },
  '>>>': { precedence: 7, right: false, apply: (left, right) => left >>> right },
};
const NEGATE_PRECEDENCE = 10;
const ATOM_PRECEDENCE = 12;

function precedenceOf(tree: Tree): number {
  if (tree.kind === 'number') return ATOM_PRECEDENCE;
  if (tree.kind === 'negate') return NEGATE_PRECEDENCE;
  return RULES[tree.operator]?.precedence ?? 0;
}

function print(tree: Tree): string {
  if (tree.kind === 'number') return String(tree.value);
  if (tree.kind === 'negate') {
    const operand = print(tree.operand);
    return precedenceOf(tree.operand) < NEGATE_PRECEDENCE + 1 && tree.operand.kind !== 'negate'
      ? `-(${operand})`
      : `-${operand}`;
  }
  const rule = RULES[tree.operator];
  if (!rule) throw new Error(`no rule for ${tree.operator}`);
  const leftNeeds =
    precedenceOf(tree.left) < rule.precedence || (precedenceOf(tree.left) === rule.precedence && rule.right);
  // A prefix minus may stand right of `**` without parentheses: 2 ** -3.
  const rightIsNegatedPowerOperand = tree.operator === '**' && tree.right.kind === 'negate';
  const rightNeeds =
    !rightIsNegatedPowerOperand &&
    (precedenceOf(tree.right) < rule.precedence ||
      (precedenceOf(tree.right) === rule.precedence && !rule.right));
  const left = leftNeeds ? `(${print(tree.left)})` : print(tree.left);
  const right = rightNeeds ? `(${print(tree.right)})` : print(tree.right);
  return `${left} ${tree.operator} ${right}`;
}

type Reference = { value: number } | { failure: 'division-by-zero' | 'not-finite' };

/** Left operand first, then right, then the operator: the order the language promises. */
function evaluateReference(tree: Tree): Reference {
  if (tree.kind === 'number') return { value: tree.value };
  if (tree.kind === 'negate') {
    const operand = evaluateReference(tree.operand);
    return 'failure' in operand ? operand : { value: -operand.value };
  }
  const left = evaluateReference(tree.left);
  if ('failure' in left) return left;
  const right = evaluateReference(tree.right);
  if ('failure' in right) return right;
  if ((tree.operator === '/' || tree.operator === '%') && right.value === 0)
    return { failure: 'division-by-zero' };
  const value = RULES[tree.operator]?.apply(left.value, right.value) ?? Number.NaN;
  return Number.isFinite(value) ? { value } : { failure: 'not-finite' };
}

function compare(result: FormulaResult<unknown>, reference: Reference): void {
  if ('failure' in reference) {
    expect(result.ok ? result.value : result.error.kind).toBe(reference.failure);
  } else {
    expect(result.ok ? result.value : result.error.message).toBe(
      Object.is(reference.value, -0) ? 0 : reference.value,
    );
  }
}

const literal = fc
  .oneof(fc.integer({ min: 0, max: 100 }), fc.constantFrom(0.5, 2.5, 0.1, 1000))
  .map((value): Tree => ({ kind: 'number', value }));

const arithmetic = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literal,
    tie('tree').map((operand): Tree => ({ kind: 'negate', operand })),
    fc
      .record({
        operator: fc.constantFrom('+', '-', '*', '/', '%', '**'),
        left: tie('tree'),
        right: tie('tree'),
      })
      .map((parts): Tree => ({ kind: 'binary', ...parts })),
  ),
})).tree;

const shiftCount = fc.integer({ min: 0, max: 31 }).map((value): Tree => ({ kind: 'number', value }));
const bitwise = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: 0, max: 0xffff }).map((value): Tree => ({ kind: 'number', value })),
    fc
      .record({ operator: fc.constantFrom('&', '|', '^'), left: tie('tree'), right: tie('tree') })
      .map((parts): Tree => ({ kind: 'binary', ...parts })),
    fc
      .record({ operator: fc.constantFrom('<<', '>>', '>>>'), left: tie('tree'), right: shiftCount })
      .map((parts): Tree => ({ kind: 'binary', ...parts })),
  ),
})).tree;

function evaluateText(source: string): FormulaResult<unknown> {
  const compiled = compileFormula(source);
  return compiled.ok ? compiled.formula.evaluate() : compiled;
}

describe('random expressions', () => {
  it('match the reference for arithmetic with minimal parentheses', () => {
    fc.assert(
      fc.property(arithmetic, (tree) => {
        const source = print(tree);
        fc.pre(source.length <= 200);
        compare(evaluateText(source), evaluateReference(tree));
      }),
      { numRuns: 2000 },
    );
  });

  it('match the reference for 32-bit bitwise expressions', () => {
    fc.assert(
      fc.property(bitwise, (tree) => {
        const source = print(tree);
        fc.pre(source.length <= 200);
        compare(evaluateText(source), evaluateReference(tree));
      }),
      { numRuns: 1000 },
    );
  });

  it('never throw, whatever the text', () => {
    const pieces = fc.constantFrom(
      ...'0123456789xyz_.()+-*/%!~&|^<>=?:,eE '.split(''),
      '**',
      '>>>',
      '0x',
      '0b',
      'abs(',
      'max(',
      'bit(',
      'round(',
      'PI',
      'true',
      '温',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.array(pieces, { maxLength: 60 }).map((parts) => parts.join('')),
        ),
        (source) => {
          const compiled = compileFormula(source);
          if (compiled.ok) compiled.formula.evaluate({ x: 3, y: 0, z: true, e: 1, E: 2 });
        },
      ),
      { numRuns: 3000 },
    );
  });
});
