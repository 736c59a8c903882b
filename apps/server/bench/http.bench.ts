/** HTTP API figures: session-checked reads and encrypted sign-in, against the embedded database. */
import { startTestServer, TestClient, databaseVariants } from '../src/test/test-server.ts';
import { percentile, record } from './report.ts';

const PASSWORD = 'Bench#Pass2026';

export async function benchHttp() {
  const variant = databaseVariants()[0]!;
  const server = await startTestServer(variant, { LOG_LEVEL: 'warn' });
  await server.auth.ensureSuperManager('admin', PASSWORD, false);
  const client = new TestClient(server);
  await client.login('admin', PASSWORD);

  const reads = 2000;
  const latencies: number[] = [];
  const started = performance.now();
  for (let index = 0; index < reads; index += 1) {
    const begin = performance.now();
    await client.call('GET', '/account/info');
    latencies.push(performance.now() - begin);
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const config = {
    database: 'pglite in memory',
    transport: 'fastify inject',
    sequential: true,
    requests: reads,
  };
  record({
    scenario: 'api.account-info',
    metric: 'throughput',
    value: reads / seconds,
    unit: 'requests/s',
    config,
  });
  record({
    scenario: 'api.account-info',
    metric: 'p50',
    value: percentile(latencies, 0.5),
    unit: 'ms',
    config,
  });
  record({
    scenario: 'api.account-info',
    metric: 'p99',
    value: percentile(latencies, 0.99),
    unit: 'ms',
    config,
  });

  const logins = 40;
  const loginLatencies: number[] = [];
  for (let index = 0; index < logins; index += 1) {
    const fresh = new TestClient(server);
    const begin = performance.now();
    const answer = await fresh.login('admin', PASSWORD);
    loginLatencies.push(performance.now() - begin);
    if (answer.code !== '200') throw new Error(`sign-in failed during the benchmark: ${answer.code}`);
  }
  loginLatencies.sort((a, b) => a - b);
  const loginConfig = {
    database: 'pglite in memory',
    hash: 'scrypt N=16384 r=8 p=1',
    rsa: 'RSA-OAEP-256 2048',
    requests: logins,
  };
  record({
    scenario: 'api.encrypted-sign-in',
    metric: 'p50',
    value: percentile(loginLatencies, 0.5),
    unit: 'ms',
    config: loginConfig,
  });
  record({
    scenario: 'api.encrypted-sign-in',
    metric: 'p99',
    value: percentile(loginLatencies, 0.99),
    unit: 'ms',
    config: loginConfig,
  });
  await server.close();
}
