/**
 * Array literals read back as the values they were made of, on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL: texts that need quoting or escaping, the word NULL as text, empty texts, nulls, and
 * numbers that must come back bit for bit.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { numberArrayLiteral, numberArrayText, textArrayLiteral } from './array-literal.ts';

const dialect = new PgDialect();

const TEXTS = [
  'c454e984-8f46-45c9-99e3-e4d01c0292ea',
  'boilerTemp',
  '',
  'NULL',
  'null',
  'Null',
  'nul',
  null,
  'two words',
  'tab\there',
  'line\nbreak',
  'quote"inside',
  'back\\slash',
  '\\"both',
  '{braces}',
  'a,b',
  '温度 °C',
  '"',
  ' leading',
];

const NUMBERS = [
  0,
  1,
  -1,
  0.1,
  40.3,
  1 / 3,
  -1.5e-300,
  5e-324,
  1.7976931348623157e308,
  1e21,
  123456789012345,
  1790000000123,
  null,
];

interface Target {
  name: string;
  select<T>(statement: string, parameter?: string): Promise<T>;
  close(): Promise<void>;
}

const targets: Target[] = [];
const lite = new PGlite();
targets.push({
  name: 'pglite',
  select: async (statement, parameter) =>
    (await lite.query<{ value: never }>(statement, parameter === undefined ? [] : [parameter])).rows[0]!
      .value,
  close: () => lite.close(),
});
const url = process.env.TEST_DATABASE_URL;
if (url) {
  const client = new pg.Client({ connectionString: url });
  targets.push({
    name: 'postgres',
    select: async (statement, parameter) => {
      if (!(client as unknown as { _connected?: boolean })._connected) await client.connect();
      return (await client.query<{ value: never }>(statement, parameter === undefined ? [] : [parameter]))
        .rows[0]!.value;
    },
    close: () => client.end(),
  });
}

afterAll(async () => {
  for (const target of targets) await target.close();
});

describe.each(targets)('array literals on $name', (target) => {
  it('read back every text as it was, quoted or not', async () => {
    const value = await target.select<Array<string | null>>(
      'select $1::text[] as value',
      textArrayLiteral(TEXTS),
    );
    expect(value).toEqual(TEXTS);
  });

  it('read back every number bit for bit', async () => {
    const value = await target.select<Array<number | null>>(
      'select $1::float8[] as value',
      numberArrayLiteral(NUMBERS),
    );
    expect(value).toEqual(NUMBERS);
  });

  it('read back numbers without nulls (printed in one pass) bit for bit', async () => {
    const numbers = NUMBERS.filter((value) => value !== null);
    expect(numberArrayLiteral(numbers)).toBe(`{${numbers.map(String).join(',')}}`);
    const value = await target.select<number[]>('select $1::float8[] as value', numberArrayLiteral(numbers));
    expect(value).toEqual(numbers);
  });

  it('write number arrays into the statement text that read back as they were', async () => {
    const floats = dialect.sqlToQuery(sql`select ${numberArrayText(NUMBERS, 'float8')} as value`);
    expect(floats.params).toEqual([]);
    expect(await target.select(floats.sql)).toEqual(NUMBERS);
    const integers = dialect.sqlToQuery(sql`select ${numberArrayText([3, 1, null, 2], 'int')} as value`);
    expect(await target.select(integers.sql)).toEqual([3, 1, null, 2]);
  });

  it('refuse to write anything but numbers into the statement text', () => {
    const injected = ["1}'::float8[]; drop table points; --"] as unknown as number[];
    expect(() => numberArrayText(injected, 'float8')).toThrow(TypeError);
  });

  it('make an empty array of an empty list', async () => {
    expect(await target.select('select cardinality($1::float8[]) as value', numberArrayLiteral([]))).toBe(0);
    expect(await target.select('select cardinality($1::text[]) as value', textArrayLiteral([]))).toBe(0);
  });
});
