/** Agreement and privacy texts in the database: versions, the current one of each kind, acceptances. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AgreementKind } from '@lyyp/contracts/system';
import type { Database } from '../../db/client.ts';
import { agreementAcceptances, agreementVersions } from '../../db/schema/index.ts';

export type AgreementRow = typeof agreementVersions.$inferSelect;
export type NewAgreementRow = typeof agreementVersions.$inferInsert;
export type AgreementListRow = Omit<AgreementRow, 'content'> & { acceptedCount: number };

const acceptedCount = sql<number>`(select count(*) from ${agreementAcceptances}
  where ${agreementAcceptances.agreementVersionId} = ${agreementVersions.id})::int`;

export class AgreementRepository {
  constructor(private readonly db: Database) {}

  /** Every version, newest first per kind, with how many accounts accepted it. */
  async list(kind: AgreementKind | undefined): Promise<AgreementListRow[]> {
    return this.db
      .select({
        id: agreementVersions.id,
        kind: agreementVersions.kind,
        version: agreementVersions.version,
        title: agreementVersions.title,
        publishedBy: agreementVersions.publishedBy,
        publishedAt: agreementVersions.publishedAt,
        acceptedCount,
      })
      .from(agreementVersions)
      .where(kind ? eq(agreementVersions.kind, kind) : undefined)
      .orderBy(asc(agreementVersions.kind), desc(agreementVersions.publishedAt));
  }

  async find(id: string): Promise<AgreementRow | undefined> {
    const rows = await this.db.select().from(agreementVersions).where(eq(agreementVersions.id, id)).limit(1);
    return rows[0];
  }

  /** The newest version of a kind: the one people accept now. */
  async current(kind: AgreementKind): Promise<AgreementRow | undefined> {
    const rows = await this.db
      .select()
      .from(agreementVersions)
      .where(eq(agreementVersions.kind, kind))
      .orderBy(desc(agreementVersions.publishedAt))
      .limit(1);
    return rows[0];
  }

  async versionTaken(kind: AgreementKind, version: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: agreementVersions.id })
      .from(agreementVersions)
      .where(and(eq(agreementVersions.kind, kind), eq(agreementVersions.version, version)))
      .limit(1);
    return rows.length > 0;
  }

  async insert(row: NewAgreementRow): Promise<void> {
    await this.db.insert(agreementVersions).values(row);
  }

  async recordAcceptance(accountId: string, versionIds: readonly string[], at: Date): Promise<void> {
    if (versionIds.length === 0) return;
    await this.db
      .insert(agreementAcceptances)
      .values(versionIds.map((agreementVersionId) => ({ accountId, agreementVersionId, acceptedAt: at })))
      .onConflictDoNothing();
  }

  async acceptedBy(accountId: string): Promise<Array<{ agreementVersionId: string; acceptedAt: Date }>> {
    return this.db
      .select({
        agreementVersionId: agreementAcceptances.agreementVersionId,
        acceptedAt: agreementAcceptances.acceptedAt,
      })
      .from(agreementAcceptances)
      .where(eq(agreementAcceptances.accountId, accountId));
  }
}
