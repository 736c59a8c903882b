/**
 * Turns a syntax tree into nested closures once, so each evaluation is plain function calls with
 * no parsing and no dynamic code. Every intermediate number is checked to be finite, so a division
 * by zero or `sqrt(-1)` stops with an error pointing at its operator instead of spreading NaN.
 */
import type { CallNode, FormulaNode, Span, VariableNode } from './ast.ts';
import { FormulaFailure, describeFound, type DetailParams, type FormulaErrorKind } from './errors.ts';
import type { FormulaFunction } from './functions.ts';
import { isTruthy, toNumber, type EvaluationGuard, type FormulaValue } from './values.ts';

/** Looks a variable up; `undefined` when the scope has no value for it. */
export type ReadVariable = (name: string) => unknown;

export type CompiledNode = (read: ReadVariable) => FormulaValue;

/** Who to blame when an operand or argument is refused. */
type Blame = { readonly operator: string } | { readonly definition: FormulaFunction };

function createGuard(span: Span, blame: Blame): EvaluationGuard {
  const fail = (kind: FormulaErrorKind, params: DetailParams): never => {
    throw new FormulaFailure(kind, span.start, span.end, params);
  };
  return {
    integer(value, index, min, max) {
      if (Number.isInteger(value) && value >= min && value <= max) return value;
      if ('operator' in blame)
        return fail('operand-out-of-range', { operator: blame.operator, min, max, value });
      const argument = (blame.definition.parameters[index] ?? '').replace(/^\.\.\.|\?$/g, '');
      return fail('argument-out-of-range', { name: blame.definition.name, argument, min, max, value });
    },
    divisor(value) {
      return value === 0 ? fail('division-by-zero', {}) : value;
    },
    bounds(low, high) {
      if (low <= high) return;
      fail('bad-bounds', { name: 'definition' in blame ? blame.definition.name : blame.operator, low, high });
    },
  };
}

function requireFinite(value: FormulaValue, span: Span, operation: string): FormulaValue {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new FormulaFailure('not-finite', span.start, span.end, { operation });
  }
  return value;
}

/** How a refused variable value reads in a message, without calling anything on it. */
function describeValue(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value);
  return value === null ? 'null' : typeof value;
}

function compileVariable(node: VariableNode): CompiledNode {
  const { name, start, end } = node;
  return (read) => {
    const value = read(name);
    if (typeof value === 'boolean') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (value === undefined)
      throw new FormulaFailure('missing-variable', start, end, { name: describeFound(name) });
    throw new FormulaFailure('bad-value', start, end, {
      name: describeFound(name),
      value: describeValue(value),
    });
  };
}

function compileCall(node: CallNode): CompiledNode {
  const { definition } = node;
  const args = node.arguments.map(compileNode);
  const guard = createGuard(node, { definition });
  const operation = `${definition.name}()`;
  return (read) => {
    const values = args.map((argument) => toNumber(argument(read)));
    return requireFinite(definition.apply(values, guard), node, operation);
  };
}

/** Compiles a node and its children into a closure evaluating them against a variable reader. */
export function compileNode(node: FormulaNode): CompiledNode {
  switch (node.type) {
    case 'literal': {
      const { value } = node;
      return () => value;
    }
    case 'variable':
      return compileVariable(node);
    case 'call':
      return compileCall(node);
    case 'conditional': {
      const test = compileNode(node.test);
      const consequent = compileNode(node.consequent);
      const alternate = compileNode(node.alternate);
      return (read) => (isTruthy(test(read)) ? consequent(read) : alternate(read));
    }
    case 'unary': {
      const { operator, symbol } = node;
      const operand = compileNode(node.operand);
      const guard = createGuard(node, { operator: symbol });
      return (read) => requireFinite(operator.apply(operand(read), guard), node, symbol);
    }
    case 'binary': {
      const { operator, symbol } = node;
      const left = compileNode(node.left);
      const right = compileNode(node.right);
      if (operator.kind === 'logical') {
        const { decidedBy } = operator;
        return (read) => (isTruthy(left(read)) === decidedBy ? decidedBy : isTruthy(right(read)));
      }
      const guard = createGuard(node, { operator: symbol });
      return (read) =>
        requireFinite(operator.apply(toNumber(left(read)), toNumber(right(read)), guard), node, symbol);
    }
  }
}
