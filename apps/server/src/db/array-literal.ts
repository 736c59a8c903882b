/**
 * Array literals built in one pass, for the large array parameters of batch statements
 * (`unnest($1::float8[], …)`). The PostgreSQL driver would otherwise serialise an array element by
 * element with a quoting decision and a string per element, on the platform's main thread: for the
 * tens of thousands of values of a group commit, about four times the cost of one pass. The literal
 * is sent as text and cast by the statement, exactly as the driver's own literals are.
 *
 * The embedded database takes them too. Plain arrays cross to its thread and are serialised there,
 * element by element, on the one thread that runs every statement: a group commit's statements held
 * it about a seventh longer, and the alarm evaluations queued behind them waited that much more
 * (alarm p99 at 20,000 points/s: 224–481 ms with literals, 747 ms to 4 s without, in interleaved
 * runs on one machine). Building the literal on the main thread costs it far less.
 */
import { sql, type SQL } from 'drizzle-orm';

/** `{1.5,NULL,…}`: numbers as JavaScript prints them (the shortest text that reads back exactly). */
export function numberArrayLiteral(values: ReadonlyArray<number | null>): string {
  // Without nulls (times, positions, most values), the engine's own join prints them in one pass.
  if (!values.includes(null) && !values.includes(undefined as unknown as null))
    return `{${values.join(',')}}`;
  let text = '{';
  for (let index = 0; index < values.length; index += 1) {
    if (index > 0) text += ',';
    const value = values[index];
    text += value === null || value === undefined ? 'NULL' : String(value);
  }
  return `${text}}`;
}

/**
 * A number array as SQL text, `'{1.5,NULL,…}'::float8[]`, written into the statement itself: a
 * number's text holds no quote nor backslash, so it needs neither the scans of a quoted parameter
 * nor the copies they make (`inline-statement.ts`), which for the tens of thousands of values of a
 * group commit were a large part of the platform's time building its text.
 */
export function numberArrayText(values: ReadonlyArray<number | null>, type: 'float8' | 'int'): SQL {
  // Written into the text unquoted: anything but a number (whatever the types said) never gets there.
  for (const value of values)
    if (value !== null && typeof value !== 'number')
      throw new TypeError(`a number array holds a ${typeof value}`);
  return sql.raw(`'${numberArrayLiteral(values)}'::${type}[]`);
}

/** Characters that make an array element need quotes (besides being empty or the word NULL). */
const NEEDS_QUOTES = /[\s"\\{},]/;
const ESCAPED = /["\\]/g;

/** `{a,"b c",NULL,…}`: each text quoted only when PostgreSQL's array syntax needs it. */
export function textArrayLiteral(values: ReadonlyArray<string | null>): string {
  let text = '{';
  for (let index = 0; index < values.length; index += 1) {
    if (index > 0) text += ',';
    const value = values[index];
    if (value === null || value === undefined) text += 'NULL';
    else if (
      value === '' ||
      NEEDS_QUOTES.test(value) ||
      (value.length === 4 && value.toUpperCase() === 'NULL')
    )
      text += `"${value.replace(ESCAPED, '\\$&')}"`;
    else text += value;
  }
  return `${text}}`;
}
