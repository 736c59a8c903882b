/**
 * Sends what the buffer holds while the platform is reachable, in two lanes (`Lane`):
 *
 * - live: batches stored since the link came up, one upload each, oldest first, at most
 *   `maxInFlight` waiting for their acknowledgement. They go before anything of the backlog, so the
 *   live view has current values from the first second of a reconnection.
 * - backlog: what was stored before, oldest first, behind the live lane: consecutive batches joined
 *   into uploads of up to `backlogPoints` points (marked `lane: "backlog"`), at most
 *   `backlogInFlight` of them waiting at once. An upload is numbered with its last batch's sequence
 *   number; its acknowledgement releases every batch in it, so a reconnect in the middle of a
 *   backfill sends again only the uploads not acknowledged, never one already stored.
 *
 * An upload unanswered for `ackTimeoutMs` is sent again (the platform did not store it); after a
 * reconnect everything unacknowledged is backlog and goes out again from the oldest.
 */
import { MAX_POINTS_PER_UPLOAD, type DataPayload, type Gap } from '@lyyp/contracts/protocol';
import { joinOldest } from '../core/buffer-gaps.ts';
import type { StoredBatch } from '../core/buffer-ledger.ts';
import type { Scheduler, TimerHandle } from '../core/scheduler.ts';
import type { DiskBuffer } from './disk-buffer.ts';

export const DEFAULT_MAX_IN_FLIGHT = 8;
export const DEFAULT_ACK_TIMEOUT_MS = 15_000;
/** Backlog uploads waiting for their acknowledgement at once. */
export const DEFAULT_BACKLOG_IN_FLIGHT = 4;
/** Most points in one backlog upload (the protocol's limit). */
export const DEFAULT_BACKLOG_POINTS = MAX_POINTS_PER_UPLOAD;
/** Most gaps one upload may carry (the protocol's limit). */
const MAX_GAPS_PER_UPLOAD = 100;

export interface ForwarderOptions {
  readonly buffer: DiskBuffer;
  /** Publishes one `up/data` payload; false when there is no connection. */
  readonly send: (payload: Buffer) => boolean;
  readonly scheduler: Scheduler;
  readonly maxInFlight?: number;
  readonly ackTimeoutMs?: number;
  readonly backlogInFlight?: number;
  readonly backlogPoints?: number;
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
  private readonly backlogInFlight: number;
  private readonly backlogPoints: number;
  /** Backlog uploads on their way: the upload's number → the batches it holds. */
  private readonly backlogUploads = new Map<number, readonly number[]>();

  constructor(private readonly options: ForwarderOptions) {
    this.maxInFlight = Math.max(1, options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
    this.ackTimeoutMs = options.ackTimeoutMs ?? DEFAULT_ACK_TIMEOUT_MS;
    this.backlogInFlight = Math.max(1, options.backlogInFlight ?? DEFAULT_BACKLOG_IN_FLIGHT);
    this.backlogPoints = Math.max(
      1,
      Math.min(options.backlogPoints ?? DEFAULT_BACKLOG_POINTS, MAX_POINTS_PER_UPLOAD),
    );
  }

  connected(): void {
    this.online = true;
    this.options.buffer.resetInFlight();
    this.backlogUploads.clear();
    this.options.buffer.startLive();
    this.pump();
  }

  disconnected(): void {
    this.online = false;
    this.options.buffer.resetInFlight();
    this.backlogUploads.clear();
    this.cancelAckTimer();
  }

  /** A `down/ack` arrived: for a backlog upload, every batch it held is stored. */
  acknowledged(seq: number): void {
    const batches = this.backlogUploads.get(seq);
    this.backlogUploads.delete(seq);
    for (const stored of batches ?? [seq]) this.options.buffer.acknowledge(stored);
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
      // The live lane first, every round: a backlog never holds a current value back.
      const liveRoom = this.maxInFlight - buffer.inFlightIn('live');
      const live = liveRoom > 0 ? buffer.takeLane('live', { maxBatches: liveRoom, maxPoints: Infinity }) : [];
      for (const batch of live) {
        const payload = await this.read(batch);
        if (payload === null) continue;
        if (!this.online || !this.options.send(payload)) return;
      }
      let backlogSent = false;
      if (this.backlogUploads.size < this.backlogInFlight && !buffer.hasUnsentIn('live')) {
        const batches = buffer.takeLane('backlog', {
          maxBatches: Number.MAX_SAFE_INTEGER,
          maxPoints: this.backlogPoints,
        });
        if (batches.length > 0) {
          backlogSent = true;
          const sent = await this.sendBacklog(batches);
          if (!sent) return;
        }
      }
      if (live.length === 0 && !backlogSent) {
        if (this.holdWhenDrained && !buffer.hasUnsent()) this.hold();
        return;
      }
    }
  }

  /** One upload of consecutive backlog batches, numbered with the last one's sequence number. */
  private async sendBacklog(batches: readonly StoredBatch[]): Promise<boolean> {
    const points: DataPayload['points'] = [];
    const gaps: Gap[] = [];
    const held: number[] = [];
    for (const batch of batches) {
      const payload = await this.read(batch);
      if (payload === null) continue;
      const parsed = JSON.parse(payload.toString('utf8')) as DataPayload;
      points.push(...parsed.points);
      gaps.push(...(parsed.gaps ?? []));
      held.push(batch.seq);
    }
    if (held.length === 0) return true;
    const seq = held.at(-1)!;
    // Poll confirmations say "current now": a backlog upload vouches for nothing current.
    const upload: DataPayload = {
      seq,
      points,
      ...(gaps.length > 0 ? { gaps: joinOldest(gaps, MAX_GAPS_PER_UPLOAD) } : {}),
      lane: 'backlog',
    };
    this.backlogUploads.set(seq, held);
    if (!this.online || !this.options.send(Buffer.from(JSON.stringify(upload), 'utf8'))) return false;
    return true;
  }

  /** A batch's stored payload, or null when it was dropped to make room meanwhile. */
  private async read(batch: StoredBatch): Promise<Buffer | null> {
    const { buffer } = this.options;
    try {
      return await buffer.payload(batch);
    } catch (error) {
      // Dropped to make room while we were reading it: the gap it leaves is already on its way.
      if (!buffer.has(batch.seq)) return null;
      throw error;
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
      if (expired > 0) {
        this.options.onWarning?.(`${expired} uploads unanswered for ${this.ackTimeoutMs} ms, sending again`);
        // A backlog upload whose batches went back is sent again, maybe joined differently.
        for (const [seq, held] of this.backlogUploads)
          if (!held.some((stored) => this.options.buffer.isInFlight(stored))) this.backlogUploads.delete(seq);
      }
      this.pump();
    }, wait);
  }

  private cancelAckTimer(): void {
    if (!this.ackTimer) return;
    this.options.scheduler.clearTimeout(this.ackTimer);
    this.ackTimer = null;
  }
}
