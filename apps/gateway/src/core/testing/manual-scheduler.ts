/** A clock and timers a test moves by hand: timers fire only inside `advance`, in time order. */
import type { Scheduler, TimerHandle } from '../scheduler.ts';

interface PendingTimer {
  readonly handle: TimerHandle;
  readonly at: number;
  readonly callback: () => void;
}

export class ManualScheduler implements Scheduler {
  private time: number;
  private timers: PendingTimer[] = [];

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const handle: TimerHandle = { timer: Symbol('timer') };
    this.timers.push({ handle, at: this.time + Math.max(0, ms), callback });
    return handle;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers = this.timers.filter((timer) => timer.handle !== handle);
  }

  /** Timers waiting to fire. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves the clock forward, firing every timer that falls due on the way. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const next = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.timers = this.timers.filter((timer) => timer !== next);
      this.time = Math.max(this.time, next.at);
      next.callback();
    }
    this.time = end;
  }
}
