/**
 * Phone numbers for those who only recognise a person: an account known only by its phone is named
 * by it masked (`138****5678`) in the product list, the dealer list, the back-office device list
 * and the gateway list, detail and export for developers, dealers and staff without an account-management code; the super manager (and
 * staff managing accounts) see it in full.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoles, accounts, dealerCustomers, dealers, gateways, roles } from '../db/schema/index.ts';
import { AccountRepository } from '../modules/account/account.repository.ts';
import { TEST_PASSWORD, createTestAccount } from '../modules/device/catalogue-test-support.ts';
import { buildBoundDevice } from '../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../test/test-server.ts';

const OWNER_TEL = '13812345678';
const DEVELOPER_TEL = '13912345678';
const PAGE = { page: 1, pageSize: 100 };

interface Listed<Row> {
  list: Row[];
}

describe.each(databaseVariants())('phone numbers as each viewer may see them on $name', (variant) => {
  let server: TestServer;
  let productId: string;
  let deviceId: string;
  let ownerId: string;
  let dealerId: string;
  let gatewaySn: string;
  const clients: Record<'superManager' | 'rnd' | 'dealerStaff' | 'dealer', TestClient> = {} as never;

  beforeAll(async () => {
    server = await startTestServer(variant);
    const db = server.database.db;
    const repository = new AccountRepository(db);
    const world = await buildBoundDevice(db);
    productId = world.product.id;
    deviceId = world.device.id;
    ownerId = world.owner.id;
    gatewaySn = world.gateway.sn;
    await db
      .update(gateways)
      .set({ ownerAccountId: world.owner.id, developerAccountId: world.developer.id })
      .where(eq(gateways.sn, gatewaySn));
    // Accounts known only by their phones (registered by SMS, no name or user name given).
    await db
      .update(accounts)
      .set({ name: null, username: null, tel: OWNER_TEL })
      .where(eq(accounts.id, world.owner.id));
    await db
      .update(accounts)
      .set({ name: null, username: null, tel: DEVELOPER_TEL })
      .where(eq(accounts.id, world.developer.id));

    const dealer = await createTestAccount(repository, 'dealer');
    dealerId = dealer.id;
    await db.insert(dealers).values({ accountId: dealer.id, organisationId: randomUUID(), dataScope: 'all' });
    await db
      .insert(dealerCustomers)
      .values({ dealerAccountId: dealer.id, customerAccountId: world.owner.id });

    async function staffWith(roleId: string) {
      const account = await createTestAccount(repository, 'operation', { auths: '' });
      await db.insert(accountRoles).values({ accountId: account.id, roleId });
      return account;
    }
    const dealerRole = randomUUID();
    await db.insert(roles).values({
      id: dealerRole,
      name: dealerRole.slice(0, 8),
      audience: 'operation',
      permissions: 'manage:dealer',
      dataScope: 'all',
    });
    const signedIn = async (username: string | null) => {
      const client = new TestClient(server);
      const answer = await client.login(username!, TEST_PASSWORD);
      expect(answer.code).toBe('200');
      return client;
    };
    clients.superManager = await signedIn((await createTestAccount(repository, 'super')).username);
    clients.rnd = await signedIn((await staffWith('builtin-rnd')).username);
    clients.dealerStaff = await signedIn((await staffWith(dealerRole)).username);
    clients.dealer = await signedIn(dealer.username);
  }, 120_000);
  afterAll(async () => server.close());

  async function productOwnerName(client: TestClient) {
    const answer = await client.call('POST', '/product/query', PAGE);
    expect(answer.code).toBe('200');
    const row = (answer.data as Listed<{ id: string; ownerName: string | null }>).list.find(
      (item) => item.id === productId,
    );
    return row?.ownerName;
  }

  it('names a product owner known only by its phone, masked for staff without account codes', async () => {
    expect(await productOwnerName(clients.rnd)).toBe('139****5678');
    expect(await productOwnerName(clients.superManager)).toBe(DEVELOPER_TEL);
  });

  it('masks dealers’ customers’ phones for staff who manage dealers but not accounts', async () => {
    async function customerTel(client: TestClient) {
      const answer = await client.call('POST', '/admin/dealer/list', PAGE);
      expect(answer.code).toBe('200');
      const dealer = (
        answer.data as Listed<{
          account: { id: string };
          customers: Array<{ id: string; tel: string | null }>;
        }>
      ).list.find((item) => item.account.id === dealerId);
      return dealer?.customers.find((customer) => customer.id === ownerId)?.tel;
    }
    expect(await customerTel(clients.dealerStaff)).toBe('138****5678');
    expect(await customerTel(clients.superManager)).toBe(OWNER_TEL);
  });

  it('never names a device owner by the full phone in the back-office device list of a dealer', async () => {
    async function ownerOf(client: TestClient) {
      const answer = await client.call('POST', '/manage/equipment/query', PAGE);
      expect(answer.code).toBe('200');
      return (
        answer.data as Listed<{ id: string; ownerName: string | null; ownerTel: string | null }>
      ).list.find((item) => item.id === deviceId);
    }
    expect(await ownerOf(clients.dealer)).toMatchObject({
      ownerName: '138****5678',
      ownerTel: '138****5678',
    });
    expect(await ownerOf(clients.superManager)).toMatchObject({ ownerName: OWNER_TEL, ownerTel: OWNER_TEL });
  });

  it('names a gateway owner and developer known only by their phones as the viewer may see them', async () => {
    async function peopleOf(client: TestClient) {
      const listed = await client.call('POST', '/gateway/query', { ...PAGE, sn: gatewaySn });
      expect(listed.code).toBe('200');
      const row = (
        listed.data as Listed<{ sn: string; ownerName: string | null; developerName: string | null }>
      ).list.find((item) => item.sn === gatewaySn);
      const detail = await client.call('POST', '/gateway/info', { sn: gatewaySn });
      expect(detail.code).toBe('200');
      const { ownerName, developerName } = detail.data as {
        ownerName: string | null;
        developerName: string | null;
      };
      return {
        list: row && { ownerName: row.ownerName, developerName: row.developerName },
        detail: { ownerName, developerName },
      };
    }
    const masked = { ownerName: '138****5678', developerName: '139****5678' };
    expect(await peopleOf(clients.rnd)).toEqual({ list: masked, detail: masked });
    const full = { ownerName: OWNER_TEL, developerName: DEVELOPER_TEL };
    expect(await peopleOf(clients.superManager)).toEqual({ list: full, detail: full });
  });
});
