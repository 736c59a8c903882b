/**
 * Statements run in one transaction that reaches the database as one message,
 * so the database never waits for the platform's main thread between them: a group commit's
 * statements otherwise waited there behind MQTT and HTTP work (each answer, and each next statement,
 * taking its turn), with the transaction open and the database idle.
 *
 * - Embedded database: they cross to its thread as one message (`script` in `pglite-thread.ts`).
 * - PostgreSQL: one simple-protocol query of all the statements with their parameters written in
 *   (`inline-statement.ts`). PostgreSQL runs such a query as one implicit transaction: it commits
 *   after the last statement, and an error rolls back all of them. Statements with a parameter that
 *   cannot be written as a literal run as an ordinary transaction instead.
 *
 * Each statement's rows come back (an alarm evaluation reads what its writes returned); the
 * statements themselves cannot use an earlier one's answer.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client.ts';
import { NotInlinable, inlineStatement } from './inline-statement.ts';
import type { PgliteThreadClient } from './pglite-thread.ts';

const dialect = new PgDialect();

function scriptClient(db: Database): PgliteThreadClient | null {
  const client = (db as unknown as { $client?: Partial<PgliteThreadClient> }).$client;
  return typeof client?.script === 'function' ? (client as PgliteThreadClient) : null;
}

/** The rows each statement answered, in statement order (none for a statement without rows). */
export type StatementRows = Record<string, unknown>[][];

export async function runInOneTransaction(db: Database, statements: readonly SQL[]): Promise<StatementRows> {
  const client = scriptClient(db);
  if (client) return client.script(statements.map((statement) => dialect.sqlToQuery(statement)));
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool && statements.length > 0) {
    const text = oneQueryText(statements);
    if (text !== null) {
      // One statement answers one result; several answer one per statement.
      const results: unknown = await pool.query(text);
      const list = (Array.isArray(results) ? results : [results]) as { rows?: Record<string, unknown>[] }[];
      return list.map((result) => result.rows ?? []);
    }
  }
  return db.transaction(async (tx) => {
    const rows: StatementRows = [];
    for (const statement of statements) {
      const result: unknown = await tx.execute(statement);
      rows.push((result as { rows?: Record<string, unknown>[] }).rows ?? []);
    }
    return rows;
  });
}

/** The statements as one query text, or null when a parameter cannot be written in. */
function oneQueryText(statements: readonly SQL[]): string | null {
  try {
    return statements
      .map((statement) => {
        const query = dialect.sqlToQuery(statement);
        return inlineStatement(query.sql, query.params);
      })
      .join(';\n');
  } catch (error) {
    if (error instanceof NotInlinable) return null;
    throw error;
  }
}
