/**
 * Gateways connected at once to the embedded broker: a separate process opens the connections
 * (each with its own SN and secret, as real gateways do) and keeps them open; the platform counts
 * them and its memory is read.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { gateways } from '../src/db/schema/index.ts';
import type { EmbeddedBroker } from '../src/mqtt/embedded-broker.ts';
import { databaseVariants, startTestServer } from '../src/test/test-server.ts';
import { record } from './report.ts';

const COUNT = Number(process.env.BENCH_GATEWAYS ?? 10_000);

export async function benchGateways() {
  const server = await startTestServer(databaseVariants()[0]!, { LOG_LEVEL: 'error' });
  const address = await server.runtime.start();
  const credentials = Array.from({ length: COUNT }, (_, index) => ({
    sn: String(500_000_000_000 + index),
    verificationCode: '123456',
    secret: randomBytes(9).toString('base64url'),
  }));
  for (let start = 0; start < credentials.length; start += 1000) {
    await server.database.db.insert(gateways).values(credentials.slice(start, start + 1000));
  }
  const rssBefore = process.memoryUsage().rss;
  const swarm = fork(path.join(import.meta.dirname, 'gateway-swarm.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const began = performance.now();
  const result = await new Promise<{ connected: number; failed: number }>((resolve, reject) => {
    swarm.once('message', (message) => resolve(message as { connected: number; failed: number }));
    swarm.once('exit', (code) => reject(new Error(`gateway swarm exited with ${code}`)));
    swarm.send({
      url: `mqtt://127.0.0.1:${address.port}`,
      credentials: credentials.map(({ sn, secret }) => ({ sn, secret })),
    });
  });
  const seconds = (performance.now() - began) / 1000;
  const broker = server.runtime.transport as EmbeddedBroker;
  const config = {
    broker: 'embedded (Aedes)',
    requested: COUNT,
    failed: result.failed,
    authentication: 'SN + secret checked against the database',
  };
  record({
    scenario: 'broker.gateways-connected',
    metric: 'connected',
    value: broker.connectedClients,
    unit: 'gateways',
    config,
  });
  record({ scenario: 'broker.gateways-connected', metric: 'connect-all', value: seconds, unit: 's', config });
  record({
    scenario: 'broker.gateways-connected',
    metric: 'platform-memory-growth',
    value: (process.memoryUsage().rss - rssBefore) / 2 ** 20,
    unit: 'MiB',
    config,
  });
  const swarmExited = new Promise((resolve) => swarm.once('exit', resolve));
  swarm.kill();
  await swarmExited;
  await server.close();
}
