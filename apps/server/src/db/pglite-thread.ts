/**
 * The embedded database on a thread of its own (`pglite-worker.mjs`), behind the part of PGlite's
 * interface the ORM uses: `query`, `exec` and `transaction`. PGlite executes SQL as WebAssembly on
 * the thread that holds it; on the main thread every query would take turns with MQTT, HTTP and
 * ingest, so the platform would use one core. Here the database works on the second core while the
 * main thread parses the next uploads.
 *
 * Messages: `{ id, op: 'query', sql, params, rowMode, rawTypes, blob }` and `{ id, op: 'exec', sql }`
 * answered with PGlite's result (rows, fields, affectedRows); `{ id, op: 'begin' }` opens a
 * transaction whose id is the message's, then `{ id, tx, op: 'query' | 'exec' | 'commit' |
 * 'rollback' }` run in it (other queries wait, as they do in PGlite); `{ id, op: 'script', statements }`
 * runs `{ sql, params }` statements in one transaction of their own, without a round trip between
 * them (the first error rolls it back and is the answer; else the rows of each statement are);
 * `{ id, op: 'close' }`.
 * Answers are `{ id, ok: true, result }` or `{ id, ok: false, error }`, the error's fields (SQLSTATE
 * `code`, `detail`, `constraint`, …) copied so callers see the same error as from PGlite itself.
 */
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

interface Answer {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: Record<string, unknown> & { message: string };
}

type Request =
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: string; rawTypes?: number[]; blob?: Blob }
  | { op: 'exec'; sql: string }
  | { op: 'script'; statements: readonly ScriptStatement[] }
  | { op: 'begin' | 'commit' | 'rollback' | 'close' };

/** A statement of a script: its text and parameters, as the ORM would send them. */
export interface ScriptStatement {
  readonly sql: string;
  readonly params: unknown[];
}

/** What the ORM and the benchmarks call on a PGlite client, and on a transaction's client. */
export interface PgliteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
}

export interface PgliteThreadClient extends PgliteQueries {
  transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T>;
  /**
   * Runs the statements in one transaction, sent to the database thread as one message; answers the
   * rows of each statement.
   */
  script(statements: readonly ScriptStatement[]): Promise<Record<string, unknown>[][]>;
  close(): Promise<void>;
}

/** An error as the database thread described it, with PGlite's fields (code, detail, …) on it. */
function databaseError(described: NonNullable<Answer['error']>): Error {
  const error = new Error(described.message);
  for (const [key, value] of Object.entries(described))
    if (key !== 'stack') Object.assign(error, { [key]: value });
  return error;
}

/**
 * Only parsers that keep PostgreSQL's text can cross to the thread (functions cannot be sent): the
 * ORM's parsers are of that kind, for dates, times and intervals. A parser that changes the text is
 * refused here rather than silently ignored.
 */
function rawTypes(options: QueryOptions | undefined): number[] | undefined {
  const parsers = options?.parsers;
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([oid, parse]) => {
    if ((parse as (text: string, type: number) => unknown)('1970-01-01', Number(oid)) !== '1970-01-01')
      throw new Error(`the database thread keeps type ${oid} as text only; it cannot run a parser for it`);
    return Number(oid);
  });
}

export async function startPgliteThread(options: {
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<PgliteThreadClient> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir: options.dataDir, loadDataDir: options.loadDataDir },
    // A TypeScript loader given to the parent is not needed by the plain JavaScript worker.
    execArgv: [],
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let stopped: Error | null = null;

  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { ready?: boolean; error?: Answer['error'] }) => {
      worker.off('message', onMessage);
      worker.off('error', reject);
      if (message.ready) resolve();
      else reject(databaseError(message.error ?? { message: 'the database thread did not start' }));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });

  const stop = (error: Error) => {
    stopped ??= error;
    for (const waiter of pending.values()) waiter.reject(stopped);
    pending.clear();
  };
  worker.on('message', (message: Answer) => {
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.ok) waiter.resolve(message.result);
    else waiter.reject(databaseError(message.error!));
  });
  worker.on('error', (error) => stop(error));
  worker.on('exit', (code) => stop(new Error(`the database thread ended (exit code ${code})`)));

  const ask = <T>(request: Request, tx?: number, id = nextId++): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage(tx === undefined ? { id, ...request } : { id, tx, ...request });
    });
  };

  const queries = (tx?: number): PgliteQueries => ({
    query: <T>(sql: string, params?: unknown[], queryOptions?: QueryOptions) =>
      ask<Results<T>>(
        {
          op: 'query',
          sql,
          params,
          rowMode: queryOptions?.rowMode,
          rawTypes: rawTypes(queryOptions),
          blob: queryOptions?.blob,
        },
        tx,
      ),
    exec: (sql: string) => ask<Array<Results>>({ op: 'exec', sql }, tx),
  });

  return {
    ...queries(),
    async transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T> {
      const tx = nextId++;
      await ask<null>({ op: 'begin' }, undefined, tx);
      let result: T;
      try {
        result = await callback(queries(tx));
      } catch (error) {
        await ask<null>({ op: 'rollback' }, tx).catch(() => undefined);
        throw error;
      }
      await ask<null>({ op: 'commit' }, tx);
      return result;
    },
    script: (statements: readonly ScriptStatement[]) =>
      ask<Record<string, unknown>[][]>({ op: 'script', statements }),
    async close() {
      if (stopped) return;
      await ask<null>({ op: 'close' });
      await worker.terminate();
    },
  };
}
