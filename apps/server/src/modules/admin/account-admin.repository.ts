/**
 * Back-office accounts: lists with their role, lookups, create, password reset, enable/disable,
 * and the delete that moves the account's data to the super manager. The second layer of
 * `AdminRepository`.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  accountRoles,
  accounts,
  dealerCustomers,
  dealers,
  deviceAccess,
  devices,
  files,
  gateways,
  products,
  sessions,
} from '../../db/schema/index.ts';
import type { AccountRow } from '../account/account.repository.ts';
import { containsPattern } from '../product/product.repository.ts';
import { AdminAuditRepository, type AuditEntry } from './admin-audit.repository.ts';

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

export class AccountAdminRepository extends AdminAuditRepository {
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
        // A password staff chose is one-time: the person replaces it at the next sign-in.
        .set({ passwordHash, mustChangePassword: true, updatedAt: at })
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
}
