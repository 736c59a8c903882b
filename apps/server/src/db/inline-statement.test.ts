/**
 * Statements with their parameters written in read back what the same statement with parameters
 * reads, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: texts with quotes, backslashes and
 * placeholder-like `$1`, numbers bit for bit, booleans, nulls and arrays of each.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { NotInlinable, inlineStatement, quoteLiteral } from './inline-statement.ts';

const TEXTS = [
  "it's",
  "''",
  'back\\slash',
  "both \\' kinds",
  'costs $1 and $2',
  '温度 °C',
  '',
  'line\nbreak',
  'E',
];

interface Target {
  name: string;
  rows(text: string, params?: unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

const targets: Target[] = [];
const lite = new PGlite();
targets.push({
  name: 'pglite',
  rows: async (text, params) => (await lite.query(text, params)).rows,
  close: () => lite.close(),
});
const url = process.env.TEST_DATABASE_URL;
if (url) {
  const client = new pg.Client({ connectionString: url });
  let connected: Promise<unknown> | null = null;
  targets.push({
    name: 'postgres',
    rows: async (text, params) => {
      await (connected ??= client.connect());
      return (await client.query<Record<string, unknown>>(text, params)).rows;
    },
    close: () => client.end(),
  });
}

afterAll(async () => {
  for (const target of targets) await target.close();
});

describe('quoteLiteral', () => {
  it('doubles quotes and writes backslashes in the escape-string form', () => {
    expect(quoteLiteral("it's")).toBe("'it''s'");
    expect(quoteLiteral('a\\b')).toBe("E'a\\\\b'");
    expect(quoteLiteral('plain')).toBe("'plain'");
  });
});

describe('inlineStatement', () => {
  it('replaces each placeholder once, never inside a value', () => {
    expect(inlineStatement('select $1, $2, $10', ['$2', 2, ...Array<null>(7).fill(null), 'ten'])).toBe(
      "select '$2', '2', 'ten'",
    );
  });

  it('refuses what it cannot write faithfully', () => {
    expect(() => inlineStatement('select $1', [new Date(0)])).toThrow(NotInlinable);
    expect(() => inlineStatement('select $1', [[[1], [2]]])).toThrow(NotInlinable);
    expect(() => inlineStatement('select $1', [Buffer.from('x')])).toThrow(NotInlinable);
    expect(() => inlineStatement('select $2', [1])).toThrow(NotInlinable);
  });
});

describe.each(targets)('inlined statements on $name', (target) => {
  const bothWays = async (text: string, params: unknown[]) => {
    const parameterised = await target.rows(text, params);
    const inlined = await target.rows(inlineStatement(text, params));
    expect(inlined).toEqual(parameterised);
    return inlined;
  };

  it('read back texts, numbers, booleans and nulls as parameters do', async () => {
    for (const text of TEXTS) {
      const [row] = await bothWays('select $1::text as value', [text]);
      expect(row).toEqual({ value: text });
    }
    const [row] = await bothWays(
      'select $1::float8 as tiny, $2::float8 as third, $3::bigint::text as big, $4::boolean as yes, $5::text as nothing',
      [5e-324, 1 / 3, 1790000000123, true, null],
    );
    expect(row).toEqual({ tiny: 5e-324, third: 1 / 3, big: '1790000000123', yes: true, nothing: null });
  });

  it('read back arrays of texts, numbers and booleans', async () => {
    const [row] = await bothWays(
      'select $1::text[] as texts, $2::float8[] as numbers, $3::boolean[] as flags',
      [
        [...TEXTS, null, 'NULL'],
        [0, -1.5e-300, 40.3, null],
        [true, false, null],
      ],
    );
    expect(row).toEqual({
      texts: [...TEXTS, null, 'NULL'],
      numbers: [0, -1.5e-300, 40.3, null],
      flags: [true, false, null],
    });
  });
});
