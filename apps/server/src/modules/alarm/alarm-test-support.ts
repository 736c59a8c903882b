/** Alarm test helpers: a bound device with its people signed in, rules and groups through the API, uploads over MQTT. */
import { expect } from 'vitest';
import type { AckPayload } from '@lyyp/contracts/protocol';
import type { AlarmGroupInput, AlarmRuleInput } from '@lyyp/contracts/alarm';
import { latestValues } from '../../db/schema/index.ts';
import { FACTORY_PASSWORD, buildBoundDevice } from '../../test/factories.ts';
import { TestGateway } from '../../test/gateway-client.ts';
import { TestClient, type TestServer } from '../../test/test-server.ts';
import { postJson } from '../device/catalogue-test-support.ts';
import { AccountRepository } from '../account/account.repository.ts';
import { createAlarmModule, type AlarmModule } from './index.ts';

/**
 * Another platform node's alarm module on the test server's database, bus and clock: nothing in
 * memory, as after a restart or on a second node.
 */
export function anotherAlarmNode(server: TestServer): AlarmModule {
  return createAlarmModule({
    db: server.database.db,
    config: server.config,
    bus: server.bus,
    access: server.catalogue.deviceAccess,
    accounts: new AccountRepository(server.database.db),
    products: server.catalogue.services.products,
    sms: server.sms,
    logger: server.app.log,
    now: server.clock.now,
  });
}

/** Alarm sweeps off: tests drive them with their own clock. */
export const ALARM_TEST_ENVIRONMENT = { ALARM_SWEEP_INTERVAL_MS: '0' };

export const HIGH_TEMPERATURE: Omit<AlarmRuleInput, 'id'> = {
  name: 'High temperature',
  variableKey: 'waterTemperature',
  condition: { operator: 'gt', limit: { kind: 'value', value: 80 } },
  deadBand: 2,
  pushMethods: ['app'],
};

export async function signedIn(server: TestServer, username: string) {
  const client = new TestClient(server);
  const answer = await client.login(username, FACTORY_PASSWORD);
  expect(answer.code).toBe('200');
  return client;
}

export async function alarmFixture(server: TestServer) {
  const bound = await buildBoundDevice(server.database.db);
  const developer = await signedIn(server, bound.developer.username!);
  const owner = await signedIn(server, bound.owner.username!);
  return { ...bound, developerClient: developer, ownerClient: owner };
}

export async function addRule(
  server: TestServer,
  client: TestClient,
  productId: string,
  rule: Omit<AlarmRuleInput, 'id'> = HIGH_TEMPERATURE,
) {
  const answer = await postJson(server, client, '/alarm/rule/add', { productId, rule });
  expect(answer.code, answer.message).toBe('200');
  return answer.data as AlarmRuleInput & { id: string };
}

export async function addGroup(
  server: TestServer,
  client: TestClient,
  productId: string,
  group: Omit<AlarmGroupInput, 'id'>,
) {
  const answer = await postJson(server, client, '/alarm/group/add', { productId, group });
  expect(answer.code, answer.message).toBe('200');
  return answer.data as AlarmGroupInput & { id: string };
}

/** Publishes one upload and waits for its acknowledgement (sent after storage and alarm evaluation). */
export async function upload(
  link: TestGateway,
  seq: number,
  points: { k: string; t: number; v: number | boolean | null }[],
): Promise<AckPayload> {
  await link.send('data', { seq, points });
  return link.waitFor<AckPayload>('ack', (ack) => ack.seq === seq);
}

export async function connectGateway(server: TestServer, gateway: { sn: string; secret: string }) {
  const url = `mqtt://127.0.0.1:${server.runtime.address().port}`;
  return TestGateway.connect(url, gateway.sn, gateway.secret);
}

export interface RecordItem {
  id: string;
  deviceId: string;
  name: string;
  message: string;
  value: unknown;
  since: number;
  raisedAt: number;
  releasedAt: number | null;
  releaseReason: string | null;
  late: boolean;
  state: string;
  acknowledgedAt: number | null;
  acknowledgeComment: string | null;
}

export async function deviceRecords(server: TestServer, client: TestClient, deviceId: string) {
  const answer = await postJson(server, client, '/alarm/record/device', {
    equipmentId: deviceId,
    pageSize: 100,
  });
  expect(answer.code, answer.message).toBe('200');
  return (answer.data as { list: RecordItem[] }).list;
}

/** A device's current value as the ingest stores it beside the points (what a rule edit reads). */
export async function storeLatest(
  server: TestServer,
  deviceId: string,
  key: string,
  value: number,
  at: number,
) {
  await server.database.db
    .insert(latestValues)
    .values({ deviceId, key, ts: new Date(at), value })
    .onConflictDoUpdate({
      target: [latestValues.deviceId, latestValues.key],
      set: { ts: new Date(at), value },
    });
}
