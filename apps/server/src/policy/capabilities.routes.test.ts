/**
 * `/account/capabilities` answers from the policy: a view-only staff member may open a device but
 * not unbind, clear, restart or write to it; its owner may; an accounts-only staff member may not
 * even read live values. A list decides its rows from one answer (`allowsOnRow`, `maySharePerRow`)
 * exactly as the server then answers each row's action.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicePageSchema } from '@lyyp/contracts';
import { DeviceShareCreatedSchema } from '@lyyp/contracts/fleet';
import { CAPABILITIES_PATH, allowsOnRow, maySharePerRow, type Capabilities } from '@lyyp/contracts/policy';
import { accountRoles, roles } from '../db/schema/index.ts';
import { TEST_PASSWORD, postJson, signIn } from '../modules/device/catalogue-test-support.ts';
import { buildAccount, buildBoundDevice } from '../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../test/test-server.ts';

describe.each(databaseVariants())('capabilities from the policy on $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant);
  });
  afterAll(async () => server.close());

  async function staffWith(permissions: string[]) {
    const { account, client } = await signIn(server, 'operation', { auths: '' });
    const roleId = randomUUID();
    await server.database.db.insert(roles).values({
      id: roleId,
      name: roleId.slice(0, 8),
      audience: 'operation',
      permissions: permissions.join(','),
    });
    await server.database.db.insert(accountRoles).values({ accountId: account.id, roleId });
    return client;
  }

  it('answers what each caller may do to a device, as the server decides it', async () => {
    const { owner, device } = await buildBoundDevice(server.database.db);
    const ownerClient = new TestClient(server);
    await ownerClient.login(owner.username!, TEST_PASSWORD);
    const asOwner = (await postJson(server, ownerClient, CAPABILITIES_PATH, { equipmentId: device.id }))
      .data as Capabilities;
    expect(asOwner.device).toMatchObject({
      'device.view': true,
      'device.unbind': true,
      'device.write': true,
    });

    const viewer = await staffWith(['monitor:device:view', 'manage:equipment:view']);
    const asViewer = (await postJson(server, viewer, CAPABILITIES_PATH, { equipmentId: device.id }))
      .data as Capabilities;
    expect(asViewer.device).toMatchObject({
      'device.view': true,
      'device.unbind': false,
      'device.clearData': false,
      'device.restartGateway': false,
      'device.resetGateway': false,
      'device.write': false,
    });
    const refused = await postJson(server, viewer, '/equipment/delete', { id: device.id });
    expect(refused.code).toBe('1201');

    const accountsOnly = await staffWith(['manage:account:op']);
    const asAdministrator = (await postJson(server, accountsOnly, CAPABILITIES_PATH, {}))
      .data as Capabilities;
    expect(asAdministrator.actions).toContain('account.list');
    expect(asAdministrator.actions).not.toContain('device.values');
    expect((await postJson(server, accountsOnly, '/equipment/values', { equipmentId: device.id })).code).toBe(
      '1201',
    );
  });

  it('decides each listed device as the server then answers it, sharing further included', async () => {
    const db = server.database.db;
    const { owner, device } = await buildBoundDevice(db);
    const ownerClient = new TestClient(server);
    await ownerClient.login(owner.username!, TEST_PASSWORD);
    const capabilitiesOf = async (client: TestClient) =>
      (await postJson(server, client, CAPABILITIES_PATH, {})).data as Capabilities;
    const rowOf = async (client: TestClient) => {
      const answer = await postJson(server, client, '/equipment/query', { pageSize: 100 });
      return DevicePageSchema.parse(answer.data).list.find((row) => row.id === device.id)!;
    };
    const receiverWith = async (canReshare: boolean) => {
      const account = await buildAccount(db);
      const client = new TestClient(server);
      await client.login(account.username!, TEST_PASSWORD);
      const made = await postJson(server, ownerClient, '/equipment/share/add', {
        id: device.id,
        method: 'link',
        canReshare,
      });
      const { token } = DeviceShareCreatedSchema.parse(made.data);
      expect((await postJson(server, client, '/equipment/share/accept', { token })).code).toBe('200');
      return { client, id: account.id };
    };

    const asOwner = await capabilitiesOf(ownerClient);
    expect(asOwner.kind).toBe('terminal');
    expect(asOwner.relations['device.unbind']).toEqual(['owner']);
    const ownerRow = await rowOf(ownerClient);
    expect(allowsOnRow(asOwner, 'device.unbind', owner.id, ownerRow)).toBe(true);
    expect(maySharePerRow(asOwner, owner.id, ownerRow)).toBe(true);

    for (const canReshare of [false, true]) {
      const receiver = await receiverWith(canReshare);
      const capabilities = await capabilitiesOf(receiver.client);
      const row = await rowOf(receiver.client);
      expect(row.sharePermissions?.canReshare).toBe(canReshare);
      expect(allowsOnRow(capabilities, 'device.unbind', receiver.id, row)).toBe(false);
      expect((await postJson(server, receiver.client, '/equipment/delete', { id: device.id })).code).toBe(
        '1201',
      );
      expect(maySharePerRow(capabilities, receiver.id, row)).toBe(canReshare);
      const onward = await postJson(server, receiver.client, '/equipment/share/add', {
        id: device.id,
        method: 'link',
      });
      expect(onward.code).toBe(canReshare ? '200' : '1211');
    }

    // A view-only staff member holds the device menu, whose owner line never holds for staff rows.
    const viewer = await staffWith(['monitor:device:view', 'manage:equipment:view']);
    const asViewer = await capabilitiesOf(viewer);
    expect(asViewer.kind).toBe('staff');
    const viewerRow = await rowOf(viewer);
    expect(allowsOnRow(asViewer, 'device.unbind', 'someone-else', viewerRow)).toBe(false);
    expect(allowsOnRow(asViewer, 'device.view', 'someone-else', viewerRow)).toBe(true);
    expect(maySharePerRow(asViewer, 'someone-else', viewerRow)).toBe(false);
    const editor = await staffWith(['monitor:device:view', 'manage:equipment:view', 'manage:equipment:edit']);
    const asEditor = await capabilitiesOf(editor);
    expect(allowsOnRow(asEditor, 'device.unbind', 'someone-else', await rowOf(editor))).toBe(true);
  });
});
