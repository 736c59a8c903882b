/**
 * What every OPC UA and S7 driver runner shares: the supervised connection loop and the way it
 * reports. A subclass opens one connection (a session, an ISO transport) per turn of the loop and
 * reads through it until it is lost; this base decides when the next turn starts and keeps the
 * books every runner keeps the same way.
 *
 * - Reconnecting: a turn that fails to open, or whose connection is lost, is followed by another
 *   after `retryDelayMs.first` (half a second), doubling while the far end stays away up to
 *   `retryDelayMs.max`; a turn that opened starts the doubling again from the first delay.
 * - Waiting for the connection: `connection(patienceMs)` answers the open connection at once;
 *   while one is being opened it waits for that attempt; while the loop is waiting before the next
 *   attempt it starts that attempt now and waits for it — at most `patienceMs` in all. So a request
 *   that comes just after the start (the tag browser's first browse) is served by the first
 *   session instead of being told the server cannot be reached.
 * - Reporting: the newest sample of every periodic variable, what changed since the last report
 *   (dead zones applied), faults of every periodic variable when the connection is lost, and the
 *   counters of the gateway's status (requests, failures, timeouts, last error and success).
 */
import type { ErrorCode } from '@lyyp/contracts';
import type { Driver } from '@lyyp/contracts/device-model';
import { ChangeFilter } from '../core/change-filter.ts';
import type { FieldPoint } from '../core/field-points.ts';
import type { RejectedVariable } from '../core/points.ts';
import type { Fault, Sample } from '../core/samples.ts';
import type { PollReport } from '../modbus/modbus-poller.ts';
import type { SlaveStatus } from '../modbus/slave-channel.ts';

export interface FieldRunnerOptions<P> {
  readonly points: readonly P[];
  readonly rejected: readonly RejectedVariable[];
  readonly onReport: (report: PollReport) => void;
  readonly onError?: (error: unknown) => void;
  readonly now?: () => number;
  /** First and longest wait before opening the connection again. */
  readonly retryDelayMs?: { readonly first: number; readonly max: number };
}

/** Resolves after `ms` (false), or as soon as `interrupt` settles (true). */
export function pause(ms: number, interrupt: Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    interrupt.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]).finally(() => clearTimeout(timer));
}

export abstract class FieldDriverRunnerBase<D extends Driver, P extends FieldPoint<D>, C> {
  readonly driver: D;
  protected readonly points: ReadonlyMap<string, P>;
  protected readonly periodic: readonly P[];
  protected readonly filter = new ChangeFilter();
  protected readonly latest = new Map<string, Sample>();
  protected readonly now: () => number;
  protected pending: Sample[];
  /** The open connection, null while there is none. */
  protected connected: C | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  /** Ends the current wait: the pause before the next attempt, or the open connection. */
  private wake: (() => void) | null = null;
  private backingOff = false;
  private attemptWaiters: (() => void)[] = [];
  protected requests = 0;
  protected failures = 0;
  protected timeouts = 0;
  protected consecutiveFailures = 0;
  protected lastErrorCode: ErrorCode | null = null;
  protected lastErrorAt: number | null = null;
  protected lastSuccessAt: number | null = null;
  /** Connections opened so far (tests wait on it). */
  opened = 0;
  cycles = 0;

  constructor(
    driver: D,
    protected readonly base: FieldRunnerOptions<P>,
    private readonly codes: {
      readonly timeout: ErrorCode;
      readonly lost: ErrorCode;
      readonly maxDelayMs: number;
    },
  ) {
    this.driver = driver;
    this.points = new Map(base.points.map((point) => [point.key, point]));
    this.periodic = base.points.filter((point) => point.variable.collectionMode === 'periodic');
    this.now = base.now ?? Date.now;
    this.pending = base.rejected.map((item) => ({ kind: 'fault', key: item.key, code: item.code, at: 0 }));
  }

  /** The far end as the status shows it. */
  protected abstract get endpointLabel(): string;

  /**
   * One turn: opens a connection (on failure: `return this.openFailed(code)`), then returns
   * `this.hold(...)`, which lasts until the connection is lost or the runner stops.
   */
  protected abstract turn(): Promise<boolean>;

  owns(key: string): boolean {
    return this.points.has(key);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.supervise();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
    this.settleAttempt();
  }

  protected get isRunning(): boolean {
    return this.running;
  }

