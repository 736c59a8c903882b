/**
 * Command round trip: POST write → gateway reply → command settled, against a simulated gateway
 * that answers at once (the §7 poll wait is excluded: completion is observed on the bus).
 */
import type { CommandPayload } from '@lyyp/contracts/protocol';
import { FACTORY_PASSWORD, buildBoundDevice } from '../src/test/factories.ts';
import { TestGateway, eventually } from '../src/test/gateway-client.ts';
import { TestClient, databaseVariants, startTestServer } from '../src/test/test-server.ts';
import { percentile, record } from './report.ts';

const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 300);

export async function benchCommands() {
  const server = await startTestServer(databaseVariants()[0]!, { LOG_LEVEL: 'warn' });
  const address = await server.runtime.start();
  const { device, gateway, owner } = await buildBoundDevice(server.database.db);
  const link = await TestGateway.connect(`mqtt://127.0.0.1:${address.port}`, gateway.sn, gateway.secret);
  link.client.on('message', (topic, payload) => {
    if (!topic.endsWith('/down/cmd')) return;
    const command = JSON.parse(payload.toString()) as CommandPayload;
    link
      .send('reply', {
        uuid: command.uuid,
        status: 'success',
        code: '200',
        data: { value: command.value ?? null },
      })
      .catch(() => undefined);
  });
  await link.send('status', { status: 'online', ts: Date.now() });
  await eventually(async () => (await server.runtime.runtime.gatewayState(gateway.sn))?.status === 'online');
  const client = new TestClient(server);
  await client.login(owner.username!, FACTORY_PASSWORD);

  const settled = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  server.bus.subscribe('command', (event) => {
    if (event.status !== 'success') return;
    settled.set(event.uuid, performance.now());
    waiting.get(event.uuid)?.();
  });
  const settledOf = (uuid: string) =>
    settled.has(uuid) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(uuid, resolve));
  const latencies: number[] = [];
  for (let index = 0; index < COMMANDS; index += 1) {
    const began = performance.now();
    const answer = await client.call('POST', '/equipment/command/write', {
      equipmentId: device.id,
      key: 'temperatureSetpoint',
      value: String(40 + (index % 50)),
    });
    const uuid = (answer.data as { uuid: string }).uuid;
    await settledOf(uuid);
    latencies.push(settled.get(uuid)! - began);
  }
  latencies.sort((a, b) => a - b);
  const config = {
    stack: 'PGlite + embedded broker',
    gateway: 'MQTT responder answering at once',
    commands: COMMANDS,
    sequential: true,
  };
  record({
    scenario: 'command.round-trip',
    metric: 'p50',
    value: percentile(latencies, 0.5),
    unit: 'ms',
    config,
  });
  record({
    scenario: 'command.round-trip',
    metric: 'p99',
    value: percentile(latencies, 0.99),
    unit: 'ms',
    config,
  });
  await link.close();
  await server.close();
}
