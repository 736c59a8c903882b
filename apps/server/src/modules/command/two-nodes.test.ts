import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AckPayload, CommandPayload } from '@lyyp/contracts/protocol';
import { FACTORY_PASSWORD, buildBoundDevice } from '../../test/factories.ts';
import { TestGateway, eventually } from '../../test/gateway-client.ts';
import {
  TestClient,
  sharedPostgresVariant,
  startTestServer,
  type TestServer,
} from '../../test/test-server.ts';

const mqttUrl = process.env.TEST_MQTT_URL;
const canRun = Boolean(process.env.TEST_DATABASE_URL && mqttUrl);

describe.runIf(canRun)('two platform nodes on one PostgreSQL and Mosquitto', () => {
  let shared: Awaited<ReturnType<typeof sharedPostgresVariant>>;
  let first: TestServer;
  let second: TestServer;
  const environment = { MQTT_URL: mqttUrl!, MQTT_SHARE_GROUP: `nodes-${randomBytes(4).toString('hex')}` };

  beforeAll(async () => {
    shared = await sharedPostgresVariant();
    first = await startTestServer(shared!.variant, environment);
    second = await startTestServer(shared!.variant, environment);
    await first.runtime.start();
    await second.runtime.start();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await shared?.drop();
  });

  it('issues a command on one node and answers its state on the other', async () => {
    const { device, gateway, owner } = await buildBoundDevice(first.database.db);
    const link = await TestGateway.connect(mqttUrl!, gateway.sn, gateway.secret);
    await link.send('status', { status: 'online', ts: Date.now() });
    await eventually(async () => (await first.runtime.runtime.gatewayState(gateway.sn))?.status === 'online');

    const onFirst = new TestClient(first);
    await onFirst.login(owner.username!, FACTORY_PASSWORD);
    const onSecond = new TestClient(second);
    // The session lives in the database: the cookie from node one works on node two.
    onSecond.cookies.set('lyyp_session', onFirst.sessionToken!);

    const issued = (
      await onFirst.call('POST', '/equipment/command/write', {
        equipmentId: device.id,
        key: 'temperatureSetpoint',
        value: '66',
      })
    ).data as { uuid: string };
    const command = await link.waitFor<CommandPayload>('cmd', (payload) => payload.uuid === issued.uuid);
    expect(command.value).toBe(66);
    expect(
      (
        (await onSecond.call('POST', '/bluetooth/equipment/multi/callback', { uuid: issued.uuid })).data as {
          status: string;
        }
      ).status,
    ).toBe('pending');
    await link.send('reply', { uuid: issued.uuid, status: 'success', code: '200', data: { value: 66 } });
    const settled = await eventually(async () => {
      const answer = (
        await onSecond.call('POST', '/bluetooth/equipment/multi/callback', { uuid: issued.uuid })
      ).data as { status: string; data: unknown };
      return answer.status === 'success' ? answer : undefined;
    });
    expect(settled.data).toEqual({ value: 66 });
    await link.close();
  });

  it('splits uploads between the nodes and stores each once', async () => {
    const { device, gateway } = await buildBoundDevice(first.database.db);
    const link = await TestGateway.connect(mqttUrl!, gateway.sn, gateway.secret);
    const start = Date.UTC(2026, 10, 1);
    for (let seq = 1; seq <= 20; seq += 1) {
      await link.send('data', { seq, points: [{ k: 'waterTemperature', t: start + seq * 1000, v: seq }] });
    }
    await link.waitFor<AckPayload>('ack', (ack) => ack.seq === 20, 10_000);
    await eventually(async () => (await first.runtime.history.countPoints(device.id)) === 20);
    expect(await second.runtime.history.countPoints(device.id)).toBe(20);
    await link.close();
  });

  it('leaves gateways connected through the broker online when another node starts', async () => {
    const { gateway } = await buildBoundDevice(first.database.db);
    const link = await TestGateway.connect(mqttUrl!, gateway.sn, gateway.secret);
    await link.send('status', { status: 'online', ts: Date.now() });
    await eventually(async () => (await first.runtime.runtime.gatewayState(gateway.sn))?.status === 'online');
    const third = await startTestServer(shared!.variant, environment);
    try {
      await third.runtime.start();
      expect((await third.runtime.runtime.gatewayState(gateway.sn))?.status).toBe('online');
    } finally {
      await third.close();
      await link.close();
    }
  });
});
