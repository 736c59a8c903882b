/**
 * Tests: the people the policy is tried with, on one server. Two tenants' devices (A and B, each
 * with its developer's product and an end-user owner) and, around them, every kind of caller: the
 * super manager, staff with each built-in role and narrow custom roles, developers, dealers with
 * and without debug rights, the owner, share receivers with and without writing (the one with
 * writing may also share further), an authorization's holder, a foreign tenant and an anonymous
 * browser. Each persona knows its relations to devices A and B (whose gateways belong to their
 * owners and are assigned to their developers) and to their products (each with one designer page), so a test can derive from the policy table what the
 * server must answer.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type CallerKind, type Relation } from '@lyyp/contracts/policy';
import {
  accountRoles,
  dealerCustomers,
  designerPages,
  inspectionPlans,
  dealers,
  deviceAccess,
  gateways,
  deviceShares,
  roleProducts,
  roles,
} from '../db/schema/index.ts';
import { AccountRepository, type AccountRow } from '../modules/account/account.repository.ts';
import {
  TEST_PASSWORD,
  createTestAccount,
  type AccountKindForTest,
} from '../modules/device/catalogue-test-support.ts';
import { buildBoundDevice } from '../test/factories.ts';
import { TestClient, type TestServer } from '../test/test-server.ts';

export type DeviceName = 'A' | 'B';

export interface Persona {
  readonly name: string;
  /** Null for the anonymous browser. */
  readonly client: TestClient | null;
  readonly account: AccountRow | null;
  readonly kind: CallerKind;
  /** The codes the session holds, as the server reports them (`/account/info`). */
  codes: Set<string>;
  /** The relations this persona holds to each device. */
  readonly relations: Record<DeviceName, ReadonlySet<Relation>>;
  /** The relations this persona holds to each device's product (and what belongs to it). */
  readonly productRelations: Record<DeviceName, ReadonlySet<Relation>>;
}

export interface PolicyWorld {
  readonly devices: Record<
    DeviceName,
    {
      id: string;
      productId: string;
      ownerAccountId: string;
      gatewaySn: string;
      pageId: string;
      /** An inspection plan of the device, made by its owner, who also inspects it. */
      planId: string;
    }
  >;
  readonly personas: Persona[];
}

const ALL_MENUS = [
  'info',
  'gateway',
  'data',
  'history',
  'historyCurve',
  'reports',
  'alarms',
  'realtimeCurve',
  'repairs',
  'inspections',
  'knowledge',
];

