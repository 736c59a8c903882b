/**
 * Opens the database: PGlite (PostgreSQL in WASM) in DATA_DIR by default, or PostgreSQL when a URL
 * is given. Both run the same migrations at start, so one SQL dialect serves both.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startPgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up banner (never includes a password). */
  location: string;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
// Any constant shared by every node: serialises migrations when several nodes start at once.
const MIGRATION_LOCK_ID = 7_460_113;

export type DatabaseTarget =
  /** `loadDataDir`: start from a copy of a database (tests start from a migrated one). */
  { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob } | { kind: 'postgres'; url: string };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    let directory: string | undefined;
    if (target.dataDir) {
      directory = path.join(target.dataDir, 'pglite');
      await fs.mkdir(directory, { recursive: true });
    }
    // On a thread of its own, so that SQL runs beside the main thread instead of taking turns with it.
    const client = await startPgliteThread({ dataDir: directory, loadDataDir: target.loadDataDir });
    const db = drizzlePglite(client as unknown as PGlite, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      location: directory ?? 'memory',
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  const lockClient = await pool.connect();
  const db = drizzlePostgres(pool, { schema });
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(db, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  const url = new URL(target.url);
  url.password = '';
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    location: url.toString(),
    close: () => pool.end(),
  };
}
