/**
 * A parameterised statement written out as plain SQL text, so that several of them can travel to
 * PostgreSQL in one simple-protocol message (see `one-transaction.ts`). Each parameter becomes a
 * quoted literal of unknown type, which is exactly how the PostgreSQL driver sends it (as text, type
 * left to the server): the statement means the same either way.
 */
import { numberArrayLiteral, textArrayLiteral } from './array-literal.ts';

/** A parameter this module cannot write out faithfully (dates, buffers, nested arrays, objects). */
export class NotInlinable extends Error {}

/**
 * A text as an SQL string literal. Quotes are doubled; a text with a backslash is written in the
 * escape-string form with its backslashes doubled, which reads back the same whatever the server's
 * `standard_conforming_strings` is.
 */
export function quoteLiteral(text: string): string {
  const quoted = `'${text.includes("'") ? text.replaceAll("'", "''") : text}'`;
  return text.includes('\\') ? `E${quoted.replaceAll('\\', '\\\\')}` : quoted;
}

function arrayText(values: readonly unknown[]): string {
  if (values.every((value) => value === null || typeof value === 'number')) return numberArrayLiteral(values);
  if (values.every((value) => value === null || typeof value === 'string')) return textArrayLiteral(values);
  if (values.every((value) => value === null || typeof value === 'boolean'))
    return textArrayLiteral(values.map((value) => (value === null ? null : value ? 't' : 'f')));
  throw new NotInlinable('array of mixed or nested values');
}

function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return quoteLiteral(value);
  if (typeof value === 'number' || typeof value === 'bigint') return quoteLiteral(String(value));
  if (typeof value === 'boolean') return value ? "'true'" : "'false'";
  if (Array.isArray(value)) return quoteLiteral(arrayText(value));
  throw new NotInlinable(`parameter of type ${typeof value}`);
}

/**
 * The statement's text with each `$n` replaced by its parameter's literal. The statements this is
 * used for are the platform's own (from the query builder), whose text holds `$n` only as
 * placeholders; parameter values are never scanned, whatever they contain.
 */
export function inlineStatement(text: string, params: readonly unknown[]): string {
  const literals = params.map(literalOf);
  return text.replace(/\$(\d+)/g, (placeholder, index: string) => {
    const literal = literals[Number(index) - 1];
    if (literal === undefined) throw new NotInlinable(`no parameter for ${placeholder}`);
    return literal;
  });
}
