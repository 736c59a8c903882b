/** The real clock and timers, for production use of the agent's schedulers. */
import type { Scheduler } from '../core/scheduler.ts';

export const systemScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => ({ timer: setTimeout(callback, ms) }),
  clearTimeout: (handle) => clearTimeout(handle.timer as ReturnType<typeof setTimeout>),
};
