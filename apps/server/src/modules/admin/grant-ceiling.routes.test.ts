/**
 * The grant ceiling tried as new administrators with narrow roles would try it: nobody creates,
 * changes, assigns, cancels, resets, disables or deletes anything holding more than they do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS, MINIMAL_PERMISSIONS } from '@lyyp/contracts';
import { ADMIN_API_PATHS, type GrantCeiling, type Role } from '@lyyp/contracts/admin';
import { buildAccount, buildBoundDevice, uniqueUsername } from '../../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { postJson, signIn } from '../device/catalogue-test-support.ts';

interface Envelope<T = unknown> {
  code?: string;
  message?: string;
  data?: T;
}

describe.each(databaseVariants())('grant ceiling on $name', (variant) => {
  let server: TestServer;
  let admin: TestClient;
  const post = <T>(client: TestClient, path: string, body: unknown = {}) =>
    postJson(server, client, path, body) as Promise<Envelope<T>>;

  /** A stored role made by the super manager. */
  async function role(name: string, permissions: readonly string[], productIds?: string[]) {
    const saved = await post<Role>(admin, ADMIN_API_PATHS.roleSave, {
      name,
      audience: 'operation',
      permissions,
      dataScope: productIds ? 'chosen' : 'all',
      productIds: productIds ?? [],
    });
    expect(saved.code, saved.message).toBe('200');
    return saved.data!;
  }

  /** A staff account made by the super manager with the role, signed in. */
  async function staffWith(roleId: string) {
    const username = uniqueUsername();
    const created = await post<{ account: { id: string }; password: string }>(
      admin,
      ADMIN_API_PATHS.accountAdd,
      { kind: 'op', username, name: username, roleId },
    );
    expect(created.code, created.message).toBe('200');
    const client = new TestClient(server);
    expect((await client.login(username, created.data!.password)).code).toBe('200');
    // The password staff gave is one-time: the person chooses their own before anything else.
    const password = 'Own#Pass2026';
    const replaced = await client.call('POST', '/account/firstPassword', {
      password,
      confirmPassword: password,
    });
    expect(replaced.code, replaced.message).toBe('200');
    return { client, id: created.data!.account.id, username, password };
  }

  async function authsOf(client: TestClient): Promise<string[]> {
    const info = await client.call('GET', '/account/info');
    return (info.data as { auths: string }).auths.split(',').filter(Boolean);
  }

  beforeAll(async () => {
    server = await startTestServer(variant);
    ({ client: admin } = await signIn(server, 'super'));
  });
  afterAll(async () => server.close());

  it('staff holding only "Operation accounts" add no wider staff and touch no Admin colleague', async () => {
    const accountsOnly = await role('Accounts only', ['manage:account:op']);
    const operator = await staffWith(accountsOnly.id);
    const colleague = await staffWith('builtin-admin');

    // Staff are added with a role, so the operator reads the roles to pick one.
    const roles = await post<Array<{ id: string }>>(operator.client, ADMIN_API_PATHS.roleList);
    expect(roles.code).toBe('200');
    expect(roles.data!.map((listed) => listed.id)).toContain(accountsOnly.id);
    const noRole = await post(operator.client, ADMIN_API_PATHS.accountAdd, {
      kind: 'op',
      username: uniqueUsername(),
      name: 'No role',
    });
    expect(noRole.code).toBe('2226');
    const asAdmin = await post(operator.client, ADMIN_API_PATHS.accountAdd, {
      kind: 'op',
      username: uniqueUsername(),
      name: 'Wider',
      roleId: 'builtin-admin',
    });
    expect(asAdmin.code).toBe('2224');
    const same = await post<{ account: { id: string } }>(operator.client, ADMIN_API_PATHS.accountAdd, {
      kind: 'op',
      username: uniqueUsername(),
      name: 'Same',
      roleId: accountsOnly.id,
    });
    expect(same.code).toBe('200');

    // The Admin colleague is beyond reach: no new password, no disabling, no deletion.
    const reset = await post(operator.client, ADMIN_API_PATHS.accountResetPassword, { id: colleague.id });
    expect(reset.code).toBe('2227');
    const disabled = await post(operator.client, ADMIN_API_PATHS.accountSetStatus, {
      id: colleague.id,
      status: 'disabled',
    });
    expect(disabled.code).toBe('2227');
    expect((await post(operator.client, ADMIN_API_PATHS.accountDelete, { id: colleague.id })).code).toBe(
      '2227',
    );
    expect((await new TestClient(server).login(colleague.username, colleague.password)).code).toBe('200');
    expect((await authsOf(colleague.client)).length).toBeGreaterThan(50);

    // An account within the operator's own holding stays theirs to manage.
    const own = await post(operator.client, ADMIN_API_PATHS.accountResetPassword, {
      id: same.data!.account.id,
    });
    expect(own.code).toBe('200');
  });

  it('cancelling an authorization leaves only the minimal codes, for staff and developers alike', async () => {
    const staff = await staffWith('builtin-admin');
    const cancelled = await post<{ permissions: string[] }>(admin, ADMIN_API_PATHS.roleAssign, {
      accountId: staff.id,
    });
    expect(cancelled.data!.permissions).toEqual([...MINIMAL_PERMISSIONS.operation]);
    expect((await authsOf(staff.client)).sort()).toEqual([...MINIMAL_PERMISSIONS.operation].sort());
    expect((await post(staff.client, ADMIN_API_PATHS.accountList, { kind: 'op' })).code).toBe('1201');

    // A developer who registered (no role, the developer defaults) loses them too.
    const developer = await signIn(server, 'developer');
    expect(await authsOf(developer.client)).toContain('manage:product:edit');
    await post(admin, ADMIN_API_PATHS.roleAssign, { accountId: developer.account.id });
    expect((await authsOf(developer.client)).sort()).toEqual([...MINIMAL_PERMISSIONS.developer].sort());
    expect((await post(developer.client, '/product/query', {})).code).not.toBe('200');

    // Someone who may assign but holds less than an Admin cannot cancel an Admin's authorization.
    const assigner = await staffWith(
      (await role('Assigner', ['manage:authorization:permission', 'manage:account:permission'])).id,
    );
    const adminColleague = await staffWith('builtin-admin');
    const refused = await post(assigner.client, ADMIN_API_PATHS.roleAssign, { accountId: adminColleague.id });
    expect(refused.code).toBe('2227');
    expect((await authsOf(adminColleague.client)).length).toBeGreaterThan(50);
  });

  it('staff narrowed to chosen products widen neither their role, new roles nor dealers', async () => {
    const seen = await buildBoundDevice(server.database.db);
    const hidden = await buildBoundDevice(server.database.db);
    const codes = [
      'manage:authorization',
      'manage:authorization:permission',
      'manage:dealer',
      'manage:dealer:permission',
      // Everything a dealer holds except writing values.
      ...DEFAULT_PERMISSIONS.dealer.filter((code) => code !== 'monitor:device:write'),
    ];
    const narrow = await role('Narrow', codes, [seen.product.id]);
    const staff = await staffWith(narrow.id);

    const ceiling = await post<GrantCeiling>(staff.client, ADMIN_API_PATHS.grantCeiling);
    expect(ceiling.data).toMatchObject({ allProducts: false, productIds: [seen.product.id], debug: false });

    // Their own role: not to every product, not with a code they lack.
    const ownToAll = await post(staff.client, ADMIN_API_PATHS.roleSave, {
      id: narrow.id,
      name: narrow.name,
      audience: 'operation',
      permissions: codes,
      dataScope: 'all',
    });
    expect(ownToAll.code).toBe('2225');
    const ownWider = await post(staff.client, ADMIN_API_PATHS.roleSave, {
      id: narrow.id,
      name: narrow.name,
      audience: 'operation',
      permissions: [...codes, 'manage:system:sim'],
      dataScope: 'chosen',
      productIds: [seen.product.id],
    });
    expect(ownWider.code).toBe('2224');
    const roles = await post<Role[]>(staff.client, ADMIN_API_PATHS.roleList);
    expect(roles.data!.find((candidate) => candidate.id === narrow.id)).toMatchObject({
      dataScope: 'chosen',
      productIds: [seen.product.id],
    });

    // New roles: only within their products.
    const base = { audience: 'operation', permissions: ['monitor:device:view'] };
    const allProducts = await post(staff.client, ADMIN_API_PATHS.roleSave, {
      ...base,
      name: 'Every product',
      dataScope: 'all',
    });
    expect(allProducts.code).toBe('2225');
    const otherProduct = await post(staff.client, ADMIN_API_PATHS.roleSave, {
      ...base,
      name: 'Other product',
      dataScope: 'chosen',
      productIds: [hidden.product.id],
    });
    expect(otherProduct.code).toBe('2225');
    const within = await post(staff.client, ADMIN_API_PATHS.roleSave, {
      ...base,
      name: 'Within',
      dataScope: 'chosen',
      productIds: [seen.product.id],
    });
    expect(within.code).toBe('200');
    // A role made by the super manager for every product is not theirs to change or delete.
    const wide = await role('Wide viewer', ['monitor:device:view']);
    const editWide = await post(staff.client, ADMIN_API_PATHS.roleSave, {
      id: wide.id,
      ...base,
      name: 'Wide viewer',
      dataScope: 'chosen',
      productIds: [seen.product.id],
    });
    expect(editWide.code).toBe('2228');
    expect((await post(staff.client, ADMIN_API_PATHS.roleDelete, { id: wide.id })).code).toBe('2228');

    // Dealers: not every product, not another product, no debug rights without the write code.
    const dealerAccount = await buildAccount(server.database.db, 'terminal');
    const certify = (body: Record<string, unknown>) =>
      post(staff.client, ADMIN_API_PATHS.dealerCertify, {
        account: dealerAccount.username,
        organisationId: '91350100M000100Y44',
        customers: [],
        ...body,
      });
    expect((await certify({ dataScope: 'all', canDebug: false })).code).toBe('2225');
    expect(
      (await certify({ dataScope: 'chosen', productIds: [hidden.product.id], canDebug: false })).code,
    ).toBe('2225');
    expect((await certify({ dataScope: 'chosen', productIds: [seen.product.id], canDebug: true })).code).toBe(
      '2229',
    );
    const certified = await certify({ dataScope: 'chosen', productIds: [seen.product.id], canDebug: false });
    expect(certified.code, certified.message).toBe('200');
    const widen = await post(staff.client, ADMIN_API_PATHS.dealerEdit, {
      accountId: dealerAccount.id,
      dataScope: 'all',
      canDebug: false,
      customers: [],
    });
    expect(widen.code).toBe('2225');

    // A dealer the super manager certified for every product with debug rights is beyond them.
    const wideDealer = await buildAccount(server.database.db, 'terminal');
    await post(admin, ADMIN_API_PATHS.dealerCertify, {
      account: wideDealer.username,
      organisationId: '91350100M000100Y45',
      dataScope: 'all',
      canDebug: true,
    });
    expect((await post(staff.client, ADMIN_API_PATHS.dealerCancel, { accountId: wideDealer.id })).code).toBe(
      '2227',
    );
    const narrowIt = await post(staff.client, ADMIN_API_PATHS.dealerEdit, {
      accountId: wideDealer.id,
      dataScope: 'chosen',
      productIds: [seen.product.id],
      canDebug: false,
      customers: [],
    });
    expect(narrowIt.code).toBe('2227');
  });
});
