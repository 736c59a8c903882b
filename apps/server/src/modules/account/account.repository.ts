/** Accounts and companies in the database. */
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, companies, companyMembers } from '../../db/schema/index.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccountRow = typeof accounts.$inferInsert;
export type CompanyRow = typeof companies.$inferSelect;

export class AccountRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<AccountRow | undefined> {
    const rows = await this.db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    return rows[0];
  }

  /** Finds a live account by username (case-insensitive) or phone. */
  async findByLogin(login: string): Promise<AccountRow | undefined> {
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

  async findByTel(tel: string): Promise<AccountRow | undefined> {
    const rows = await this.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.tel, tel), ne(accounts.status, 'deleted')))
      .limit(1);
    return rows[0];
  }

  async usernameTaken(username: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(sql`lower(${accounts.username}) = lower(${username})`, ne(accounts.status, 'deleted')))
      .limit(2);
    return rows.some((row) => row.id !== exceptId);
  }

  async findSuperManager(): Promise<AccountRow | undefined> {
    const rows = await this.db.select().from(accounts).where(eq(accounts.isSuperManager, true)).limit(1);
    return rows[0];
  }

  async insert(row: NewAccountRow): Promise<AccountRow> {
    const [created] = await this.db.insert(accounts).values(row).returning();
    return created!;
  }

  async update(id: string, changes: Partial<NewAccountRow>): Promise<AccountRow | undefined> {
    const [updated] = await this.db
      .update(accounts)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(accounts.id, id))
      .returning();
    return updated;
  }

  async insertCompany(row: typeof companies.$inferInsert): Promise<CompanyRow> {
    const [created] = await this.db.insert(companies).values(row).returning();
    await this.db.insert(companyMembers).values({ companyId: created!.id, accountId: row.ownerAccountId });
    return created!;
  }

  async companiesOf(accountId: string): Promise<CompanyRow[]> {
    return this.db
      .select({
        id: companies.id,
        name: companies.name,
        ownerAccountId: companies.ownerAccountId,
        licenceNumber: companies.licenceNumber,
        address: companies.address,
        contacts: companies.contacts,
        createdAt: companies.createdAt,
      })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(companyMembers.accountId, accountId))
      .orderBy(companies.createdAt);
  }

  async addMember(companyId: string, accountId: string): Promise<void> {
    await this.db.insert(companyMembers).values({ companyId, accountId }).onConflictDoNothing();
  }
}
