/** Clock and timers as the agent's logic sees them, so tests and simulations can drive time. */

export type TimerHandle = { readonly timer: unknown };

export interface Scheduler {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}
