/**
 * Template sync to a fleet: one template bound to N devices (1,000 by default), a new version
 * synced to all of them, timed from the sync request until every gateway reported the version
 * applied. The gateways run in a separate process (`gateway-swarm.ts` answering as agents that
 * apply at once). The ceiling, measured in the same run against the same gateways: the same
 * number of plain command round trips (a read per device, 20 in flight), until all are settled.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { gateways, products } from '../src/db/schema/index.ts';
import { postJson } from '../src/modules/device/catalogue-test-support.ts';
import { FACTORY_PASSWORD } from '../src/test/factories.ts';
import { eventually } from '../src/test/gateway-client.ts';
import { TestClient, databaseVariants, startTestServer } from '../src/test/test-server.ts';
import { buildFleet } from './fleet.ts';
import { record } from './report.ts';

const DEVICES = Number(process.env.BENCH_TEMPLATE_DEVICES ?? 1000);
const COMMANDS_IN_FLIGHT = 20;
/** Most devices one bind request may name (TEMPLATE_BATCH_MAX). */
const BIND_CHUNK = 1000;

export async function benchTemplateSync() {
  const server = await startTestServer(databaseVariants()[0]!, { LOG_LEVEL: 'warn' });
  const address = await server.runtime.start();
  const db = server.database.db;
  const fleet = await buildFleet(db, DEVICES);
  const sns = fleet.gateways.map((gateway) => gateway.sn);
  const swarm = fork(path.join(import.meta.dirname, 'gateway-swarm.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const connected = await new Promise<{ connected: number; failed: number }>((resolve, reject) => {
    swarm.once('message', (message) => resolve(message as { connected: number; failed: number }));
    swarm.once('exit', (code) => reject(new Error(`gateway swarm exited with ${code}`)));
    swarm.send({
      url: `mqtt://127.0.0.1:${address.port}`,
      credentials: fleet.gateways.map(({ sn, secret }) => ({ sn, secret })),
      respond: true,
    });
  });
  const completeCount = async () =>
    (
      await db
        .select({ n: count() })
        .from(gateways)
        .where(and(inArray(gateways.sn, sns), eq(gateways.configSyncState, 'complete')))
    )[0]?.n ?? 0;
  // Every gateway came online running nothing and was sent its configuration: wait until all run it.
  await eventually(async () => (await completeCount()) === DEVICES, 300_000);

  const client = new TestClient(server);
  await client.login(fleet.owner.username, FACTORY_PASSWORD);

  // Ceiling: the same number of command round trips through the same platform and gateways.
  const settled = new Set<string>();
  const waiters = new Map<string, () => void>();
  const offCommands = server.bus.subscribe('command', (event) => {
    if (event.status === 'pending') return;
    settled.add(event.uuid);
    waiters.get(event.uuid)?.();
  });
  const settledOf = (uuid: string) =>
    settled.has(uuid) ? Promise.resolve() : new Promise<void>((resolve) => waiters.set(uuid, resolve));
  const ceilingBegan = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: COMMANDS_IN_FLIGHT }, async () => {
      while (next < fleet.gateways.length) {
        const device = fleet.gateways[next++]!;
        const answer = await client.call('POST', '/equipment/command/read', {
          equipmentId: device.deviceId,
          key: 'waterTemperature',
        });
        const uuid = (answer.data as { uuid: string }).uuid;
        await settledOf(uuid);
      }
    }),
  );
  const ceilingSeconds = (performance.now() - ceilingBegan) / 1000;
  offCommands();

  // The template: for the fleet's product (published, so its owner may bind to it), bound to every
  // device, and a new version with another PLC address.
  await db.update(products).set({ status: 'published' }).where(eq(products.id, fleet.productId));
  const post = async <T>(route: string, body: Record<string, unknown>) => {
    const answer = await postJson(server, client, route, body);
    if (answer.code !== '200') throw new Error(`${route}: ${answer.code} ${answer.message}`);
    return answer.data as T;
  };
  const template = await post<{ id: string }>('/equipment/template/add', {
    name: 'Bench template',
    productId: fleet.productId,
  });
  for (let start = 0; start < fleet.gateways.length; start += BIND_CHUNK) {
    await post('/equipment/template/bind', {
      id: template.id,
      deviceIds: fleet.gateways.slice(start, start + BIND_CHUNK).map((gateway) => gateway.deviceId),
    });
  }
  await post('/equipment/template/version/save', {
    id: template.id,
    drivers: [{ key: 'boiler', host: '10.20.0.9', slaveId: 3 }],
  });
  const pending = new Set(sns);
  let allDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allDone = resolve));
  const offSync = server.bus.subscribe('configSync', (event) => {
    if (event.state !== 'complete' || !pending.delete(event.sn)) return;
    if (pending.size === 0) allDone();
  });
  const syncBegan = performance.now();
  const answer = await post<{ results: Array<{ state: string }> }>('/equipment/template/sync', {
    id: template.id,
  });
  const answeredSeconds = (performance.now() - syncBegan) / 1000;
  await done;
  const syncSeconds = (performance.now() - syncBegan) / 1000;
  offSync();

  const config = {
    stack: 'PGlite + embedded broker',
    devices: DEVICES,
    gateways: `${connected.connected} simulated (gateway-swarm.ts), applying at once`,
    syncing: answer.results.filter((result) => result.state === 'syncing').length,
  };
  record({
    scenario: 'template-sync.ceiling',
    metric: 'command round trips',
    value: ceilingSeconds,
    unit: 's',
    config: { ...config, inFlight: COMMANDS_IN_FLIGHT },
  });
  record({
    scenario: 'template-sync.all-complete',
    metric: 'sync answered',
    value: answeredSeconds,
    unit: 's',
    config,
  });
  record({
    scenario: 'template-sync.all-complete',
    metric: 'all complete',
    value: syncSeconds,
    unit: 's',
    config,
  });
  record({
    scenario: 'template-sync.all-complete',
    metric: 'ratio to ceiling',
    value: ceilingSeconds / syncSeconds,
    unit: '×',
    config,
  });
  const swarmExited = new Promise((resolve) => swarm.once('exit', resolve));
  swarm.kill();
  await swarmExited;
  await server.close();
}
