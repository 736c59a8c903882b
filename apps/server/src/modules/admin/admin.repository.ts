/**
 * The only ORM code of administration: account lists, roles and who holds them, dealers, enterprise
 * certification requests, the audit table, and the transfer of a deleted account's data.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  accountRoles,
  accounts,
  auditEvents,
  certificationRequests,
  companies,
  companyMembers,
  dealerCustomers,
  dealerProducts,
  dealers,
  deviceAccess,
  devices,
  files,
  gateways,
  products,
  roleProducts,
  roles,
  sessions,
} from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import type { AccountRow } from '../account/account.repository.ts';
import { visibleProductCondition } from '../device/visibility.repository.ts';
import type { Viewer } from '../device/viewer.ts';
import { containsPattern } from '../product/product.repository.ts';

export type RoleRow = typeof roles.$inferSelect;
export type DealerRow = typeof dealers.$inferSelect;
export type CertificationRow = typeof certificationRequests.$inferSelect;
type Executor = Pick<Database, 'insert' | 'update' | 'delete' | 'select'>;

export interface AuditEntry {
  actorAccountId: string | null;
  subjectAccountId: string | null;
  action: string;
  detail?: Record<string, unknown>;
  address?: string | null;
  at?: Date;
}

export interface AccountListFilter {
  kinds: AccountRow['accountKind'][];
  keyword?: string | undefined;
  status?: 'enabled' | 'disabled' | undefined;
  accountType?: 'personal' | 'enterprise' | undefined;
  /** Only accounts holding a role (the authorization list). */
  withRole?: boolean;
  page: number;
  pageSize: number;
}

export interface AccountWithRole {
  account: AccountRow;
  roleId: string | null;
  assignedAt: Date | null;
}

export class AdminRepository {
  constructor(private readonly db: Database) {}

  // Accounts -------------------------------------------------------------------------------------

