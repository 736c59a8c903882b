/**
 * Limits guesses (passwords, SMS codes, gateway verification codes, page passwords) per key in the
 * database, shared by every node. An attempt is reserved before anything is checked, in one
 * conditional statement, so parallel requests can never check more than the limit; a reservation
 * that was not a failure is given back (or the counter cleared on success).
 */
import { CatalogueError, LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@lyyp/contracts';
import type { AuthRepository } from './auth.repository.ts';

/** A counter and its limit; a plain string uses the limiter's default limit. */
export type AttemptKey = string | { key: string; limit: number };

interface TakenAttempt {
  key: string;
  count: number;
  windowStart: Date;
}

/** Attempts taken on some counters for one check. Each is settled at most once. */
export class AttemptReservation {
  private readonly open: Map<string, TakenAttempt>;

  constructor(
    private readonly repository: AuthRepository,
    taken: readonly TakenAttempt[],
  ) {
    this.open = new Map(taken.map((attempt) => [attempt.key, attempt]));
  }

  /** The number of this attempt on a counter in its window (1 for the first). */
  countOf(key: string): number {
    return this.open.get(key)?.count ?? 0;
  }

  /** The check did not fail (or never ran): give the attempts back on these keys (all by default). */
  async release(keys: readonly string[] = [...this.open.keys()]): Promise<void> {
    for (const key of keys) {
      const attempt = this.open.get(key);
      if (!attempt) continue;
      this.open.delete(key);
      await this.repository.releaseAttempt(key, attempt.windowStart);
    }
  }

  /** The check passed: start these counters afresh. */
  async clear(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      this.open.delete(key);
      await this.repository.clearCounter(key);
    }
  }
}

export class AttemptLimiter {
  constructor(
    private readonly repository: AuthRepository,
    private readonly now: () => number,
    private readonly maxFailures = LOGIN_MAX_FAILURES,
    private readonly windowMs = LOGIN_FAILURE_WINDOW_MS,
  ) {}

  /**
   * Takes one attempt on every key, or none: when a key is at its limit the attempts already taken
   * are given back and 1128 says how long to wait. An attempt that is not given back counts as a
   * failure, so a request that dies half-way errs on the safe side.
   */
  async reserve(keys: readonly AttemptKey[]): Promise<AttemptReservation> {
    const now = this.now();
    const taken: TakenAttempt[] = [];
    for (const entry of keys) {
      const { key, limit } = typeof entry === 'string' ? { key: entry, limit: this.maxFailures } : entry;
      const attempt = await this.repository.reserveAttempt(key, new Date(now), this.windowMs, limit);
      if (!attempt) {
        await new AttemptReservation(this.repository, taken).release();
        throw new CatalogueError('1128', { minutes: await this.minutesLeft(key, now) });
      }
      taken.push({ key, ...attempt });
    }
    return new AttemptReservation(this.repository, taken);
  }

  private async minutesLeft(key: string, now: number): Promise<number> {
    const counter = await this.repository.readCounter(key);
    const windowEnd = (counter?.windowStart.getTime() ?? now) + this.windowMs;
    return Math.max(1, Math.ceil((windowEnd - now) / 60_000));
  }
}
