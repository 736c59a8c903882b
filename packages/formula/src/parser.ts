/**
 * Recursive-descent parser with precedence climbing over the operator tables. It checks everything
 * that can be known without values: syntax, function names and arity, allowed variable names and
 * the nesting limit that keeps recursion (here and in the evaluator) bounded.
 */
import type { FormulaNode } from './ast.ts';
import { FormulaFailure, describeFound, type LocalizedText } from './errors.ts';
import { FORMULA_CONSTANTS, FORMULA_FUNCTIONS, FORMULA_KEYWORDS, describeArity } from './functions.ts';
import type { Token } from './lexer.ts';
import { BINARY_OPERATORS, PRECEDENCE, UNARY_OPERATORS } from './operators.ts';

/** Levels of parentheses, calls, unary operators, `**` exponents and `?:` branches inside each other. */
export const FORMULA_MAX_DEPTH = 32;

const text = (en: string, zh: string): LocalizedText => ({ en, zh });

/** What the parser was looking for, as the messages say it. */
const EXPECTED = {
  operand: text("a number, variable, function or '('", '数字、变量、函数或“(”'),
  operatorOrEnd: text('an operator or the end', '运算符或结尾'),
  operatorOrClose: text("an operator or ')'", '运算符或“)”'),
  operatorOrArgumentEnd: text("an operator, ',' or ')'", '运算符、“,”或“)”'),
  operatorOrColon: text("an operator or ':'", '运算符或“:”'),
} as const;

export interface ParsedFormula {
  readonly root: FormulaNode;
  /** Variable names in order of first appearance. */
  readonly variables: readonly string[];
}

class Parser {
  private index = 0;
  private depth = 0;
  private readonly variables = new Set<string>();

  constructor(
    private readonly tokens: readonly Token[],
    private readonly allowedVariables: ReadonlySet<string> | undefined,
  ) {}

  parseFormula(): ParsedFormula {
    const root = this.parseConditional();
    const token = this.peek();
    if (token.kind !== 'end') {
      if (this.isSymbol(token, ')'))
        throw new FormulaFailure('unmatched-parenthesis', token.start, token.end);
      throw this.unexpected(token, EXPECTED.operatorOrEnd);
    }
    return { root, variables: [...this.variables] };
  }

  private parseConditional(): FormulaNode {
    const test = this.parseBinary(PRECEDENCE.or);
    const question = this.peek();
    if (!this.isSymbol(question, '?')) return test;
    this.advance();
    const consequent = this.nested(question, () => this.parseConditional());
    const colon = this.peek();
    if (!this.isSymbol(colon, ':')) throw this.unexpected(colon, EXPECTED.operatorOrColon);
    this.advance();
    const alternate = this.nested(colon, () => this.parseConditional());
    return { type: 'conditional', test, consequent, alternate, start: question.start, end: question.end };
  }

  private parseBinary(minPrecedence: number): FormulaNode {
    let left = this.parseUnary();
    let afterComparison = false;
    for (;;) {
      const token = this.peek();
      const operator = token.kind === 'symbol' ? BINARY_OPERATORS.get(token.text) : undefined;
      if (!operator || operator.precedence < minPrecedence) return left;
      if (operator.associativity === 'none' && afterComparison) {
        throw new FormulaFailure('chained-comparison', token.start, token.end);
      }
      this.advance();
      const right =
        operator.associativity === 'right'
          ? this.nested(token, () => this.parseBinary(operator.precedence))
          : this.parseBinary(operator.precedence + 1);
      left = {
        type: 'binary',
        symbol: token.text,
        operator,
        left,
        right,
        start: token.start,
        end: token.end,
      };
      afterComparison = operator.associativity === 'none';
    }
  }

  private parseUnary(): FormulaNode {
    const token = this.peek();
    const operator = token.kind === 'symbol' ? UNARY_OPERATORS.get(token.text) : undefined;
    if (!operator) return this.parsePrimary();
    this.advance();
    // Only `**` binds tighter than a prefix operator.
    const operand = this.nested(token, () => this.parseBinary(PRECEDENCE.unary + 1));
    return { type: 'unary', symbol: token.text, operator, operand, start: token.start, end: token.end };
  }

