/**
 * `runInOneTransaction` on PGlite (one message to its thread) and PostgreSQL: the statements commit
 * together, a failing one rolls back those before it, and the database's error reaches the caller
 * with its SQLSTATE, as the group commit's resend check needs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseVariants } from '../test/test-server.ts';
import type { DatabaseHandle } from './client.ts';
import { databaseCodeOf } from './database-error.ts';
import { runInOneTransaction } from './one-transaction.ts';

describe.each(databaseVariants())('statements in one transaction on $name', (variant) => {
  let database: DatabaseHandle & { drop(): Promise<void> };
  beforeAll(async () => {
    database = await variant.open();
    await database.db.execute(sql`create table script_probe (id int primary key, label text not null)`);
  });
  afterAll(async () => {
    await database.close();
    await database.drop();
  });

  const labels = async () => {
    const result: unknown = await database.db.execute(sql`select id, label from script_probe order by id`);
    return (result as { rows: Array<{ id: number; label: string }> }).rows;
  };

  it('commits every statement, with its parameters', async () => {
    await runInOneTransaction(database.db, [
      sql`insert into script_probe select * from unnest(${sql.param([1, 2])}::int[], ${sql.param(['one', 'two'])}::text[])`,
      sql`update script_probe set label = ${'zwei'} where id = ${2}`,
    ]);
    expect(await labels()).toEqual([
      { id: 1, label: 'one' },
      { id: 2, label: 'zwei' },
    ]);
  });

  it('answers the rows of each statement, in statement order', async () => {
    const rows = await runInOneTransaction(database.db, [
      sql`update script_probe set label = ${'eins'} where id = ${1} returning id, label`,
      sql`update script_probe set label = label where id = ${99}`,
      sql`select id from script_probe order by id`,
    ]);
    expect(rows).toEqual([[{ id: 1, label: 'eins' }], [], [{ id: 1 }, { id: 2 }]]);
    await runInOneTransaction(database.db, [sql`update script_probe set label = ${'one'} where id = ${1}`]);
  });

  it('rolls back the statements before a failing one and answers its error', async () => {
    const attempt = runInOneTransaction(database.db, [
      sql`insert into script_probe values (${3}, ${'three'})`,
      sql`update script_probe set label = ${'changed'} where id = ${1}`,
      sql`insert into script_probe values (${2}, ${'duplicate'})`,
      sql`insert into script_probe values (${4}, ${'never'})`,
    ]);
    const error: unknown = await attempt.then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(databaseCodeOf(error)).toBe('23505');
    expect(await labels()).toEqual([
      { id: 1, label: 'one' },
      { id: 2, label: 'zwei' },
    ]);
    // The database is usable after the rollback.
    await runInOneTransaction(database.db, [sql`insert into script_probe values (${3}, ${'three'})`]);
    expect(await labels()).toHaveLength(3);
  });
});
