/**
 * Upgrading keeps stored reports: rows written as a JSON object per cell (before migration 0026) and
 * rows written as one array per statistic (before 0028) read back with the same statistics, number
 * for number, in today's format (`keys`, `n` and the `stats` matrix). The database is migrated up
 * to the old format, rows are written in it, then the remaining migrations run, on PGlite and (with
 * TEST_DATABASE_URL) PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { CellStats } from './engine/window-compute.ts';
import { ReportRepository } from './report.repository.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../drizzle');

/** A copy of the migrations that stops before the one named. */
function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lyyp-migrations-'));
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

interface Target {
  name: string;
  open(): Promise<{
    db: Database;
    migrate: (folder: string) => Promise<void>;
    close: () => Promise<void>;
  }>;
}

const targets: Target[] = [
  {
    name: 'pglite',
    open: () => {
      const client = new PGlite();
      const db = drizzlePglite(client);
      return Promise.resolve({
        db: db as unknown as Database,
        migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
        close: () => client.close(),
      });
    },
  },
];
const url = process.env.TEST_DATABASE_URL;
if (url)
  targets.push({
    name: 'postgres',
    open: async () => {
      const name = `lyyp_migration_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      // One connection, so the session setting below holds for every statement.
      const client = new pg.Client({ connectionString: target.toString() });
      await client.connect();
      const db = drizzlePostgres(client);
      return {
        db: db as unknown as Database,
        migrate: (folder) => migratePostgres(db, { migrationsFolder: folder }),
        close: async () => {
          await client.end();
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        },
      };
    },
  });

const cell = (overrides: Partial<CellStats>): CellStats => ({
  first: 0.1 + 0.2,
  firstAt: 1_767_225_600_123,
  last: -1 / 7,
  lastAt: 1_767_229_199_999,
  min: -1e-9,
  max: 1e300,
  sum: 333_333.333_333_333_4,
  count: 7,
  diff: 1 / 3,
  // Rows stored before averages were time-weighted have no integral: read back as unknown.
  area: Number.NaN,
  heldMs: 0,
  ...overrides,
});

const rows: Array<{ at: number; cells: Record<string, CellStats> }> = [
  { at: Date.UTC(2026, 0, 1, 0), cells: { gasTotal: cell({}), waterTemperature: cell({ count: 1 }) } },
  { at: Date.UTC(2026, 0, 1, 1), cells: { running: cell({ first: 1, last: 0, sum: 3, diff: -1 }) } },
  // A single-storage row whose variables had no value yet.
  { at: Date.UTC(2026, 0, 1, 2), cells: {} },
];

/** A row as the array format before 0028 stored it: one array per statistic. */
function arrayColumns(cells: Record<string, CellStats>) {
  const values = Object.values(cells);
  const field = (name: keyof CellStats) => sql.param(values.map((value) => value[name]));
  return sql`${sql.param(Object.keys(cells))}::text[], ${field('first')}::float8[], ${field('firstAt')}::float8[],
    ${field('last')}::float8[], ${field('lastAt')}::float8[], ${field('min')}::float8[], ${field('max')}::float8[],
    ${field('sum')}::float8[], ${field('count')}::int[], ${field('diff')}::float8[]`;
}

const formats = [
  {
    format: 'a JSON object per cell',
    before: '0026_report_rows_arrays',
    insert: (row: (typeof rows)[number]) => sql`
      insert into report_rows (report_id, device_id, at, cells)
      values ('report', 'device', ${new Date(row.at).toISOString()}::timestamptz, ${JSON.stringify(row.cells)}::json)`,
  },
  {
    format: 'an array per statistic',
    before: '0028_report_rows_stats',
    insert: (row: (typeof rows)[number]) => sql`
      insert into report_rows (report_id, device_id, at, keys, v_first, first_at, v_last, last_at, v_min, v_max, v_sum, n, diff)
      values ('report', 'device', ${new Date(row.at).toISOString()}::timestamptz, ${arrayColumns(row.cells)})`,
  },
];

describe.each(targets)('report rows written before the upgrade, on $name', (target) => {
  const folders = new Map(formats.map(({ before }) => [before, migrationsBefore(before)]));
  afterAll(() => {
    for (const folder of folders.values()) fs.rmSync(folder, { recursive: true, force: true });
  });

  it.each(formats)('as $format read back with the same statistics after it', async ({ before, insert }) => {
    const { db, migrate, close } = await target.open();
    try {
      await migrate(folders.get(before)!);
      // The report and device rows themselves do not matter here: foreign keys are not checked,
      // neither when the rows are written nor when the upgrade rewrites them.
      await db.execute(sql`set session_replication_role = replica`);
      for (const row of rows) await db.execute(insert(row));
      await migrate(MIGRATIONS);
      await db.execute(sql`set session_replication_role = origin`);
      const stored = await new ReportRepository(db).storedRows(
        'report',
        ['device'],
        Date.UTC(2026, 0, 1),
        Date.UTC(2026, 0, 2),
      );
      expect(stored).toEqual(rows.map((row) => ({ deviceId: 'device', ...row })));
    } finally {
      await close();
    }
  });
});
