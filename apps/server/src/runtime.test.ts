import { describe, expect, it } from 'vitest';
import { buildBoundDevice } from './test/factories.ts';
import { TestGateway } from './test/gateway-client.ts';
import { databaseVariants, startTestServer } from './test/test-server.ts';

const KEEPING_ALIVE = ['Timeout', 'TCPServerWrap', 'TCPSocketWrap', 'TCPWrap'];

/** Timers, sockets and servers that would keep a process (the benchmark, the platform) running. */
async function openHandles(): Promise<Record<string, number>> {
  // A closed handle leaves the list on the next turn of the event loop.
  await new Promise((resolve) => setImmediate(resolve));
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo())
    if (KEEPING_ALIVE.includes(kind)) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/** What is open now that was not before (the test runner keeps a timer or two of its own). */
async function leftOpenSince(before: Record<string, number>): Promise<string[]> {
  const after = await openHandles();
  return Object.entries(after)
    .filter(([kind, count]) => count > (before[kind] ?? 0))
    .map(([kind, count]) => `${kind} × ${count - (before[kind] ?? 0)}`);
}

/**
 * Each test opens a whole platform (database, migrations) inside the test, because the handles are
 * counted around it: that is set-up work, so it gets the set-up's time bound, not a test's.
 */
const PLATFORM_TEST_TIMEOUT_MS = 120_000;

describe('closing the platform', { timeout: PLATFORM_TEST_TIMEOUT_MS }, () => {
  const [pglite] = databaseVariants();

  it('leaves nothing running when its MQTT side never started', async () => {
    const before = await openHandles();
    const server = await startTestServer(pglite!);
    await server.close();
    expect(await leftOpenSince(before)).toEqual([]);
  });

  it('leaves nothing running when it published before its MQTT side started', async () => {
    const before = await openHandles();
    const server = await startTestServer(pglite!);
    // A device bound before the start: its configuration is kept as a retained message.
    await server.runtime.transport.publish('gw/100000000001/down/config', '{}', { qos: 1, retain: true });
    await server.close();
    expect(await leftOpenSince(before)).toEqual([]);
  });

  it('leaves nothing running after the broker served a gateway', async () => {
    const before = await openHandles();
    const server = await startTestServer(pglite!);
    const address = await server.runtime.start();
    const { gateway } = await buildBoundDevice(server.database.db);
    const link = await TestGateway.connect(`mqtt://127.0.0.1:${address.port}`, gateway.sn, gateway.secret);
    await link.send('status', { status: 'online', ts: Date.now() });
    await link.close();
    await server.close();
    expect(await leftOpenSince(before)).toEqual([]);
  });
});
