/** Short-lived sign-in records: captchas, SMS codes, login nonces, identity checks, attempt counters. */
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  attemptCounters,
  captchas,
  loginNonces,
  serverKeys,
  smsCodes,
  verifications,
} from '../../db/schema/index.ts';

export type CaptchaRow = typeof captchas.$inferSelect;
export type SmsCodeRow = typeof smsCodes.$inferSelect;
export type VerificationRow = typeof verifications.$inferSelect;
export type VerificationPurpose = VerificationRow['purpose'];

export class AuthRepository {
  constructor(private readonly db: Database) {}

  // Captchas
  async insertCaptcha(row: typeof captchas.$inferInsert): Promise<void> {
    await this.db.insert(captchas).values(row);
  }

  async findCaptcha(randstr: string): Promise<CaptchaRow | undefined> {
    const rows = await this.db.select().from(captchas).where(eq(captchas.randstr, randstr)).limit(1);
    return rows[0];
  }

  async deleteCaptcha(randstr: string): Promise<void> {
    await this.db.delete(captchas).where(eq(captchas.randstr, randstr));
  }

  async setCaptchaTicket(randstr: string, ticketHash: string, ticketExpiresAt: Date): Promise<void> {
    await this.db.update(captchas).set({ ticketHash, ticketExpiresAt }).where(eq(captchas.randstr, randstr));
  }

  /** Uses a ticket once: true only for the first caller, even across nodes. */
  async consumeTicket(randstr: string, ticketHash: string, at: Date): Promise<boolean> {
    const used = await this.db
      .update(captchas)
      .set({ usedAt: at })
      .where(
        and(
          eq(captchas.randstr, randstr),
          eq(captchas.ticketHash, ticketHash),
          isNull(captchas.usedAt),
          gte(captchas.ticketExpiresAt, at),
        ),
      )
      .returning({ randstr: captchas.randstr });
    return used.length === 1;
  }

  // SMS codes
  async insertSmsCode(row: typeof smsCodes.$inferInsert): Promise<void> {
    await this.db.insert(smsCodes).values(row);
  }

  async latestSmsCode(tel: string, purpose: string): Promise<SmsCodeRow | undefined> {
    const rows = await this.db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.tel, tel), eq(smsCodes.purpose, purpose)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    return rows[0];
  }

  async countSmsSince(tel: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(smsCodes)
      .where(and(eq(smsCodes.tel, tel), gte(smsCodes.createdAt, since)));
    return row?.count ?? 0;
  }

  /** Marks a code used; false when another request used it first. */
  async useSmsCode(id: string, at: Date): Promise<boolean> {
    const used = await this.db
      .update(smsCodes)
      .set({ usedAt: at })
      .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
      .returning({ id: smsCodes.id });
    return used.length === 1;
  }

  /**
   * Takes one guess on a code before it is compared, in one conditional statement: false when the
   * code is used or out of guesses, so parallel requests never compare more than `maxGuesses`.
   */
  async reserveSmsGuess(id: string, maxGuesses: number): Promise<boolean> {
    const rows = await this.db
      .update(smsCodes)
      .set({ failedAttempts: sql`${smsCodes.failedAttempts} + 1` })
      .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt), lt(smsCodes.failedAttempts, maxGuesses)))
      .returning({ id: smsCodes.id });
    return rows.length === 1;
  }

  // Login nonces
  /** Records a nonce; false when it was seen before (a replayed body). */
  async rememberNonce(nonce: string, expiresAt: Date): Promise<boolean> {
    const inserted = await this.db
      .insert(loginNonces)
      .values({ nonce, expiresAt })
      .onConflictDoNothing()
      .returning({ nonce: loginNonces.nonce });
    return inserted.length === 1;
  }

  // Keys
  async findKey(purpose: string) {
    const rows = await this.db
      .select()
      .from(serverKeys)
      .where(eq(serverKeys.purpose, purpose))
      .orderBy(desc(serverKeys.createdAt))
      .limit(1);
    return rows[0];
  }

  async insertKey(row: typeof serverKeys.$inferInsert): Promise<void> {
    await this.db.insert(serverKeys).values(row).onConflictDoNothing();
  }

  // Attempt counters (fixed windows)
  async readCounter(key: string) {
    const rows = await this.db.select().from(attemptCounters).where(eq(attemptCounters.key, key)).limit(1);
    return rows[0];
  }

  /**
   * Reserves one attempt on the counter in a single conditional statement: the count grows only
   * while it is under the limit (or its window has passed, which restarts it), so concurrent
   * requests on any node can never take more than `limit` attempts. Answers the reserved attempt's
   * number and window, or null when the limit is reached.
   */
  async reserveAttempt(
    key: string,
    now: Date,
    windowMs: number,
    limit: number,
  ): Promise<{ count: number; windowStart: Date } | null> {
    const windowFloor = new Date(now.getTime() - windowMs);
    const expired = sql`${attemptCounters.windowStart} < ${windowFloor}`;
    const rows = await this.db
      .insert(attemptCounters)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: attemptCounters.key,
        set: {
          count: sql`case when ${expired} then 1 else ${attemptCounters.count} + 1 end`,
          windowStart: sql`case when ${expired} then ${now} else ${attemptCounters.windowStart} end`,
        },
        setWhere: sql`${expired} or ${attemptCounters.count} < ${limit}`,
      })
      .returning({ count: attemptCounters.count, windowStart: attemptCounters.windowStart });
    return rows[0] ?? null;
  }

  /** Gives a reserved attempt back, unless its window has restarted since. */
  async releaseAttempt(key: string, windowStart: Date): Promise<void> {
    await this.db
      .update(attemptCounters)
      .set({ count: sql`${attemptCounters.count} - 1` })
      .where(
        and(
          eq(attemptCounters.key, key),
          eq(attemptCounters.windowStart, windowStart),
          sql`${attemptCounters.count} > 0`,
        ),
      );
  }

  async clearCounter(key: string): Promise<void> {
    await this.db.delete(attemptCounters).where(eq(attemptCounters.key, key));
  }

  // Identity checks
  async insertVerification(row: typeof verifications.$inferInsert): Promise<void> {
    await this.db.insert(verifications).values(row);
  }

  async findVerification(tokenHash: string): Promise<VerificationRow | undefined> {
    const rows = await this.db
      .select()
      .from(verifications)
      .where(eq(verifications.tokenHash, tokenHash))
      .limit(1);
    return rows[0];
  }

  async useVerification(tokenHash: string, at: Date): Promise<boolean> {
    const used = await this.db
      .update(verifications)
      .set({ usedAt: at })
      .where(and(eq(verifications.tokenHash, tokenHash), isNull(verifications.usedAt)))
      .returning({ tokenHash: verifications.tokenHash });
    return used.length === 1;
  }

  /** Removes records nobody can use any more. */
  async purgeExpired(now: Date): Promise<void> {
    await this.db.delete(captchas).where(lt(captchas.expiresAt, new Date(now.getTime() - 86_400_000)));
    await this.db.delete(loginNonces).where(lt(loginNonces.expiresAt, now));
    await this.db.delete(smsCodes).where(lt(smsCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
    await this.db.delete(verifications).where(lt(verifications.expiresAt, now));
  }
}
