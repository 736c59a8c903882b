import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AckPayload, ConfigPayload } from '@lyyp/contracts/protocol';
import { gateways, latestValues } from '../../db/schema/index.ts';
import { buildBoundDevice } from '../../test/factories.ts';
import { TestGateway, eventually } from '../../test/gateway-client.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';

interface BrokerVariant {
  name: string;
  environment: () => Record<string, string>;
  gatewayUrl: (server: TestServer) => string;
}

const brokers: BrokerVariant[] = [
  {
    name: 'embedded broker',
    environment: () => ({}),
    gatewayUrl: (server) => `mqtt://127.0.0.1:${server.runtime.address().port}`,
  },
];
const externalUrl = process.env.TEST_MQTT_URL;
if (externalUrl) {
  brokers.push({
    name: 'Mosquitto',
    environment: () => ({
      MQTT_URL: externalUrl,
      MQTT_SHARE_GROUP: `test-${randomBytes(4).toString('hex')}`,
    }),
    gatewayUrl: () => externalUrl,
  });
}
const database = databaseVariants()[0]!;
const baseTime = Date.UTC(2026, 10, 20, 8, 0, 0);

describe.each(brokers)('gateway protocol through the $name', (broker) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(database, broker.environment());
    await server.runtime.start();
  });
  afterAll(async () => server.close());

  async function connectedDevice() {
    const bound = await buildBoundDevice(server.database.db);
    const gateway = await TestGateway.connect(
      broker.gatewayUrl(server),
      bound.gateway.sn,
      bound.gateway.secret,
    );
    return { ...bound, link: gateway };
  }

  it('stores a numbered upload, answers it once durable, and stores a repeat only once', async () => {
    const { device, link } = await connectedDevice();
    const points = [
      { k: 'waterTemperature', t: baseTime, v: 71.5 },
      { k: 'waterTemperature', t: baseTime + 1000, v: 72.25 },
      { k: 'serialNumber', t: baseTime, v: 'BLR-2026-000123' },
      { k: 'running', t: baseTime, v: true },
    ];
    await link.send('data', { seq: 1, points });
    const ack = await link.waitFor<AckPayload>('ack', (payload) => payload.seq === 1);
    expect(ack).toEqual({ seq: 1, stored: 4, duplicates: 0 });
    expect(await server.runtime.history.countPoints(device.id)).toBe(4);
    const series = await server.runtime.historyQueries.points(
      device.id,
      ['waterTemperature'],
      baseTime,
      baseTime + 1001,
    );
    expect(series.map((point) => point.num)).toEqual([71.5, 72.25]);

    await link.send('data', { seq: 1, points });
    const again = await link.waitFor<AckPayload>(
      'ack',
      (payload) => payload.seq === 1 && payload.duplicates > 0,
    );
    expect(again).toEqual({ seq: 1, stored: 0, duplicates: 4 });
    expect(await server.runtime.history.countPoints(device.id)).toBe(4);

    const latest = await server.database.db
      .select()
      .from(latestValues)
      .where(eq(latestValues.deviceId, device.id));
    expect(latest.find((row) => row.key === 'waterTemperature')?.value).toBe(72.25);
    await link.close();
  });

  it('keeps the newest value as latest when older points arrive later', async () => {
    const { device, link } = await connectedDevice();
    await link.send('data', { seq: 5, points: [{ k: 'steamPressure', t: baseTime + 60_000, v: 0.8 }] });
    await link.waitFor<AckPayload>('ack', (payload) => payload.seq === 5);
    await link.send('data', { seq: 6, points: [{ k: 'steamPressure', t: baseTime, v: 0.5 }] });
    await link.waitFor<AckPayload>('ack', (payload) => payload.seq === 6);
    const [row] = await server.database.db
      .select()
      .from(latestValues)
      .where(eq(latestValues.deviceId, device.id));
    expect(row?.value).toBe(0.8);
    await link.close();
  });

  it('rejects and counts bad payloads and unknown variables, and stores nothing for them', async () => {
    const { device, gateway, link } = await connectedDevice();
    await link.send('data', 'not json');
    await link.send('data', { seq: -1, points: [] });
    await link.send('data', {
      seq: 2,
      points: [
        { k: 'noSuchVariable', t: baseTime, v: 1 },
        { k: 'waterTemperature', t: baseTime, v: 'hot' },
      ],
    });
    const ack = await link.waitFor<AckPayload>('ack', (payload) => payload.seq === 2);
    expect(ack.stored).toBe(0);
    const row = await eventually(async () => {
      const [found] = await server.database.db.select().from(gateways).where(eq(gateways.sn, gateway.sn));
      return found && found.rejectedMessages >= 4 ? found : undefined;
    });
    expect(row.rejectedMessages).toBe(4);
    expect(await server.runtime.history.countPoints(device.id)).toBe(0);
    expect(link.received.filter((message) => message.topic.endsWith('/ack'))).toHaveLength(1);
    await link.close();
  });

  it('records gateway status, signal and firmware', async () => {
    const { gateway, link } = await connectedDevice();
    await link.send('status', {
      status: 'online',
      ts: Date.now(),
      signal: 63,
      firmware: 'v2.1.0',
      networkMode: 'cellular',
    });
    const row = await eventually(async () => {
      const [found] = await server.database.db.select().from(gateways).where(eq(gateways.sn, gateway.sn));
      return found?.status === 'online' ? found : undefined;
    });
    expect(row).toMatchObject({ signal: 63, firmware: 'v2.1.0', networkMode: 'cellular' });
    await link.send('status', { status: 'dormant', ts: Date.now() });
    await eventually(async () => {
      const [found] = await server.database.db.select().from(gateways).where(eq(gateways.sn, gateway.sn));
      return found?.status === 'dormant';
    });
    await link.close();
  });

  it('pushes the configuration retained, and records the gateway applying it', async () => {
    const { device, gateway, product } = await connectedDevice();
    expect(await server.runtime.link.pushConfig(device.id)).toBe(product.modelVersion);
    const late = await TestGateway.connect(broker.gatewayUrl(server), `${gateway.sn}`, gateway.secret);
    const config = await late.waitFor<ConfigPayload>('config');
    expect(config.version).toBe(product.modelVersion);
    expect(config.model.variables.map((variable) => variable.key)).toContain('waterTemperature');
    await late.send('config', { version: config.version, status: 'applied' });
    const row = await eventually(async () => {
      const [found] = await server.database.db.select().from(gateways).where(eq(gateways.sn, gateway.sn));
      return found?.configSyncState === 'complete' ? found : undefined;
    });
    expect(row.configVersionReported).toBe(product.modelVersion);
    await late.close();

    // Unbinding clears the retained configuration: a gateway connecting afterwards gets none.
    await server.runtime.link.clearConfig(gateway.sn);
    const after = await TestGateway.connect(broker.gatewayUrl(server), gateway.sn, gateway.secret);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(
      after.received.filter((message) => message.topic.endsWith('/config') && message.payload !== ''),
    ).toEqual([]);
    await after.close();
  });
});

