/**
 * Ingest figures: points per second from MQTT publish to durable storage (acknowledged), on the
 * embedded stack (PGlite + embedded broker) and, when TEST_DATABASE_URL and TEST_MQTT_URL are set,
 * on PostgreSQL + Mosquitto; plus the raw batch-insert rate of the same database for comparison.
 */
import type { AckPayload } from '@lyyp/contracts/protocol';
import { buildBoundDevice } from '../src/test/factories.ts';
import { TestGateway } from '../src/test/gateway-client.ts';
import { databaseVariants, startTestServer, type DatabaseVariant } from '../src/test/test-server.ts';
import type { PointRow } from '../src/modules/telemetry/history.repository.ts';
import { record } from './report.ts';

const GATEWAYS = Number(process.env.BENCH_INGEST_GATEWAYS ?? 20);
const BATCHES_PER_GATEWAY = Number(process.env.BENCH_INGEST_BATCHES ?? 25);
const POINTS_PER_BATCH = 500;
const KEYS = ['waterTemperature', 'returnTemperature', 'steamPressure', 'flameIntensity', 'heatOutput'];

async function runScenario(
  label: string,
  variant: DatabaseVariant,
  environment: Record<string, string>,
  gatewayUrl: (port: number | null) => string,
) {
  const server = await startTestServer(variant, { LOG_LEVEL: 'warn', ...environment });
  const address = await server.runtime.start();
  const links: TestGateway[] = [];
  for (let index = 0; index < GATEWAYS; index += 1) {
    const { gateway } = await buildBoundDevice(server.database.db);
    links.push(await TestGateway.connect(gatewayUrl(address.port), gateway.sn, gateway.secret));
  }
  // Warm up: partitions, caches and connections.
  await Promise.all(
    links.map(async (link) => {
      await link.send('data', { seq: 0, points: [{ k: KEYS[0], t: Date.UTC(2026, 0, 1), v: 1 }] });
      await link.waitFor<AckPayload>('ack', (ack) => ack.seq === 0, 30_000);
    }),
  );

  const start = Date.UTC(2026, 0, 2);
  const began = performance.now();
  await Promise.all(
    links.map(async (link, gatewayIndex) => {
      for (let batch = 1; batch <= BATCHES_PER_GATEWAY; batch += 1) {
        const points = Array.from({ length: POINTS_PER_BATCH }, (_, index) => ({
          k: KEYS[index % KEYS.length]!,
          t: start + (batch * POINTS_PER_BATCH + index) * 1000 + gatewayIndex,
          v: 20 + ((index * 7) % 100) / 10,
        }));
        await link.send('data', { seq: batch, points });
      }
      await link.waitFor<AckPayload>('ack', (ack) => ack.seq === BATCHES_PER_GATEWAY, 300_000);
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const total = GATEWAYS * BATCHES_PER_GATEWAY * POINTS_PER_BATCH;
  const config = {
    stack: label,
    gateways: GATEWAYS,
    pointsPerUpload: POINTS_PER_BATCH,
    uploads: GATEWAYS * BATCHES_PER_GATEWAY,
    totalPoints: total,
    qos: 1,
    ackAfterDurable: true,
  };
  record({
    scenario: 'ingest.publish-to-stored',
    metric: 'throughput',
    value: total / seconds,
    unit: 'points/s',
    config,
  });

  // The same database's raw batch insert, for comparison.
  const { device } = await buildBoundDevice(server.database.db);
  const rows: PointRow[] = Array.from({ length: 100_000 }, (_, index) => ({
    deviceId: device.id,
    key: KEYS[index % KEYS.length]!,
    ts: start + index * 1000,
    value: index / 10,
    error: null,
  }));
  await server.runtime.history.ensurePartitions(rows.map((row) => row.ts));
  const rawBegan = performance.now();
  for (let offset = 0; offset < rows.length; offset += 5000)
    await server.runtime.history.store(rows.slice(offset, offset + 5000));
  const rawSeconds = (performance.now() - rawBegan) / 1000;
  record({
    scenario: 'ingest.database-batch-insert',
    metric: 'throughput',
    value: rows.length / rawSeconds,
    unit: 'points/s',
    config: { stack: label, batch: 5000, totalPoints: rows.length },
  });

  await Promise.all(links.map((link) => link.close()));
  await server.close();
}

export async function benchIngest() {
  const [pglite, postgres] = databaseVariants();
  await runScenario('PGlite + embedded broker', pglite!, {}, (port) => `mqtt://127.0.0.1:${port}`);
  const mqttUrl = process.env.TEST_MQTT_URL;
  if (postgres && mqttUrl) {
    await runScenario(
      'PostgreSQL + Mosquitto',
      postgres,
      { MQTT_URL: mqttUrl, MQTT_SHARE_GROUP: `bench-${Date.now()}` },
      () => mqttUrl,
    );
  } else {
    console.log('# skipped PostgreSQL + Mosquitto: set TEST_DATABASE_URL and TEST_MQTT_URL');
  }
}
