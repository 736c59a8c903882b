/**
 * History curve: 10 variables × 200,000 points each. Figures: the server time and bytes of the
 * bucketed answer for a 1,200-pixel chart (what the browser paints first), and of a raw zoom window.
 */
import { FACTORY_PASSWORD, buildBoundDevice } from '../src/test/factories.ts';
import { TestClient, databaseVariants, startTestServer } from '../src/test/test-server.ts';
import type { PointRow } from '../src/modules/telemetry/history.repository.ts';
import { record } from './report.ts';

const KEYS = [
  'waterTemperature',
  'returnTemperature',
  'steamPressure',
  'flueTemperature',
  'outdoorTemperature',
  'waterLevel',
  'flameIntensity',
  'oxygenTrim',
  'heatOutput',
  'gasTotal',
];
const POINTS_PER_KEY = Number(process.env.BENCH_CURVE_POINTS ?? 200_000);

export async function benchHistory() {
  const server = await startTestServer(databaseVariants()[0]!, { LOG_LEVEL: 'warn' });
  const { device, owner } = await buildBoundDevice(server.database.db);
  const start = Date.UTC(2026, 9, 1);
  for (const [keyIndex, key] of KEYS.entries()) {
    for (let offset = 0; offset < POINTS_PER_KEY; offset += 10_000) {
      const rows: PointRow[] = [];
      for (let index = offset; index < Math.min(offset + 10_000, POINTS_PER_KEY); index += 1) {
        rows.push({
          deviceId: device.id,
          key,
          ts: start + index * 5000,
          value: 50 + 20 * Math.sin(index / 500 + keyIndex),
          error: null,
        });
      }
      await server.runtime.history.store(rows);
    }
  }
  const client = new TestClient(server);
  await client.login(owner.username!, FACTORY_PASSWORD);
  const measure = async (body: Record<string, string | number>) => {
    const began = performance.now();
    const response = await server.app.inject({
      method: 'POST',
      url: '/lyyp/developer/history/curve',
      headers: { cookie: `lyyp_session=${client.sessionToken!}` },
      payload: body,
    });
    return {
      ms: performance.now() - began,
      bytes: response.rawPayload.length,
      code: response.json<{ code: string }>().code,
    };
  };
  const config = {
    variables: KEYS.length,
    pointsPerVariable: POINTS_PER_KEY,
    width: 1200,
    database: 'PGlite',
  };
  await measure({ equipmentId: device.id, keys: KEYS.join(','), width: 1200 }); // warm up
  const bucketed = await measure({ equipmentId: device.id, keys: KEYS.join(','), width: 1200 });
  if (bucketed.code !== '200') throw new Error(`curve failed: ${bucketed.code}`);
  record({
    scenario: 'history.curve-buckets',
    metric: 'server-time',
    value: bucketed.ms,
    unit: 'ms',
    config,
  });
  record({
    scenario: 'history.curve-buckets',
    metric: 'answer-size',
    value: bucketed.bytes / 1024,
    unit: 'KiB',
    config,
  });
  const zoomEnd = start + POINTS_PER_KEY * 5000;
  const zoom = await measure({
    equipmentId: device.id,
    keys: KEYS.join(','),
    width: 1200,
    start: zoomEnd - 2000 * 5000,
    end: zoomEnd,
  });
  record({
    scenario: 'history.curve-zoom-raw',
    metric: 'server-time',
    value: zoom.ms,
    unit: 'ms',
    config: { ...config, window: '2,000 points per variable' },
  });
  record({
    scenario: 'history.curve-zoom-raw',
    metric: 'answer-size',
    value: zoom.bytes / 1024,
    unit: 'KiB',
    config: { ...config, window: '2,000 points per variable' },
  });
  await server.close();
}
