/**
 * The fleet map with 10,000 devices: the server time and answer size of `/equipment/map` for an
 * owner of all of them, against a ceiling measured in the same run: a plain SELECT of the same
 * rows and columns (device, position, gateway status) with no scoping, status or shaping.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { devices, gateways } from '../src/db/schema/index.ts';
import { newId } from '../src/lib/ids.ts';
import { FACTORY_PASSWORD, buildAccount, buildProduct } from '../src/test/factories.ts';
import { TestClient, databaseVariants, startTestServer } from '../src/test/test-server.ts';
import { percentile, record } from './report.ts';

const DEVICES = Number(process.env.BENCH_MAP_DEVICES ?? 10_000);
const RUNS = 7;
const BATCH = 1000;

export async function benchMap() {
  const server = await startTestServer(databaseVariants()[0]!, { LOG_LEVEL: 'warn' });
  const db = server.database.db;
  const owner = await buildAccount(db, 'terminal');
  const developer = await buildAccount(db, 'developer');
  const product = await buildProduct(db, developer.id);
  const statuses = ['online', 'offline', 'dormant', 'power-off'] as const;
  for (let offset = 0; offset < DEVICES; offset += BATCH) {
    const count = Math.min(BATCH, DEVICES - offset);
    const sns = Array.from({ length: count }, (_, index) => String(100_000_000_000 + offset + index));
    await db.insert(gateways).values(
      sns.map((sn, index) => ({
        sn,
        verificationCode: '123456',
        secret: randomBytes(12).toString('base64url'),
        ownerAccountId: owner.id,
        status: statuses[(offset + index) % statuses.length]!,
      })),
    );
    await db.insert(devices).values(
      sns.map((sn, index) => ({
        id: newId(),
        name: `Boiler ${offset + index + 1}`,
        gatewaySn: sn,
        productId: product.id,
        ownerAccountId: owner.id,
        // Spread over eastern China, a few without a position.
        latitude: (offset + index) % 50 === 0 ? null : 22 + (((offset + index) * 7919) % 1900) / 100,
        longitude: (offset + index) % 50 === 0 ? null : 102 + (((offset + index) * 104_729) % 2000) / 100,
        address: `No. ${offset + index + 1} Industrial Road`,
      })),
    );
  }
  const client = new TestClient(server);
  await client.login(owner.username!, FACTORY_PASSWORD);

  const mapTimes: number[] = [];
  let bytes = 0;
  let located = 0;
  for (let run = 0; run <= RUNS; run += 1) {
    const began = performance.now();
    const response = await server.app.inject({
      method: 'POST',
      url: '/lyyp/developer/equipment/map',
      headers: { cookie: `lyyp_session=${client.sessionToken!}` },
      payload: {},
    });
    const ms = performance.now() - began;
    const answer = response.json<{ code: string; data: { located: number } }>();
    if (answer.code !== '200') throw new Error(`map failed: ${answer.code}`);
    if (run === 0) continue; // warm-up
    mapTimes.push(ms);
    bytes = response.rawPayload.length;
    located = answer.data.located;
  }
  const compressed = await server.app.inject({
    method: 'POST',
    url: '/lyyp/developer/equipment/map',
    headers: { cookie: `lyyp_session=${client.sessionToken!}`, 'accept-encoding': 'gzip' },
    payload: {},
  });
  const gzipBytes = compressed.rawPayload.length;

  const ceilingTimes: number[] = [];
  for (let run = 0; run <= RUNS; run += 1) {
    const began = performance.now();
    await db.execute(
      sql`select d.id, d.name, d.latitude, d.longitude, d.address, g.status from ${devices} d inner join ${gateways} g on g.sn = d.gateway_sn`,
    );
    if (run > 0) ceilingTimes.push(performance.now() - began);
  }
  await server.close();

  mapTimes.sort((a, b) => a - b);
  ceilingTimes.sort((a, b) => a - b);
  const map = percentile(mapTimes, 0.5);
  const ceiling = percentile(ceilingTimes, 0.5);
  const config = { devices: DEVICES, located, runs: RUNS, database: 'PGlite' };
  record({ scenario: 'map.devices', metric: 'server-time-p50', value: map, unit: 'ms', config });
  record({ scenario: 'map.devices', metric: 'answer-size', value: bytes / 1024, unit: 'KiB', config });
  record({
    scenario: 'map.devices',
    metric: 'answer-size-gzip',
    value: gzipBytes / 1024,
    unit: 'KiB',
    config,
  });
  record({ scenario: 'map.plain-select', metric: 'time-p50', value: ceiling, unit: 'ms', config });
  record({
    scenario: 'map.devices',
    metric: 'ratio-to-plain-select',
    value: ceiling / map,
    unit: 'x',
    config,
  });
}
