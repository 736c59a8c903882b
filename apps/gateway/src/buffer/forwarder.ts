/**
 * Sends what the buffer holds while the platform is reachable: oldest batch first, at most
 * `maxInFlight` waiting for their acknowledgement, live batches simply queued behind the backlog.
 * A batch unanswered for `ackTimeoutMs` is sent again (the platform did not store it); after a
 * reconnect everything unacknowledged goes out again from the oldest.
 */
import type { Scheduler, TimerHandle } from '../core/scheduler.ts';
import type { DiskBuffer } from './disk-buffer.ts';

export const DEFAULT_MAX_IN_FLIGHT = 8;
export const DEFAULT_ACK_TIMEOUT_MS = 15_000;

export interface ForwarderOptions {
  readonly buffer: DiskBuffer;
  /** Publishes one `up/data` payload; false when there is no connection. */
  readonly send: (payload: Buffer) => boolean;
  readonly scheduler: Scheduler;
  readonly maxInFlight?: number;
  readonly ackTimeoutMs?: number;
  readonly onWarning?: (message: string) => void;
}

export class Forwarder {
  private online = false;
  /** Held back (smart traffic saving): batches stay in the buffer until released. */
  private held = false;
  /** Hold again once everything buffered now went out (a history upload while live is stopped). */
  private holdWhenDrained = false;
  private pumping: Promise<void> | null = null;
  private again = false;
  private ackTimer: TimerHandle | null = null;
  private readonly maxInFlight: number;
  private readonly ackTimeoutMs: number;

  constructor(private readonly options: ForwarderOptions) {
    this.maxInFlight = Math.max(1, options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
    this.ackTimeoutMs = options.ackTimeoutMs ?? DEFAULT_ACK_TIMEOUT_MS;
  }

  connected(): void {
    this.online = true;
    this.options.buffer.resetInFlight();
    this.pump();
  }

  disconnected(): void {
    this.online = false;
    this.options.buffer.resetInFlight();
    this.cancelAckTimer();
  }

  /** A `down/ack` arrived. */
  acknowledged(seq: number): void {
    this.options.buffer.acknowledge(seq);
    this.pump();
  }

  /** Sends what may be sent now (new batches, freed window). */
  pump(): void {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.sendAvailable()
      .catch((error: unknown) => this.options.onWarning?.(`sending buffered data failed: ${String(error)}`))
      .finally(() => {
        this.pumping = null;
        this.armAckTimer();
        if (this.again) {
          this.again = false;
          this.pump();
        }
      });
  }

  /** Resolves once the current sending round is over (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pumping) await this.pumping;
  }

  /** Keeps new batches in the buffer (acknowledgements still release what was sent). */
  hold(): void {
    this.held = true;
    this.holdWhenDrained = false;
  }

  /** Sends again as batches come. */
  resume(): void {
    this.held = false;
    this.holdWhenDrained = false;
    this.pump();
  }

  /** While held: sends everything the buffer holds, then holds again. */
  drain(): void {
    if (!this.held) return;
    this.held = false;
    this.holdWhenDrained = true;
    this.pump();
  }

  stop(): void {
    this.online = false;
    this.cancelAckTimer();
  }

  private async sendAvailable(): Promise<void> {
    const { buffer } = this.options;
    while (this.online && !this.held) {
      const batches = buffer.takeToSend(this.maxInFlight);
      if (batches.length === 0) {
        if (this.holdWhenDrained && !buffer.hasUnsent()) this.hold();
        return;
      }
      for (const batch of batches) {
        let payload: Buffer;
        try {
          payload = await buffer.payload(batch);
        } catch (error) {
          // Dropped to make room while we were reading it: the gap it leaves is already on its way.
          if (!buffer.has(batch.seq)) continue;
          throw error;
        }
        if (!this.online || !this.options.send(payload)) return;
      }
    }
  }

  private armAckTimer(): void {
    this.cancelAckTimer();
    const oldest = this.options.buffer.oldestInFlightAt();
    if (!this.online || oldest === null) return;
    const { scheduler } = this.options;
    const wait = Math.max(0, oldest + this.ackTimeoutMs - scheduler.now());
    this.ackTimer = scheduler.setTimeout(() => {
      this.ackTimer = null;
      const expired = this.options.buffer.expireInFlight(this.ackTimeoutMs);
      if (expired > 0)
        this.options.onWarning?.(`${expired} uploads unanswered for ${this.ackTimeoutMs} ms, sending again`);
      this.pump();
    }, wait);
  }

  private cancelAckTimer(): void {
    if (!this.ackTimer) return;
    this.options.scheduler.clearTimeout(this.ackTimer);
    this.ackTimer = null;
  }
}
