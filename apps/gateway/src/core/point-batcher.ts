/**
 * Turns samples into protocol points and gathers them into batches: a batch closes when it holds
 * `maxPoints` points or `maxDelayMs` after its first point, whichever comes first. Each closed
 * batch becomes one numbered upload.
 *
 * Poll confirmations ("driver D read all its periodic variables at t") ride in the same batches,
 * one entry per driver (the newest cycle). A confirmation waits for the batch window but never
 * longer than half its driver's poll interval, and alone it still closes a batch (with no points):
 * the platform hears about every driver once per interval even when nothing changed, and a
 * confirmation is always out before the driver's next cycle could take its place.
 */
import { MAX_POINTS_PER_UPLOAD, type DataPayload, type Point } from '@lyyp/contracts/protocol';
import { carriesValue, type Sample } from './samples.ts';
import type { Scheduler, TimerHandle } from './scheduler.ts';

/** Code sent with a number the device answered but JSON cannot carry (NaN, infinity). */
export const NOT_A_NUMBER_CODE = '99906';

/**
 * The points of samples. A sample without its own time (a variable rejected before any read)
 * takes `fallbackAt`, the time of the cycle that reports it.
 */
export function pointsOf(samples: readonly Sample[], fallbackAt: number): Point[] {
  return samples.map((sample) => {
    const t = sample.at > 0 ? sample.at : fallbackAt;
    if (sample.kind === 'fault') return { k: sample.key, t, v: null, e: sample.code };
    if (!carriesValue(sample)) return { k: sample.key, t, v: null, e: NOT_A_NUMBER_CODE };
    return { k: sample.key, t, v: sample.value };
  });
}

/** One `polled` entry of an upload: a poll cycle of `driver` at `t` read every periodic variable. */
export type PolledCycle = NonNullable<DataPayload['polled']>[number];

/** What one upload carries. */
export interface Batch {
  readonly points: Point[];
  readonly polled: PolledCycle[];
}

/** Most `polled` entries one upload may carry (`dataPayloadSchema`). */
export const MAX_POLLED_PER_UPLOAD = 64;

export interface PointBatcherOptions {
  readonly scheduler: Scheduler;
  readonly onBatch: (batch: Batch) => void;
  /** Points per batch (at most MAX_POINTS_PER_UPLOAD); default 500. */
  readonly maxPoints?: number;
  /** How long the first point of a batch may wait; default 1000 ms. */
  readonly maxDelayMs?: number;
}

export const DEFAULT_BATCH_POINTS = 500;
export const DEFAULT_BATCH_DELAY_MS = 1000;

export class PointBatcher {
  private pending: Point[] = [];
  /** Newest confirmed cycle per driver, in order of first confirmation. */
  private readonly polled = new Map<string, number>();
  private timer: TimerHandle | null = null;
  private closeAt = Infinity;
  private readonly maxPoints: number;
  private maxDelayMs: number;

  constructor(private readonly options: PointBatcherOptions) {
    this.maxPoints = Math.max(1, Math.min(options.maxPoints ?? DEFAULT_BATCH_POINTS, MAX_POINTS_PER_UPLOAD));
    this.maxDelayMs = options.maxDelayMs ?? DEFAULT_BATCH_DELAY_MS;
  }

  /** How long the first point of a batch may wait from now on (the change-report interval). */
  setMaxDelay(ms: number): void {
    this.maxDelayMs = Math.max(0, ms);
  }

  /** Points waiting for their batch to close. */
  get size(): number {
    return this.pending.length;
  }

  add(points: readonly Point[]): void {
    if (points.length === 0) return;
    this.pending.push(...points);
    while (this.pending.length >= this.maxPoints) this.emit(this.pending.splice(0, this.maxPoints));
    this.closeBy(this.options.scheduler.now() + this.maxDelayMs);
  }

  /**
   * A poll cycle of a driver read all its periodic variables: the next batch says so, and it
   * closes within half the driver's poll interval at the latest.
   */
  confirm(cycle: PolledCycle, pollIntervalMs: number): void {
    this.polled.set(cycle.driver, Math.max(this.polled.get(cycle.driver) ?? cycle.t, cycle.t));
    if (this.polled.size >= MAX_POLLED_PER_UPLOAD) return this.flush();
    const wait = Math.min(this.maxDelayMs, Math.floor(pollIntervalMs / 2));
    this.closeBy(this.options.scheduler.now() + Math.max(0, wait));
  }

  /** Closes the batch being gathered now. */
  flush(): void {
    this.cancelTimer();
    if (this.pending.length > 0 || this.polled.size > 0) this.emit(this.pending.splice(0));
  }

  private emit(points: Point[]): void {
    const polled = [...this.polled].map(([driver, t]) => ({ driver, t }));
    this.polled.clear();
    if (this.pending.length === 0) this.cancelTimer();
    this.options.onBatch({ points, polled });
  }

  /** Makes the batch close at `at` unless it closes earlier anyway. */
  private closeBy(at: number): void {
    if (this.pending.length === 0 && this.polled.size === 0) return;
    if (this.timer && this.closeAt <= at) return;
    this.cancelTimer();
    this.closeAt = at;
    this.timer = this.options.scheduler.setTimeout(
      () => {
        this.timer = null;
        this.closeAt = Infinity;
        this.flush();
      },
      Math.max(0, at - this.options.scheduler.now()),
    );
  }

  private cancelTimer(): void {
    this.closeAt = Infinity;
    if (!this.timer) return;
    this.options.scheduler.clearTimeout(this.timer);
    this.timer = null;
  }
}
