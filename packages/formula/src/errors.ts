/**
 * Formula errors: what went wrong, where, and a short explanation in English and Chinese that
 * fills the `{detail}` of catalogue code 1508 ("formula wrong"). Unsupported functions and
 * constructs carry 1600000 ("unsupported collection formula") instead. Inside the package a failure
 * travels as a thrown `FormulaFailure`; the public API turns it into a returned `FormulaError`.
 */
import {
  characterCount,
  translateError,
  type ErrorCode,
  type ErrorParams,
  type Locale,
} from '@lyyp/contracts';

export type FormulaErrorCode = Extract<ErrorCode, '1508' | '1600000'>;

export interface LocalizedText {
  readonly en: string;
  readonly zh: string;
}

interface ErrorKindDefinition {
  readonly code: FormulaErrorCode;
  /** When the failure is found: writing the formula, or evaluating it against values. */
  readonly stage: 'compile' | 'evaluate';
  readonly text: LocalizedText;
}

const kind = (code: FormulaErrorCode, stage: ErrorKindDefinition['stage'], en: string, zh: string) =>
  ({ code, stage, text: { en, zh } }) as const satisfies ErrorKindDefinition;

/** Every failure a formula can meet. Texts take `{name}` placeholders from the failure's params. */
export const FORMULA_ERROR_KINDS = {
  empty: kind('1508', 'compile', 'the formula is empty', '公式为空'),
  'too-long': kind(
    '1508',
    'compile',
    'it has {length} characters, at most {max}',
    '共 {length} 个字符，最多 {max} 个',
  ),
  'unexpected-character': kind(
    '1508',
    'compile',
    'unexpected character {found} at column {column}',
    '第 {column} 列有无法识别的字符{found}',
  ),
  'bad-number': kind(
    '1508',
    'compile',
    'malformed number {found} at column {column}',
    '第 {column} 列的数字{found}格式不正确',
  ),
  'number-out-of-range': kind(
    '1508',
    'compile',
    'number {found} at column {column} is too large',
    '第 {column} 列的数字{found}超出范围',
  ),
  'unexpected-token': kind(
    '1508',
    'compile',
    'expected {expected} at column {column}, found {found}',
    '第 {column} 列应为{expected}，实际为{found}',
  ),
  'unexpected-end': kind(
    '1508',
    'compile',
    'the formula ends early, expected {expected}',
    '公式不完整，结尾处应为{expected}',
  ),
  'unclosed-parenthesis': kind(
    '1508',
    'compile',
    "the '(' at column {column} is never closed",
    '第 {column} 列的“(”缺少对应的“)”',
  ),
  'unmatched-parenthesis': kind(
    '1508',
    'compile',
    "the ')' at column {column} has no matching '('",
    '第 {column} 列的“)”缺少对应的“(”',
  ),
  'chained-comparison': kind(
    '1508',
    'compile',
    'comparisons cannot be chained at column {column}, write a < b && b < c',
    '第 {column} 列：比较不能连写，请写成 a < b && b < c',
  ),
  'too-deep': kind(
    '1508',
    'compile',
    'nested deeper than {max} levels at column {column}',
    '第 {column} 列嵌套超过 {max} 层',
  ),
  'unknown-variable': kind(
    '1508',
    'compile',
    'unknown variable {name} at column {column}, allowed: {allowed}',
    '第 {column} 列的变量{name}不存在，可用：{allowed}',
  ),
  'wrong-arity': kind(
    '1508',
    'compile',
    '{name}() takes {arity} argument(s), got {count} (column {column})',
    '{name}() 需要 {arity} 个参数，实际 {count} 个（第 {column} 列）',
  ),
  'dependency-cycle': kind(
    '1508',
    'compile',
    '{name} at column {column} closes a cycle: {path}',
    '第 {column} 列的{name}形成循环引用：{path}',
  ),
  'unknown-function': kind(
    '1600000',
    'compile',
    'function {name}() at column {column} is not supported',
    '第 {column} 列：不支持函数 {name}()',
  ),
  'unsupported-syntax': kind(
    '1600000',
    'compile',
    '{found} at column {column} is not supported ({construct})',
    '第 {column} 列：不支持{found}（{construct}）',
  ),
  'missing-variable': kind(
    '1508',
    'evaluate',
    'variable {name} at column {column} has no value',
    '第 {column} 列的变量{name}没有值',
  ),
  'bad-value': kind(
    '1508',
    'evaluate',
    'variable {name} at column {column} is not a finite number or boolean: {value}',
    '第 {column} 列的变量{name}不是有限数值或布尔值：{value}',
  ),
  'division-by-zero': kind(
    '1508',
    'evaluate',
    'division by zero at column {column}',
    '第 {column} 列除数为零',
  ),
  'not-finite': kind(
    '1508',
    'evaluate',
    '{operation} at column {column} gives no finite number',
    '第 {column} 列的 {operation} 结果不是有限数',
  ),
  'operand-out-of-range': kind(
    '1508',
    'evaluate',
    '{operator} at column {column} needs integers from {min} to {max}, got {value}',
    '第 {column} 列的 {operator} 需要 {min} 到 {max} 之间的整数，实际为 {value}',
  ),
  'argument-out-of-range': kind(
    '1508',
    'evaluate',
    '{name}() argument {argument} at column {column} must be an integer from {min} to {max}, got {value}',
    '第 {column} 列 {name}() 的参数 {argument} 须为 {min} 到 {max} 之间的整数，实际为 {value}',
  ),
  'bad-bounds': kind(
    '1508',
    'evaluate',
    '{name}() at column {column}: lower bound {low} is above upper bound {high}',
    '第 {column} 列 {name}()：下限 {low} 大于上限 {high}',
  ),
} as const satisfies Record<string, ErrorKindDefinition>;

