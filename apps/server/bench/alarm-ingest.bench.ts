/**
 * Ingest with alarm rules: points per second from MQTT publish to acknowledged (stored and
 * evaluated) with one alarm rule on every variable uploaded, against the same run without rules
 * (target ≥ 0.8×). Embedded stack (PGlite + embedded broker).
 */
import type { AckPayload } from '@lyyp/contracts/protocol';
import { alarmRuleSchema } from '@lyyp/contracts/alarm';
import { buildBoundDevice } from '../src/test/factories.ts';
import { TestGateway } from '../src/test/gateway-client.ts';
import { databaseVariants, startTestServer } from '../src/test/test-server.ts';
import { AlarmRepository } from '../src/modules/alarm/alarm.repository.ts';
import { record } from './report.ts';

const GATEWAYS = Number(process.env.BENCH_INGEST_GATEWAYS ?? 20);
const BATCHES_PER_GATEWAY = Number(process.env.BENCH_INGEST_BATCHES ?? 25);
const POINTS_PER_BATCH = 500;
const KEYS = ['waterTemperature', 'returnTemperature', 'steamPressure', 'flameIntensity', 'heatOutput'];

async function throughput(withRules: boolean): Promise<number> {
  const [pglite] = databaseVariants();
  const server = await startTestServer(pglite!, { LOG_LEVEL: 'warn', ALARM_SWEEP_INTERVAL_MS: '0' });
  const address = await server.runtime.start();
  const alarms = new AlarmRepository(server.database.db);
  const links: TestGateway[] = [];
  for (let index = 0; index < GATEWAYS; index += 1) {
    const { gateway, product } = await buildBoundDevice(server.database.db);
    if (withRules) {
      for (const key of KEYS) {
        await alarms.insertRule(
          product.id,
          alarmRuleSchema.parse({
            id: `${product.id.slice(0, 20)}-${key}`,
            name: key,
            variableKey: key,
            condition: {
              operator: 'gt',
              limit: { kind: 'value', value: Number(process.env.BENCH_ALARM_LIMIT ?? 25) },
            },
            deadBand: 1,
          }),
        );
      }
      await alarms.bumpRuleSet(product.id);
    }
    links.push(await TestGateway.connect(`mqtt://127.0.0.1:${address.port}`, gateway.sn, gateway.secret));
  }
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
          // Crosses the limit often, so rules raise and release throughout.
          v: 20 + ((index * 7) % 100) / 10,
        }));
        await link.send('data', { seq: batch, points });
      }
      await link.waitFor<AckPayload>('ack', (ack) => ack.seq === BATCHES_PER_GATEWAY, 300_000);
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  await Promise.all(links.map((link) => link.close()));
  await server.close();
  return (GATEWAYS * BATCHES_PER_GATEWAY * POINTS_PER_BATCH) / seconds;
}

export async function benchAlarmIngest() {
  const without = await throughput(false);
  const withRules = await throughput(true);
  const config = {
    stack: 'PGlite + embedded broker',
    gateways: GATEWAYS,
    rulesPerVariable: 1,
    keys: KEYS.length,
  };
  record({
    scenario: 'ingest.with-alarm-rules',
    metric: 'throughput',
    value: withRules,
    unit: 'points/s',
    config,
  });
  record({
    scenario: 'ingest.with-alarm-rules',
    metric: 'ratio to no rules',
    value: withRules / without,
    unit: '×',
    config: { ...config, target: '≥ 0.8' },
  });
}