  status(): SlaveStatus {
    return {
      driverKey: this.driver.key,
      slaveId: 0,
      endpoint: this.endpointLabel,
      connected: this.connected !== null,
      requests: this.requests,
      failures: this.failures,
      timeouts: this.timeouts,
      consecutiveFailures: this.consecutiveFailures,
      lastErrorCode: this.lastErrorCode,
      lastErrorAt: this.lastErrorAt,
      lastSuccessAt: this.lastSuccessAt,
    };
  }

  /** The open connection, or the one the next attempt opens within `patienceMs`; null if none. */
  protected async connection(patienceMs: number): Promise<C | null> {
    if (this.connected || !this.running) return this.connected;
    const attempt = new Promise<void>((resolve) => this.attemptWaiters.push(resolve));
    if (this.backingOff) this.wake?.();
    await pause(patienceMs, attempt);
    return this.connected;
  }

  private settleAttempt(): void {
    const waiters = this.attemptWaiters;
    this.attemptWaiters = [];
    for (const waiter of waiters) waiter();
  }

  private async supervise(): Promise<void> {
    const first = this.base.retryDelayMs?.first ?? 500;
    const max = this.base.retryDelayMs?.max ?? this.codes.maxDelayMs;
    let delay = first;
    while (this.running) {
      const opened = await this.turn().catch((error: unknown) => {
        this.base.onError?.(error);
        return false;
      });
      // A turn that failed to open settles the attempt someone may be waiting for.
      this.settleAttempt();
      if (!this.running) break;
      if (opened) delay = first;
      this.backingOff = true;
      await pause(delay, new Promise<void>((resolve) => (this.wake = resolve)));
      this.backingOff = false;
      this.wake = null;
      delay = Math.min(max, delay * 2);
    }
  }

  /** A turn failed to open: noted, and every periodic variable faulted with why. */
  protected openFailed(code: ErrorCode): false {
    this.noteFailure(code);
    this.faultAll(code);
    return false;
  }

  /**
   * Holds an open connection: `run` reads through it (it may return at once and let events do the
   * reading); the turn lasts until `lost` settles or the runner stops. `release` closes it.
   */
  protected async hold(
    connection: C,
    lost: Promise<void>,
    lose: () => void,
    run: () => Promise<void>,
    release: () => Promise<void>,
  ): Promise<true> {
    this.connected = connection;
    this.wake = lose;
    this.opened += 1;
    this.consecutiveFailures = 0;
    this.lastSuccessAt = this.now();
    this.settleAttempt();
    try {
      await run();
      if (this.running) await lost;
    } catch (error) {
      this.base.onError?.(error);
    } finally {
      this.connected = null;
      this.wake = null;
      await release();
      if (this.running) this.faultAll(this.codes.lost);
    }
    return true;
  }

  protected drain(): Sample[] {
    const samples = this.pending;
    this.pending = [];
    return samples;
  }

  /** Reports samples (what is pending when none are given) with the newest value of every variable. */
  protected report(samples: readonly Sample[], complete: boolean, at = this.now()): void {
    const sent = samples.length === 0 && this.pending.length > 0 ? this.drain() : samples;
    this.cycles += 1;
    const latest = this.periodic
      .map((point) => this.latest.get(point.key))
      .filter((sample) => sample !== undefined);
    const others = sent.filter((sample) => !this.latest.has(sample.key));
    this.base.onReport({
      driverKey: this.driver.key,
      at,
      samples: sent,
      // Every newest value (and faults of variables that cannot be read): the agent's filter decides.
      readings: [...others, ...latest],
      complete,
      pollIntervalMs: this.driver.pollIntervalMs,
    });
  }

  /** A sample becomes the newest of its variable and is pending when the filter takes it. */
  protected keep(sample: Sample, deadZone = this.points.get(sample.key)?.variable.deadZone ?? 0): void {
    this.latest.set(sample.key, sample);
    if (this.filter.accept(sample, deadZone)) this.pending.push(sample);
  }

  protected faultAll(code: ErrorCode): void {
    const at = this.now();
    for (const point of this.periodic)
      this.keep({ kind: 'fault', key: point.key, code, at } satisfies Fault, 0);
    if (this.pending.length > 0) this.report(this.drain(), false, at);
  }

  protected noteFailure(code: ErrorCode): void {
    this.failures += 1;
    this.consecutiveFailures += 1;
    if (code === this.codes.timeout) this.timeouts += 1;
    this.lastErrorCode = code;
    this.lastErrorAt = this.now();
  }

  /** Faults for variables asked of a runner with no connection. */
  protected unreachable(points: readonly P[]): Sample[] {
    const at = this.now();
    return points.map((point) => ({
      kind: 'fault',
      key: point.key,
      code: this.lastErrorCode ?? this.codes.lost,
      at,
    }));
  }
}
