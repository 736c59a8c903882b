/**
 * The store-and-forward buffer on local disk. Every batch of points gets the next sequence number
 * and is appended to a segment file and flushed to disk before anyone may send it; it leaves the
 * buffer only once the platform acknowledged it. The directory holds:
 *
 *   <seq>.seg    segment files, named by their first batch's sequence number (20 digits), holding
 *                framed records (record-format.ts); only the newest one is ever written to
 *   state.json   { format, nextSeq, acked: [[from, to], …] }: the next sequence number and the
 *                acknowledged batches still on disk, replaced atomically
 *
 * The bookkeeping (what to send next, what to drop when full) is the pure `BufferLedger`.
 * Acknowledgements are saved at most `ackSaveDelayMs` later; a crash in that window makes those
 * batches go out once more, which the platform's idempotent storage absorbs.
 */
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, readdir, readFile, truncate } from 'node:fs/promises';
import path from 'node:path';
import { MAX_GAP_KEYS, type Point } from '@lyyp/contracts/protocol';
import {
  BufferLedger,
  inRanges,
  toRanges,
  type AppendPlan,
  type Gap,
  type Lane,
  type LedgerLimits,
  type LedgerStats,
  type StoredBatch,
} from '../core/buffer-ledger.ts';
import type { PolledCycle } from '../core/point-batcher.ts';
import type { Scheduler, TimerHandle } from '../core/scheduler.ts';
import { lossOf } from '../core/buffer-gaps.ts';
import { systemScheduler } from '../modbus/system-scheduler.ts';
import { removeFile, syncDirectory, writeFileAtomic } from './durable-files.ts';
import { HEADER_BYTES, encodeRecord, keysOfPayload, scanSegment } from './record-format.ts';

export const DEFAULT_BUFFER_BYTES = 256 * 1024 * 1024;
export const DEFAULT_SEGMENT_BYTES = 8 * 1024 * 1024;
export const DEFAULT_ACK_SAVE_DELAY_MS = 200;

export interface DiskBufferOptions {
  readonly directory: string;
  /** Most bytes kept on disk; the oldest batches are dropped (and reported as a gap) beyond it. */
  readonly maxBytes?: number;
  readonly segmentBytes?: number;
  readonly ackSaveDelayMs?: number;
  readonly scheduler?: Scheduler;
  readonly onWarning?: (message: string) => void;
}

interface SavedState {
  readonly format: 1;
  readonly nextSeq: number;
  readonly acked: Array<[number, number]>;
}

interface QueuedAppend {
  readonly points: readonly Point[];
  readonly polled: readonly PolledCycle[];
  readonly resolve: (batch: StoredBatch) => void;
  readonly reject: (error: unknown) => void;
}

const STATE_FILE = 'state.json';
const SEGMENT_SUFFIX = '.seg';
/** Room a gap adds to a payload, reserved when deciding what to drop. */
const GAP_ALLOWANCE = 96;

const segmentName = (id: number) => `${String(id).padStart(20, '0')}${SEGMENT_SUFFIX}`;

function factsOf(points: readonly Point[]) {
  let firstAt = Infinity;
  let lastAt = -Infinity;
  const keys = new Set<string>();
  for (const point of points) {
    firstAt = Math.min(firstAt, point.t);
    lastAt = Math.max(lastAt, point.t);
    keys.add(point.k);
  }
  return {
    points: points.length,
    firstAt: Number.isFinite(firstAt) ? firstAt : 0,
    lastAt: Number.isFinite(lastAt) ? lastAt : 0,
    keys: [...keys],
  };
}

function payloadBytes(
  seq: number,
  points: readonly Point[],
  polled: readonly PolledCycle[],
  gaps: readonly Gap[],
): Buffer {
  const payload = {
    seq,
    points,
    ...(gaps.length > 0 ? { gaps } : {}),
    ...(polled.length > 0 ? { polled } : {}),
  };
  return Buffer.from(JSON.stringify(payload), 'utf8');
}

export class DiskBuffer {
  private readonly handles = new Map<number, FileHandle>();
  private activeSegment: { id: number; handle: FileHandle; size: number } | null = null;
  private queue: QueuedAppend[] = [];
  private tail: Promise<unknown> = Promise.resolve();
  private saveTimer: TimerHandle | null = null;
  private closed = false;

