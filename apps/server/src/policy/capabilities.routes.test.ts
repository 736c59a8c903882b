/**
 * `/account/capabilities` answers from the policy: a view-only staff member may open a device but
 * not unbind, clear, restart or write to it; its owner may; an accounts-only staff member may not
 * even read live values.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITIES_PATH, type Capabilities } from '@lyyp/contracts/policy';
import { accountRoles, roles } from '../db/schema/index.ts';
import { TEST_PASSWORD, postJson, signIn } from '../modules/device/catalogue-test-support.ts';
import { buildBoundDevice } from '../test/factories.ts';
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
});
