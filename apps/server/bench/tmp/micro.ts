import { PGlite } from '@electric-sql/pglite';
const db = new PGlite();
await db.exec(`create table t as select g as id, 'k' || (g % 20) as key, random()*100 as a, random() as b, random() as c, now() as ts from generate_series(1, 6720) g`);
const q = async (label: string, text: string) => {
  let best = 1e9;
  for (let i = 0; i < 5; i++) { const t0 = performance.now(); await db.query(text); best = Math.min(best, performance.now() - t0); }
  console.log(label, best.toFixed(1));
};
await q('count', 'select count(*) from t');
await q('jsonb_build', `select count(x) from (select jsonb_build_object('first', a, 'firstAt', (extract(epoch from ts)*1000)::bigint, 'last', b, 'lastAt', (extract(epoch from ts)*1000)::bigint, 'min', a, 'max', b, 'sum', c, 'count', id, 'diff', a - b) x from t) s`);
await q('json_build', `select count(x) from (select json_build_object('first', a, 'firstAt', (extract(epoch from ts)*1000)::bigint, 'last', b, 'lastAt', (extract(epoch from ts)*1000)::bigint, 'min', a, 'max', b, 'sum', c, 'count', id, 'diff', a - b) x from t) s`);
await q('json_build::jsonb', `select count(x) from (select json_build_object('first', a, 'firstAt', (extract(epoch from ts)*1000)::bigint, 'last', b, 'lastAt', (extract(epoch from ts)*1000)::bigint, 'min', a, 'max', b, 'sum', c, 'count', id, 'diff', a - b)::jsonb x from t) s`);
await q('row agg jsonb', `select count(x) from (select id / 20 as g, jsonb_object_agg(key, jsonb_build_object('first', a, 'firstAt', (extract(epoch from ts)*1000)::bigint, 'last', b, 'lastAt', (extract(epoch from ts)*1000)::bigint, 'min', a, 'max', b, 'sum', c, 'count', id, 'diff', a - b)) x from t group by 1) s`);
await q('row agg json::jsonb', `select count(x) from (select id / 20 as g, json_object_agg(key, json_build_object('first', a, 'firstAt', (extract(epoch from ts)*1000)::bigint, 'last', b, 'lastAt', (extract(epoch from ts)*1000)::bigint, 'min', a, 'max', b, 'sum', c, 'count', id, 'diff', a - b))::jsonb x from t group by 1) s`);
await q('epoch only', `select count(x) from (select (extract(epoch from ts)*1000)::bigint + (extract(epoch from ts)*1000)::bigint as x from t) s`);
