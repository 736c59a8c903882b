/**
 * Live latency: a gateway publishes a value; how long until each of 1,000 browser connections
 * (WebSocket, subscribed to that device) has it. The connections live in a separate process, as
 * browsers would, and stamp arrival on the shared wall clock.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { FACTORY_PASSWORD, buildBoundDevice } from '../src/test/factories.ts';
import { TestGateway } from '../src/test/gateway-client.ts';
import { TestClient, databaseVariants, startTestServer } from '../src/test/test-server.ts';
import { percentile, record } from './report.ts';

const SUBSCRIBERS = Number(process.env.BENCH_LIVE_SUBSCRIBERS ?? 1000);
const MESSAGES = Number(process.env.BENCH_LIVE_MESSAGES ?? 100);

const wallClock = () => performance.timeOrigin + performance.now();

export async function benchLive() {
  const server = await startTestServer(databaseVariants()[0]!, { LOG_LEVEL: 'warn' });
  const address = await server.runtime.start();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const httpAddress = server.app.server.address();
  const port = typeof httpAddress === 'object' && httpAddress ? httpAddress.port : 0;
  const { device, gateway, owner } = await buildBoundDevice(server.database.db);
  const link = await TestGateway.connect(`mqtt://127.0.0.1:${address.port}`, gateway.sn, gateway.secret);
  await link.send('status', { status: 'online', ts: Date.now() });
  const client = new TestClient(server);
  await client.login(owner.username!, FACTORY_PASSWORD);

  const browsers = fork(path.join(import.meta.dirname, 'live-subscribers.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    browsers.once('message', () => resolve());
    browsers.once('exit', (code) => reject(new Error(`subscribers exited with ${code}`)));
  });
  browsers.send({
    url: `ws://127.0.0.1:${port}/lyyp/developer/live`,
    cookie: `lyyp_session=${client.sessionToken!}`,
    deviceId: device.id,
    count: SUBSCRIBERS,
  });
  await ready;

  const sentAt = new Map<number, number>();
  for (let index = 1; index <= MESSAGES; index += 1) {
    sentAt.set(index, wallClock());
    await link.send('data', { seq: index, points: [{ k: 'waterTemperature', t: Date.now(), v: index }] });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const arrivals = await new Promise<Array<[number, number]>>((resolve) => {
    browsers.once('message', (message) => resolve(message as Array<[number, number]>));
    browsers.send('report');
  });
  const latencies = arrivals.map(([value, at]) => at - sentAt.get(value)!).sort((a, b) => a - b);
  const config = {
    subscribers: SUBSCRIBERS,
    messages: MESSAGES,
    deliveries: latencies.length,
    expected: SUBSCRIBERS * MESSAGES,
    path: 'MQTT publish → ingest commit → bus → WebSocket',
  };
  record({
    scenario: 'live.publish-to-browser',
    metric: 'p50',
    value: percentile(latencies, 0.5),
    unit: 'ms',
    config,
  });
  record({
    scenario: 'live.publish-to-browser',
    metric: 'p99',
    value: percentile(latencies, 0.99),
    unit: 'ms',
    config,
  });
  const browsersExited = new Promise((resolve) => browsers.once('exit', resolve));
  browsers.kill();
  await browsersExited;
  await link.close();
  await server.close();
}
