/**
 * Stored roles with their products, who holds them, assignment, and the products a viewer may
 * grant. The third layer of `AdminRepository` (built-in roles have no row: `role.service.ts`).
 */
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { accountRoles, accounts, products, roleProducts, roles } from '../../db/schema/index.ts';
import { visibleProductCondition } from '../device/visibility.repository.ts';
import type { Viewer } from '../device/viewer.ts';
import { AccountAdminRepository } from './account-admin.repository.ts';
import type { AuditEntry } from './admin-audit.repository.ts';

export type RoleRow = typeof roles.$inferSelect;

export class RoleRepository extends AccountAdminRepository {
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
}
