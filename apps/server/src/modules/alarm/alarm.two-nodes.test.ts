import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AckPayload } from '@lyyp/contracts/protocol';
import { eq } from 'drizzle-orm';
import { alarmNotifications, alarmRecords } from '../../db/schema/index.ts';
import { TestGateway } from '../../test/gateway-client.ts';
import { sharedPostgresVariant, startTestServer, type TestServer } from '../../test/test-server.ts';
import { VERSION_CHECK_INTERVAL_MS } from './rule-cache.ts';
import {
  ALARM_TEST_ENVIRONMENT,
  HIGH_TEMPERATURE,
  addGroup,
  addRule,
  alarmFixture,
} from './alarm-test-support.ts';

const mqttUrl = process.env.TEST_MQTT_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const canRun = Boolean(process.env.TEST_DATABASE_URL && mqttUrl && redisUrl);

describe.runIf(canRun)('alarms on two platform nodes (PostgreSQL, Mosquitto, Redis)', () => {
  let shared: Awaited<ReturnType<typeof sharedPostgresVariant>>;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    shared = await sharedPostgresVariant();
    const environment = {
      ...ALARM_TEST_ENVIRONMENT,
      MQTT_URL: mqttUrl!,
      MQTT_SHARE_GROUP: `alarms-${randomBytes(4).toString('hex')}`,
      BUS_URL: redisUrl!,
    };
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

  it('raises and releases each alarm once while both nodes share the uploads, and sends each notification once', async () => {
    const fixture = await alarmFixture(first);
    const group = await addGroup(first, fixture.developerClient, fixture.product.id, {
      name: 'Both nodes',
      channels: ['app'],
      recipients: [{ accountId: fixture.owner.id, channels: ['app'] }],
    });
    await addRule(first, fixture.developerClient, fixture.product.id, {
      ...HIGH_TEMPERATURE,
      groupIds: [group.id],
    });
    // The other node sees a saved rule within VERSION_CHECK_INTERVAL_MS (docs/alarms.md); the samples
    // below are sent at once, so the second node's clock is moved past that interval first.
    second.clock.advance(VERSION_CHECK_INTERVAL_MS);
    const link = await TestGateway.connect(mqttUrl!, fixture.gateway.sn, fixture.gateway.secret);
    const start = first.clock.now() - 60_000;
    // Two alarm cycles and a third alarm still active; one sample per upload, uploads split
    // between the nodes by the broker.
    const values = [70, 90, 91, 60, 95, 50, 85];
    for (const [index, value] of values.entries()) {
      const seq = index + 1;
      await link.send('data', { seq, points: [{ k: 'waterTemperature', t: start + seq * 1000, v: value }] });
      await link.waitFor<AckPayload>('ack', (ack) => ack.seq === seq, 10_000);
    }
    // A resend of everything on both nodes changes nothing.
    for (const [index, value] of values.entries()) {
      const seq = index + 1;
      await link.send('data', { seq, points: [{ k: 'waterTemperature', t: start + seq * 1000, v: value }] });
    }
    await link.waitFor<AckPayload>('ack', (ack) => ack.seq === values.length && ack.duplicates === 1, 10_000);
    const records = await first.database.db
      .select()
      .from(alarmRecords)
      .where(eq(alarmRecords.deviceId, fixture.device.id));
    const cycles = records
      .map((record) => [record.raisedAt.getTime() - start, (record.releasedAt?.getTime() ?? start) - start])
      .sort((a, b) => a[0]! - b[0]!);
    expect(cycles).toEqual([
      [2000, 4000],
      [5000, 6000],
      [7000, 0],
    ]);

    await Promise.all([
      first.alarms.sweep(),
      second.alarms.sweep(),
      first.alarms.sweep(),
      second.alarms.sweep(),
    ]);
    const sends = await first.database.db.select().from(alarmNotifications);
    const ofDevice = sends.filter((send) => records.some((record) => record.id === send.recordId));
    // Only the active alarm reaches anybody (the released ones were over before they were planned).
    expect(ofDevice.map((send) => [send.key, send.status, send.attempts])).toEqual([
      [`alarm:app:p:${fixture.owner.id}:0`, 'sent', 1],
    ]);
    const messages = await first.alarms.messages.list(fixture.owner, {
      type: 'alarm',
      page: 1,
      pageSize: 10,
    });
    expect(messages.total).toBe(1);
    await link.close();
  });
});
