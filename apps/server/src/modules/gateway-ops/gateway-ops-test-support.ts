/**
 * What the gateway operation route tests share: a platform per test file with its MQTT side
 * running (a test server start costs seconds), gateways connected to it, and the calls, uploads
 * and stored history the tests build on.
 */
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AckPayload } from '@lyyp/contracts/protocol';
import { alarmRecords, pointsDay, pointsHour } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { FACTORY_PASSWORD, buildBoundDevice } from '../../test/factories.ts';
import { TestGateway, eventually } from '../../test/gateway-client.ts';
import {
  TestClient,
  startTestServer,
  type DatabaseVariant,
  type TestServer,
} from '../../test/test-server.ts';
import { closeTestServer, postJson } from '../device/catalogue-test-support.ts';

export const PATHS = {
  replace: '/equipment/gateway/replace',
  replacement: '/equipment/gateway/replacement',
  factoryReset: '/equipment/gateway/factoryReset',
  clearData: '/equipment/gateway/clearData',
  settings: '/equipment/gateway/settings',
  saveSettings: '/equipment/gateway/settings/save',
  restart: '/equipment/gateway/restart',
};

export interface CommandAnswer {
  online: boolean;
  uuid: string | null;
  status: string | null;
  code: string | null;
}

export const HOUR = 3_600_000;
/** Steps across the broker and back, given more time: the suite runs beside others on a loaded machine. */
export const SLOW_STEP_MS = 15_000;
/** Two measuring moments an hour apart, far enough in the past to be history. */
export const EARLY = Date.UTC(2026, 0, 5, 8);
export const LATE = EARLY + 3 * HOUR;

export interface GatewayOpsWorld {
  readonly server: TestServer;
  /** Gateways the tests connected, closed with the server. */
  readonly links: TestGateway[];
}

export async function startGatewayOpsWorld(variant: DatabaseVariant): Promise<GatewayOpsWorld> {
  const server = await startTestServer(variant);
  await server.runtime.start();
  return { server, links: [] };
}

export async function closeGatewayOpsWorld(world: GatewayOpsWorld | undefined) {
  if (!world) return;
  for (const link of world.links) await link.close();
  await closeTestServer(world.server);
}

/** The tests' calls and data, over the world `current` answers once it is started. */
export function gatewayOpsCalls(current: () => GatewayOpsWorld) {
  const brokerUrl = () => `mqtt://127.0.0.1:${current().server.runtime.address().port}`;

  const call = async <T>(client: TestClient, path: string, body: unknown) =>
    (await postJson(current().server, client, path, body)) as { code?: string; data: T; message?: string };

  async function signedIn(username: string) {
    const client = new TestClient(current().server);
    expect((await client.login(username, FACTORY_PASSWORD)).code).toBe('200');
    return client;
  }

  /** A bound device whose gateway is connected and reports a status (online unless told). */
  async function connectedDevice(status: 'online' | 'dormant' = 'online') {
    const bound = await buildBoundDevice(current().server.database.db);
    const link = await TestGateway.connect(brokerUrl(), bound.gateway.sn, bound.gateway.secret);
    current().links.push(link);
    await link.send('status', { status, ts: Date.now(), configVersion: 0 });
    await eventually(
      async () => (await current().server.runtime.runtime.gatewayState(bound.gateway.sn))?.status === status,
    );
    const owner = await signedIn(bound.owner.username!);
    return { ...bound, link, owner };
  }

  async function upload(link: TestGateway, seq: number, points: Array<{ k: string; t: number; v: number }>) {
    await link.send('data', { seq, points });
    await link.waitFor<AckPayload>('ack', (ack) => ack.seq === seq);
  }

  const pointCount = async (deviceId: string) => {
    const result = await current().server.database.db.execute(
      sql`select count(*)::int as n from point_rows where device_id = ${deviceId}`,
    );
    return Number((result as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  };

  async function alarm(deviceId: string, productId: string, raisedAt: number, released: boolean) {
    await current()
      .server.database.db.insert(alarmRecords)
      .values({
        id: newId(),
        deviceId,
        productId,
        type: 'variable',
        source: `rule-${newId()}`,
        name: 'High',
        message: 'Too hot',
        since: new Date(raisedAt),
        raisedAt: new Date(raisedAt),
        releasedAt: released ? new Date(raisedAt + 60_000) : null,
      });
  }

  async function summaries(deviceId: string, at: number) {
    const hour = new Date(Math.floor(at / HOUR) * HOUR);
    const statistics = (start: Date) => ({
      vMin: 1,
      vMax: 2,
      n: 2,
      vFirst: 1,
      firstAt: start,
      vLast: 2,
      lastAt: new Date(start.getTime() + 1000),
      vSum: 3,
    });
    // The platform's summary sweep may have written these rows from the uploaded point already.
    await current()
      .server.database.db.insert(pointsHour)
      .values({ deviceId, key: 'waterTemperature', hour, ...statistics(hour) })
      .onConflictDoNothing();
    const day = new Date(Math.floor(at / (24 * HOUR)) * 24 * HOUR);
    await current()
      .server.database.db.insert(pointsDay)
      .values({ deviceId, key: 'waterTemperature', day, ...statistics(day) })
      .onConflictDoNothing();
  }

  return { brokerUrl, call, signedIn, connectedDevice, upload, pointCount, alarm, summaries };
}