  private constructor(
    private readonly directory: string,
    private readonly ledger: BufferLedger,
    private readonly scheduler: Scheduler,
    private readonly ackSaveDelayMs: number,
    private readonly warn: (message: string) => void,
  ) {}

  /** Opens (or creates) the buffer in `directory`, recovering what a crash left behind. */
  static async open(options: DiskBufferOptions): Promise<DiskBuffer> {
    const directory = path.resolve(options.directory);
    const warn = options.onWarning ?? (() => undefined);
    await mkdir(directory, { recursive: true });
    const limits: LedgerLimits = {
      maxBytes: options.maxBytes ?? DEFAULT_BUFFER_BYTES,
      segmentBytes: options.segmentBytes ?? DEFAULT_SEGMENT_BYTES,
    };
    const state = await readState(path.join(directory, STATE_FILE), warn);
    const segments = await recoverSegments(directory, warn);
    const ledger = BufferLedger.restore(limits, {
      segments,
      nextSeq: state.nextSeq,
      isAcknowledged: (seq) => inRanges(state.acked, seq),
    });
    const buffer = new DiskBuffer(
      directory,
      ledger,
      options.scheduler ?? systemScheduler,
      options.ackSaveDelayMs ?? DEFAULT_ACK_SAVE_DELAY_MS,
      warn,
    );
    await buffer.exclusive(() => buffer.saveAndRelease());
    return buffer;
  }

  /**
   * Stores a batch durably and answers it with its sequence number. A batch may hold only poll
   * confirmations (no points): it is numbered, stored and sent like any other.
   */
  append(points: readonly Point[], polled: readonly PolledCycle[] = []): Promise<StoredBatch> {
    if (this.closed) return Promise.reject(new Error('the buffer is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ points, polled, resolve, reject });
      // One write-and-flush for everything queued meanwhile (group commit).
      if (this.queue.length === 1) void this.exclusive(() => this.writeQueued());
    });
  }

  /** The `up/data` payload of a stored batch, as it was written. */
  async payload(batch: StoredBatch): Promise<Buffer> {
    const handle = await this.handleFor(batch.segment);
    const length = batch.size - HEADER_BYTES;
    const bytes = Buffer.allocUnsafe(length);
    const { bytesRead } = await handle.read(bytes, 0, length, batch.offset + HEADER_BYTES);
    if (bytesRead !== length) throw new Error(`batch ${batch.seq} is no longer on disk`);
    return bytes;
  }

  /** The platform stored the batch; it leaves the buffer (its file once all of the file is acknowledged). */
  acknowledge(seq: number): boolean {
    const known = this.ledger.acknowledge(seq);
    if (known && !this.saveTimer && !this.closed) {
      this.saveTimer = this.scheduler.setTimeout(() => {
        this.saveTimer = null;
        this.exclusive(() => this.saveAndRelease()).catch((error: unknown) =>
          this.warn(`buffer state could not be saved: ${String(error)}`),
        );
      }, this.ackSaveDelayMs);
    }
    return known;
  }

  has(seq: number): boolean {
    return this.ledger.liveBatches().some((batch) => batch.seq === seq);
  }

  isAcknowledged(seq: number): boolean {
    return this.ledger.isAcknowledged(seq);
  }

  takeToSend(maxInFlight: number): StoredBatch[] {
    return this.ledger.takeToSend(maxInFlight, this.scheduler.now());
  }

  /** The link is up: what is stored from now on is live, the rest backlog (see `Lane`). */
  startLive(): void {
    this.ledger.startLive();
  }

  /** The next batches of one lane to send, within the limits (see `BufferLedger.takeLane`). */
  takeLane(lane: Lane, limits: { maxBatches: number; maxPoints: number }): StoredBatch[] {
    return this.ledger.takeLane(lane, limits, this.scheduler.now());
  }

  laneOf(seq: number): Lane {
    return this.ledger.laneOf(seq);
  }

  isInFlight(seq: number): boolean {
    return this.ledger.isInFlight(seq);
  }

  inFlightIn(lane: Lane): number {
    return this.ledger.inFlightIn(lane);
  }

