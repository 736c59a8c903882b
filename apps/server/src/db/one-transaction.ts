/**
 * Statements that need no answer, run in one transaction. On the embedded database they cross to its
 * thread as one message (`script` in `pglite-thread.ts`), so the database never waits for the main
 * thread between them: a group commit's statements otherwise waited there behind MQTT and HTTP work,
 * with the transaction open and the database idle. On PostgreSQL, an ordinary transaction.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
import type { PgliteThreadClient } from './pglite-thread.ts';

const dialect = new PgDialect();

function scriptClient(db: Database): PgliteThreadClient | null {
  const client = (db as unknown as { $client?: Partial<PgliteThreadClient> }).$client;
  return typeof client?.script === 'function' ? (client as PgliteThreadClient) : null;
}

export async function runInOneTransaction(db: Database, statements: readonly SQL[]): Promise<void> {
  const client = scriptClient(db);
  if (client) {
    await client.script(statements.map((statement) => dialect.sqlToQuery(statement)));
    return;
  }
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(statement);
  });
}
