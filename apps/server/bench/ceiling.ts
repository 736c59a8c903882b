/**
 * The database's own limit for the rows ingest writes, measured in the same run as ingest, into the
 * real `points` table: PostgreSQL's `COPY … FROM STDIN`, and PGlite's best bulk load (its `COPY`
 * from a blob, or one `insert … select from unnest(…)` per batch, whichever is fastest here).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from '../src/db/client.ts';
import type { HistoryRepository } from '../src/modules/telemetry/history.repository.ts';

export interface CeilingRows {
  readonly deviceIds: readonly string[];
  readonly keys: readonly string[];
  /** The series id of each device's each key, devices first (`point-series.ts`). */
  readonly seriesIds: readonly number[];
  /** Rows per device and key; their times are one second apart from `start`. */
  readonly perSeries: number;
  readonly start: number;
}

export interface Ceiling {
  readonly rowsPerSecond: number;
  readonly method: string;
  readonly rows: number;
}

const COLUMNS = 'series_id, ts, v_num, v_text, e';

function* textRows(rows: CeilingRows, from: number, to: number): Generator<string> {
  const series = rows.deviceIds.length * rows.keys.length;
  let lines: string[] = [];
  for (let index = from; index < to; index += 1) {
    const seriesIndex = index % series;
    const step = Math.floor(index / series);
    const seriesId = rows.seriesIds[seriesIndex]!;
    const ts = new Date(rows.start + step * 1000).toISOString();
    lines.push(`${seriesId}\t${ts}\t${40 + (index % 100) / 10}\t\\N\t\\N\n`);
    if (lines.length === 5000) {
      yield lines.join('');
      lines = [];
    }
  }
  if (lines.length > 0) yield lines.join('');
}

const total = (rows: CeilingRows) => rows.deviceIds.length * rows.keys.length * rows.perSeries;

/**
 * `COPY points FROM STDIN` over its own connection, the rows streamed as they are made. `copied` is
 * called once the rows are in, before the connection closes (so its server process can be measured).
 */
export async function copyCeilingPostgres(
  url: string,
  rows: CeilingRows,
  copied: () => Promise<void> = () => Promise.resolve(),
): Promise<Ceiling> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const began = performance.now();
    const stream = client.query(copyFrom(`copy points (${COLUMNS}) from stdin`));
    await pipeline(Readable.from(textRows(rows, 0, total(rows))), stream);
    const seconds = (performance.now() - began) / 1000;
    await copied();
    return {
      rowsPerSecond: total(rows) / seconds,
      method: 'COPY FROM STDIN, one statement',
      rows: total(rows),
    };
  } finally {
    await client.end();
  }
}

/**
 * PGlite's fastest way in, tried on equal shares of the rows (each in its own time range): `COPY`
 * from a blob of 50,000 rows, and batched `insert … unnest` of 5,000 and 20,000 rows.
 */
export async function bestBatchCeilingPglite(
  database: DatabaseHandle,
  history: HistoryRepository,
  rows: CeilingRows,
): Promise<Ceiling> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const count = total(rows);
  const share = Math.floor(count / 3);
  const columns = (from: number, to: number) => {
    const lines = [...textRows(rows, from, to)].join('').split('\n').filter(Boolean);
    const fields = lines.map((line) => line.split('\t'));
    return [
      fields.map((field) => Number(field[0])),
      fields.map((field) => field[1]),
      fields.map((field) => Number(field[2])),
      fields.map(() => null),
      fields.map(() => null),
    ];
  };
  // Each way gets its statements prepared before the clock starts: only the database's work is timed.
  const attempts: Array<{
    method: string;
    statements: (from: number, to: number) => Array<() => Promise<unknown>>;
  }> = [
    {
      method: 'COPY from blob, 50,000 rows each',
      statements: (from, to) => {
        const work: Array<() => Promise<unknown>> = [];
        for (let start = from; start < to; start += 50_000) {
          const blob = new Blob([[...textRows(rows, start, Math.min(to, start + 50_000))].join('')]);
          work.push(() => client.query(`copy points (${COLUMNS}) from '/dev/blob'`, [], { blob }));
        }
        return work;
      },
    },
    ...[5000, 20_000].map((batch) => ({
      method: `insert … select from unnest, ${batch.toLocaleString('en')} rows each`,
      statements: (from: number, to: number) => {
        const work: Array<() => Promise<unknown>> = [];
        for (let start = from; start < to; start += batch) {
          const parameters = columns(start, Math.min(to, start + batch));
          work.push(() =>
            client.query(
              `insert into points (${COLUMNS}) select * from unnest($1::int[], $2::timestamptz[], $3::float8[], $4::text[], $5::text[])`,
              parameters,
            ),
          );
        }
        return work;
      },
    })),
  ];
  let best: Ceiling | null = null;
  for (const [index, attempt] of attempts.entries()) {
    // Partitions first, outside the timing, as ingest has them after its first upload of a month.
    await history.ensurePartitions([rows.start, rows.start + rows.perSeries * 1000]);
    const work = attempt.statements(index * share, (index + 1) * share);
    const began = performance.now();
    for (const statement of work) await statement();
    const rowsPerSecond = share / ((performance.now() - began) / 1000);
    if (!best || rowsPerSecond > best.rowsPerSecond)
      best = { rowsPerSecond, method: attempt.method, rows: share };
  }
  return best!;
}
