import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_SHARES_MAX,
  DeviceShareCreatedSchema,
  DeviceShareListAnswerSchema,
  SHARE_LINK_TTL_DAYS_DEFAULT,
  SHARE_PASSWORD_MAX_FAILURES,
  type DeviceShareCreated,
} from '@lyyp/contracts/fleet';
import { DevicePageSchema, DAY_MS } from '@lyyp/contracts';
import { alarmRecordSchema } from '@lyyp/contracts/alarm';
import type { LiveServerMessage } from '@lyyp/contracts/live';
import {
  accountRoles,
  accounts,
  alarmRecords,
  deviceAccess,
  deviceEvents,
  roles,
} from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { FACTORY_PASSWORD, buildAccount, buildBoundDevice } from '../../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { postJson, signIn } from '../device/catalogue-test-support.ts';

describe.each(databaseVariants())('device sharing on $name', (variant) => {
  let server: TestServer;
  let fixture: Awaited<ReturnType<typeof buildBoundDevice>>;
  let owner: TestClient;
  let receiver: TestClient;
  let receiverId: string;
  let third: TestClient;
  let stranger: TestClient;

  async function signedIn(account: { username: string | null }) {
    const client = new TestClient(server);
    expect((await client.login(account.username!, FACTORY_PASSWORD)).code).toBe('200');
    return client;
  }

  const share = async (client: TestClient, body: Record<string, unknown>) =>
    postJson(server, client, '/equipment/share/add', { id: fixture.device.id, ...body });

  async function created(client: TestClient, body: Record<string, unknown>): Promise<DeviceShareCreated> {
    const answer = await share(client, body);
    expect(answer.code, answer.message).toBe('200');
    return DeviceShareCreatedSchema.parse(answer.data);
  }

  const listOf = async (client: TestClient) => {
    const answer = await postJson(server, client, '/equipment/query', {});
    expect(answer.code).toBe('200');
    return DevicePageSchema.parse(answer.data).list;
  };

  beforeAll(async () => {
    server = await startTestServer(variant);
    const db = server.database.db;
    fixture = await buildBoundDevice(db);
    owner = await signedIn(fixture.owner);
    const receiverAccount = await buildAccount(db);
    receiverId = receiverAccount.id;
    receiver = await signedIn(receiverAccount);
    third = await signedIn(await buildAccount(db));
    stranger = await signedIn(await buildAccount(db));
  });
  afterAll(async () => server.close());

  it('shares by link: the receiver previews, accepts and sees the device marked as shared', async () => {
    const made = await created(owner, {
      method: 'link',
      canWrite: true,
      canReshare: true,
      menus: ['data', 'history'],
      topMenu: false,
    });
    expect(made.token).toEqual(expect.any(String));
    expect(made.share).toMatchObject({
      state: 'open',
      method: 'link',
      canWrite: true,
      canReshare: true,
      menus: ['data', 'history'],
    });
    const lifetime = Date.parse(made.share.expiresAt) - server.clock.now();
    expect(lifetime).toBeLessThanOrEqual(SHARE_LINK_TTL_DAYS_DEFAULT * DAY_MS);
    expect(lifetime).toBeGreaterThan(SHARE_LINK_TTL_DAYS_DEFAULT * DAY_MS - 60_000);

    const preview = await postJson(server, receiver, '/equipment/share/preview', { token: made.token });
    expect(preview.data).toMatchObject({ deviceName: 'Boiler 1', canWrite: true, topMenu: false });

    expect(await listOf(receiver)).toEqual([]);
    const accepted = await postJson(server, receiver, '/equipment/share/accept', { token: made.token });
    expect(accepted.code).toBe('200');
    expect(accepted.data).toEqual({ deviceId: fixture.device.id, deviceName: 'Boiler 1' });
    const [seen] = await listOf(receiver);
    expect(seen).toMatchObject({
      id: fixture.device.id,
      access: { kind: 'shared', canWrite: true },
      sharePermissions: { topMenu: false, menus: ['data', 'history'] },
    });
    // Accepting again is harmless; a second account cannot take the same link.
    expect((await postJson(server, receiver, '/equipment/share/accept', { token: made.token })).code).toBe(
      '200',
    );
    expect((await postJson(server, third, '/equipment/share/accept', { token: made.token })).code).toBe(
      '2836',
    );

    const shares = DeviceShareListAnswerSchema.parse(
      (await postJson(server, owner, '/equipment/share/list', { id: fixture.device.id })).data,
    );
    expect(shares.find((entry) => entry.id === made.share.id)).toMatchObject({
      state: 'accepted',
      receiverAccountId: receiverId,
    });
  });

  it('opens only the screens the share names: the server refuses the others', async () => {
    // The receiver accepted a share of data and history, without the top menu bar.
    const equipmentId = fixture.device.id;
    const now = server.clock.now();
    const asReceiver = (path: string, body: Record<string, unknown>) =>
      postJson(server, receiver, path, body);
    expect(
      (await asReceiver('/history/query', { equipmentId, keys: [], start: now - 3_600_000, end: now })).code,
    ).toBe('200');
    expect((await asReceiver('/history/curve', { equipmentId, keys: ['temperature'] })).code).toBe('1201');
    expect((await asReceiver('/report/device/list', { equipmentId })).code).toBe('1201');
    expect((await asReceiver('/alarm/record/device', { equipmentId })).code).toBe('2116');
    expect((await asReceiver('/equipment/knowledge/list', { deviceId: equipmentId })).code).toBe('1201');
    // Nor does the alarm list across devices show the device's records to the receiver.
    await server.database.db.insert(alarmRecords).values({
      id: newId(),
      deviceId: equipmentId,
      productId: fixture.device.productId,
      type: 'variable',
      source: `rule-${newId()}`,
      name: 'High',
      message: 'Too hot',
      since: new Date(now - 60_000),
      raisedAt: new Date(now - 60_000),
    });
    const range = { start: now - 3_600_000, end: now + 60_000 };
    expect((await asReceiver('/alarm/record/list', range)).data).toMatchObject({ total: 0 });
    // Nor do alarm pop-ups reach the receiver's open console; the owner's does get them.
    const connectionOf = async (accountId: string, send: (message: LiveServerMessage) => void) => {
      const [row] = await server.database.db.select().from(accounts).where(eq(accounts.id, accountId));
      return { account: () => row!, locale: 'en-US' as const, send };
    };
    const toReceiver: LiveServerMessage[] = [];
    const toOwner: LiveServerMessage[] = [];
    let ownerGotIt!: () => void;
    const ownerGot = new Promise<void>((resolve) => (ownerGotIt = resolve));
    const receiverConnection = await connectionOf(receiverId, (message) => toReceiver.push(message));
    const ownerConnection = await connectionOf(fixture.owner.id, (message) => {
      toOwner.push(message);
      if (message.type === 'alarm') ownerGotIt();
    });
    // The receiver's connection is opened first: it is decided before the owner's is sent to.
    server.live.open(receiverConnection);
    server.live.open(ownerConnection);
    server.bus.publish('alarm', {
      deviceId: equipmentId,
      event: 'raised',
      record: alarmRecordSchema.parse({
        id: newId(),
        deviceId: equipmentId,
        type: 'variable',
        ruleId: null,
        name: 'High',
        message: 'Too hot',
        value: 90,
        since: now - 60_000,
        raisedAt: now - 60_000,
        late: false,
        releasedAt: null,
        releaseReason: null,
        acknowledgedAt: null,
        acknowledgedBy: null,
        acknowledgeComment: null,
      }),
    });
    await ownerGot;
    expect(toOwner.filter((message) => message.type === 'alarm')).toHaveLength(1);
    expect(toReceiver).toEqual([]);
    server.live.close(receiverConnection);
    server.live.close(ownerConnection);
    expect((await postJson(server, owner, '/alarm/record/list', range)).data).toMatchObject({ total: 1 });
    // The owner opens them all; a stranger still finds no device at all.
    expect((await postJson(server, owner, '/report/device/list', { equipmentId })).code).toBe('200');
    expect((await postJson(server, owner, '/alarm/record/device', { equipmentId })).code).toBe('200');
    expect((await postJson(server, stranger, '/report/device/list', { equipmentId })).code).toBe('1003');
  });

  it('never lets a share give more than its sharer has', async () => {
    // The receiver holds data and history without the top menu bar; writing was given.
    expect((await share(receiver, { method: 'link', menus: ['alarms'] })).code).toBe('2833');
    expect((await share(receiver, { method: 'link', menus: ['data'], topMenu: true })).code).toBe('2833');
    const down = await created(receiver, { method: 'link', menus: ['data'], topMenu: false, canWrite: true });
    expect(down.share.canReshare).toBe(false);
    expect((await postJson(server, third, '/equipment/share/accept', { token: down.token })).code).toBe(
      '200',
    );
    expect((await listOf(third))[0]).toMatchObject({ access: { kind: 'shared', canWrite: true } });
    // The receiver was allowed to share further; the third account was not, and cannot.
    expect((await share(third, { method: 'link', menus: ['data'], topMenu: false })).code).toBe('1211');
    // The receiver lists only the shares it made.
    const mine = DeviceShareListAnswerSchema.parse(
      (await postJson(server, receiver, '/equipment/share/list', { id: fixture.device.id })).data,
    );
    expect(mine.map((entry) => entry.id)).toEqual([down.share.id]);
  });

  it('refuses writing to a sharer that may not write', async () => {
    const db = server.database.db;
    const reader = await buildAccount(db);
    await db
      .insert(deviceAccess)
      .values({ deviceId: fixture.device.id, accountId: reader.id, kind: 'authorized' });
    const client = await signedIn(reader);
    const refused = await share(client, { method: 'link', canWrite: true });
    expect(refused.code).toBe('2832');
    await db.delete(deviceAccess).where(eq(deviceAccess.accountId, reader.id));
  });

  it('revokes at once: the grant, live subscriptions and the shares that hung on it end', async () => {
    const sent: LiveServerMessage[] = [];
    const [receiverRow] = await server.database.db.select().from(accounts).where(eq(accounts.id, receiverId));
    const connection = {
      account: () => receiverRow!,
      locale: 'en-US' as const,
      send: (m: LiveServerMessage) => sent.push(m),
    };
    server.live.open(connection);
    await server.live.subscribe(connection, [fixture.device.id]);
    expect(sent.some((message) => message.type === 'error')).toBe(false);

    const shares = DeviceShareListAnswerSchema.parse(
      (await postJson(server, owner, '/equipment/share/list', { id: fixture.device.id })).data,
    );
    const toReceiver = shares.find((entry) => entry.receiverAccountId === receiverId)!;
    const revoked = await postJson(server, owner, '/equipment/share/revoke', {
      id: fixture.device.id,
      shareId: toReceiver.id,
    });
    expect(revoked.code).toBe('200');
    const after = DeviceShareListAnswerSchema.parse(revoked.data);
    expect(after.filter((entry) => entry.state === 'revoked')).toHaveLength(2);

    expect(sent.at(-1)).toMatchObject({ type: 'error', code: '1210', deviceId: fixture.device.id });
    sent.length = 0;
    server.bus.publish('values', { deviceId: fixture.device.id, points: [] });
    expect(sent).toEqual([]);
    server.live.close(connection);

    expect(await listOf(receiver)).toEqual([]);
    expect(await listOf(third)).toEqual([]);
    const details = await postJson(server, receiver, '/equipment/info', { id: fixture.device.id });
    expect(details.code).toBe('1003');
    const again = await postJson(server, owner, '/equipment/share/revoke', {
      id: fixture.device.id,
      shareId: toReceiver.id,
    });
    expect(again.code).toBe('2840');

    const kinds = (
      await server.database.db.select().from(deviceEvents).where(eq(deviceEvents.deviceId, fixture.device.id))
    ).map((event) => event.kind);
    expect(kinds).toEqual(expect.arrayContaining(['share', 'share-accept', 'share-revoke']));
  });

  it('shows a share as revoked once staff revoke the grant it gave, and ends its live data', async () => {
    const made = await created(owner, { method: 'link' });
    const db = server.database.db;
    const receiverAccount = await buildAccount(db);
    const client = await signedIn(receiverAccount);
    expect((await postJson(server, client, '/equipment/share/accept', { token: made.token })).code).toBe(
      '200',
    );
    const sent: LiveServerMessage[] = [];
    const connection = {
      account: () => receiverAccount,
      locale: 'en-US' as const,
      send: (message: LiveServerMessage) => sent.push(message),
    };
    server.live.open(connection);
    await server.live.subscribe(connection, [fixture.device.id]);

    const staff = await signedIn(await buildAccount(db, 'operation'));
    const revoked = await postJson(server, staff, '/manage/equipment/revoke', {
      id: fixture.device.id,
      accountId: receiverAccount.id,
    });
    expect(revoked.code).toBe('200');
    expect(sent.at(-1)).toMatchObject({ type: 'error', code: '1210', deviceId: fixture.device.id });
    server.live.close(connection);
    const shares = DeviceShareListAnswerSchema.parse(
      (await postJson(server, owner, '/equipment/share/list', { id: fixture.device.id })).data,
    );
    expect(shares.find((entry) => entry.id === made.share.id)?.state).toBe('revoked');
  });

  it('shares by password: SN and password, attempts limited, an unknown SN counts alike', async () => {
    expect((await share(owner, { method: 'password', password: 'ab!' })).code).toBe('2834');
    expect((await share(owner, { method: 'password' })).code).toBe('2839');
    expect((await share(owner, { method: 'link', password: 'abcd' })).code).toBe('2839');
    const made = await created(owner, { method: 'password', password: 'Pump42' });
    expect(made.token).toBeNull();

    const client = await signedIn(await buildAccount(server.database.db));
    const wrong = await postJson(server, client, '/equipment/share/accept-password', {
      sn: fixture.gateway.sn,
      password: 'Pump41',
    });
    expect(wrong.code).toBe('2838');
    const unknown = await postJson(server, client, '/equipment/share/accept-password', {
      sn: '000000000001',
      password: 'Pump42',
    });
    expect(unknown.code).toBe('2838');
    const right = await postJson(server, client, '/equipment/share/accept-password', {
      sn: fixture.gateway.sn,
      password: 'Pump42',
    });
    expect(right.code, right.message).toBe('200');
    expect((await listOf(client))[0]).toMatchObject({ access: { kind: 'shared', canWrite: false } });

    const guesser = await signedIn(await buildAccount(server.database.db));
    const codes: string[] = [];
    for (let attempt = 0; attempt <= SHARE_PASSWORD_MAX_FAILURES; attempt += 1)
      codes.push(
        (
          await postJson(server, guesser, '/equipment/share/accept-password', {
            sn: fixture.gateway.sn,
            password: 'Nope99',
          })
        ).code!,
      );
    expect(codes.slice(0, -1).every((code) => code === '2838')).toBe(true);
    expect(codes.at(-1)).toBe('1128');
  });

  it('lets links expire, refuses the owner and a foreign device, and stops at the share limit', async () => {
    // A validity of 0 (or past the limit) is refused, never moved to the nearest allowed value.
    for (const expiresInDays of [0, -1, 1.5, 10_000])
      expect(await share(owner, { method: 'link', expiresInDays }), String(expiresInDays)).toMatchObject({
        code: '1144',
      });
    const made = await created(owner, { method: 'link', expiresInDays: 1 });
    expect((await postJson(server, owner, '/equipment/share/accept', { token: made.token })).code).toBe(
      '2837',
    );
    server.clock.advance(DAY_MS + 1);
    // Sessions end after a day too: sign in again.
    stranger = await signedIn(await buildAccount(server.database.db));
    owner = await signedIn(fixture.owner);
    expect((await postJson(server, stranger, '/equipment/share/accept', { token: made.token })).code).toBe(
      '2835',
    );
    expect(
      (await postJson(server, stranger, '/equipment/share/accept', { token: 'no-such-token' })).code,
    ).toBe('2835');

    expect((await share(stranger, { method: 'link' })).code).toBe('1003');
    expect((await postJson(server, stranger, '/equipment/share/list', { id: fixture.device.id })).code).toBe(
      '1003',
    );
    const ownShares = DeviceShareListAnswerSchema.parse(
      (await postJson(server, owner, '/equipment/share/list', { id: fixture.device.id })).data,
    );
    expect(
      (
        await postJson(server, stranger, '/equipment/share/revoke', {
          id: fixture.device.id,
          shareId: ownShares[0]!.id,
        })
      ).code,
    ).toBe('1003');

    const live = ownShares.filter((entry) => entry.state === 'open' || entry.state === 'accepted').length;
    for (let index = live; index < DEVICE_SHARES_MAX; index += 1)
      expect((await share(owner, { method: 'link' })).code).toBe('200');
    expect((await share(owner, { method: 'link' })).code).toBe('2831');
  });
});

