/**
 * Splits formula text into tokens. Symbols come from the operator tables; constructs people bring
 * from other languages (`=`, `.`, `[`, quotes …) are recognised only to explain that they are not
 * supported. Full-width brackets and comma typed with a Chinese input method are read as ASCII.
 */
import { FormulaFailure, describeFound, type LocalizedText } from './errors.ts';
import { BINARY_OPERATORS, UNARY_OPERATORS } from './operators.ts';

export type TokenKind = 'number' | 'identifier' | 'symbol' | 'end';

export interface Token {
  readonly kind: TokenKind;
  /** Symbols in their ASCII form; otherwise the text as written. Empty for the end. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** The value of a number token. */
  readonly value: number;
}

const PUNCTUATION = ['(', ')', ',', '?', ':'];

const FULL_WIDTH: ReadonlyMap<string, string> = new Map([
  ['（', '('],
  ['）', ')'],
  ['，', ','],
]);

const text = (en: string, zh: string): LocalizedText => ({ en, zh });

/** Constructs of other languages, with what they are, for the 1600000 message. */
const UNSUPPORTED_CONSTRUCTS: ReadonlyMap<string, LocalizedText> = new Map([
  ['===', text('strict comparison, use ==', '严格比较，请用 ==')],
  ['!==', text('strict comparison, use !=', '严格比较，请用 !=')],
  ['=>', text('function definitions', '函数定义')],
  ['=', text('assignment, compare with ==', '赋值，比较请用 ==')],
  ['.', text('property access', '属性访问')],
  ['[', text('indexing', '下标访问')],
  [']', text('indexing', '下标访问')],
  ['{', text('blocks and objects', '代码块和对象')],
  ['}', text('blocks and objects', '代码块和对象')],
  [';', text('statements', '语句')],
  ['"', text('text values', '文本')],
  ["'", text('text values', '文本')],
  ['`', text('text values', '文本')],
]);

/** Longest first, so `>>>` wins over `>>` and `===` over `==`. */
const SYMBOLS: readonly string[] = [
  ...new Set([
    ...BINARY_OPERATORS.keys(),
    ...UNARY_OPERATORS.keys(),
    ...PUNCTUATION,
    ...UNSUPPORTED_CONSTRUCTS.keys(),
  ]),
].sort((left, right) => right.length - left.length);

const NUMBER = /0[xX][0-9a-fA-F]+|0[bB][01]+|(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const IDENTIFIER = /[\p{L}_][\p{L}\p{M}\p{Nd}_]*/uy;
/** What may not directly follow a number: `2x`, `0x1G`, `1.2.3`, `1e`. */
const WORD_TAIL = /[\p{L}\p{M}\p{Nd}_.]*/uy;
const WHITESPACE = /\s/u;
const DIGIT = /\d/;

function matchAt(pattern: RegExp, source: string, index: number): string | undefined {
  pattern.lastIndex = index;
  return pattern.exec(source)?.[0];
}

function readNumber(source: string, start: number): Token {
  const lexeme = matchAt(NUMBER, source, start) ?? '';
  const tail = matchAt(WORD_TAIL, source, start + lexeme.length) ?? '';
  if (!lexeme || tail) {
    const written = lexeme + tail;
    throw new FormulaFailure('bad-number', start, start + written.length, { found: describeFound(written) });
  }
  const end = start + lexeme.length;
  const value = Number(lexeme);
  const radixPrefixed = /^0[xXbB]/.test(lexeme);
  if (!Number.isFinite(value) || (radixPrefixed && !Number.isSafeInteger(value))) {
    throw new FormulaFailure('number-out-of-range', start, end, { found: describeFound(lexeme) });
  }
  return { kind: 'number', text: lexeme, start, end, value };
}

function readSymbol(source: string, start: number): Token | undefined {
  const fullWidth = FULL_WIDTH.get(source.charAt(start));
  if (fullWidth) return { kind: 'symbol', text: fullWidth, start, end: start + 1, value: Number.NaN };
  const symbol = SYMBOLS.find((candidate) => source.startsWith(candidate, start));
  if (symbol === undefined) return undefined;
  const end = start + symbol.length;
  const construct = UNSUPPORTED_CONSTRUCTS.get(symbol);
  if (construct)
    throw new FormulaFailure('unsupported-syntax', start, end, { found: describeFound(symbol), construct });
  return { kind: 'symbol', text: symbol, start, end, value: Number.NaN };
}

/** The tokens of `source`, ending with an `end` token. Throws `FormulaFailure` on text it cannot read. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    const character = source.charAt(index);
    if (WHITESPACE.test(character)) {
      index += 1;
      continue;
    }
    const startsNumber = DIGIT.test(character) || (character === '.' && DIGIT.test(source.charAt(index + 1)));
    const identifier = startsNumber ? undefined : matchAt(IDENTIFIER, source, index);
    let token: Token | undefined;
    if (startsNumber) token = readNumber(source, index);
    else if (identifier) {
      token = {
        kind: 'identifier',
        text: identifier,
        start: index,
        end: index + identifier.length,
        value: Number.NaN,
      };
    } else token = readSymbol(source, index);
    if (!token) {
      const found = String.fromCodePoint(source.codePointAt(index) ?? 0);
      throw new FormulaFailure('unexpected-character', index, index + found.length, {
        found: describeFound(found),
      });
    }
    tokens.push(token);
    index = token.end;
  }
  tokens.push({ kind: 'end', text: '', start: source.length, end: source.length, value: Number.NaN });
  return tokens;
}
