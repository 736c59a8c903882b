/**
 * The syntax tree the parser builds and the evaluator compiles. Every node keeps the position of
 * the token to blame when it fails at evaluation (the operator, the function name, the variable),
 * and operator and call nodes hold their table entry, so the evaluator never looks a name up.
 */
import type { FormulaFunction } from './functions.ts';
import type { BinaryOperator, UnaryOperator } from './operators.ts';

export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface LiteralNode extends Span {
  readonly type: 'literal';
  readonly value: number | boolean;
}

export interface VariableNode extends Span {
  readonly type: 'variable';
  readonly name: string;
}

export interface UnaryNode extends Span {
  readonly type: 'unary';
  readonly symbol: string;
  readonly operator: UnaryOperator;
  readonly operand: FormulaNode;
}

export interface BinaryNode extends Span {
  readonly type: 'binary';
  readonly symbol: string;
  readonly operator: BinaryOperator;
  readonly left: FormulaNode;
  readonly right: FormulaNode;
}

export interface ConditionalNode extends Span {
  readonly type: 'conditional';
  readonly test: FormulaNode;
  readonly consequent: FormulaNode;
  readonly alternate: FormulaNode;
}

export interface CallNode extends Span {
  readonly type: 'call';
  readonly definition: FormulaFunction;
  readonly arguments: readonly FormulaNode[];
}

export type FormulaNode = LiteralNode | VariableNode | UnaryNode | BinaryNode | ConditionalNode | CallNode;
