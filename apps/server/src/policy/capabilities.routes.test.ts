/**
 * `/account/capabilities` answers from the policy: a view-only staff member may open a device but
 * not unbind, clear, restart or write to it; its owner may; an accounts-only staff member may not
 * even read live values. A list decides its rows from one answer (`allowsOnRow`, `maySharePerRow`)
 * exactly as the server then answers each row's action. A named product or inspection plan gets
 * its own actions (a developer changes its own products; an inspector does not edit a plan it did
 * not make), and lists decide their rows with `allowsOnProductRow` and `allowsOnPlanRow`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicePageSchema } from '@lyyp/contracts';
import { DeviceShareCreatedSchema } from '@lyyp/contracts/fleet';
import {
  CAPABILITIES_PATH,
  allowsOnPlanRow,
  allowsOnProductRow,
  allowsOnRow,
  maySharePerRow,
  type Capabilities,
} from '@lyyp/contracts/policy';
import { accountRoles, deviceAccess, inspectionPlans, roles } from '../db/schema/index.ts';
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

  it("answers a named product's and inspection plan's actions as the server then decides them", async () => {
    const db = server.database.db;
    const { developer, owner, product, device } = await buildBoundDevice(db);
    const ask = async (client: TestClient, body: Record<string, unknown>) =>
      postJson(server, client, CAPABILITIES_PATH, body);
    const asMaker = new TestClient(server);
    await asMaker.login(developer.username!, TEST_PASSWORD);
    const mine = (await ask(asMaker, { productId: product.id })).data as Capabilities;
    expect(mine.product).toMatchObject({
      'product.list': true,
      'product.edit': true,
      'product.publish': true,
    });
    expect(allowsOnProductRow(mine, 'product.edit', developer.id, product)).toBe(true);

    // Staff with the product view code alone see the product and change nothing of it.
    const viewer = await staffWith(['manage:product', 'manage:product:view']);
    const viewed = (await ask(viewer, { productId: product.id })).data as Capabilities;
    expect(viewed.product).toMatchObject({
      'product.list': true,
      'product.edit': false,
      'product.publish': false,
      'page.design': false,
      'alarmRule.edit': false,
      'report.export': false,
    });
    expect(allowsOnProductRow(viewed, 'product.edit', 'someone', product)).toBe(false);
    expect((await postJson(server, viewer, '/product/edit', { id: product.id, note: 'x' })).code).toBe(
      '1201',
    );
    // Staff whose role exports reports may export this product's reports.
    const exporter = await staffWith(['monitor:report', 'monitor:report:export']);
    const exporting = (await ask(exporter, { productId: product.id })).data as Capabilities;
    expect(exporting.product).toMatchObject({ 'report.export': true, 'product.edit': false });

    // Another developer does not see the product: asking about it answers like a missing one.
    const other = await buildAccount(db, 'developer');
    const asOther = new TestClient(server);
    await asOther.login(other.username!, TEST_PASSWORD);
    expect((await ask(asOther, { productId: product.id })).code).toBe('1003');
    expect((await ask(asOther, { productId: 'no-such-product' })).code).toBe('1003');

    // An inspector who did not make the plan may not edit it; its maker may.
    const inspector = await buildAccount(db);
    await db
      .insert(deviceAccess)
      .values({ deviceId: device.id, accountId: inspector.id, kind: 'authorized' });
    const planId = randomUUID();
    await db.insert(inspectionPlans).values({
      id: planId,
      ownerAccountId: owner.id,
      name: 'Round',
      deviceIds: [device.id],
      items: [{ id: 'leaks', name: 'No leaks', kind: 'check', unit: '', low: null, high: null }],
      schedule: { frequency: 'daily', utcOffsetMinutes: 480 },
      inspectorIds: [inspector.id],
      enabled: false,
    });
    const asInspector = new TestClient(server);
    await asInspector.login(inspector.username!, TEST_PASSWORD);
    const inspecting = (await ask(asInspector, { inspectionPlanId: planId })).data as Capabilities;
    expect(inspecting.inspectionPlan).toEqual({ 'inspection.editPlan': false });
    expect(
      allowsOnPlanRow(inspecting, 'inspection.editPlan', inspector.id, { ownerAccountId: owner.id }),
    ).toBe(false);
    const refused = await postJson(server, asInspector, '/maintenance/inspection/plan/delete', {
      id: planId,
    });
    expect(refused.code).toBe('2417');
    const asOwner = new TestClient(server);
    await asOwner.login(owner.username!, TEST_PASSWORD);
    const making = (await ask(asOwner, { inspectionPlanId: planId })).data as Capabilities;
    expect(making.inspectionPlan).toEqual({ 'inspection.editPlan': true });
    expect(allowsOnPlanRow(making, 'inspection.editPlan', owner.id, { ownerAccountId: owner.id })).toBe(true);
  });
});
