/**
 * Waiting in tests without a clock: `until(condition)` resolves once the condition holds, checked
 * again each time the test reports that something happened (`check()`, wired to the callbacks of
 * the code under test). A slow machine makes such a wait longer, never wrong; a wait that never
 * ends is named by `pending()`.
 */
interface Waiter {
  readonly condition: () => boolean;
  readonly what: string;
  readonly resolve: () => void;
}

export class Conditions {
  private readonly waiters = new Set<Waiter>();

  /** Resolves once `condition` holds; `what` names it (the condition's source by default). */
  until(condition: () => boolean, what = condition.toString()): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.add({ condition, what, resolve }));
  }

  /** Something happened: resolves every wait whose condition holds now. */
  readonly check = (): void => {
    for (const waiter of [...this.waiters]) {
      if (!waiter.condition()) continue;
      this.waiters.delete(waiter);
      waiter.resolve();
    }
  };

  /** What is still awaited, and forgets it. */
  takePending(): string[] {
    const pending = [...this.waiters].map((waiter) => waiter.what);
    this.waiters.clear();
    return pending;
  }
}
