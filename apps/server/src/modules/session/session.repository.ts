/** Sessions in the database, so every node can read a session another node created. */
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type SessionEndReason = NonNullable<SessionRow['endReason']>;

export class SessionRepository {
  constructor(private readonly db: Database) {}

  async insert(row: typeof sessions.$inferInsert): Promise<void> {
    await this.db.insert(sessions).values(row);
  }

  async find(tokenHash: string): Promise<SessionRow | undefined> {
    const rows = await this.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
    return rows[0];
  }

  async touch(tokenHash: string, at: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash));
  }

  async setCompany(tokenHash: string, companyId: string | null): Promise<void> {
    await this.db.update(sessions).set({ companyId }).where(eq(sessions.tokenHash, tokenHash));
  }

  /** Ends a live session; answers its account, or undefined when it had already ended. */
  async end(tokenHash: string, reason: SessionEndReason, at: Date): Promise<string | undefined> {
    const [ended] = await this.db
      .update(sessions)
      .set({ endedAt: at, endReason: reason })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)))
      .returning({ accountId: sessions.accountId });
    return ended?.accountId;
  }

  /** Ends every live session of an account, except one when given (the caller's own). */
  async endAllOf(
    accountId: string,
    reason: SessionEndReason,
    at: Date,
    exceptTokenHash?: string,
  ): Promise<void> {
    const conditions = [eq(sessions.accountId, accountId), isNull(sessions.endedAt)];
    if (exceptTokenHash) conditions.push(ne(sessions.tokenHash, exceptTokenHash));
    await this.db
      .update(sessions)
      .set({ endedAt: at, endReason: reason })
      .where(and(...conditions));
  }

  /** An account's sessions that have not ended and not passed their absolute expiry, newest first. */
  async openOf(accountId: string, now: Date): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.accountId, accountId), isNull(sessions.endedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.createdAt));
  }
}
