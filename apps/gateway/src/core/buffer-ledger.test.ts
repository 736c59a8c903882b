import { describe, expect, it } from 'vitest';
import { BufferLedger, inRanges, toRanges, type StoredBatch } from './buffer-ledger.ts';

const BASE = 1_700_000_000_000;

/** Appends a batch of `points` points at `at`, `size` bytes on disk, the way the disk buffer does. */
function append(ledger: BufferLedger, { size = 100, points = 10, at = BASE } = {}) {
  const plan = ledger.planAppend(size);
  const batch = ledger.commitAppend(plan, {
    points,
    firstAt: at,
    lastAt: at + points - 1,
    gaps: plan.gaps,
    offset: 0,
    size,
  });
  return { plan, batch };
}

const seqs = (batches: readonly StoredBatch[]) => batches.map((batch) => batch.seq);

describe('buffer ledger', () => {
  it('numbers batches one after another and never below the saved next number', () => {
    const ledger = new BufferLedger({ maxBytes: 10_000, segmentBytes: 1000 }, 41);
    expect(append(ledger).batch.seq).toBe(41);
    expect(append(ledger).batch.seq).toBe(42);
    const restored = BufferLedger.restore(
      { maxBytes: 10_000, segmentBytes: 1000 },
      {
        segments: [{ id: 41, bytes: 200, batches: ledger.liveBatches() }],
        isAcknowledged: () => false,
        nextSeq: 50,
      },
    );
    expect(restored.nextSeq).toBe(50);
    const fromDisk = BufferLedger.restore(
      { maxBytes: 10_000, segmentBytes: 1000 },
      {
        segments: [{ id: 41, bytes: 200, batches: ledger.liveBatches() }],
        isAcknowledged: () => false,
        nextSeq: 1,
      },
    );
    expect(fromDisk.nextSeq).toBe(43);
  });

  it('starts a new segment when the current one is full', () => {
    const ledger = new BufferLedger({ maxBytes: 100_000, segmentBytes: 250 });
    const segments = [1, 2, 3, 4, 5].map(() => append(ledger).batch.segment);
    expect(segments).toEqual([1, 1, 3, 3, 5]);
  });

  it('sends oldest first with a bounded number in flight, and frees the window on acknowledgement', () => {
    const ledger = new BufferLedger({ maxBytes: 100_000, segmentBytes: 1000 });
    for (let index = 0; index < 6; index += 1) append(ledger);
    expect(ledger.hasUnsent()).toBe(true);
    expect(seqs(ledger.takeToSend(2, BASE))).toEqual([1, 2]);
    expect(ledger.takeToSend(2, BASE)).toEqual([]);
    ledger.acknowledge(2);
    expect(seqs(ledger.takeToSend(2, BASE))).toEqual([3]);
    ledger.acknowledge(1);
    ledger.acknowledge(3);
    expect(seqs(ledger.takeToSend(2, BASE))).toEqual([4, 5]);
    expect(ledger.hasUnsent()).toBe(true);
    ledger.acknowledge(4);
    expect(seqs(ledger.takeToSend(2, BASE))).toEqual([6]);
    // Everything is acknowledged or on its way: nothing waits.
    expect(ledger.hasUnsent()).toBe(false);
    ledger.resetInFlight();
    expect(ledger.hasUnsent()).toBe(true);
  });

  it('after a lost connection sends again from the oldest unacknowledged batch, skipping acknowledged ones', () => {
    const ledger = new BufferLedger({ maxBytes: 100_000, segmentBytes: 1000 });
    for (let index = 0; index < 5; index += 1) append(ledger);
    ledger.takeToSend(4, BASE);
    ledger.acknowledge(2);
    ledger.resetInFlight();
    expect(seqs(ledger.takeToSend(10, BASE))).toEqual([1, 3, 4, 5]);
  });

  it('sends a batch again when its acknowledgement does not come in time', () => {
    const ledger = new BufferLedger({ maxBytes: 100_000, segmentBytes: 1000 });
    append(ledger);
    append(ledger);
    ledger.takeToSend(1, BASE);
    expect(ledger.expireInFlight(BASE + 999, 1000)).toBe(0);
    expect(ledger.expireInFlight(BASE + 1000, 1000)).toBe(1);
    expect(seqs(ledger.takeToSend(1, BASE + 1000))).toEqual([1]);
  });

  it('drops the oldest segment when full and turns its unacknowledged points into a gap', () => {
    const ledger = new BufferLedger({ maxBytes: 1000, segmentBytes: 250 });
    for (let index = 0; index < 10; index += 1) append(ledger, { at: BASE + index * 1000 });
    ledger.acknowledge(1);
    const { plan, batch } = append(ledger, { at: BASE + 10_000 });
    expect(plan.evict).toEqual([1]);
    expect(plan.dropThrough).toBe(2);
    // Batch 1 was stored already; only batch 2 (10 points from BASE + 1000) is lost.
    expect(plan.gaps).toEqual([{ from: BASE + 1000, to: BASE + 1009, lost: 10 }]);
    expect(batch.gaps).toEqual(plan.gaps);
    expect(seqs(ledger.liveBatches())[0]).toBe(3);
    expect(ledger.bytes).toBeLessThanOrEqual(1000);
  });

  it('carries a dropped gap forward when the batch carrying it is dropped too', () => {
    const ledger = new BufferLedger({ maxBytes: 400, segmentBytes: 100 });
    for (let index = 0; index < 4; index += 1) append(ledger, { at: BASE + index * 1000 });
    const first = append(ledger, { at: BASE + 4000 });
    expect(first.plan.gaps).toEqual([{ from: BASE, to: BASE + 9, lost: 10 }]);
    for (let index = 5; index < 8; index += 1) append(ledger, { at: BASE + index * 1000 });
    // Batch 5 carried the first gap and is dropped now: both losses travel in the next batch as one
    // gap, since batches 2 to 4 between them were lost as well (none was delivered).
    const later = append(ledger, { at: BASE + 8000 });
    expect(later.plan.evict).toEqual([5]);
    expect(later.plan.gaps).toEqual([{ from: BASE, to: BASE + 4009, lost: 20 }]);
  });

  it('does not drop a segment while one of its batches is on its way, and overshoots instead', () => {
    const ledger = new BufferLedger({ maxBytes: 400, segmentBytes: 100 });
    for (let index = 0; index < 4; index += 1) append(ledger);
    ledger.takeToSend(1, BASE);
    expect(append(ledger).plan.evict).toEqual([]);
    expect(append(ledger).plan.evict).toEqual([]);
    expect(ledger.bytes).toBe(600);
    // Its answer timed out: sent again, but no longer kept at any size.
    ledger.expireInFlight(BASE + 15_000, 15_000);
    expect(ledger.takeToSend(1, BASE + 15_000).map((batch) => batch.seq)).toEqual([1]);
    const forced = append(ledger, { at: BASE + 5000 });
    expect(forced.plan.evict).toEqual([1, 2, 3]);
    expect(forced.plan.gaps).toEqual([{ from: BASE, to: BASE + 9, lost: 30 }]);
    expect(ledger.bytes).toBe(400);
  });

  it('drops without a gap when everything dropped was acknowledged', () => {
    const ledger = new BufferLedger({ maxBytes: 400, segmentBytes: 100 });
    for (let index = 0; index < 4; index += 1) append(ledger);
    ledger.acknowledge(1);
    expect(append(ledger).plan.gaps).toEqual([]);
  });

  it('releases only sealed, fully acknowledged segments at the front', () => {
    const ledger = new BufferLedger({ maxBytes: 100_000, segmentBytes: 200 });
    for (let index = 0; index < 5; index += 1) append(ledger);
    // Segments: [1, 2], [3, 4], [5] (open).
    ledger.acknowledge(3);
    ledger.acknowledge(4);
    expect(ledger.releasableSegments()).toEqual([]);
    ledger.acknowledge(1);
    ledger.acknowledge(2);
    ledger.acknowledge(5);
    expect(ledger.releasableSegments()).toEqual([1, 3]);
    ledger.dropSegments([1, 3]);
    expect(seqs(ledger.liveBatches())).toEqual([5]);
  });

  it('keeps batch order and acknowledgements across a restore', () => {
    const ledger = new BufferLedger({ maxBytes: 100_000, segmentBytes: 1000 });
    for (let index = 0; index < 4; index += 1) append(ledger);
    const acked = new Set([1, 3]);
    const restored = BufferLedger.restore(
      { maxBytes: 100_000, segmentBytes: 1000 },
      {
        segments: [{ id: 1, bytes: 400, batches: ledger.liveBatches() }],
        isAcknowledged: (seq) => acked.has(seq),
        nextSeq: 5,
      },
    );
    expect(seqs(restored.takeToSend(10, BASE))).toEqual([2, 4]);
    expect(restored.stats()).toMatchObject({ unacknowledged: 2, unacknowledgedPoints: 20, inFlight: 2 });
    // A restored segment is never appended to.
    expect(append(restored).batch.segment).toBe(5);
  });

  it('sends nothing a pending drop counts as lost, also when the link comes back while the batch is written', () => {
    const ledger = new BufferLedger({ maxBytes: 400, segmentBytes: 100 });
    for (let index = 0; index < 4; index += 1) append(ledger, { at: BASE + index * 1000 });
    // Offline and full: the next batch drops batch 1 and says so in its gap...
    const plan = ledger.planAppend(100);
    expect(plan.evict).toEqual([1]);
    expect(plan.gaps).toEqual([{ from: BASE, to: BASE + 9, lost: 10 }]);
    // ...and while that batch is being written, the connection returns and sending starts.
    ledger.resetInFlight();
    expect(seqs(ledger.takeToSend(8, BASE))).toEqual([2, 3, 4]);
    ledger.commitAppend(plan, {
      points: 10,
      firstAt: BASE,
      lastAt: BASE,
      gaps: plan.gaps,
      offset: 0,
      size: 100,
    });
    expect(seqs(ledger.takeToSend(8, BASE))).toEqual([5]);
    expect(seqs(ledger.liveBatches())).toEqual([2, 3, 4, 5]);
  });

  it('sends a pending drop after all when the batch that planned it could not be written', () => {
    const ledger = new BufferLedger({ maxBytes: 400, segmentBytes: 100 });
    for (let index = 0; index < 4; index += 1) append(ledger);
    const plan = ledger.planAppend(100);
    expect(ledger.hasUnsent()).toBe(true);
    expect(seqs(ledger.takeToSend(1, BASE))).toEqual([2]);
    ledger.abandonAppend(plan);
    ledger.resetInFlight();
    expect(seqs(ledger.takeToSend(8, BASE))).toEqual([1, 2, 3, 4]);
    // Nothing was dropped; offline again, the next attempt plans the same drop.
    ledger.resetInFlight();
    expect(ledger.planAppend(100)).toMatchObject({ seq: 5, evict: [1], gaps: [{ lost: 10 }] });
  });
});