describe.each(databaseVariants())('sharing further on $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant);
  });
  afterAll(async () => server.close());

  async function signedIn(account: { username: string | null }) {
    const client = new TestClient(server);
    expect((await client.login(account.username!, FACTORY_PASSWORD)).code).toBe('200');
    return client;
  }

  it('a receiver shares the device further only when the share allows it, off by default', async () => {
    const db = server.database.db;
    const fixture = await buildBoundDevice(db);
    const owner = await signedIn(fixture.owner);
    const receiver = await signedIn(await buildAccount(db));
    const onward = await signedIn(await buildAccount(db));
    const shareOf = (client: TestClient, body: Record<string, unknown>) =>
      postJson(server, client, '/equipment/share/add', { id: fixture.device.id, method: 'link', ...body });

    const plain = await shareOf(owner, {});
    expect(DeviceShareCreatedSchema.parse(plain.data).share.canReshare).toBe(false);
    const preview = await postJson(server, receiver, '/equipment/share/preview', {
      token: DeviceShareCreatedSchema.parse(plain.data).token,
    });
    expect(preview.data).toMatchObject({ canReshare: false });
    const token = DeviceShareCreatedSchema.parse(plain.data).token;
    expect((await postJson(server, receiver, '/equipment/share/accept', { token })).code).toBe('200');
    expect((await shareOf(receiver, {})).code).toBe('1211');
    expect((await shareOf(receiver, { method: 'password', password: 'Pump42' })).code).toBe('1211');

    // Allowed by the owner, a receiver shares further, within what its own share gives.
    const allowing = DeviceShareCreatedSchema.parse((await shareOf(owner, { canReshare: true })).data);
    expect(allowing.share.canReshare).toBe(true);
    const second = await signedIn(await buildAccount(db));
    expect((await postJson(server, second, '/equipment/share/accept', { token: allowing.token })).code).toBe(
      '200',
    );
    const further = await shareOf(second, { menus: ['data'], topMenu: false });
    expect(further.code, further.message).toBe('200');
    expect(
      (
        await postJson(server, onward, '/equipment/share/accept', {
          token: DeviceShareCreatedSchema.parse(further.data).token,
        })
      ).code,
    ).toBe('200');
  });

  it('decides who shares by the policy: an authorization, staff with the share code in scope, not a developer', async () => {
    const db = server.database.db;
    const fixture = await buildBoundDevice(db);
    const shareOf = (client: TestClient, body: Record<string, unknown> = {}) =>
      postJson(server, client, '/equipment/share/add', { id: fixture.device.id, method: 'link', ...body });

    // An authorization from the back office shares further, never with more writing than it has.
    const holder = await buildAccount(db);
    await db
      .insert(deviceAccess)
      .values({ deviceId: fixture.device.id, accountId: holder.id, kind: 'authorized', canWrite: false });
    const asHolder = await signedIn(holder);
    expect((await shareOf(asHolder, { menus: ['gateway'] })).code).toBe('200');
    expect((await shareOf(asHolder, { canWrite: true })).code).toBe('2832');

    // Staff in scope share with the monitoring share code alone; a view-only member may not.
    const staffWith = async (permissions: string) => {
      const { account, client } = await signIn(server, 'operation', { auths: '' });
      const roleId = newId();
      await db
        .insert(roles)
        .values({ id: roleId, name: roleId.slice(0, 8), audience: 'operation', permissions });
      await db.insert(accountRoles).values({ accountId: account.id, roleId });
      return client;
    };
    const sharer = await staffWith('monitor:device,monitor:device:view,monitor:device:share');
    expect((await shareOf(sharer)).code).toBe('200');
    expect((await shareOf(await staffWith('monitor:device,monitor:device:view'))).code).toBe('1201');

    // The product's developer sees the device but holds it in no way that may share it.
    expect((await shareOf(await signedIn(fixture.developer))).code).toBe('1201');

    // A share is accepted only while its sharer may still share: the owner's share code withdrawn.
    const owner = await signedIn(fixture.owner);
    const open = DeviceShareCreatedSchema.parse((await shareOf(owner)).data);
    await db
      .update(accounts)
      .set({ auths: 'monitor:device,monitor:device:view' })
      .where(eq(accounts.id, fixture.owner.id));
    const late = await signedIn(await buildAccount(db));
    expect((await postJson(server, late, '/equipment/share/accept', { token: open.token })).code).toBe(
      '2835',
    );
  });
});
