/**
 * Sessions follow the policy across nodes: a change made through one platform node reaches the
 * sockets open on another at once, through the Redis bus (PostgreSQL shared by both).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_PATHS } from '@lyyp/contracts/admin';
import { LIVE_CLOSE_SESSION_ENDED } from '@lyyp/contracts/live';
import { buildAccount, buildBoundDevice, buildProduct } from '../../test/factories.ts';
import {
  TestClient,
  sharedPostgresVariant,
  startTestServer,
  type TestServer,
} from '../../test/test-server.ts';
import { TEST_PASSWORD, postJson, signIn } from '../device/catalogue-test-support.ts';
import { TestLiveSocket } from './live-test-socket.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const canRun = Boolean(process.env.TEST_DATABASE_URL && redisUrl);

describe.runIf(canRun)('live channel on two platform nodes (PostgreSQL, Redis)', () => {
  let shared: Awaited<ReturnType<typeof sharedPostgresVariant>>;
  let first: TestServer;
  let second: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    shared = await sharedPostgresVariant();
    first = await startTestServer(shared!.variant, { BUS_URL: redisUrl! });
    second = await startTestServer(shared!.variant, { BUS_URL: redisUrl! });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    ({ client: admin } = await signIn(first, 'super'));
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await shared?.drop();
  });

  const post = async (client: TestClient, path: string, body: unknown) => {
    const answer = await postJson(first, client, path, body);
    expect(answer.code, answer.message).toBe('200');
    return answer.data;
  };

  /** Signs in through the second node, whose sockets the changes on the first must reach. */
  async function signedInOnSecond(username: string) {
    const client = new TestClient(second);
    expect((await client.login(username, TEST_PASSWORD)).code).toBe('200');
    return client;
  }

  it('an account disabled on one node has its socket on the other closed at once (1206)', async () => {
    const { device, owner } = await buildBoundDevice(first.database.db);
    const socket = await TestLiveSocket.open(second, await signedInOnSecond(owner.username!));
    await socket.follow(device.id);
    await post(admin, ADMIN_API_PATHS.accountSetStatus, { id: owner.id, status: 'disabled' });
    expect(await socket.closed).toEqual({ code: LIVE_CLOSE_SESSION_ENDED, reason: '1206' });
  });

  it('a role narrowed on one node re-authorises the subscriptions on the other (1210)', async () => {
    const { device } = await buildBoundDevice(first.database.db);
    const role = (await post(admin, ADMIN_API_PATHS.roleSave, {
      name: `Node viewers ${device.id.slice(0, 6)}`,
      audience: 'operation',
      permissions: ['manage:equipment:view'],
      dataScope: 'all',
      productIds: [],
    })) as { id: string };
    const staff = await buildAccount(first.database.db, 'operation');
    await post(admin, ADMIN_API_PATHS.roleAssign, { accountId: staff.id, roleId: role.id });
    const socket = await TestLiveSocket.open(second, await signedInOnSecond(staff.username!));
    await socket.follow(device.id);
    const developer = await buildAccount(first.database.db, 'developer');
    const other = await buildProduct(first.database.db, developer.id);
    await post(admin, ADMIN_API_PATHS.roleSave, {
      id: role.id,
      name: `Node narrowed ${device.id.slice(0, 6)}`,
      audience: 'operation',
      permissions: ['manage:equipment:view'],
      dataScope: 'chosen',
      productIds: [other.id],
    });
    expect(await socket.next('error', (message) => message.deviceId === device.id)).toMatchObject({
      code: '1210',
    });
    expect(await socket.answers()).toBe(true);
    socket.close();
  });

  it('signing out on one node closes the session’s socket on the other (1010)', async () => {
    const { device, owner } = await buildBoundDevice(first.database.db);
    const client = await signedInOnSecond(owner.username!);
    const socket = await TestLiveSocket.open(second, client);
    await socket.follow(device.id);
    const onFirst = new TestClient(first);
    onFirst.cookies.set(...[...client.cookies][0]!);
    expect((await onFirst.call('POST', '/user/logout')).code).toBe('200');
    expect(await socket.closed).toEqual({ code: LIVE_CLOSE_SESSION_ENDED, reason: '1010' });
  });
});
