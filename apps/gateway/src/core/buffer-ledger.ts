/**
 * The bookkeeping of the store-and-forward buffer, without the files: which batches exist, in
 * which segment, which are acknowledged, which are on their way, what to send next and what to
 * drop when the buffer is full. The disk side (`src/buffer`) asks it and does what it says.
 *
 * Rules it keeps:
 * - Sequence numbers only grow; a number is never handed out twice.
 * - Batches go out oldest first; at most `maxInFlight` wait for their acknowledgement at once.
 * - When a new batch would not fit, whole segments are dropped, oldest first. What they held that
 *   was never acknowledged (including gaps they were still carrying) becomes gaps (one per run of
 *   unacknowledged batches, `lossOf`), which the new batch carries to the platform. A segment with a batch on its first way to the platform is
 *   kept until that batch is answered (the buffer overshoots meanwhile, by what arrives within one
 *   acknowledgement timeout at most).
 * - Only a fully acknowledged prefix of sealed segments is released, so the batches kept are
 *   always one contiguous, ordered run.
 * - Two lanes: batches stored since the link last came up are `live` and go first; older ones are
 *   the `backlog` and go behind them, each lane oldest first. A batch never changes lane while the
 *   link stays up; when it comes up again, every unacknowledged batch is backlog.
 * - A batch counted in a gap is never sent again: from the moment a plan decides to drop its
 *   segment (before the new batch is even written) until the plan is committed or abandoned, the
 *   segment's batches are not handed out. Otherwise a reconnect during that write sends a batch the
 *   gap already counts as lost, and the platform stores it and hears of it as lost as well.
 */
import type { Gap } from '@lyyp/contracts/protocol';

import { lossOf, type SeqSpan } from './buffer-gaps.ts';
import { DeliveredSpans } from './delivered-spans.ts';

export type { Gap } from '@lyyp/contracts/protocol';
export { inRanges, toRanges } from './seq-ranges.ts';

/**
 * `live`: batches stored since the link last came up, sent first (the live view's newest values).
 * `backlog`: everything older still unacknowledged, sent behind them in large uploads.
 */
export type Lane = 'live' | 'backlog';

export interface BatchFacts {
  /** Points in the batch. */
  readonly points: number;
  /** Earliest and latest point time. */
  readonly firstAt: number;
  readonly lastAt: number;
  /** Gaps the batch carries to the platform. */
  readonly gaps: readonly Gap[];
  /** Variables the batch has points of; unknown (read from disk when needed) for restored batches. */
  readonly keys?: readonly string[];
  /** The batch numbers each of `gaps` stands for, where known (`Loss.seqs`). */
  readonly gapSeqs?: ReadonlyArray<SeqSpan | null>;
}

export interface StoredBatch extends BatchFacts {
  readonly seq: number;
  /** Segment id: the sequence number of the segment's first batch. */
  readonly segment: number;
  readonly offset: number;
  /** Bytes the batch takes on disk, framing included. */
  readonly size: number;
}

export interface LedgerLimits {
  /** Most bytes the buffer may hold; older segments are dropped beyond it. */
  readonly maxBytes: number;
  /** A segment is sealed and a new one started once it holds this many bytes. */
  readonly segmentBytes: number;
}

export interface AppendPlan {
  readonly seq: number;
  /** Start a new segment (named `seq`) for this batch. */
  readonly newSegment: boolean;
  /** Segments to drop, oldest first, once the batch is durable. */
  readonly evict: readonly number[];
  /** Seq of the last batch dropped (0: none); the batch records it so a restart drops them too. */
  readonly dropThrough: number;
  /** What the dropped segments lost (`lossOf`); the new batch carries it. */
  readonly gaps: readonly Gap[];
  readonly seqs: ReadonlyArray<SeqSpan | null>;
  /**
   * The batches dropped when some unacknowledged one's variables are unknown (restored from disk):
   * their gap names no variables then, unless recomputed with them read (`lossOf`).
   */
  readonly unknownKeys: readonly StoredBatch[];
}

interface SegmentSummary {
  readonly id: number;
  bytes: number;
  batches: number;
  acked: number;
  sealed: boolean;
}

export interface LedgerStats {
  readonly batches: number;
  readonly unacknowledged: number;
  readonly unacknowledgedPoints: number;
  readonly inFlight: number;
  readonly bytes: number;
  readonly segments: number;
  readonly nextSeq: number;
}

/** Restored content: segments in order, each with its batches in order. */
export interface LedgerSnapshot {
  readonly segments: ReadonlyArray<{
    readonly id: number;
    readonly bytes: number;
    readonly batches: readonly StoredBatch[];
  }>;
  /** Whether a sequence number was acknowledged before the restart. */
  readonly isAcknowledged: (seq: number) => boolean;
  /** Lowest number the next batch may take (from the saved state). */
  readonly nextSeq: number;
}

