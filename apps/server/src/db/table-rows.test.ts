/**
 * `tableRows` on PGlite and PostgreSQL: the rows `runInOneTransaction` answers for a `returning()`
 * of every column are, once mapped, what Drizzle's own select answers for the same rows, for each
 * kind of column the tables hold (text, boolean, timestamps, JSON of every shape).
 */
import { eq, sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseVariants } from '../test/test-server.ts';
import type { DatabaseHandle } from './client.ts';
import { runInOneTransaction } from './one-transaction.ts';
import { tableRows } from './table-rows.ts';

const probe = pgTable('table_rows_probe', {
  id: text('id').primaryKey(),
  count: integer('count').notNull(),
  flag: boolean('flag').notNull().default(false),
  at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
  until: timestamp('until', { withTimezone: true, precision: 3 }),
  value: jsonb('value').$type<unknown>(),
  list: jsonb('list').$type<string[]>().notNull().default([]),
});

const rows = [
  {
    id: 'a',
    count: 1,
    flag: true,
    at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)),
    value: 42.5,
    list: ['x'],
  },
  {
    id: 'b',
    count: 2,
    at: new Date(Date.UTC(2026, 5, 1)),
    until: new Date(Date.UTC(2026, 5, 2)),
    value: 'text',
  },
  { id: 'c', count: 3, at: new Date(0), value: { nested: [1, null, true] } },
  { id: 'd', count: 4, at: new Date(1), value: true, list: [] },
  { id: 'e', count: 5, at: new Date(2), value: null },
];

describe.each(databaseVariants())('rows answered in one transaction, mapped, on $name', (variant) => {
  let database: DatabaseHandle & { drop(): Promise<void> };
  beforeAll(async () => {
    database = await variant.open();
    await database.db.execute(sql`create table table_rows_probe (
      id text primary key, count int not null, flag boolean not null default false,
      at timestamptz(3) not null, until timestamptz(3), value jsonb, list jsonb not null default '[]')`);
  });
  afterAll(async () => {
    await database.close();
    await database.drop();
  });

  it('are what Drizzle answers for the same rows, after an insert and after an update', async () => {
    const [inserted] = await runInOneTransaction(database.db, [
      database.db.insert(probe).values(rows).returning().getSQL(),
    ]);
    const selected = await database.db.select().from(probe).orderBy(probe.id);
    expect(tableRows(probe, inserted!)).toEqual(selected);
    expect(selected[0]).toEqual({ ...rows[0], until: null });
    expect(selected[2]!.value).toEqual({ nested: [1, null, true] });

    const [updated] = await runInOneTransaction(database.db, [
      database.db
        .update(probe)
        .set({ flag: true, until: sql`at` })
        .where(eq(probe.id, 'c'))
        .returning()
        .getSQL(),
    ]);
    const [after] = await database.db.select().from(probe).where(eq(probe.id, 'c'));
    expect(tableRows(probe, updated!)).toEqual([after]);
    expect(after!.until).toEqual(new Date(0));
  });

  it('fail when the statement did not return every column', async () => {
    const [answered] = await runInOneTransaction(database.db, [
      sql`select id, count from table_rows_probe where id = 'a'`,
    ]);
    expect(() => tableRows(probe, answered!)).toThrow('the answer has no column flag');
  });
});