export type FormulaErrorKind = keyof typeof FORMULA_ERROR_KINDS;

/** A placeholder value: the same in both languages, or worded per language. */
export type DetailParam = string | number | LocalizedText;
export type DetailParams = Readonly<Record<string, DetailParam>>;

/** A formula that cannot be compiled or evaluated. Plain data: safe to log, store or send. */
export interface FormulaError {
  readonly code: FormulaErrorCode;
  readonly kind: FormulaErrorKind;
  /** UTF-16 offsets into the source (for highlighting with `source.slice(start, end)`). */
  readonly start: number;
  readonly end: number;
  /** 1-based column as a person counts characters; the texts use it. */
  readonly column: number;
  /** The explanation that fills `{detail}` of code 1508 (or stands alone for 1600000). */
  readonly detail: LocalizedText;
  /** `detail.en`, for logs. */
  readonly message: string;
}

/** Internal: thrown inside the package, caught at the public API and returned as a `FormulaError`. */
export class FormulaFailure extends Error {
  constructor(
    readonly kind: FormulaErrorKind,
    readonly start: number,
    readonly end: number,
    readonly params: DetailParams = {},
  ) {
    super(kind);
    this.name = 'FormulaFailure';
  }
}

/** Quotes a piece of formula text for a message, or names the end of the formula. */
export function describeFound(text: string | undefined): LocalizedText {
  if (text === undefined) return { en: 'the end', zh: '结尾' };
  return { en: `'${text}'`, zh: `“${text}”` };
}

function fillTemplate(template: string, params: DetailParams, language: keyof LocalizedText): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    return typeof value === 'object' ? value[language] : String(value);
  });
}

/** Builds the returned error for a failure found in `source`. */
export function createFormulaError(source: string, failure: FormulaFailure): FormulaError {
  const definition = FORMULA_ERROR_KINDS[failure.kind];
  const column = characterCount(source.slice(0, failure.start)) + 1;
  const params: DetailParams = { column, ...failure.params };
  const detail = {
    en: fillTemplate(definition.text.en, params, 'en'),
    zh: fillTemplate(definition.text.zh, params, 'zh'),
  };
  return {
    code: definition.code,
    kind: failure.kind,
    start: failure.start,
    end: failure.end,
    column,
    detail,
    message: detail.en,
  };
}

/** Params for `translateError(error.code, locale, params)` or a `CatalogueError`. */
export function formulaErrorParams(error: FormulaError, locale: Locale): ErrorParams {
  return { detail: locale === 'en-US' ? error.detail.en : error.detail.zh };
}

/**
 * The whole message a person sees, e.g. "Formula wrong: expected ')' …" / "公式错误：…". Code 1600000
 * has no `{detail}` in the catalogue, so its detail is appended to say which function or construct.
 */
export function translateFormulaError(error: FormulaError, locale: Locale): string {
  const params = formulaErrorParams(error, locale);
  const text = translateError(error.code, locale, params);
  if (error.code === '1508') return text;
  return locale === 'en-US' ? `${text}: ${params.detail}` : `${text}：${params.detail}`;
}