  hasUnsentIn(lane: Lane): boolean {
    return this.ledger.hasUnsentIn(lane);
  }

  expireInFlight(timeoutMs: number): number {
    return this.ledger.expireInFlight(this.scheduler.now(), timeoutMs);
  }

  resetInFlight(): void {
    this.ledger.resetInFlight();
  }

  oldestInFlightAt(): number | null {
    return this.ledger.oldestInFlightAt();
  }

  /** Whether a stored batch still waits to be sent (a backlog, or a full sending window). */
  hasUnsent(): boolean {
    return this.ledger.hasUnsent();
  }

  stats(): LedgerStats {
    return this.ledger.stats();
  }

  /** Batches held, oldest first (for status and tests). */
  batches(): readonly StoredBatch[] {
    return this.ledger.liveBatches();
  }

  /** Waits for queued appends, saves the state and closes the files. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.saveTimer) this.scheduler.clearTimeout(this.saveTimer);
    this.saveTimer = null;
    await this.exclusive(async () => {
      await this.saveAndRelease();
      await Promise.all([...this.handles.values()].map((handle) => handle.close()));
      this.handles.clear();
      this.activeSegment = null;
    });
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async writeQueued(): Promise<void> {
    const group = this.queue.splice(0);
    const written: Array<{ entry: QueuedAppend; batch: StoredBatch }> = [];
    const dirty = new Set<FileHandle>();
    const evicted: number[] = [];
    let created = false;
    // A plan not yet committed holds back the segments it drops from sending (see BufferLedger).
    let planned: AppendPlan | null = null;
    try {
      for (const entry of group) {
        const facts = factsOf(entry.points);
        const estimate =
          HEADER_BYTES +
          payloadBytes(this.ledger.nextSeq, entry.points, entry.polled, []).length +
          GAP_ALLOWANCE;
        const plan = this.ledger.planAppend(estimate);
        planned = plan;
        const gaps = await this.withKeysRead(plan);
        const record = encodeRecord(
          { seq: plan.seq, ...facts, dropThrough: plan.dropThrough },
          payloadBytes(plan.seq, entry.points, entry.polled, gaps),
        );
        if (plan.newSegment || !this.activeSegment) {
          await this.startSegment(plan);
          created = true;
        }
        const segment = this.activeSegment!;
        await segment.handle.write(record, 0, record.length, segment.size);
        dirty.add(segment.handle);
        const batch = this.ledger.commitAppend(plan, {
          ...facts,
          gaps,
          offset: segment.size,
          size: record.length,
        });
        planned = null;
        segment.size += record.length;
        evicted.push(...plan.evict);
        written.push({ entry, batch });
        for (const gap of gaps)
          this.warn(
            `buffer full: dropped ${gap.lost} points from ${new Date(gap.from).toISOString()} to ${new Date(gap.to).toISOString()}`,
          );
      }
      await Promise.all([...dirty].map((handle) => handle.datasync()));
      if (created) await syncDirectory(this.directory);
    } catch (error) {
      if (planned) this.ledger.abandonAppend(planned);
      // Whatever was written but not flushed is not promised to anyone: its senders hear the failure.
      for (const entry of group) entry.reject(error);
      return;
    }
    for (const { entry, batch } of written) entry.resolve(batch);
    // The batch naming the drop is durable, so a restart drops these segments even if we die now.
    for (const id of evicted) await this.deleteSegment(id);
  }

  /**
   * The plan's gap with the variables of batches restored from disk (the ledger knows only those
   * stored since the start): their payloads are read before their segments go.
   */
  private async withKeysRead(plan: AppendPlan): Promise<readonly Gap[]> {
    if (plan.gaps.length === 0 || plan.unknownKeys.length === 0) return plan.gaps;
    const known: StoredBatch[] = [];
    for (const batch of plan.unknownKeys)
      known.push(
        batch.keys || batch.points === 0 || this.ledger.isAcknowledged(batch.seq)
          ? batch
          : { ...batch, keys: keysOfPayload(await this.payload(batch)) },
      );
    const { ledger } = this;
    const loss = lossOf(
      known,
      (seq) => ledger.isAcknowledged(seq),
      (from, to) => ledger.deliveredWithin(from, to),
    );
    return loss.gaps.map((gap) =>
      !gap.keys || gap.keys.length <= MAX_GAP_KEYS ? gap : { from: gap.from, to: gap.to, lost: gap.lost },
    );
  }