export async function buildPolicyWorld(server: TestServer): Promise<PolicyWorld> {
  const db = server.database.db;
  const accounts = new AccountRepository(db);
  const a = await buildBoundDevice(db);
  const b = await buildBoundDevice(db);
  const pageOf = async (productId: string) => {
    const id = randomUUID();
    await db.insert(designerPages).values({ id, productId, title: 'Main', kind: 'main', isStart: true });
    return id;
  };
  const planOf = async (deviceId: string, ownerAccountId: string) => {
    const id = randomUUID();
    await db.insert(inspectionPlans).values({
      id,
      ownerAccountId,
      name: 'Round',
      deviceIds: [deviceId],
      items: [{ id: 'leaks', name: 'No leaks', kind: 'check', unit: '', low: null, high: null }],
      schedule: { frequency: 'daily', utcOffsetMinutes: 480 },
      inspectorIds: [ownerAccountId],
      enabled: false,
    });
    return id;
  };
  // A gateway belongs to its device's owner and is assigned to the product's developer.
  for (const bound of [a, b])
    await db
      .update(gateways)
      .set({ ownerAccountId: bound.owner.id, developerAccountId: bound.developer.id })
      .where(eq(gateways.sn, bound.gateway.sn));
  const devices = {
    A: {
      id: a.device.id,
      productId: a.product.id,
      ownerAccountId: a.owner.id,
      gatewaySn: a.gateway.sn,
      pageId: await pageOf(a.product.id),
      planId: await planOf(a.device.id, a.owner.id),
    },
    B: {
      id: b.device.id,
      productId: b.product.id,
      ownerAccountId: b.owner.id,
      gatewaySn: b.gateway.sn,
      pageId: await pageOf(b.product.id),
      planId: await planOf(b.device.id, b.owner.id),
    },
  };
  const personas: Persona[] = [];
  const none = new Set<Relation>();
  const rel = (...relations: Relation[]) => new Set<Relation>(relations);

  async function add(
    name: string,
    account: AccountRow | null,
    kind: CallerKind,
    relations: Record<DeviceName, ReadonlySet<Relation>>,
    productRelations: Record<DeviceName, ReadonlySet<Relation>> = { A: none, B: none },
  ) {
    let client: TestClient | null = null;
    if (account) {
      client = new TestClient(server);
      const answer = await client.login(account.username!, TEST_PASSWORD);
      if (answer.code !== '200') throw new Error(`${name} could not sign in: ${answer.code}`);
    }
    personas.push({ name, client, account, kind, codes: new Set(), relations, productRelations });
  }
  const newAccount = (kind: AccountKindForTest) => createTestAccount(accounts, kind);
  const staffSees = rel('visible', 'staffInScope');
  const staffSeesBoth = { A: staffSees, B: staffSees };

  await add('anonymous', null, 'terminal', { A: none, B: none });
  await add('super manager', await newAccount('super'), 'staff', staffSeesBoth, staffSeesBoth);

  async function staffWithRole(roleId: string) {
    const account = await createTestAccount(accounts, 'operation', { auths: '' });
    await db.insert(accountRoles).values({ accountId: account.id, roleId });
    return account;
  }
  async function customRole(permissions: string[], productIds?: string[]) {
    const id = randomUUID();
    await db.insert(roles).values({
      id,
      name: id.slice(0, 8),
      audience: 'operation',
      permissions: permissions.join(','),
      dataScope: productIds ? 'chosen' : 'all',
    });
    if (productIds)
      await db.insert(roleProducts).values(productIds.map((productId) => ({ roleId: id, productId })));
    return id;
  }
  for (const roleId of ['builtin-admin', 'builtin-after-sales', 'builtin-rnd'])
    await add(`staff ${roleId}`, await staffWithRole(roleId), 'staff', staffSeesBoth, staffSeesBoth);
  // The view code of every area, and nothing that changes.
  await add(
    'staff view-only',
    await staffWithRole(
      await customRole([
        'monitor:device:view',
        'manage:equipment:view',
        'manage:gateway:view',
        'manage:product:view',
      ]),
    ),
    'staff',
    staffSeesBoth,
    staffSeesBoth,
  );
  await add(
    'staff accounts-only',
    await staffWithRole(await customRole(['manage:account:op', 'manage:account:dev', 'manage:account:ter'])),
    'staff',
    staffSeesBoth,
    staffSeesBoth,
  );
  await add(
    'staff one-product',
    await staffWithRole(
      await customRole(
        [
          'manage:equipment:view',
          'manage:equipment:edit',
          'manage:gateway:view',
          'manage:gateway:edit',
          'monitor:device:view',
          'monitor:device:write',
          // Products too, so its scope is tried on products and their pages.
          'manage:product:view',
          'manage:product:edit',
          'manage:product:designer',
        ],
        [a.product.id],
      ),
    ),
    'staff',
    { A: staffSees, B: none },
    { A: staffSees, B: none },
  );
  const developsA = { A: rel('visible', 'developerOfProduct'), B: none };
  await add('developer owner', a.developer, 'developer', developsA, developsA);
  await add('developer non-owner', await newAccount('developer'), 'developer', { A: none, B: none });
  for (const canDebug of [true, false]) {
    const dealer = await newAccount('dealer');
    await db
      .insert(dealers)
      .values({ accountId: dealer.id, organisationId: randomUUID(), dataScope: 'all', canDebug });
    await db.insert(dealerCustomers).values({ dealerAccountId: dealer.id, customerAccountId: a.owner.id });
    const relations = canDebug
      ? rel('visible', 'dealerOfCustomer', 'dealerWithDebug')
      : rel('visible', 'dealerOfCustomer');
    // A dealer for every product sees every product (it holds no product codes by default).
    const servesAll = rel('visible', 'dealerOfCustomer');
    await add(
      canDebug ? 'dealer with debug' : 'dealer without debug',
      dealer,
      'dealer',
      { A: relations, B: none },
      { A: servesAll, B: servesAll },
    );
  }
  await add('end user owner', a.owner, 'terminal', { A: rel('visible', 'owner'), B: none });
  for (const canWrite of [true, false]) {
    const receiver = await newAccount('terminal');
    const menus = canWrite ? ALL_MENUS : ['info'];
    const shareId = randomUUID();
    await db.insert(deviceShares).values({
      id: shareId,
      deviceId: a.device.id,
      sharerAccountId: a.owner.id,
      method: 'link',
      tokenHash: randomUUID(),
      topMenu: canWrite,
      menus: menus as never,
      canWrite,
      // The receiver with writing may also share further; the other may not (1211).
      canReshare: canWrite,
      expiresAt: new Date(Date.now() + 86_400_000),
      receiverAccountId: receiver.id,
      acceptedAt: new Date(),
    });
    await db
      .insert(deviceAccess)
      .values({ deviceId: a.device.id, accountId: receiver.id, kind: 'shared', canWrite, shareId });
    const shared = [
      ...menus.map((menu) => `shareMenu:${menu}` as Relation),
      'visible',
      'grant',
    ] as Relation[];
    if (canWrite) shared.push('grantWithWrite', 'grantWithReshare');
    await add(
      canWrite ? 'share receiver with writing' : 'share receiver without writing',
      receiver,
      'terminal',
      {
        A: new Set(shared),
        B: none,
      },
    );
  }
  // An authorization (from the back office): every menu, no writing, may share further.
  const authorized = await newAccount('terminal');
  await db
    .insert(deviceAccess)
    .values({ deviceId: a.device.id, accountId: authorized.id, kind: 'authorized', canWrite: false });
  await add('authorization holder', authorized, 'terminal', {
    A: new Set([
      ...ALL_MENUS.map((menu) => `shareMenu:${menu}` as Relation),
      'visible',
      'grant',
      'authorization',
    ] as Relation[]),
    B: none,
  });
  await add('foreign tenant', b.owner, 'terminal', { A: none, B: rel('visible', 'owner') });

  for (const persona of personas) persona.codes = await codesOf(persona);
  return { devices, personas };
}

async function codesOf(persona: Persona): Promise<Set<string>> {
  if (!persona.client) return new Set();
  const info = await persona.client.call('GET', '/account/info');
  const auths = (info.data as { auths?: string } | null)?.auths ?? '';
  return new Set(auths.split(',').filter(Boolean));
}
