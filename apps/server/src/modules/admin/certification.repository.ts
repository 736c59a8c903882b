/**
 * Enterprise certification requests: an applicant's requests and staff decisions, conditional on
 * the request still pending. The fifth layer of `AdminRepository`.
 */
import { and, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import { accounts, certificationRequests, companies, companyMembers } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { containsPattern } from '../product/product.repository.ts';
import type { AuditEntry } from './admin-audit.repository.ts';
import { DealerRepository } from './dealer.repository.ts';

export type CertificationRow = typeof certificationRequests.$inferSelect;

export class CertificationRepository extends DealerRepository {
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
}