  async listAccounts(filter: AccountListFilter): Promise<{ rows: AccountWithRole[]; total: number }> {
    const conditions: SQL[] = [ne(accounts.status, 'deleted'), inArray(accounts.accountKind, filter.kinds)];
    if (filter.keyword) {
      const pattern = containsPattern(filter.keyword);
      conditions.push(
        or(
          ilike(accounts.username, pattern),
          ilike(accounts.name, pattern),
          ilike(accounts.tel, pattern),
          ilike(accounts.company, pattern),
        )!,
      );
    }
    if (filter.status) conditions.push(eq(accounts.status, filter.status));
    if (filter.accountType) conditions.push(eq(accounts.accountType, filter.accountType));
    if (filter.withRole) conditions.push(sql`${accountRoles.roleId} is not null`);
    const where = and(...conditions);
    const [totalRow] = await this.db
      .select({ total: count() })
      .from(accounts)
      .leftJoin(accountRoles, eq(accountRoles.accountId, accounts.id))
      .where(where);
    const rows = await this.db
      .select({ account: accounts, roleId: accountRoles.roleId, assignedAt: accountRoles.assignedAt })
      .from(accounts)
      .leftJoin(accountRoles, eq(accountRoles.accountId, accounts.id))
      .where(where)
      .orderBy(desc(accounts.isSuperManager), desc(accounts.createdAt), asc(accounts.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize);
    return { rows, total: totalRow?.total ?? 0 };
  }

  async findAccount(id: string): Promise<AccountWithRole | undefined> {
    const rows = await this.db
      .select({ account: accounts, roleId: accountRoles.roleId, assignedAt: accountRoles.assignedAt })
      .from(accounts)
      .leftJoin(accountRoles, eq(accountRoles.accountId, accounts.id))
      .where(and(eq(accounts.id, id), ne(accounts.status, 'deleted')))
      .limit(1);
    return rows[0];
  }

  /** A live account by username (case-insensitive) or phone. */
  async findAccountByLogin(login: string): Promise<AccountRow | undefined> {
    const rows = await this.db
      .select()
      .from(accounts)
      .where(
        and(
          ne(accounts.status, 'deleted'),
          or(sql`lower(${accounts.username}) = lower(${login})`, eq(accounts.tel, login)),
        ),
      )
      .limit(1);
    return rows[0];
  }

  /** A new password hash; every session of the account ends. */
  async resetPassword(id: string, passwordHash: string, at: Date, entry: AuditEntry) {
    return this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(accounts)
        .set({ passwordHash, updatedAt: at })
        .where(eq(accounts.id, id))
        .returning();
      await tx
        .update(sessions)
        .set({ endedAt: at, endReason: 'password' })
        .where(and(eq(sessions.accountId, id), sql`${sessions.endedAt} is null`));
      await this.audit(tx, entry);
      return updated;
    });
  }

  async insertAccount(row: typeof accounts.$inferInsert, roleId: string | null, entry: AuditEntry) {
    return this.db.transaction(async (tx) => {
      const [created] = await tx.insert(accounts).values(row).returning();
      if (roleId)
        await tx.insert(accountRoles).values({ accountId: row.id, roleId, assignedBy: entry.actorAccountId });
      await this.audit(tx, entry);
      return created!;
    });
  }

  /** Ends every live session of the accounts at once (disabled, role or dealer change). */
  async endSessions(
    tx: Executor,
    accountIds: string[],
    reason: 'disabled' | 'deleted' | 'replaced',
    at: Date,
  ) {
    if (accountIds.length === 0) return;
    await tx
      .update(sessions)
      .set({ endedAt: at, endReason: reason })
      .where(and(inArray(sessions.accountId, accountIds), sql`${sessions.endedAt} is null`));
  }

  async setStatus(id: string, status: 'enabled' | 'disabled', at: Date, entry: AuditEntry): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(accounts).set({ status, updatedAt: at }).where(eq(accounts.id, id));
      if (status === 'disabled') await this.endSessions(tx, [id], 'disabled', at);
      await this.audit(tx, entry);
    });
  }

  /**
   * Deletes an account (§6): its devices, products (with their pages), gateways and files move to
   * the super manager, its grants and roles go, its sessions end — one transaction, audited.
   */
  async deleteAccount(id: string, superManagerId: string, at: Date, entry: AuditEntry) {
    return this.db.transaction(async (tx) => {
      const movedDevices = await tx
        .update(devices)
        .set({ ownerAccountId: superManagerId })
        .where(eq(devices.ownerAccountId, id))
        .returning({ id: devices.id });
      const movedProducts = await tx
        .update(products)
        .set({ ownerAccountId: superManagerId })
        .where(eq(products.ownerAccountId, id))
        .returning({ id: products.id });
      const ownedGateways = await tx
        .update(gateways)
        .set({ ownerAccountId: superManagerId })
        .where(eq(gateways.ownerAccountId, id))
        .returning({ sn: gateways.sn });
      const developedGateways = await tx
        .update(gateways)
        .set({ developerAccountId: superManagerId })
        .where(eq(gateways.developerAccountId, id))
        .returning({ sn: gateways.sn });
      await tx.update(files).set({ ownerAccountId: superManagerId }).where(eq(files.ownerAccountId, id));
      await tx.delete(deviceAccess).where(eq(deviceAccess.accountId, id));
      await tx.delete(accountRoles).where(eq(accountRoles.accountId, id));
      await tx.delete(dealers).where(eq(dealers.accountId, id));
      await tx.delete(dealerCustomers).where(eq(dealerCustomers.customerAccountId, id));
      await tx.update(accounts).set({ status: 'deleted', updatedAt: at }).where(eq(accounts.id, id));
      await this.endSessions(tx, [id], 'deleted', at);
      const moved = {
        devices: movedDevices.length,
        products: movedProducts.length,
        gateways: new Set([...ownedGateways, ...developedGateways].map((row) => row.sn)).size,
      };
      await this.audit(tx, { ...entry, detail: { ...entry.detail, moved } });
      return moved;
    });
  }

  // Roles ----------------------------------------------------------------------------------------

  async listRoles(): Promise<Array<RoleRow & { productIds: string[] }>> {
    const rows = await this.db.select().from(roles).orderBy(asc(roles.createdAt), asc(roles.id));
    const links = await this.db.select().from(roleProducts);
    return rows.map((row) => ({
      ...row,
      productIds: links.filter((link) => link.roleId === row.id).map((link) => link.productId),
    }));
  }

  async findRole(id: string): Promise<(RoleRow & { productIds: string[] }) | undefined> {
    const [row] = await this.db.select().from(roles).where(eq(roles.id, id)).limit(1);
    if (!row) return undefined;
    const links = await this.db.select().from(roleProducts).where(eq(roleProducts.roleId, id));
    return { ...row, productIds: links.map((link) => link.productId) };
  }

  async countRoles(): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(roles);
    return row?.total ?? 0;
  }

  async roleNameTaken(name: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: roles.id })
      .from(roles)
      .where(sql`lower(${roles.name}) = lower(${name})`)
      .limit(2);
    return rows.some((row) => row.id !== exceptId);
  }

  async holdersPerRole(): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ roleId: accountRoles.roleId, total: count() })
      .from(accountRoles)
      .innerJoin(accounts, eq(accounts.id, accountRoles.accountId))
      .where(ne(accounts.status, 'deleted'))
      .groupBy(accountRoles.roleId);
    return new Map(rows.map((row) => [row.roleId, row.total]));
  }

  async holdersOf(roleId: string): Promise<string[]> {
    const rows = await this.db
      .select({ accountId: accountRoles.accountId })
      .from(accountRoles)
      .where(eq(accountRoles.roleId, roleId));
    return rows.map((row) => row.accountId);
  }

  async saveRole(
    role: Omit<typeof roles.$inferInsert, 'createdAt' | 'updatedAt'>,
    productIds: string[],
    isNew: boolean,
    at: Date,
    entry: AuditEntry,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (isNew) await tx.insert(roles).values({ ...role, createdAt: at, updatedAt: at });
      else
        await tx
          .update(roles)
          .set({ ...role, updatedAt: at })
          .where(eq(roles.id, role.id));
      await tx.delete(roleProducts).where(eq(roleProducts.roleId, role.id));
      if (productIds.length > 0) {
        await tx.insert(roleProducts).values(productIds.map((productId) => ({ roleId: role.id, productId })));
      }
      await this.audit(tx, entry);
    });
  }

  async deleteRole(id: string, entry: AuditEntry): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(roles).where(eq(roles.id, id));
      await this.audit(tx, entry);
    });
  }

  /**
   * Gives an account a role, or with null takes it away and leaves the account `keptCodes` (its
   * kind's minimal codes); audited in the same transaction.
   */
  async assignRole(
    accountId: string,
    roleId: string | null,
    at: Date,
    entry: AuditEntry,
    keptCodes: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (roleId === null) {
        await tx.delete(accountRoles).where(eq(accountRoles.accountId, accountId));
        await tx.update(accounts).set({ auths: keptCodes, updatedAt: at }).where(eq(accounts.id, accountId));
      } else {
        await tx
          .insert(accountRoles)
          .values({ accountId, roleId, assignedBy: entry.actorAccountId, assignedAt: at })
          .onConflictDoUpdate({
            target: accountRoles.accountId,
            set: { roleId, assignedBy: entry.actorAccountId, assignedAt: at },
          });
      }
      await this.audit(tx, entry);
    });
  }

  /** The role an account holds: a built-in id (no row) or a stored role with its codes. */
  async roleOf(accountId: string): Promise<{ roleId: string; stored: RoleRow | null } | undefined> {
    const rows = await this.db
      .select({ roleId: accountRoles.roleId, stored: roles })
      .from(accountRoles)
      .leftJoin(roles, eq(roles.id, accountRoles.roleId))
      .where(eq(accountRoles.accountId, accountId))
      .limit(1);
    return rows[0];
  }

  /** Of the ids, those naming products the viewer may see (nobody grants data they cannot see). */
  async visibleProductIds(viewer: Viewer, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, ids), visibleProductCondition(viewer)));
    return new Set(rows.map((row) => row.id));
  }

  async productOptions(
    viewer: Viewer,
  ): Promise<Array<{ id: string; title: string; productModel: string | null }>> {
    return this.db
      .select({ id: products.id, title: products.title, productModel: products.productModel })
      .from(products)
      .where(visibleProductCondition(viewer))
      .orderBy(asc(products.title), asc(products.id));
  }

  // Dealers --------------------------------------------------------------------------------------

  async listDealers(keyword: string | undefined, page: number, pageSize: number) {
    const conditions: SQL[] = [ne(accounts.status, 'deleted')];
    if (keyword) {
      const pattern = containsPattern(keyword);
      conditions.push(
        or(
          ilike(accounts.username, pattern),
          ilike(accounts.name, pattern),
          ilike(accounts.tel, pattern),
          ilike(dealers.organisationId, pattern),
        )!,
      );
    }
    const where = and(...conditions);
    const [totalRow] = await this.db
      .select({ total: count() })
      .from(dealers)
      .innerJoin(accounts, eq(accounts.id, dealers.accountId))
      .where(where);
    const rows = await this.db
      .select({ dealer: dealers, account: accounts })
      .from(dealers)
      .innerJoin(accounts, eq(accounts.id, dealers.accountId))
      .where(where)
      .orderBy(desc(dealers.certifiedAt), asc(dealers.accountId))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows, total: totalRow?.total ?? 0 };
  }

  async findDealer(accountId: string) {
    const rows = await this.db
      .select({ dealer: dealers, account: accounts })
      .from(dealers)
      .innerJoin(accounts, eq(accounts.id, dealers.accountId))
      .where(and(eq(dealers.accountId, accountId), ne(accounts.status, 'deleted')))
      .limit(1);
    return rows[0];
  }

  async organisationTaken(organisationId: string, exceptAccountId?: string): Promise<boolean> {
    const rows = await this.db
      .select({ accountId: dealers.accountId })
      .from(dealers)
      .where(eq(dealers.organisationId, organisationId))
      .limit(2);
    return rows.some((row) => row.accountId !== exceptAccountId);
  }

  async dealerLinks(accountIds: string[]) {
    if (accountIds.length === 0) return { products: [], customers: [] };
    const productRows = await this.db
      .select()
      .from(dealerProducts)
      .where(inArray(dealerProducts.dealerAccountId, accountIds));
    const customerRows = await this.db
      .select({
        dealerAccountId: dealerCustomers.dealerAccountId,
        id: accounts.id,
        username: accounts.username,
        name: accounts.name,
        tel: accounts.tel,
      })
      .from(dealerCustomers)
      .innerJoin(accounts, eq(accounts.id, dealerCustomers.customerAccountId))
      .where(and(inArray(dealerCustomers.dealerAccountId, accountIds), ne(accounts.status, 'deleted')));
    return { products: productRows, customers: customerRows };
  }

  async customerIdsOf(dealerAccountId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: dealerCustomers.customerAccountId })
      .from(dealerCustomers)
      .where(eq(dealerCustomers.dealerAccountId, dealerAccountId));
    return rows.map((row) => row.id);
  }

  /**
   * Certifies a dealer or changes its data permission: the dealer row, its products and customers,
   * its permission codes, and the end of the sessions of the dealer and its customers (old and new),
   * who must sign in again (§6).
   */
  async saveDealer(input: {
    dealer: typeof dealers.$inferInsert;
    productIds: string[];
    customerIds: string[];
    isNew: boolean;
    auths: string;
    at: Date;
    entry: AuditEntry;
  }): Promise<void> {
    const { dealer, at } = input;
    await this.db.transaction(async (tx) => {
      const before = await tx
        .select({ id: dealerCustomers.customerAccountId })
        .from(dealerCustomers)
        .where(eq(dealerCustomers.dealerAccountId, dealer.accountId));
      if (input.isNew) {
        await tx.insert(dealers).values(dealer);
        await tx
          .update(accounts)
          .set({ accountKind: 'dealer', auths: input.auths, updatedAt: at })
          .where(eq(accounts.id, dealer.accountId));
        await tx.delete(accountRoles).where(eq(accountRoles.accountId, dealer.accountId));
      } else {
        await tx
          .update(dealers)
          .set({ dataScope: dealer.dataScope, canDebug: dealer.canDebug })
          .where(eq(dealers.accountId, dealer.accountId));
      }
      await tx.delete(dealerProducts).where(eq(dealerProducts.dealerAccountId, dealer.accountId));
      if (input.productIds.length > 0) {
        await tx
          .insert(dealerProducts)
          .values(input.productIds.map((productId) => ({ dealerAccountId: dealer.accountId, productId })));
      }
      await tx.delete(dealerCustomers).where(eq(dealerCustomers.dealerAccountId, dealer.accountId));
      if (input.customerIds.length > 0) {
        await tx
          .insert(dealerCustomers)
          .values(
            input.customerIds.map((id) => ({ dealerAccountId: dealer.accountId, customerAccountId: id })),
          );
      }
      const affected = new Set([dealer.accountId, ...before.map((row) => row.id), ...input.customerIds]);
      await this.endSessions(tx, [...affected], 'replaced', at);
      await this.audit(tx, input.entry);
    });
  }

  /** Cancels a certification: back to an end-user account, access gone at once. */
  async cancelDealer(accountId: string, auths: string, at: Date, entry: AuditEntry): Promise<void> {
    await this.db.transaction(async (tx) => {
      const customers = await tx
        .select({ id: dealerCustomers.customerAccountId })
        .from(dealerCustomers)
        .where(eq(dealerCustomers.dealerAccountId, accountId));
      await tx.delete(dealers).where(eq(dealers.accountId, accountId));
      await tx
        .update(accounts)
        .set({ accountKind: 'terminal', auths, updatedAt: at })
        .where(eq(accounts.id, accountId));
      await this.endSessions(tx, [accountId, ...customers.map((row) => row.id)], 'replaced', at);
      await this.audit(tx, entry);
    });
  }

  // Enterprise certification ---------------------------------------------------------------------

  async insertCertification(row: typeof certificationRequests.$inferInsert, entry: AuditEntry) {
    return this.db.transaction(async (tx) => {
      const [created] = await tx.insert(certificationRequests).values(row).returning();
      await this.audit(tx, entry);
      return created!;
    });
  }

  async pendingCertificationOf(accountId: string): Promise<CertificationRow | undefined> {
    const rows = await this.db
      .select()
      .from(certificationRequests)
      .where(and(eq(certificationRequests.accountId, accountId), eq(certificationRequests.status, 'pending')))
      .limit(1);
    return rows[0];
  }

  async latestCertificationOf(accountId: string): Promise<CertificationRow | undefined> {
    const rows = await this.db
      .select()
      .from(certificationRequests)
      .where(eq(certificationRequests.accountId, accountId))
      .orderBy(desc(certificationRequests.submittedAt), desc(certificationRequests.id))
      .limit(1);
    return rows[0];
  }

  async findCertification(id: string) {
    const rows = await this.db
      .select({ request: certificationRequests, account: accounts })
      .from(certificationRequests)
      .innerJoin(accounts, eq(accounts.id, certificationRequests.accountId))
      .where(eq(certificationRequests.id, id))
      .limit(1);
    return rows[0];
  }

  async listCertifications(filter: {
    status?: CertificationRow['status'] | undefined;
    keyword?: string | undefined;
    page: number;
    pageSize: number;
  }) {
    const conditions: SQL[] = [ne(accounts.status, 'deleted')];
    if (filter.status) conditions.push(eq(certificationRequests.status, filter.status));
    if (filter.keyword) {
      const pattern = containsPattern(filter.keyword);
      conditions.push(
        or(
          ilike(certificationRequests.company, pattern),
          ilike(accounts.username, pattern),
          ilike(accounts.tel, pattern),
        )!,
      );
    }
    const where = and(...conditions);
    const [totalRow] = await this.db
      .select({ total: count() })
      .from(certificationRequests)
      .innerJoin(accounts, eq(accounts.id, certificationRequests.accountId))
      .where(where);
    const rows = await this.db
      .select({ request: certificationRequests, account: accounts })
      .from(certificationRequests)
      .innerJoin(accounts, eq(accounts.id, certificationRequests.accountId))
      .where(where)
      .orderBy(desc(certificationRequests.submittedAt), desc(certificationRequests.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize);
    return { rows, total: totalRow?.total ?? 0 };
  }

  /**
   * Decides a pending request, conditional on it still being pending (two staff deciding at once:
   * one wins). Approval makes the account an enterprise account with its company in one step.
   */
  async decideCertification(input: {
    request: CertificationRow;
    status: 'approved' | 'rejected';
    reason: string | null;
    deciderId: string;
    at: Date;
    entry: AuditEntry;
  }): Promise<boolean> {
    const { request, at } = input;
    return this.db.transaction(async (tx) => {
      const decided = await tx
        .update(certificationRequests)
        .set({ status: input.status, reason: input.reason, decidedAt: at, decidedBy: input.deciderId })
        .where(and(eq(certificationRequests.id, request.id), eq(certificationRequests.status, 'pending')))
        .returning({ id: certificationRequests.id });
      if (decided.length === 0) return false;
      if (input.status === 'approved') {
        await tx
          .update(accounts)
          .set({
            accountType: 'enterprise',
            company: request.company,
            licenceNumber: request.licenceNumber,
            address: request.address,
            contacts: request.contacts,
            updatedAt: at,
          })
          .where(eq(accounts.id, request.accountId));
        const companyId = newId();
        await tx.insert(companies).values({
          id: companyId,
          name: request.company,
          ownerAccountId: request.accountId,
          licenceNumber: request.licenceNumber,
          address: request.address,
          contacts: request.contacts,
        });
        await tx.insert(companyMembers).values({ companyId, accountId: request.accountId });
      }
      await this.audit(tx, input.entry);
      return true;
    });
  }

  // Audit ----------------------------------------------------------------------------------------

  async audit(tx: Executor, entry: AuditEntry): Promise<void> {
    await tx.insert(auditEvents).values({
      id: newId(),
      actorAccountId: entry.actorAccountId,
      subjectAccountId: entry.subjectAccountId,
      action: entry.action,
      detail: entry.detail ?? {},
      address: entry.address ?? null,
      ...(entry.at ? { at: entry.at } : {}),
    });
  }

  async auditOf(subjectAccountId: string) {
    return this.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectAccountId, subjectAccountId))
      .orderBy(desc(auditEvents.at));
  }
}
