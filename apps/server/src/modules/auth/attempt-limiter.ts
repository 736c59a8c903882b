/**
 * Counts failed sign-ins per account and per address in the database (shared by every node).
 * After LOGIN_MAX_FAILURES in the window, further tries are refused until the window passes.
 */
import { CatalogueError, LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@lyyp/contracts';
import type { AuthRepository } from './auth.repository.ts';

export class AttemptLimiter {
  constructor(
    private readonly repository: AuthRepository,
    private readonly now: () => number,
    private readonly maxFailures = LOGIN_MAX_FAILURES,
    private readonly windowMs = LOGIN_FAILURE_WINDOW_MS,
  ) {}

  async assertAllowed(keys: readonly string[]): Promise<void> {
    const now = this.now();
    for (const key of keys) {
      const counter = await this.repository.readCounter(key);
      if (!counter) continue;
      const windowEnd = counter.windowStart.getTime() + this.windowMs;
      if (counter.count >= this.maxFailures && windowEnd > now) {
        throw new CatalogueError('1128', { minutes: Math.ceil((windowEnd - now) / 60_000) });
      }
    }
  }

  async recordFailure(keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.repository.bumpCounter(key, new Date(this.now()), this.windowMs);
  }

  async reset(keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.repository.clearCounter(key);
  }
}
