import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ADMIN_API_PATHS,
  adminAccountSchema,
  adminPageSchema,
  authorizationSchema,
  certificationSchema,
  dealerSchema,
  myCertificationSchema,
  productOptionSchema,
  roleSchema,
} from '@lyyp/contracts/admin';
import { MINIMAL_PERMISSIONS } from '@lyyp/contracts';
import { auditEvents, devices, products } from '../../db/schema/index.ts';
import { buildBoundDevice, buildProduct } from '../../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { AccountRepository } from '../account/account.repository.ts';
import { TEST_PASSWORD, createTestAccount, postJson, signIn } from '../device/catalogue-test-support.ts';

interface Envelope<T = unknown> {
  code?: string;
  message?: string;
  data?: T;
}

/** The answer's data is exactly what the contract describes: parsing neither fails nor drops a field. */
function expectShape(schema: z.ZodType, answer: Envelope): void {
  expect(answer.code, answer.message).toBe('200');
  const parsed = schema.safeParse(answer.data);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(parsed.data).toEqual(answer.data);
}

describe.each(databaseVariants())('administration on $name', (variant) => {
  let server: TestServer;
  let admin: TestClient;
  const post = <T>(client: TestClient, path: string, body: unknown = {}) =>
    postJson(server, client, path, body) as Promise<Envelope<T>>;

  beforeAll(async () => {
    server = await startTestServer(variant);
    ({ client: admin } = await signIn(server, 'super'));
  });
  afterAll(async () => server.close());

  it('creates a staff account with a password shown once and never logged', async () => {
    const created = await post<{ account: { id: string; username: string }; password: string }>(
      admin,
      ADMIN_API_PATHS.accountAdd,
      { kind: 'op', username: 'ops1', name: 'Operator One', roleId: 'builtin-after-sales' },
    );
    expect(created.code).toBe('200');
    const { password } = created.data!;
    expect(JSON.stringify(server.logs)).not.toContain(password);
    const person = new TestClient(server);
    expect((await person.login('ops1', password)).code).toBe('200');
    const again = await post(admin, ADMIN_API_PATHS.accountAdd, {
      kind: 'op',
      username: 'OPS1',
      name: 'x',
      roleId: 'builtin-after-sales',
    });
    expect(again.code).toBe('1107');

    const reset = await post<{ password: string }>(admin, ADMIN_API_PATHS.accountResetPassword, {
      id: created.data!.account.id,
    });
    expect(reset.data!.password).not.toBe(password);
    expect((await person.call('GET', '/account/info')).code).toBe('1206');
    expect((await person.login('ops1', reset.data!.password)).code).toBe('200');
    // A password staff reset is one-time: the person chooses their own before anything else.
    const ownPassword = 'Own#Pass2026';
    expect(
      (
        await person.call('POST', '/account/firstPassword', {
          password: ownPassword,
          confirmPassword: ownPassword,
        })
      ).code,
    ).toBe('200');
    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectAccountId, created.data!.account.id));
    expect(audit.map((event) => event.action).sort()).toEqual(['account.create', 'account.password.reset']);
    expect(JSON.stringify(audit)).not.toContain(reset.data!.password);

    // One own-operation log: the person sees what staff did to the account, staff see what they did.
    const range = { start: server.clock.now() - 3_600_000, end: server.clock.now() + 60_000, kind: 'admin' };
    type LogAnswer = { list: Array<{ kind: string; detail: string | null; result: string | null }> };
    const own = await post<LogAnswer>(person, '/account/log', range);
    expect(own.code, own.message).toBe('200');
    const superManager = await new AccountRepository(server.database.db).findSuperManager();
    expect(own.data!.list.map(({ detail, result }) => ({ detail, result }))).toEqual([
      { detail: 'account.password.reset', result: superManager!.name ?? superManager!.username },
      { detail: 'account.create', result: superManager!.name ?? superManager!.username },
    ]);
    const staffLog = await post<LogAnswer>(admin, '/account/log', range);
    expect(staffLog.data!.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'admin', detail: 'account.password.reset', result: 'Operator One' }),
      ]),
    );
  });

  it('lists each kind of account with search and paging', async () => {
    const accounts = new AccountRepository(server.database.db);
    const developer = await createTestAccount(accounts, 'developer', { name: 'Searchable Dev' });
    const list = await post<{ list: Array<{ id: string }>; total: number }>(
      admin,
      ADMIN_API_PATHS.accountList,
      {
        kind: 'dev',
        keyword: 'searchable',
      },
    );
    expect(list.data!.list.map((row) => row.id)).toEqual([developer.id]);
    const terminals = await post<{ list: unknown[]; pageSize: number }>(admin, ADMIN_API_PATHS.accountList, {
      kind: 'ter',
      pageSize: 1,
    });
    expect(terminals.data!.pageSize).toBe(1);
  });

  it('disables an account: its sessions end at once and it cannot sign in', async () => {
    const { client, account } = await signIn(server, 'terminal');
    const disabled = await post<{ status: string }>(admin, ADMIN_API_PATHS.accountSetStatus, {
      id: account.id,
      status: 'disabled',
    });
    expect(disabled.data!.status).toBe('disabled');
    expect((await client.call('GET', '/account/info')).code).toBe('1206');
    expect((await new TestClient(server).login(account.username!, TEST_PASSWORD)).code).toBe('1122');
    await post(admin, ADMIN_API_PATHS.accountSetStatus, { id: account.id, status: 'enabled' });
    expect((await new TestClient(server).login(account.username!, TEST_PASSWORD)).code).toBe('200');
  });

  it('never lets the super manager or oneself be disabled or deleted', async () => {
    const superManager = await new AccountRepository(server.database.db).findSuperManager();
    const { client: staff, account: self } = await signIn(server, 'operation');
    const onSuper = await post(staff, ADMIN_API_PATHS.accountSetStatus, {
      id: superManager!.id,
      status: 'disabled',
    });
    expect(onSuper.code).toBe('2202');
    expect((await post(staff, ADMIN_API_PATHS.accountDelete, { id: superManager!.id })).code).toBe('2202');
    expect(
      (await post(staff, ADMIN_API_PATHS.accountSetStatus, { id: self.id, status: 'disabled' })).code,
    ).toBe('2203');
    expect((await post(staff, ADMIN_API_PATHS.accountDelete, { id: self.id })).code).toBe('2203');
    expect(
      (await post(staff, ADMIN_API_PATHS.roleAssign, { accountId: self.id, roleId: 'builtin-admin' })).code,
    ).toBe('2203');
  });

  it('deletes an account and moves its devices and products to the super manager in one step', async () => {
    const bound = await buildBoundDevice(server.database.db);
    const superManager = await new AccountRepository(server.database.db).findSuperManager();
    const deleted = await post<{ moved: { devices: number; products: number } }>(
      admin,
      ADMIN_API_PATHS.accountDelete,
      {
        id: bound.developer.id,
      },
    );
    expect(deleted.data!.moved).toMatchObject({ products: 1 });
    const [product] = await server.database.db
      .select()
      .from(products)
      .where(eq(products.id, bound.product.id));
    expect(product!.ownerAccountId).toBe(superManager!.id);
    await post(admin, ADMIN_API_PATHS.accountDelete, { id: bound.owner.id });
    const [device] = await server.database.db.select().from(devices).where(eq(devices.id, bound.device.id));
    expect(device!.ownerAccountId).toBe(superManager!.id);
    expect((await post(admin, ADMIN_API_PATHS.accountDetail, { id: bound.owner.id })).code).toBe('2201');
    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectAccountId, bound.owner.id));
    expect(audit[0]).toMatchObject({ action: 'account.delete', detail: { moved: { devices: 1 } } });
  });

  it('a role with product menus and one product limits menus and data on the next request', async () => {
    const seen = await buildBoundDevice(server.database.db);
    const hidden = await buildBoundDevice(server.database.db);
    const role = await post<{ id: string }>(admin, ADMIN_API_PATHS.roleSave, {
      name: 'R&D one',
      audience: 'operation',
      permissions: ['manage:product:view', 'manage:equipment:view'],
      dataScope: 'chosen',
      productIds: [seen.product.id],
    });
    expect(role.code).toBe('200');
    const { client, account } = await signIn(server, 'operation');
    const assigned = await post<{ permissions: string[] }>(admin, ADMIN_API_PATHS.roleAssign, {
      accountId: account.id,
      roleId: role.data!.id,
    });
    expect(assigned.data!.permissions).toEqual([
      'manage',
      'manage:equipment',
      'manage:equipment:view',
      'manage:product',
      'manage:product:view',
    ]);
    const info = (await client.call('GET', '/account/info')).data as { auths: string };
    expect(info.auths.split(',')).toContain('manage:product:view');
    expect(info.auths.split(',')).not.toContain('manage:account');

    const productsSeen = await post<{ list: Array<{ id: string }> }>(client, '/product/query', {
      pageSize: 100,
    });
    expect(productsSeen.data!.list.map((row) => row.id)).toEqual([seen.product.id]);
    expect((await post(client, '/equipment/info', { id: hidden.device.id })).code).toBe('1003');
    expect((await post(client, '/equipment/info', { id: seen.device.id })).code).toBe('200');
    expect((await post(client, ADMIN_API_PATHS.accountList, { kind: 'op' })).code).toBe('1201');

    // Cancelling the authorization holds on the next request: only the minimal codes remain.
    const cancelled = await post<{ permissions: string[] }>(admin, ADMIN_API_PATHS.roleAssign, {
      accountId: account.id,
    });
    expect(cancelled.data!.permissions).toEqual([...MINIMAL_PERMISSIONS.operation]);
    const after = (await client.call('GET', '/account/info')).data as { auths: string };
    expect(after.auths.split(',').sort()).toEqual([...MINIMAL_PERMISSIONS.operation].sort());
    expect((await post(client, ADMIN_API_PATHS.accountList, { kind: 'op' })).code).toBe('1201');
    expect((await post(client, '/product/query', { pageSize: 100 })).code).not.toBe('200');

    // Staff narrowed to one product hand out no role reaching further.
    const narrowedAdmin = await signIn(server, 'operation');
    const manager = await post<{ id: string }>(admin, ADMIN_API_PATHS.roleSave, {
      name: 'Narrow manager',
      audience: 'operation',
      permissions: [
        'manage:account:op',
        'manage:account:permission',
        'manage:product:view',
        'manage:equipment:view',
      ],
      dataScope: 'chosen',
      productIds: [seen.product.id],
    });
    await post(admin, ADMIN_API_PATHS.roleAssign, {
      accountId: narrowedAdmin.account.id,
      roleId: manager.data!.id,
    });
    const everyProduct = await post<{ id: string }>(admin, ADMIN_API_PATHS.roleSave, {
      name: 'Every product viewer',
      audience: 'operation',
      permissions: ['manage:product:view'],
      dataScope: 'all',
    });
    const { account: other } = await signIn(server, 'operation', {
      auths: MINIMAL_PERMISSIONS.operation.join(','),
    });
    const wider = await post(narrowedAdmin.client, ADMIN_API_PATHS.roleAssign, {
      accountId: other.id,
      roleId: everyProduct.data!.id,
    });
    expect(wider.code).toBe('2225');
    const same = await post(narrowedAdmin.client, ADMIN_API_PATHS.roleAssign, {
      accountId: other.id,
      roleId: role.data!.id,
    });
    expect(same.code).toBe('200');

    expect((await post(admin, ADMIN_API_PATHS.roleDelete, { id: 'builtin-admin' })).code).toBe('2206');
    await post(admin, ADMIN_API_PATHS.roleAssign, { accountId: account.id, roleId: role.data!.id });
    expect((await post(admin, ADMIN_API_PATHS.roleDelete, { id: role.data!.id })).code).toBe('2207');
  });

  it('refuses to grant codes the granting staff member does not hold', async () => {
    const { client } = await signIn(server, 'operation', {
      auths: 'manage,manage:authorization,manage:authorization:permission',
    });
    const saved = await post(client, ADMIN_API_PATHS.roleSave, {
      name: 'Too much',
      audience: 'operation',
      permissions: ['manage:system:sim'],
      dataScope: 'all',
    });
    expect(saved.code).toBe('2224');
    const unknown = await post(admin, ADMIN_API_PATHS.roleSave, {
      name: 'Unknown',
      audience: 'operation',
      permissions: ['manage:nothing'],
      dataScope: 'all',
    });
    expect(unknown.code).toBe('2212');
  });

  it('a dealer sees its customers’ devices of its products, and nothing once cancelled', async () => {
    const served = await buildBoundDevice(server.database.db);
    const other = await buildProduct(server.database.db, served.developer.id);
    const { client: dealerClient, account: dealerAccount } = await signIn(server, 'terminal');
    const customerClient = new TestClient(server);
    await customerClient.login(served.owner.username!, 'Factory#2026');
    expect((await customerClient.call('GET', '/account/info')).code).toBe('200');
    const certified = await post<{ organisationId: string; customers: Array<{ id: string }> }>(
      admin,
      ADMIN_API_PATHS.dealerCertify,
      {
        account: dealerAccount.username,
        organisationId: '91350100m000100y43',
        dataScope: 'chosen',
        productIds: [served.product.id],
        canDebug: true,
        customers: [served.owner.username],
      },
    );
    expect(certified.code).toBe('200');
    expect(certified.data!.organisationId).toBe('91350100M000100Y43');
    // The dealer and its customers sign in again after a change.
    expect((await dealerClient.call('GET', '/account/info')).code).toBe('1206');
    expect((await customerClient.call('GET', '/account/info')).code).toBe('1206');
    await dealerClient.login(dealerAccount.username!, TEST_PASSWORD);
    expect((await post(dealerClient, '/equipment/info', { id: served.device.id })).code).toBe('200');

    await post(admin, ADMIN_API_PATHS.dealerEdit, {
      accountId: dealerAccount.id,
      dataScope: 'chosen',
      productIds: [other.id],
      canDebug: false,
      customers: [served.owner.username],
    });
    await dealerClient.login(dealerAccount.username!, TEST_PASSWORD);
    expect((await post(dealerClient, '/equipment/info', { id: served.device.id })).code).toBe('1003');

    const taken = await post(admin, ADMIN_API_PATHS.dealerCertify, {
      account: served.owner.username,
      organisationId: '91350100M000100Y43',
      dataScope: 'all',
      canDebug: false,
    });
    expect(taken.code).toBe('2214');
    expect((await post(admin, ADMIN_API_PATHS.dealerCancel, { accountId: dealerAccount.id })).code).toBe(
      '200',
    );
    expect((await dealerClient.call('GET', '/account/info')).code).toBe('1206');
  });

  it('keeps one pending certification request when an account applies twice at once', async () => {
    const { client } = await signIn(server, 'terminal');
    const form = { company: 'Acme Valves', licenceNumber: '91310001X', address: '2 Road', contacts: 'Wu' };
    // §5: the enterprise name is at most 20 characters.
    expect(
      await post(client, ADMIN_API_PATHS.certificationApply, { ...form, company: 'x'.repeat(21) }),
    ).toMatchObject({ code: '1137', data: { field: 'company' } });
    const answers = await Promise.all([
      post(client, ADMIN_API_PATHS.certificationApply, form),
      post(client, ADMIN_API_PATHS.certificationApply, form),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual(['200', '2217']);
    const listed = await post<{ list: Array<{ company: string }> }>(
      admin,
      ADMIN_API_PATHS.certificationList,
      {
        keyword: 'Acme Valves',
      },
    );
    expect(listed.data!.list).toHaveLength(1);
  });

  it('takes an enterprise certification request through rejection and approval', async () => {
    const { client, account } = await signIn(server, 'terminal');
    const form = { company: 'Acme Pumps', licenceNumber: '91310000X', address: '1 Road', contacts: 'Li' };
    const applied = await post<{ latest: { id: string; status: string } }>(
      client,
      ADMIN_API_PATHS.certificationApply,
      form,
    );
    expect(applied.data!.latest.status).toBe('pending');
    expect((await post(client, ADMIN_API_PATHS.certificationApply, form)).code).toBe('2217');
    const noReason = await post(admin, ADMIN_API_PATHS.certificationDecide, {
      id: applied.data!.latest.id,
      decision: 'reject',
    });
    expect(noReason.code).toBe('2220');
    await post(admin, ADMIN_API_PATHS.certificationDecide, {
      id: applied.data!.latest.id,
      decision: 'reject',
      reason: 'Licence unreadable',
    });
    const mine = await post<{ latest: { status: string; reason: string } }>(
      client,
      ADMIN_API_PATHS.certificationMine,
    );
    expect(mine.data!.latest).toMatchObject({ status: 'rejected', reason: 'Licence unreadable' });

    const again = await post<{ latest: { id: string } }>(client, ADMIN_API_PATHS.certificationApply, form);
    await post(admin, ADMIN_API_PATHS.certificationDecide, {
      id: again.data!.latest.id,
      decision: 'approve',
    });
    const after = await post<{ accountType: string; company: string }>(
      client,
      ADMIN_API_PATHS.certificationMine,
    );
    expect(after.data).toMatchObject({ accountType: 'enterprise', company: 'Acme Pumps' });
    const decidedTwice = await post(admin, ADMIN_API_PATHS.certificationDecide, {
      id: again.data!.latest.id,
      decision: 'approve',
    });
    expect(decidedTwice.code).toBe('2219');
    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectAccountId, account.id));
    expect(audit.map((event) => event.action).sort()).toEqual([
      'certification.apply',
      'certification.apply',
      'certification.approve',
      'certification.reject',
    ]);
  });

  it('answers in the contract’s shapes', async () => {
    const { client: applicant } = await signIn(server, 'terminal');
    const { account: terminal } = await signIn(server, 'terminal');
    await post(applicant, ADMIN_API_PATHS.certificationApply, {
      company: 'Shape Ltd',
      licenceNumber: 'L1',
      address: 'A',
      contacts: 'C',
    });
    await post(admin, ADMIN_API_PATHS.dealerCertify, {
      account: terminal.username,
      organisationId: '123456789',
      dataScope: 'all',
      canDebug: false,
    });
    const page = (item: z.ZodType) => adminPageSchema(item);
    expectShape(page(adminAccountSchema), await post(admin, ADMIN_API_PATHS.accountList, { kind: 'op' }));
    expectShape(z.array(roleSchema), await post(admin, ADMIN_API_PATHS.roleList));
    expectShape(page(authorizationSchema), await post(admin, ADMIN_API_PATHS.authorizationList));
    expectShape(z.array(productOptionSchema), await post(admin, ADMIN_API_PATHS.productOptions));
    expectShape(page(dealerSchema), await post(admin, ADMIN_API_PATHS.dealerList));
    expectShape(page(certificationSchema), await post(admin, ADMIN_API_PATHS.certificationList));
    expectShape(myCertificationSchema, await post(applicant, ADMIN_API_PATHS.certificationMine));
  });
});
