/**
 * Turns samples into protocol points and gathers them into batches: a batch closes when it holds
 * `maxPoints` points or `maxDelayMs` after its first point, whichever comes first. Each closed
 * batch becomes one numbered upload.
 */
import { MAX_POINTS_PER_UPLOAD, type Point } from '@lyyp/contracts/protocol';
import type { Sample } from './samples.ts';
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
    if (typeof sample.value === 'number' && !Number.isFinite(sample.value)) {
      return { k: sample.key, t, v: null, e: NOT_A_NUMBER_CODE };
    }
    return { k: sample.key, t, v: sample.value };
  });
}

export interface PointBatcherOptions {
  readonly scheduler: Scheduler;
  readonly onBatch: (points: Point[]) => void;
  /** Points per batch (at most MAX_POINTS_PER_UPLOAD); default 500. */
  readonly maxPoints?: number;
  /** How long the first point of a batch may wait; default 1000 ms. */
  readonly maxDelayMs?: number;
}

export const DEFAULT_BATCH_POINTS = 500;
export const DEFAULT_BATCH_DELAY_MS = 1000;

export class PointBatcher {
  private pending: Point[] = [];
  private timer: TimerHandle | null = null;
  private readonly maxPoints: number;
  private readonly maxDelayMs: number;

  constructor(private readonly options: PointBatcherOptions) {
    this.maxPoints = Math.max(1, Math.min(options.maxPoints ?? DEFAULT_BATCH_POINTS, MAX_POINTS_PER_UPLOAD));
    this.maxDelayMs = options.maxDelayMs ?? DEFAULT_BATCH_DELAY_MS;
  }

  get size(): number {
    return this.pending.length;
  }

  add(points: readonly Point[]): void {
    if (points.length === 0) return;
    this.pending.push(...points);
    while (this.pending.length >= this.maxPoints) this.emit(this.pending.splice(0, this.maxPoints));
    if (this.pending.length > 0 && !this.timer) {
      this.timer = this.options.scheduler.setTimeout(() => {
        this.timer = null;
        this.flush();
      }, this.maxDelayMs);
    }
    if (this.pending.length === 0) this.cancelTimer();
  }

  /** Closes the batch being gathered now. */
  flush(): void {
    this.cancelTimer();
    if (this.pending.length > 0) this.emit(this.pending.splice(0));
  }

  private emit(points: Point[]): void {
    this.options.onBatch(points);
  }

  private cancelTimer(): void {
    if (!this.timer) return;
    this.options.scheduler.clearTimeout(this.timer);
    this.timer = null;
  }
}