  private async startSegment(plan: AppendPlan): Promise<void> {
    // A file of the same name is left over from a write that failed before it was recorded.
    await this.handles
      .get(plan.seq)
      ?.close()
      .catch(() => undefined);
    const handle = await open(path.join(this.directory, segmentName(plan.seq)), 'w+');
    this.handles.set(plan.seq, handle);
    this.activeSegment = { id: plan.seq, handle, size: 0 };
  }

  private async handleFor(segment: number): Promise<FileHandle> {
    const existing = this.handles.get(segment);
    if (existing) return existing;
    const handle = await open(path.join(this.directory, segmentName(segment)), 'r');
    const raced = this.handles.get(segment);
    if (raced) {
      await handle.close();
      return raced;
    }
    this.handles.set(segment, handle);
    return handle;
  }

  private async deleteSegment(id: number): Promise<void> {
    const handle = this.handles.get(id);
    this.handles.delete(id);
    if (this.activeSegment?.id === id) this.activeSegment = null;
    await handle?.close().catch(() => undefined);
    await removeFile(path.join(this.directory, segmentName(id)));
  }

  /** Saves the next sequence number and the acknowledgements, then deletes fully acknowledged segments. */
  private async saveAndRelease(): Promise<void> {
    const state: SavedState = {
      format: 1,
      nextSeq: this.ledger.nextSeq,
      acked: toRanges(this.ledger.acknowledgedSeqs()),
    };
    await writeFileAtomic(path.join(this.directory, STATE_FILE), JSON.stringify(state));
    const releasable = this.ledger.releasableSegments();
    this.ledger.dropSegments(releasable);
    for (const id of releasable) await this.deleteSegment(id);
  }
}

async function readState(file: string, warn: (message: string) => void): Promise<SavedState> {
  const empty: SavedState = { format: 1, nextSeq: 1, acked: [] };
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<SavedState>;
    const acked = Array.isArray(parsed.acked)
      ? parsed.acked.filter((range): range is [number, number] => Array.isArray(range) && range.length === 2)
      : [];
    return { format: 1, nextSeq: typeof parsed.nextSeq === 'number' ? parsed.nextSeq : 1, acked };
  } catch {
    // Without it every batch on disk is sent again; storage is idempotent, so nothing is doubled.
    warn('buffer state file is unreadable; batches on disk will be sent again');
    return empty;
  }
}

/**
 * Reads every segment: torn tails are cut off, empty files removed, and segments a later batch
 * says were dropped (its drop-through) are deleted.
 */
async function recoverSegments(directory: string, warn: (message: string) => void) {
  const names = (await readdir(directory)).filter((name) => /^\d{20}\.seg$/.test(name)).sort();
  const segments: Array<{ id: number; bytes: number; batches: StoredBatch[] }> = [];
  let dropThrough = 0;
  for (const name of names) {
    const file = path.join(directory, name);
    const content = await readFile(file);
    const scan = scanSegment(content);
    if (scan.validBytes < content.length) {
      warn(
        `buffer segment ${name}: ${content.length - scan.validBytes} bytes after the last whole batch were cut off (interrupted write)`,
      );
      await truncate(file, scan.validBytes);
    }
    if (scan.records.length === 0) {
      await removeFile(file);
      continue;
    }
    const id = Number(name.slice(0, -SEGMENT_SUFFIX.length));
    const batches = scan.records.map((record): StoredBatch => ({
      seq: record.seq,
      segment: id,
      offset: record.offset,
      size: record.size,
      points: record.points,
      firstAt: record.firstAt,
      lastAt: record.lastAt,
      gaps: record.gaps,
    }));
    for (const record of scan.records) dropThrough = Math.max(dropThrough, record.dropThrough);
    segments.push({ id, bytes: scan.validBytes, batches });
  }
  const kept = [];
  for (const segment of segments) {
    if (segment.batches.at(-1)!.seq <= dropThrough)
      await removeFile(path.join(directory, segmentName(segment.id)));
    else kept.push(segment);
  }
  return kept;
}