/** Segments never exceed a quarter of the buffer, so dropping old segments can always make room. */
export function effectiveSegmentBytes(limits: LedgerLimits): number {
  return Math.max(1, Math.min(limits.segmentBytes, Math.floor(limits.maxBytes / 4)));
}

export class BufferLedger {
  private batches: StoredBatch[] = [];
  /** Index of the first live batch in `batches` (dropped ones are compacted away lazily). */
  private head = 0;
  /** Every batch before this index (from head) is acknowledged or in flight. */
  private cursor = 0;
  /** The same from the first live batch. */
  private liveCursor = 0;
  /** Batches numbered from here on are live (see `Lane`). */
  private liveFrom: number;
  private readonly segments: SegmentSummary[] = [];
  private readonly acked = new Set<number>();
  /** Every batch number acknowledged since the buffer opened: a gap never joins across one. */
  private readonly delivered = new DeliveredSpans();
  private readonly inFlight = new Map<number, number>();
  /** Batches whose answer timed out at least once. */
  private readonly retried = new Set<number>();
  /** Segments a plan drops, from the plan until it is committed or abandoned. */
  private readonly evicting = new Set<number>();
  private totalBytes = 0;
  private nextSequence: number;
  private readonly segmentBytes: number;

  constructor(
    private readonly limits: LedgerLimits,
    nextSeq = 1,
  ) {
    this.nextSequence = Math.max(1, nextSeq);
    this.liveFrom = this.nextSequence;
    this.segmentBytes = effectiveSegmentBytes(limits);
  }

  /** Rebuilds the ledger from what survived on disk. Restored segments are all sealed. */
  static restore(limits: LedgerLimits, snapshot: LedgerSnapshot): BufferLedger {
    let highest = 0;
    for (const segment of snapshot.segments)
      for (const batch of segment.batches) highest = Math.max(highest, batch.seq);
    const ledger = new BufferLedger(limits, Math.max(snapshot.nextSeq, highest + 1));
    for (const segment of snapshot.segments) {
      const summary: SegmentSummary = {
        id: segment.id,
        bytes: segment.bytes,
        batches: 0,
        acked: 0,
        sealed: true,
      };
      ledger.segments.push(summary);
      ledger.totalBytes += segment.bytes;
      for (const batch of segment.batches) {
        ledger.batches.push(batch);
        summary.batches += 1;
        if (snapshot.isAcknowledged(batch.seq)) {
          ledger.acked.add(batch.seq);
          summary.acked += 1;
        }
      }
    }
    ledger.liveFrom = ledger.nextSequence;
    ledger.rewindCursor();
    return ledger;
  }