describe('sequence ranges', () => {
  it('compresses ascending numbers and finds members', () => {
    const ranges = toRanges([1, 2, 3, 7, 9, 10]);
    expect(ranges).toEqual([
      [1, 3],
      [7, 7],
      [9, 10],
    ]);
    expect([0, 1, 3, 4, 7, 8, 10, 11].map((value) => inRanges(ranges, value))).toEqual([
      false,
      true,
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
  });
});

describe('gaps of a drop', () => {
  it('never span a batch that was delivered: an acknowledged batch between two lost ones ends a gap', () => {
    const ledger = new BufferLedger({ maxBytes: 400, segmentBytes: 400 });
    for (let index = 0; index < 3; index += 1) append(ledger, { at: BASE + index * 1000 });
    ledger.takeToSend(3, BASE);
    // The middle batch was stored; the first and the last were not.
    ledger.acknowledge(2);
    ledger.expireInFlight(BASE + 15_000, 15_000);
    const { plan } = append(ledger, { size: 400, at: BASE + 5000 });
    expect(plan.dropThrough).toBe(3);
    expect(plan.gaps).toEqual([
      { from: BASE, to: BASE + 9, lost: 10 },
      { from: BASE + 2000, to: BASE + 2009, lost: 10 },
    ]);
  });
});
