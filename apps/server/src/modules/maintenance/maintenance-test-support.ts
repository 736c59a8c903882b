/** Maintenance test helpers: a bound device with its owner, a technician, a dispatcher and a stranger signed in. */
import { expect } from 'vitest';
import { API_PREFIX } from '@lyyp/contracts';
import { alarmRecords, deviceAccess } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { buildAccount, buildBoundDevice } from '../../test/factories.ts';
import type { TestClient, TestServer } from '../../test/test-server.ts';
import { signedIn } from '../alarm/alarm-test-support.ts';
import { postJson } from '../device/catalogue-test-support.ts';
import { IMAGE_SAMPLES, multipartBody } from '../files/files-test-support.ts';

/** Task generation off: tests call it with their own clock. */
export const MAINTENANCE_TEST_ENVIRONMENT = {
  ALARM_SWEEP_INTERVAL_MS: '0',
  INSPECTION_SWEEP_INTERVAL_MS: '0',
};

export async function maintenanceFixture(server: TestServer) {
  const db = server.database.db;
  const bound = await buildBoundDevice(db);
  const technician = await buildAccount(db, 'terminal');
  const dispatcher = await buildAccount(db, 'operation');
  const stranger = await buildAccount(db, 'terminal');
  await db
    .insert(deviceAccess)
    .values({ deviceId: bound.device.id, accountId: technician.id, kind: 'authorized', canWrite: false });
  return {
    ...bound,
    technician,
    dispatcher,
    stranger,
    ownerClient: await signedIn(server, bound.owner.username!),
    technicianClient: await signedIn(server, technician.username!),
    dispatcherClient: await signedIn(server, dispatcher.username!),
    strangerClient: await signedIn(server, stranger.username!),
  };
}

/** An active alarm record of a device, as the alarm engine stores it. */
export async function insertAlarmRecord(server: TestServer, device: { id: string; productId: string }) {
  const raisedAt = new Date(server.clock.now() - 60_000);
  const [row] = await server.database.db
    .insert(alarmRecords)
    .values({
      id: newId(),
      deviceId: device.id,
      productId: device.productId,
      type: 'variable',
      source: `rule:${newId()}`,
      name: 'High temperature',
      message: 'Water temperature 91 °C above 80 °C',
      value: 91,
      since: raisedAt,
      raisedAt,
    })
    .returning();
  return row!;
}

export async function call<T = unknown>(server: TestServer, client: TestClient, path: string, body: unknown) {
  const answer = await postJson(server, client, path, body);
  return answer as { status: number; code: string | undefined; message: string | undefined; data: T };
}

export async function expectOk<T = unknown>(
  server: TestServer,
  client: TestClient,
  path: string,
  body: unknown,
) {
  const answer = await call<T>(server, client, path, body);
  expect(answer.code, answer.message).toBe('200');
  return answer.data;
}

/** Uploads a small PNG as the client and answers its file id. */
export async function uploadPhoto(server: TestServer, client: TestClient): Promise<string> {
  const body = multipartBody({}, [
    { field: 'file', name: 'photo.png', bytes: IMAGE_SAMPLES.png, contentType: 'image/png' },
  ]);
  const response = await server.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/file/upload`,
    headers: {
      'content-type': body.contentType,
      cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    },
    payload: body.payload,
  });
  const json = response.json<{ code: string; data: { id: string } }>();
  expect(json.code).toBe('200');
  return json.data.id;
}
