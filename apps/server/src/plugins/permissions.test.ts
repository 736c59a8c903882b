/**
 * Permission and data scope, proved over the whole API: every path of the OpenAPI document
 * declares its action of the policy table (`x-action`) and its access (`x-access`, with the codes
 * in `x-permission`); every path that needs a
 * permission refuses a signed-in caller holding none of its codes; and no path answers with another
 * tenant's or another product's device, product or gateway, whatever ids it is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, DATA_SCOPES } from '@lyyp/contracts';
import { ADMIN_API_PATHS } from '@lyyp/contracts/admin';
import { codesOfAction, isActionName, isPublicAction, type ActionName } from '@lyyp/contracts/policy';
import { buildBoundDevice, buildUpgradeTask } from '../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../test/test-server.ts';
import { PUBLIC_PATHS, TICKET_PATHS } from '../test/public-paths.ts';
import { TEST_PASSWORD, postJson, signIn } from '../modules/device/catalogue-test-support.ts';
import type { AccountRow } from '../modules/account/account.repository.ts';

interface Operation {
  path: string;
  method: 'GET' | 'POST';
  action?: string;
  access?: string;
  permission?: string[];
  refusal?: string;
  scope?: string;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        'x-action'?: string;
        'x-access'?: string;
        'x-permission'?: string[];
        'x-refusal'?: string;
        'x-data-scope'?: string;
      }
    >
  >;
}

describe.each(databaseVariants())('permission and data scope on every path on $name', (variant) => {
  let server: TestServer;
  let operations: Operation[];

  beforeAll(async () => {
    server = await startTestServer(variant);
    const document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApiDocument>();
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method: method.toUpperCase() as 'GET' | 'POST',
        action: operation['x-action'],
        access: operation['x-access'],
        permission: operation['x-permission'],
        refusal: operation['x-refusal'],
        scope: operation['x-data-scope'],
      })),
    );
  });
  afterAll(async () => server.close());

  const apiOperations = () =>
    operations.filter(({ path }) => {
      const apiPath = path.slice(API_PREFIX.length);
      return path.startsWith(API_PREFIX) && !PUBLIC_PATHS.has(apiPath) && !(apiPath in TICKET_PATHS);
    });

  async function call(client: TestClient, operation: Operation, body: Record<string, unknown>) {
    const url = operation.path.replaceAll(/\{\w+\}/g, typeof body.id === 'string' ? body.id : 'x');
    if (operation.method === 'GET') {
      const query = new URLSearchParams(
        Object.entries(body).map(([key, value]): [string, string] => [key, String(value)]),
      );
      const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await server.app.inject({
        method: 'GET',
        url: `${url}?${query.toString()}`,
        headers: { cookie },
      });
      return { code: response.json<{ code?: string }>().code, raw: response.body };
    }
    const answer = await postJson(server, client, url.slice(API_PREFIX.length), body);
    return { code: answer.code, raw: answer.raw.toString('utf8') };
  }

  it('declares the access of every path that needs a session', () => {
    const undeclared = apiOperations().filter(
      ({ access }) => access !== 'permission' && access !== 'session',
    );
    expect(undeclared.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const admin = apiOperations().filter(({ path }) => path.includes('/admin/'));
    expect(admin.length).toBeGreaterThanOrEqual(Object.keys(ADMIN_API_PATHS).length - 2);
    expect(admin.every(({ access }) => access === 'permission')).toBe(true);
  });

  it('declares the action of every API path, public ones included, with the codes the table names', () => {
    const api = operations.filter(({ path }) => path.startsWith(API_PREFIX));
    const undeclared = api.filter(({ action }) => !action || !isActionName(action));
    expect(undeclared.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const mismatched = api.filter(({ action, access, permission }) => {
      const name = action as ActionName;
      if (isPublicAction(name)) return access !== 'public';
      return (
        access === 'permission' && [...(permission ?? [])].sort().join() !== codesOfAction(name).sort().join()
      );
    });
    expect(mismatched.map(({ method, path, action }) => `${method} ${path} (${action})`)).toEqual([]);
    const publicPaths = api
      .filter(({ access }) => access === 'public')
      .map(({ path }) => path.slice(API_PREFIX.length));
    expect(new Set(publicPaths)).toEqual(new Set([...PUBLIC_PATHS, ...Object.keys(TICKET_PATHS)]));
  });

  it('declares the data scope of every path that needs a session', () => {
    const undeclared = apiOperations().filter(({ scope }) => !scope || !(scope in DATA_SCOPES));
    expect(undeclared.map(({ method, path, scope }) => `${method} ${path}: ${scope}`)).toEqual([]);
    const scopeOf = (path: string) =>
      apiOperations().find((operation) => operation.path.endsWith(path))?.scope;
    expect(scopeOf('/account/info')).toBe('own');
    expect(scopeOf('/equipment/values')).toBe('devices');
    expect(scopeOf('/product/queryAll')).toBe('products');
    expect(scopeOf(ADMIN_API_PATHS.accountAdd)).toBe('accounts');
  });

  it('refuses every permission path to a signed-in caller holding none of its codes', async () => {
    const { client } = await signIn(server, 'operation', { auths: '' });
    const failures: string[] = [];
    const guarded = apiOperations().filter(({ access }) => access === 'permission');
    expect(guarded.length).toBeGreaterThan(80);
    for (const operation of guarded) {
      const { code } = await call(client, operation, { id: 'x' });
      if (code !== (operation.refusal ?? '1201'))
        failures.push(`${operation.method} ${operation.path}: ${code}`);
    }
    expect(failures).toEqual([]);
  });

  // About two thousand requests: the walk is given its own time bound.
  it('never answers another tenant’s or another product’s object', { timeout: 300_000 }, async () => {
    const mine = await buildBoundDevice(server.database.db);
    const foreign = await buildBoundDevice(server.database.db);
    const { client: admin } = await signIn(server, 'super');
    // Staff with every menu code but data permission for one product only.
    const role = await postJson(server, admin, ADMIN_API_PATHS.roleSave, {
      name: 'Only mine',
      audience: 'operation',
      permissions: ['manage', 'monitor', 'account'],
      dataScope: 'chosen',
      productIds: [mine.product.id],
    });
    const { account: narrowed } = await signIn(server, 'operation');
    await postJson(server, admin, ADMIN_API_PATHS.roleAssign, {
      accountId: narrowed.id,
      roleId: (role.data as { id: string }).id,
    });
    // An upgrade task of the other product, so that paths taking a task id are walked too.
    const foreignTask = await buildUpgradeTask(server.database.db, foreign.product.id, foreign.gateway.sn);
    const secrets = [foreign.device.id, foreign.product.id, foreign.gateway.sn, foreignTask];
    const bodies = [
      {
        id: foreign.device.id,
        deviceId: foreign.device.id,
        equipmentId: foreign.device.id,
        equipId: foreign.device.id,
      },
      { id: foreign.product.id, productId: foreign.product.id },
      { id: foreign.gateway.sn, sn: foreign.gateway.sn, gatewaySn: foreign.gateway.sn },
      { id: foreignTask },
      { page: 1, pageSize: 100 },
    ];
    const callers: Array<{ name: string; account: AccountRow }> = [
      { name: 'staff narrowed to another product', account: narrowed },
      { name: 'owner of another device', account: mine.owner },
      { name: 'developer of another product', account: mine.developer },
    ];
    const leaks: string[] = [];
    for (const { name, account } of callers) {
      const client = new TestClient(server);
      await client.login(account.username!, TEST_PASSWORD);
      for (const operation of apiOperations()) {
        // Signing out or ending sessions is not a data answer; everything else is walked.
        if (operation.path.endsWith('/logout')) continue;
        for (const body of bodies) {
          const { code, raw } = await call(client, operation, body);
          if (code === '1206' || code === '1010') await client.login(account.username!, TEST_PASSWORD);
          const leaked = secrets.filter((secret) => raw.includes(secret));
          if (leaked.length > 0)
            leaks.push(`${name}: ${operation.method} ${operation.path} → ${leaked.join(', ')}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});