describe('embedded broker access rules', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
    await server.runtime.start();
  });
  afterAll(async () => server.close());
  const url = () => `mqtt://127.0.0.1:${server.runtime.address().port}`;

  it('refuses a wrong secret and an unknown gateway', async () => {
    const { gateway } = await buildBoundDevice(server.database.db);
    await expect(TestGateway.connect(url(), gateway.sn, 'wrong-secret')).rejects.toThrow();
    await expect(TestGateway.connect(url(), '000000000000', 'whatever')).rejects.toThrow();
  });

  it("never lets a gateway subscribe to or publish on another gateway's topics", async () => {
    const first = await buildBoundDevice(server.database.db);
    const second = await buildBoundDevice(server.database.db);
    const victim = await TestGateway.connect(url(), second.gateway.sn, second.gateway.secret);
    const intruder = await TestGateway.connect(url(), first.gateway.sn, first.gateway.secret, false);

    // The broker answers with a failed SUBACK (granted 128), which the client reports as an error.
    await expect(
      intruder.client.subscribeAsync(`gw/${second.gateway.sn}/down/+`, { qos: 1 }),
    ).rejects.toThrow(/Subscribe error/);
    await expect(intruder.client.subscribeAsync('#', { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await expect(
      intruder.client.subscribeAsync(`gw/${first.gateway.sn}/down/cmd`, { qos: 1 }),
    ).resolves.toBeDefined();

    await intruder.client
      .publishAsync(
        `gw/${second.gateway.sn}/up/data`,
        JSON.stringify({ seq: 1, points: [{ k: 'waterTemperature', t: baseTime, v: 99 }] }),
        { qos: 0 },
      )
      .catch(() => undefined);
    await intruder.client
      .publishAsync(`gw/${second.gateway.sn}/down/cmd`, '{}', { qos: 0 })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await server.runtime.history.countPoints(second.device.id)).toBe(0);
    expect(victim.received.filter((message) => message.topic.endsWith('/cmd'))).toHaveLength(0);
    await victim.close();
    await intruder.close().catch(() => undefined);
  });

  it('marks a gateway offline when its connection drops', async () => {
    const { gateway } = await buildBoundDevice(server.database.db);
    const link = await TestGateway.connect(url(), gateway.sn, gateway.secret);
    await link.send('status', { status: 'online', ts: Date.now() });
    await eventually(
      async () => (await server.runtime.runtime.gatewayState(gateway.sn))?.status === 'online',
    );
    link.client.stream.destroy();
    await eventually(
      async () => (await server.runtime.runtime.gatewayState(gateway.sn))?.status === 'offline',
    );
  });
});
