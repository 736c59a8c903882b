/**
 * People chosen, not typed: the recipient picker offers only the accounts that may see the
 * product's devices, masks their phones and names nobody else; groups refuse anyone else as a new
 * recipient; each person lists the groups they are in and chooses within what each allows.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { MyAlarmGroup, RecipientSearchAnswer } from '@lyyp/contracts/alarm';
import { accounts, deviceAccess } from '../../db/schema/index.ts';
import { buildAccount } from '../../test/factories.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { postJson } from '../device/catalogue-test-support.ts';
import { ALARM_TEST_ENVIRONMENT, addGroup, alarmFixture, signedIn } from './alarm-test-support.ts';

describe.each(databaseVariants())('alarm recipients and my groups on $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant, ALARM_TEST_ENVIRONMENT);
  });
  afterAll(async () => server.close());

  /** A phone number of its own per test, so the suites on one database never share one. */
  async function givePhone(accountId: string, name?: string) {
    const tel = `139${String(randomInt(10_000_000, 99_999_999))}`;
    await server.database.db
      .update(accounts)
      .set({ tel, ...(name ? { name } : {}) })
      .where(eq(accounts.id, accountId));
    return tel;
  }

  async function search(
    fixture: Awaited<ReturnType<typeof alarmFixture>>,
    body: { keyword?: string; accountIds?: string[] },
  ) {
    const answer = await postJson(server, fixture.developerClient, '/alarm/recipient/search', {
      productId: fixture.product.id,
      ...body,
    });
    expect(answer.code, answer.message).toBe('200');
    return answer.data as RecipientSearchAnswer;
  }

  it('offers the people who may see the product’s devices, with masked phones', async () => {
    const fixture = await alarmFixture(server);
    const tel = await givePhone(fixture.owner.id, 'Wang Lei');
    const engineer = await buildAccount(server.database.db, 'terminal');
    await server.database.db
      .insert(deviceAccess)
      .values({ deviceId: fixture.device.id, accountId: engineer.id, kind: 'authorized' });
    const stranger = await buildAccount(server.database.db, 'terminal');
    await givePhone(stranger.id, 'Wang Stranger');

    const everyone = await search(fixture, {});
    const ids = everyone.list.map((entry) => entry.accountId);
    expect(ids).toEqual(expect.arrayContaining([fixture.owner.id, engineer.id, fixture.developer.id]));
    expect(ids).not.toContain(stranger.id);
    const owner = everyone.list.find((entry) => entry.accountId === fixture.owner.id);
    expect(owner).toEqual({
      accountId: fixture.owner.id,
      name: 'Wang Lei',
      username: fixture.owner.username,
      phone: `${tel.slice(0, 3)}****${tel.slice(-4)}`,
      seesDevices: true,
    });
    expect(JSON.stringify(everyone)).not.toContain(tel);

    expect((await search(fixture, { keyword: 'wang' })).list.map((entry) => entry.accountId)).toEqual([
      fixture.owner.id,
    ]);
    expect((await search(fixture, { keyword: tel })).list.map((entry) => entry.accountId)).toEqual([
      fixture.owner.id,
    ]);
    expect((await search(fixture, { keyword: tel.slice(-4) })).list.map((entry) => entry.accountId)).toEqual([
      fixture.owner.id,
    ]);
    // Digits the mask hides cannot be probed: only a whole number or its last four digits match.
    expect((await search(fixture, { keyword: tel.slice(3, 8) })).list).toEqual([]);
    expect((await search(fixture, { keyword: tel.slice(-5) })).list).toEqual([]);
  });

  it('names asked-for accounts only when they see the devices or already are recipients', async () => {
    const fixture = await alarmFixture(server);
    const stranger = await buildAccount(server.database.db, 'terminal');
    const engineer = await buildAccount(server.database.db, 'terminal');
    await server.database.db
      .insert(deviceAccess)
      .values({ deviceId: fixture.device.id, accountId: engineer.id, kind: 'authorized' });
    const group = await addGroup(server, fixture.developerClient, fixture.product.id, {
      name: 'Service',
      channels: ['app', 'sms'],
      recipients: [{ accountId: engineer.id, channels: ['sms'] }],
    });
    const asked = await search(fixture, {
      keyword: 'no-such-person',
      accountIds: [stranger.id, engineer.id],
    });
    expect(asked.list.map((entry) => [entry.accountId, entry.seesDevices])).toEqual([[engineer.id, true]]);

    await server.database.db
      .delete(deviceAccess)
      .where(and(eq(deviceAccess.deviceId, fixture.device.id), eq(deviceAccess.accountId, engineer.id)));
    const revoked = await search(fixture, { keyword: 'no-such-person', accountIds: [engineer.id] });
    expect(revoked.list).toMatchObject([{ accountId: engineer.id, seesDevices: false }]);
    // A recipient who lost access stays in the group on edit; nobody new who cannot see the devices joins.
    const kept = await postJson(server, fixture.developerClient, '/alarm/group/edit', {
      productId: fixture.product.id,
      group: { ...group, name: 'Service team' },
    });
    expect(kept.code, kept.message).toBe('200');
    for (const accountId of [stranger.id, 'no-such-account']) {
      const refused = await postJson(server, fixture.developerClient, '/alarm/group/edit', {
        productId: fixture.product.id,
        group: { ...group, recipients: [...(group.recipients ?? []), { accountId, channels: ['app'] }] },
      });
      expect(refused.code).toBe('2118');
    }
  });

  it('keeps the picker to the product’s editors (1003 for another developer’s product)', async () => {
    const fixture = await alarmFixture(server);
    const other = await buildAccount(server.database.db, 'developer');
    const client = await signedIn(server, other.username!);
    const answer = await postJson(server, client, '/alarm/recipient/search', {
      productId: fixture.product.id,
    });
    expect(answer.code).toBe('1003');
    const owner = await postJson(server, fixture.ownerClient, '/alarm/recipient/search', {
      productId: fixture.product.id,
    });
    expect(owner.code).not.toBe('200');
  });

  it('lists my groups with what each allows me, and keeps my choices within it', async () => {
    const fixture = await alarmFixture(server);
    const group = await addGroup(server, fixture.developerClient, fixture.product.id, {
      name: 'Boiler room',
      channels: ['app', 'sms', 'voice'],
      recipients: [{ accountId: fixture.owner.id, channels: ['app', 'sms'] }],
    });
    await addGroup(server, fixture.developerClient, fixture.product.id, {
      name: 'Not me',
      channels: ['app'],
    });
    const mine = async () => {
      const answer = await postJson(server, fixture.ownerClient, '/alarm/preferences/groups', {});
      expect(answer.code, answer.message).toBe('200');
      return answer.data as MyAlarmGroup[];
    };
    expect(await mine()).toEqual([
      {
        groupId: group.id,
        groupName: 'Boiler room',
        productId: fixture.product.id,
        productName: fixture.product.title,
        allowed: ['app', 'sms'],
        muted: false,
        channels: ['app', 'sms'],
      },
    ]);

    // Form-encoded, as the specification's bodies are: the choice and the language of what is sent.
    const saved = await fixture.ownerClient.call('POST', '/alarm/preferences/save', {
      'preferences.timeZone': 'Europe/Berlin',
      'preferences.locale': 'en-US',
      'preferences.subscriptions.0.groupId': group.id,
      'preferences.subscriptions.0.muted': 'false',
      'preferences.subscriptions.0.channels.0': 'sms',
    });
    expect(saved.code, saved.message).toBe('200');
    expect(saved.data).toMatchObject({
      locale: 'en-US',
      subscriptions: [{ groupId: group.id, channels: ['sms'] }],
    });
    expect(await mine()).toMatchObject([{ groupId: group.id, muted: false, channels: ['sms'] }]);

    const beyond = await fixture.ownerClient.call('POST', '/alarm/preferences/save', {
      'preferences.subscriptions.0.groupId': group.id,
      'preferences.subscriptions.0.channels.0': 'voice',
    });
    expect(beyond.code).toBe('2109');
    expect(await mine()).toMatchObject([{ channels: ['sms'] }]);
  });
});
