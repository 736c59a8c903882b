/**
 * Dealers: certification by organisation, their products and customers, cancellation (which ends
 * the sessions of the dealer and its customers). The fourth layer of `AdminRepository`.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import { accountRoles, accounts, dealerCustomers, dealerProducts, dealers } from '../../db/schema/index.ts';
import { containsPattern } from '../product/product.repository.ts';
import type { AuditEntry } from './admin-audit.repository.ts';
import { RoleRepository } from './role.repository.ts';

export type DealerRow = typeof dealers.$inferSelect;

export class DealerRepository extends RoleRepository {
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
}