  private parsePrimary(): FormulaNode {
    const token = this.advance();
    if (token.kind === 'number')
      return { type: 'literal', value: token.value, start: token.start, end: token.end };
    if (token.kind === 'identifier') {
      return this.isSymbol(this.peek(), '(') ? this.parseCall(token) : this.parseName(token);
    }
    if (this.isSymbol(token, '(')) {
      const inner = this.nested(token, () => this.parseConditional());
      this.expectClose(token, EXPECTED.operatorOrClose);
      return inner;
    }
    throw this.unexpected(token, EXPECTED.operand);
  }

  private parseName(token: Token): FormulaNode {
    const { text: name, start, end } = token;
    const keyword = FORMULA_KEYWORDS.get(name);
    if (keyword !== undefined) return { type: 'literal', value: keyword, start, end };
    const constant = FORMULA_CONSTANTS.get(name);
    if (constant !== undefined) return { type: 'literal', value: constant, start, end };
    if (this.allowedVariables && !this.allowedVariables.has(name)) {
      const allowed = [...this.allowedVariables].join(', ');
      throw new FormulaFailure('unknown-variable', start, end, {
        name: describeFound(name),
        allowed: allowed || text('none', '无'),
      });
    }
    this.variables.add(name);
    return { type: 'variable', name, start, end };
  }

  private parseCall(nameToken: Token): FormulaNode {
    const definition = FORMULA_FUNCTIONS.get(nameToken.text);
    if (!definition) {
      throw new FormulaFailure('unknown-function', nameToken.start, nameToken.end, { name: nameToken.text });
    }
    const open = this.advance();
    const args = this.nested(open, () => {
      const parsed: FormulaNode[] = [];
      if (!this.isSymbol(this.peek(), ')')) {
        parsed.push(this.parseConditional());
        while (this.isSymbol(this.peek(), ',')) {
          this.advance();
          parsed.push(this.parseConditional());
        }
      }
      this.expectClose(open, EXPECTED.operatorOrArgumentEnd);
      return parsed;
    });
    if (args.length < definition.minArguments || args.length > definition.maxArguments) {
      throw new FormulaFailure('wrong-arity', nameToken.start, nameToken.end, {
        name: definition.name,
        arity: describeArity(definition),
        count: args.length,
      });
    }
    return { type: 'call', definition, arguments: args, start: nameToken.start, end: nameToken.end };
  }

  /** Consumes the `)` that closes `open`, or explains what is missing. */
  private expectClose(open: Token, expected: LocalizedText): void {
    const token = this.peek();
    if (this.isSymbol(token, ')')) {
      this.advance();
      return;
    }
    if (token.kind === 'end') throw new FormulaFailure('unclosed-parenthesis', open.start, open.end);
    throw this.unexpected(token, expected);
  }

  /** Runs `parse` one nesting level deeper, refusing to go beyond the limit. */
  private nested<T>(token: Token, parse: () => T): T {
    if (this.depth >= FORMULA_MAX_DEPTH) {
      throw new FormulaFailure('too-deep', token.start, token.end, { max: FORMULA_MAX_DEPTH });
    }
    this.depth += 1;
    const result = parse();
    this.depth -= 1;
    return result;
  }

  private unexpected(token: Token, expected: LocalizedText): FormulaFailure {
    if (token.kind === 'end')
      return new FormulaFailure('unexpected-end', token.start, token.end, { expected });
    return new FormulaFailure('unexpected-token', token.start, token.end, {
      expected,
      found: describeFound(token.text),
    });
  }

  private isSymbol(token: Token, symbol: string): boolean {
    return token.kind === 'symbol' && token.text === symbol;
  }

  private peek(): Token {
    return this.tokens[Math.min(this.index, this.tokens.length - 1)] as Token;
  }

  private advance(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index += 1;
    return token;
  }
}

/** Parses tokens ending with an `end` token. Throws `FormulaFailure` on the first problem. */
export function parseTokens(tokens: readonly Token[], allowedVariables?: ReadonlySet<string>): ParsedFormula {
  return new Parser(tokens, allowedVariables).parseFormula();
}