  get nextSeq(): number {
    return this.nextSequence;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  /**
   * Decides where the next batch of `size` bytes goes and what must make room for it. The segments
   * it drops send nothing more from now on; `commitAppend` drops them, `abandonAppend` keeps them.
   */
  planAppend(size: number): AppendPlan {
    const seq = this.nextSequence;
    const active = this.segments.at(-1);
    let newSegment =
      !active || active.sealed || (active.bytes > 0 && active.bytes + size > this.segmentBytes);
    let total = this.totalBytes;
    const evict: number[] = [];
    const sending = this.segmentsOnFirstTrip();
    for (const segment of this.segments) {
      if (total + size <= this.limits.maxBytes) break;
      // A batch on its way is probably being stored right now: counting it lost would overstate the
      // gap, so the buffer overshoots until it is answered. Only once: a batch whose answer timed
      // out is dropped like any other, so a platform that never answers cannot make it grow.
      if (sending.has(segment.id)) break;
      // Dropping the segment being written means starting a new one.
      if (segment === active) newSegment = true;
      evict.push(segment.id);
      total -= segment.bytes;
    }
    for (const id of evict) this.evicting.add(id);
    // Evicted segments are at the front, so are their batches.
    const evicted = new Set(evict);
    const dropped: StoredBatch[] = [];
    for (let index = this.head; index < this.batches.length; index += 1) {
      const batch = this.batches[index]!;
      if (!evicted.has(batch.segment)) break;
      dropped.push(batch);
    }
    return {
      seq,
      newSegment,
      evict,
      dropThrough: dropped.at(-1)?.seq ?? 0,
      ...lossOf(
        dropped,
        (seq) => this.acked.has(seq),
        (from, to) => this.deliveredWithin(from, to),
      ),
      unknownKeys: dropped.some((batch) => !this.acked.has(batch.seq) && batch.points > 0 && !batch.keys)
        ? dropped
        : [],
    };
  }

  /** The planned batch was not written: the segments it would have dropped stay and are sent as before. */
  abandonAppend(plan: AppendPlan): void {
    if (plan.evict.length === 0) return;
    for (const id of plan.evict) this.evicting.delete(id);
    this.rewindCursor();
  }

  /** Records a batch written as planned (at `offset` in its segment) and drops the evicted segments. */
  commitAppend(
    plan: AppendPlan,
    placed: BatchFacts & { readonly offset: number; readonly size: number },
  ): StoredBatch {
    if (plan.seq !== this.nextSequence) throw new Error(`append plan for seq ${plan.seq} is stale`);
    this.dropSegments(plan.evict);
    const active = this.segments.at(-1);
    let segment: SegmentSummary;
    if (plan.newSegment || !active || active.sealed) {
      if (active) active.sealed = true;
      segment = { id: plan.seq, bytes: 0, batches: 0, acked: 0, sealed: false };
      this.segments.push(segment);
    } else {
      segment = active;
    }
    const batch: StoredBatch = {
      ...placed,
      seq: plan.seq,
      segment: segment.id,
      ...(placed.gaps.length > 0 && placed.gaps.length === plan.seqs.length ? { gapSeqs: plan.seqs } : {}),
    };
    this.batches.push(batch);
    segment.bytes += placed.size;
    segment.batches += 1;
    this.totalBytes += placed.size;
    this.nextSequence = plan.seq + 1;
    return batch;
  }

  /** Marks a batch acknowledged. False for a number the buffer does not hold (already released or dropped). */
  acknowledge(seq: number): boolean {
    const batch = this.find(seq);
    if (!batch || this.acked.has(seq)) return false;
    this.acked.add(seq);
    this.delivered.add(seq);
    this.inFlight.delete(seq);
    this.retried.delete(seq);
    const segment = this.segments.find((item) => item.id === batch.segment);
    if (segment) segment.acked += 1;
    return true;
  }

  /** Whether any batch numbered `from` … `to` was acknowledged since the buffer opened. */
  deliveredWithin(from: number, to: number): boolean {
    return this.delivered.within(from, to);
  }

  isAcknowledged(seq: number): boolean {
    return this.acked.has(seq);
  }

  /** Sealed, fully acknowledged segments at the front: safe to delete. */
  releasableSegments(): number[] {
    const releasable: number[] = [];
    for (const segment of this.segments) {
      if (!segment.sealed || segment.acked < segment.batches) break;
      releasable.push(segment.id);
    }
    return releasable;
  }

  /** Forgets segments (released or evicted); they must be at the front. */
  dropSegments(ids: readonly number[]): void {
    if (ids.length === 0) return;
    const drop = new Set(ids);
    for (const id of ids) this.evicting.delete(id);
    while (this.segments.length > 0 && drop.has(this.segments[0]!.id)) {
      const segment = this.segments.shift()!;
      this.totalBytes -= segment.bytes;
    }
    while (this.head < this.batches.length && drop.has(this.batches[this.head]!.segment)) {
      const batch = this.batches[this.head]!;
      this.acked.delete(batch.seq);
      this.inFlight.delete(batch.seq);
      this.retried.delete(batch.seq);
      this.head += 1;
    }
    this.cursor = Math.max(this.cursor, this.head);
    this.liveCursor = Math.max(this.liveCursor, this.head);
    if (this.head > 1024 && this.head * 2 > this.batches.length) {
      this.batches = this.batches.slice(this.head);
      this.cursor -= this.head;
      this.liveCursor -= this.head;
      this.head = 0;
    }
  }

  /**
   * The next batches to send, oldest first across both lanes, so that no more than `maxInFlight`
   * wait for an acknowledgement. They count as in flight from `now`.
   */
  takeToSend(maxInFlight: number, now: number): StoredBatch[] {
    const taken: StoredBatch[] = [];
    while (this.inFlight.size < maxInFlight && this.cursor < this.batches.length) {
      const batch = this.batches[this.cursor]!;
      this.cursor += 1;
      if (!this.isSendable(batch)) continue;
      this.inFlight.set(batch.seq, now);
      taken.push(batch);
    }
    return taken;
  }

  /**
   * The link is up: batches stored from now on are live, everything older still unacknowledged is
   * backlog.
   */
  startLive(): void {
    this.liveFrom = this.nextSequence;
    this.rewindCursor();
  }

  laneOf(seq: number): Lane {
    return seq >= this.liveFrom ? 'live' : 'backlog';
  }

  /**
   * The next sendable batches of one lane, oldest first: at most `maxBatches`, and no more points
   * than `maxPoints` (but always one batch when any waits). They count as in flight from `now`.
   */
  takeLane(lane: Lane, limits: { maxBatches: number; maxPoints: number }, now: number): StoredBatch[] {
    const taken: StoredBatch[] = [];
    const liveIndex = this.indexOfSeq(this.liveFrom);
    const end = lane === 'live' ? this.batches.length : liveIndex;
    let index = lane === 'live' ? Math.max(this.liveCursor, liveIndex) : this.cursor;
    let points = 0;
    while (taken.length < limits.maxBatches && index < end) {
      const batch = this.batches[index]!;
      if (this.isSendable(batch)) {
        if (taken.length > 0 && points + batch.points > limits.maxPoints) break;
        this.inFlight.set(batch.seq, now);
        taken.push(batch);
        points += batch.points;
      }
      index += 1;
    }
    // Every batch passed was unsendable or is now in flight.
    if (lane === 'live') this.liveCursor = index;
    else this.cursor = index;
    return taken;
  }

  /** Batches of `lane` waiting for their acknowledgement. */
  inFlightIn(lane: Lane): number {
    let count = 0;
    for (const seq of this.inFlight.keys()) if (this.laneOf(seq) === lane) count += 1;
    return count;
  }

  /** Whether `seq` waits for its acknowledgement now. */
  isInFlight(seq: number): boolean {
    return this.inFlight.has(seq);
  }

  /** Batches sent before `now - timeoutMs` and still unanswered go back to be sent again. */
  expireInFlight(now: number, timeoutMs: number): number {
    let expired = 0;
    for (const [seq, sentAt] of this.inFlight) {
      if (now - sentAt < timeoutMs) continue;
      this.inFlight.delete(seq);
      this.retried.add(seq);
      expired += 1;
    }
    if (expired > 0) this.rewindCursor();
    return expired;
  }

  /** The connection is gone: nothing is on its way any more. */
  resetInFlight(): void {
    this.inFlight.clear();
    this.rewindCursor();
  }

  /** Whether a batch of `lane` neither acknowledged nor on its way is held. */
  hasUnsentIn(lane: Lane): boolean {
    const liveIndex = this.indexOfSeq(this.liveFrom);
    const [from, to] = lane === 'live' ? [liveIndex, this.batches.length] : [this.cursor, liveIndex];
    for (let index = from; index < to; index += 1) if (this.isSendable(this.batches[index]!)) return true;
    return false;
  }

  /** Whether a batch neither acknowledged nor on its way is held (what `takeToSend` would give next). */
  hasUnsent(): boolean {
    for (let index = this.cursor; index < this.batches.length; index += 1)
      if (this.isSendable(this.batches[index]!)) return true;
    return false;
  }

  /** Time the oldest batch in flight was sent, or null. */
  oldestInFlightAt(): number | null {
    let oldest: number | null = null;
    for (const sentAt of this.inFlight.values()) oldest = oldest === null ? sentAt : Math.min(oldest, sentAt);
    return oldest;
  }

  /** Acknowledged sequence numbers of the batches still held, ascending. */
  acknowledgedSeqs(): number[] {
    return [...this.acked].sort((a, b) => a - b);
  }

  stats(): LedgerStats {
    let unacknowledged = 0;
    let unacknowledgedPoints = 0;
    for (const batch of this.liveBatches()) {
      if (this.acked.has(batch.seq)) continue;
      unacknowledged += 1;
      unacknowledgedPoints += batch.points;
    }
    return {
      batches: this.batches.length - this.head,
      unacknowledged,
      unacknowledgedPoints,
      inFlight: this.inFlight.size,
      bytes: this.totalBytes,
      segments: this.segments.length,
      nextSeq: this.nextSequence,
    };
  }

  /** The batches held, oldest first. */
  liveBatches(): readonly StoredBatch[] {
    return this.batches.slice(this.head);
  }

  /** Neither acknowledged, nor on its way, nor about to be dropped. */
  private isSendable(batch: StoredBatch): boolean {
    return !this.acked.has(batch.seq) && !this.inFlight.has(batch.seq) && !this.evicting.has(batch.segment);
  }

  private segmentsOnFirstTrip(): Set<number> {
    const segments = new Set<number>();
    for (const seq of this.inFlight.keys()) {
      const batch = this.retried.has(seq) ? undefined : this.find(seq);
      if (batch) segments.add(batch.segment);
    }
    return segments;
  }

  private find(seq: number): StoredBatch | undefined {
    let low = this.head;
    let high = this.batches.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const batch = this.batches[middle]!;
      if (batch.seq === seq) return batch;
      if (batch.seq < seq) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  /** Index of the first batch numbered `seq` or higher. */
  private indexOfSeq(seq: number): number {
    let low = this.head;
    let high = this.batches.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.batches[middle]!.seq < seq) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private rewindCursor(): void {
    let index = this.head;
    while (index < this.batches.length && !this.isSendable(this.batches[index]!)) index += 1;
    this.cursor = index;
    this.liveCursor = this.head;
  }
}
