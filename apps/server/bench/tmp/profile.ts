import { devices } from '../../src/db/schema/index.ts';
import { newId } from '../../src/lib/ids.ts';
import type { PointRow } from '../../src/modules/telemetry/history.repository.ts';
import { buildAccount, buildGateway, buildProduct } from '../../src/test/factories.ts';
import { databaseVariants, startTestServer } from '../../src/test/test-server.ts';
import { reportDefinitionSchema } from '@lyyp/contracts/report';

const DAY = 86_400_000;
const variant = databaseVariants().find((v) => v.name === (process.env.VARIANT ?? 'pglite'))!;
const server = await startTestServer(variant, { LOG_LEVEL: 'warn', REPORT_SWEEP_INTERVAL_MS: '0', ALARM_SWEEP_INTERVAL_MS: '0' });
const developer = await buildAccount(server.database.db, 'developer');
const owner = await buildAccount(server.database.db, 'terminal');
const product = await buildProduct(server.database.db, developer.id);
const keys = Array.from({ length: 20 }, (_, i) => `k${i}`);
const end = Math.floor(Date.now() / DAY) * DAY;
const start = end - Number(process.env.DAYS ?? 30) * DAY;
const N = Number(process.env.DEVICES ?? 2);
let t0 = performance.now();
for (let d = 0; d < N; d += 1) {
  const gateway = await buildGateway(server.database.db);
  const id = newId();
  await server.database.db.insert(devices).values({ id, name: `B${d}`, gatewaySn: gateway.sn, productId: product.id, ownerAccountId: owner.id });
  let batch: PointRow[] = [];
  for (let ts = start; ts < end; ts += 600_000) {
    for (const [i, key] of keys.entries()) batch.push({ deviceId: id, key, ts, value: 50 + i + Math.sin(ts / 1e7), error: null });
    if (batch.length >= 20_000) {
      await server.runtime.history.store(batch);
      await server.reports.computation.markStored({ points: batch, receivedAt: server.clock.now() });
      batch = [];
    }
  }
  await server.runtime.history.store(batch);
  await server.reports.computation.markStored({ points: batch, receivedAt: server.clock.now() });
}
console.log('stored', performance.now() - t0);
t0 = performance.now();
await server.reports.sweep();
console.log('summaries', performance.now() - t0);
const db = server.database.db as unknown as { execute: (q: unknown) => Promise<unknown> };
const original = db.execute.bind(db);
const repo = server.reports.repository as unknown as { db: typeof db };
const timings: Array<[number, string]> = [];
let captured: unknown = null;
const wrap = (target: typeof db) => {
  const exec = target.execute.bind(target);
  target.execute = async (q: unknown) => {
    const began = performance.now();
    const r = await exec(q);
    const text = JSON.stringify((q as { queryChunks?: unknown[] }).queryChunks?.[0] ?? '').slice(0, 90);
    if (text.includes('with windows') && !captured) captured = q;
    timings.push([performance.now() - began, text]);
    return r;
  };
};
void original;
const origTx = repo.constructor.prototype.transaction;
repo.constructor.prototype.transaction = function (this: unknown, work: (tx: unknown) => Promise<unknown>) {
  return origTx.call(this, (tx: { db: typeof db }) => {
    wrap(tx.db);
    return work(tx);
  });
};
const report = reportDefinitionSchema.parse({ id: newId(), name: 'H', intervalMinutes: Number(process.env.MINUTES ?? 60), variables: keys.map((key) => ({ key, aggregation: 'average' })) });
await server.reports.repository.insertReport(product.id, report);
t0 = performance.now();
const result = await server.reports.computation.computeDue();
console.log('compute', performance.now() - t0, result);
for (const [ms, text] of timings.sort((a, b) => b[0] - a[0]).slice(0, 8)) console.log(ms.toFixed(1), text);
const dialect = (server.database.db as unknown as { dialect: { sqlToQuery: (q: unknown) => { sql: string; params: unknown[] } } }).dialect;
const query = dialect.sqlToQuery(captured);
const client = (server.database as unknown as { client?: { query: (s: string, p: unknown[]) => Promise<{ rows: unknown[] }> } }).client;
console.log(Object.keys(server.database));
const { sql } = await import('drizzle-orm');
const explained = (await server.database.db.execute(sql.raw('explain (analyze, costs off) ' + query.sql.replace(/\$(\d+)/g, (_m, n) => { const v = query.params[Number(n) - 1]; return Array.isArray(v) ? `'{${v.map((x) => JSON.stringify(x)).join(',')}}'` : `'${String(v)}'`; })))) as unknown as { rows: Array<Record<string, string>> };
for (const row of explained.rows) console.log(Object.values(row)[0]);
void client;
await server.close();
