/**
 * Sessions follow the policy at once on the live channel: every change to an account's sessions or
 * rights reaches its open sockets without waiting for the periodic session check (a minute). A
 * socket whose session ended is closed (4001, the catalogue code as reason, which the console turns
 * into the sign-in page); one whose session lives on keeps only the subscriptions still allowed,
 * each dropped one told with 1210. Each test waits on the socket's close or message events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_PATHS } from '@lyyp/contracts/admin';
import { LIVE_CLOSE_SESSION_ENDED } from '@lyyp/contracts/live';
import { buildAccount, buildBoundDevice, buildProduct } from '../../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { TEST_PASSWORD, postJson, signIn } from '../device/catalogue-test-support.ts';
import { TestLiveSocket } from './live-test-socket.ts';

describe.each(databaseVariants())('live channel following session and rights changes on $name', (variant) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(variant);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    ({ client: admin } = await signIn(server, 'super'));
  });
  afterAll(async () => server.close());

  const post = async (client: TestClient, path: string, body: unknown) => {
    const answer = await postJson(server, client, path, body);
    expect(answer.code, answer.message).toBe('200');
    return answer.data;
  };

  async function signedIn(username: string) {
    const client = new TestClient(server);
    const answer = await client.login(username, TEST_PASSWORD);
    expect(answer.code, answer.message).toBe('200');
    return client;
  }

  /** An end user watching their own device on an open socket. */
  async function ownerWatching() {
    const fixture = await buildBoundDevice(server.database.db);
    const client = await signedIn(fixture.owner.username!);
    const socket = await TestLiveSocket.open(server, client);
    await socket.follow(fixture.device.id);
    return { ...fixture, client, socket };
  }

  /** A staff member holding a role of the device view code (all products), watching the device. */
  async function staffWatching(deviceId: string) {
    const role = (await post(admin, ADMIN_API_PATHS.roleSave, {
      name: `Viewers ${Math.random().toString(36).slice(2, 8)}`,
      audience: 'operation',
      permissions: ['manage:equipment:view'],
      dataScope: 'all',
      productIds: [],
    })) as { id: string };
    const account = await buildAccount(server.database.db, 'operation');
    await post(admin, ADMIN_API_PATHS.roleAssign, { accountId: account.id, roleId: role.id });
    const client = await signedIn(account.username!);
    const socket = await TestLiveSocket.open(server, client);
    await socket.follow(deviceId);
    return { role, account, client, socket };
  }

  /** A product of another developer, none of the test devices runs it. */
  async function otherProduct() {
    const developer = await buildAccount(server.database.db, 'developer');
    return buildProduct(server.database.db, developer.id);
  }

  async function expectEnded(socket: TestLiveSocket, code: string) {
    expect(await socket.closed).toEqual({ code: LIVE_CLOSE_SESSION_ENDED, reason: code });
    expect(socket.messages.at(-1)).toMatchObject({ type: 'error', code });
  }

  it('signing out closes that session’s sockets (1010) and leaves the account’s other sessions open', async () => {
    const watching = await ownerWatching();
    const other = await signedIn(watching.owner.username!);
    const otherSocket = await TestLiveSocket.open(server, other);
    expect((await watching.client.call('POST', '/user/logout')).code).toBe('200');
    await expectEnded(watching.socket, '1010');
    expect(await otherSocket.answers()).toBe(true);
    otherSocket.close();
  });

  it('disabling an account closes its sockets at once (1206)', async () => {
    const watching = await ownerWatching();
    await post(admin, ADMIN_API_PATHS.accountSetStatus, { id: watching.owner.id, status: 'disabled' });
    await expectEnded(watching.socket, '1206');
  });

  it('deleting an account closes its sockets at once (1206)', async () => {
    const watching = await ownerWatching();
    await post(admin, ADMIN_API_PATHS.accountDelete, { id: watching.owner.id });
    await expectEnded(watching.socket, '1206');
  });

  it('a password reset by staff closes the account’s sockets at once (1206)', async () => {
    const watching = await ownerWatching();
    await post(admin, ADMIN_API_PATHS.accountResetPassword, { id: watching.owner.id });
    await expectEnded(watching.socket, '1206');
  });

  it('a role narrowed to other products drops the subscription (1210) and keeps the socket', async () => {
    const { device } = await ownerWatching();
    const staff = await staffWatching(device.id);
    const other = await otherProduct();
    await post(admin, ADMIN_API_PATHS.roleSave, {
      id: staff.role.id,
      name: `Narrowed ${staff.role.id.slice(0, 6)}`,
      audience: 'operation',
      permissions: ['manage:equipment:view'],
      dataScope: 'chosen',
      productIds: [other.id],
    });
    expect(await staff.socket.next('error', (message) => message.deviceId === device.id)).toMatchObject({
      code: '1210',
    });
    expect(await staff.socket.answers()).toBe(true);
    // Values of the device no longer reach the socket; the next subscription is refused.
    server.bus.publish('values', { deviceId: device.id, points: [] });
    staff.socket.send({ type: 'subscribe', deviceIds: [device.id] });
    expect(
      await staff.socket.next(
        'error',
        (message) => message.deviceId === device.id && message.code !== '1210',
      ),
    ).toMatchObject({ code: '1003' });
    expect(staff.socket.messages.some((message) => message.type === 'values')).toBe(false);
    staff.socket.close();
  });

  it('a role whose view code is taken away drops the subscription of every holder (1210)', async () => {
    const { device } = await ownerWatching();
    const staff = await staffWatching(device.id);
    await post(admin, ADMIN_API_PATHS.roleSave, {
      id: staff.role.id,
      name: `Accounts ${staff.role.id.slice(0, 6)}`,
      audience: 'operation',
      permissions: ['manage:account:op'],
      dataScope: 'all',
      productIds: [],
    });
    expect(await staff.socket.next('error', (message) => message.deviceId === device.id)).toMatchObject({
      code: '1210',
    });
    staff.socket.close();
  });

  it('assigning another role, or cancelling the authorization, re-authorises the subscriptions (1210)', async () => {
    const { device } = await ownerWatching();
    const assigned = await staffWatching(device.id);
    const accountsOnly = (await post(admin, ADMIN_API_PATHS.roleSave, {
      name: `Accounts only ${assigned.role.id.slice(0, 6)}`,
      audience: 'operation',
      permissions: ['manage:account:op'],
      dataScope: 'all',
      productIds: [],
    })) as { id: string };
    await post(admin, ADMIN_API_PATHS.roleAssign, {
      accountId: assigned.account.id,
      roleId: accountsOnly.id,
    });
    expect(await assigned.socket.next('error', (message) => message.deviceId === device.id)).toMatchObject({
      code: '1210',
    });
    assigned.socket.close();

    const cancelled = await staffWatching(device.id);
    await post(admin, ADMIN_API_PATHS.roleAssign, { accountId: cancelled.account.id });
    expect(await cancelled.socket.next('error', (message) => message.deviceId === device.id)).toMatchObject({
      code: '1210',
    });
    cancelled.socket.close();
  });

  it('a staff member holding only the accounts menu gets no device on the live channel', async () => {
    const { device, socket } = await ownerWatching();
    const role = (await post(admin, ADMIN_API_PATHS.roleSave, {
      name: `Accounts menu ${device.id.slice(0, 6)}`,
      audience: 'operation',
      permissions: ['manage:account:op'],
      dataScope: 'all',
      productIds: [],
    })) as { id: string };
    const account = await buildAccount(server.database.db, 'operation');
    await post(admin, ADMIN_API_PATHS.roleAssign, { accountId: account.id, roleId: role.id });
    // Refused either when connecting (the route's guard) or at each subscription: nothing reaches it.
    const opened = await TestLiveSocket.open(server, await signedIn(account.username!)).catch(
      (error: unknown) => error as Error,
    );
    if (opened instanceof Error) {
      expect(opened.message).toBe('refused with 403');
    } else {
      opened.send({ type: 'subscribe', deviceIds: [device.id] });
      expect(await opened.next('error', (message) => message.deviceId === device.id)).toMatchObject({
        code: '1201',
      });
      expect(opened.messages.some((message) => message.type === 'snapshot')).toBe(false);
      opened.close();
    }
    socket.close();
  });

  it('a dealer certification changed or cancelled closes the sockets of the dealer and its customers (1206)', async () => {
    const watching = await ownerWatching();
    const dealerAccount = await buildAccount(server.database.db);
    await post(admin, ADMIN_API_PATHS.dealerCertify, {
      account: dealerAccount.username,
      organisationId: `${Date.now().toString(36).toUpperCase().padStart(9, '0').slice(-9)}`,
      dataScope: 'all',
      productIds: [],
      canDebug: false,
      customers: [watching.owner.username],
    });
    // Certifying signs the customers out too.
    await expectEnded(watching.socket, '1206');

    const dealer = await signedIn(dealerAccount.username!);
    const dealerSocket = await TestLiveSocket.open(server, dealer);
    await dealerSocket.follow(watching.device.id);
    await post(admin, ADMIN_API_PATHS.dealerEdit, {
      accountId: dealerAccount.id,
      dataScope: 'chosen',
      productIds: [(await otherProduct()).id],
      canDebug: false,
      customers: [watching.owner.username],
    });
    await expectEnded(dealerSocket, '1206');

    const again = await TestLiveSocket.open(server, await signedIn(dealerAccount.username!));
    const customer = await TestLiveSocket.open(server, await signedIn(watching.owner.username!));
    await post(admin, ADMIN_API_PATHS.dealerCancel, { accountId: dealerAccount.id });
    await expectEnded(again, '1206');
    await expectEnded(customer, '1206');
  });

  it('a revoked share or authorisation drops the receiver’s subscription (1210) and keeps the socket', async () => {
    const watching = await ownerWatching();
    const receiverAccount = await buildAccount(server.database.db);
    const made = (await post(watching.client, '/equipment/share/add', {
      id: watching.device.id,
      method: 'link',
    })) as { share: { id: string }; token: string };
    const receiver = await signedIn(receiverAccount.username!);
    await post(receiver, '/equipment/share/accept', { token: made.token });
    const receiverSocket = await TestLiveSocket.open(server, receiver);
    await receiverSocket.follow(watching.device.id);
    await post(watching.client, '/equipment/share/revoke', {
      id: watching.device.id,
      shareId: made.share.id,
    });
    expect(
      await receiverSocket.next('error', (message) => message.deviceId === watching.device.id),
    ).toMatchObject({ code: '1210' });
    expect(await receiverSocket.answers()).toBe(true);

    const grantee = await buildAccount(server.database.db);
    await post(admin, '/manage/equipment/authorize', {
      id: watching.device.id,
      account: grantee.username,
      canWrite: false,
    });
    const granteeSocket = await TestLiveSocket.open(server, await signedIn(grantee.username!));
    await granteeSocket.follow(watching.device.id);
    await post(admin, '/manage/equipment/revoke', { id: watching.device.id, accountId: grantee.id });
    expect(
      await granteeSocket.next('error', (message) => message.deviceId === watching.device.id),
    ).toMatchObject({ code: '1210' });
    granteeSocket.close();
    receiverSocket.close();
    watching.socket.close();
  });
});
