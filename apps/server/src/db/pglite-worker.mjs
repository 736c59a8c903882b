// The embedded database's own thread. PGlite runs PostgreSQL compiled to WebAssembly: every query
// costs CPU on the thread that holds it. Held here, it runs beside the main thread (MQTT, HTTP,
// ingest) on a second core instead of taking turns with it. `pglite-thread.ts` is the other end and
// documents the messages; this file is plain JavaScript so that it loads in any Node.js process
// (the server under tsx, test workers, benchmarks) without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

const unchanged = (value) => value;

/** Query options for PGlite: the row mode, and the types to keep as the text PostgreSQL sent. */
function queryOptions(message) {
  const options = {};
  if (message.rowMode) options.rowMode = message.rowMode;
  if (message.rawTypes?.length)
    options.parsers = Object.fromEntries(message.rawTypes.map((oid) => [oid, unchanged]));
  if (message.blob) options.blob = message.blob;
  return options;
}

/** A database error as plain data (structured cloning keeps only an Error's name and message). */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const plain = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) plain[key] = value;
  return plain;
}

const answer = (id, result) => port.postMessage({ id, ok: true, result });
const fail = (id, error) => port.postMessage({ id, ok: false, error: plainError(error) });

/** The result without what cannot be cloned or is not needed (PGlite's results are plain data). */
const plainResult = (result) => ({
  rows: result.rows,
  fields: result.fields,
  affectedRows: result.affectedRows,
  ...(result.blob ? { blob: result.blob } : {}),
});

async function run(target, message) {
  try {
    if (message.op === 'exec') answer(message.id, (await target.exec(message.sql)).map(plainResult));
    else
      answer(message.id, plainResult(await target.query(message.sql, message.params, queryOptions(message))));
  } catch (error) {
    fail(message.id, error);
  }
}

/**
 * Statements run in one transaction without a round trip between them: the first error rolls the
 * transaction back and is the answer; else the answer is the rows of each statement.
 */
function script(database, message) {
  database
    .transaction(async (tx) => {
      const rows = [];
      for (const statement of message.statements)
        rows.push((await tx.query(statement.sql, statement.params)).rows);
      return rows;
    })
    .then(
      (rows) => answer(message.id, rows),
      (error) => fail(message.id, error),
    );
}

/** Open transactions by id: the messages waiting for each, and who waits for the next message. */
const transactions = new Map();
const ROLLBACK = Symbol('rollback');

function begin(database, id) {
  const state = { waiting: [], wake: null, end: null };
  transactions.set(id, state);
  const next = () =>
    state.waiting.length > 0
      ? Promise.resolve(state.waiting.shift())
      : new Promise((resolve) => {
          state.wake = resolve;
        });
  let begun = false;
  database
    .transaction(async (tx) => {
      begun = true;
      answer(id, null);
      for (;;) {
        const message = await next();
        if (message.op === 'commit') {
          state.end = message;
          return;
        }
        if (message.op === 'rollback') {
          state.end = message;
          throw ROLLBACK;
        }
        await run(tx, message);
      }
    })
    .then(
      () => answer(state.end.id, null),
      (error) => {
        if (error === ROLLBACK) answer(state.end.id, null);
        else if (state.end) fail(state.end.id, error);
        else if (!begun) fail(id, error);
      },
    )
    .finally(() => transactions.delete(id));
}

function deliver(message) {
  const state = transactions.get(message.tx);
  if (!state) {
    fail(message.id, new Error(`transaction ${message.tx} is not open`));
    return;
  }
  if (state.wake) {
    const wake = state.wake;
    state.wake = null;
    wake(message);
  } else state.waiting.push(message);
}

let database;
try {
  database = await PGlite.create(
    workerData.dataDir ?? undefined,
    workerData.loadDataDir ? { loadDataDir: workerData.loadDataDir } : {},
  );
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: plainError(error) });
  process.exit(1);
}

port.on('message', (message) => {
  if (message.tx !== undefined) deliver(message);
  else if (message.op === 'begin') begin(database, message.id);
  else if (message.op === 'script') script(database, message);
  else if (message.op === 'close')
    database.close().then(
      () => {
        answer(message.id, null);
        port.close();
      },
      (error) => fail(message.id, error),
    );
  else void run(database, message);
});
