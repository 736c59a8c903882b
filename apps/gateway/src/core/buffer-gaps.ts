/**
 * What dropping batches loses, as gaps. A gap claims that its variables (every variable when it
 * names none) lost every point between its ends, so a gap never spans a batch that was delivered:
 *
 * - the dropped batches' own unacknowledged points make one gap per run of consecutive
 *   unacknowledged batches (an acknowledged batch between them ends a run), naming the run's
 *   variables (none when a batch's variables are unknown: then it is every variable's);
 * - the gaps the dropped batches still carried are kept;
 * - two of these join when no batch between the ones they stand for was delivered (every batch
 *   number between them was lost too), so an outage that keeps dropping makes one growing gap.
 *
 * The batch numbers a gap stands for are the buffer's own bookkeeping (`Loss.seqs`), not sent; a
 * gap restored from disk has none and joins nothing. Gaps may overlap in time (a carried gap of one
 * variable beside a run of others); together they cover every point lost, exactly. A batch carries
 * at most `MAX_GAPS_PER_BATCH`: beyond that the oldest are joined (their span and variables
 * united), which may claim delivered points of those variables after a long, patchy outage.
 */
import type { Gap } from '@lyyp/contracts/protocol';

/** Most gaps one batch carries. */
export const MAX_GAPS_PER_BATCH = 32;

/** The first and last batch number a gap stands for. */
export type SeqSpan = readonly [number, number];

/** What a dropped batch tells about its content. */
export interface DroppedBatch {
  readonly seq: number;
  readonly points: number;
  readonly firstAt: number;
  readonly lastAt: number;
  readonly gaps: readonly Gap[];
  readonly keys?: readonly string[];
  /** The batch numbers each of `gaps` stands for, where known. */
  readonly gapSeqs?: ReadonlyArray<SeqSpan | null>;
}

export interface Loss {
  readonly gaps: Gap[];
  /** The batch numbers each gap stands for (null where unknown), in the order of `gaps`. */
  readonly seqs: Array<SeqSpan | null>;
}

interface Part {
  from: number;
  to: number;
  lost: number;
  keys: Set<string> | null;
  seqs: [number, number] | null;
}

/**
 * `deliveredWithin(from, to)` tells whether any batch numbered `from` … `to` was delivered; without
 * it, only gaps whose batch numbers are consecutive join.
 */
export function lossOf(
  dropped: readonly DroppedBatch[],
  isAcknowledged: (seq: number) => boolean,
  deliveredWithin: (from: number, to: number) => boolean = (from, to) => from <= to,
): Loss {
  const parts: Part[] = [];
  /** The run of unacknowledged batches going on, if any. */
  const open: { run: Part | null } = { run: null };
  const close = () => {
    if (open.run) parts.push(open.run);
    open.run = null;
  };
  for (const batch of dropped) {
    if (isAcknowledged(batch.seq)) {
      close();
      continue;
    }
    batch.gaps.forEach((gap, index) => {
      const seqs = batch.gapSeqs?.[index];
      parts.push({ ...partOf(gap), seqs: seqs ? [seqs[0], seqs[1]] : null });
    });
    if (batch.points === 0) {
      // Lost nothing of its own: the run goes on through it.
      if (open.run?.seqs) open.run.seqs[1] = batch.seq;
      continue;
    }
    const own = partOf({ from: batch.firstAt, to: batch.lastAt, lost: batch.points, keys: batch.keys });
    if (open.run) join(open.run, own, batch.seq);
    else open.run = { ...own, seqs: [batch.seq, batch.seq] };
  }
  close();
  // Restored gaps first (they are the oldest), then the rest by batch number, joined where they meet.
  const joined: Part[] = parts.filter((part) => !part.seqs);
  const known = parts.filter((part) => part.seqs).sort((a, b) => a.seqs![0] - b.seqs![0]);
  for (const part of known) {
    const last = joined.at(-1);
    const meets =
      last?.seqs && last.seqs[1] < part.seqs![0] && !deliveredWithin(last.seqs[1] + 1, part.seqs![0] - 1);
    if (last && meets) join(last, part, part.seqs![1]);
    else joined.push(part);
  }
  const capped = joinOldestParts(joined, MAX_GAPS_PER_BATCH);
  return { gaps: capped.map(toGap), seqs: capped.map((part) => part.seqs) };
}

function partOf(loss: { from: number; to: number; lost: number; keys?: readonly string[] | undefined }) {
  return { from: loss.from, to: loss.to, lost: loss.lost, keys: loss.keys ? new Set(loss.keys) : null };
}

function join(into: Part, part: Omit<Part, 'seqs'>, lastSeq: number): void {
  into.from = Math.min(into.from, part.from);
  into.to = Math.max(into.to, part.to);
  into.lost += part.lost;
  if (!part.keys) into.keys = null;
  else if (into.keys) for (const key of part.keys) into.keys.add(key);
  if (into.seqs) into.seqs[1] = lastSeq;
}

function toGap(part: Part): Gap {
  return part.keys
    ? { from: part.from, to: part.to, lost: part.lost, keys: [...part.keys].sort() }
    : { from: part.from, to: part.to, lost: part.lost };
}

function joinOldestParts(parts: readonly Part[], most: number): Part[] {
  if (parts.length <= most) return [...parts];
  const extra = parts.length - most + 1;
  const [first, ...rest] = parts.slice(0, extra);
  const merged: Part = { ...first!, keys: first!.keys ? new Set(first!.keys) : null, seqs: null };
  for (const part of rest) join(merged, part, 0);
  return [merged, ...parts.slice(extra)];
}

/** At most `most` gaps: the oldest joined into one (span and variables united). */
export function joinOldest(gaps: readonly Gap[], most: number): Gap[] {
  return joinOldestParts(
    gaps.map((gap) => ({ ...partOf(gap), seqs: null })),
    most,
  ).map(toGap);
}
