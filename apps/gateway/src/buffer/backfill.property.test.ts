/**
 * The disk buffer and the forwarder's two lanes under any interleaving of writes, deliveries,
 * acknowledgements, reconnections and drops for a small disk budget: once the link stays up,
 * every point kept is stored at the platform, nothing acknowledged is ever sent again, and the gaps
 * reported cover the points dropped exactly (time, variable, count). The platform is a model in
 * memory: uploads and acknowledgements wait in queues the test empties one message at a time.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { DataPayload, Gap, Point } from '@lyyp/contracts/protocol';
import { describe, expect, it } from 'vitest';
import { ManualScheduler } from '../core/testing/manual-scheduler.ts';
import { DiskBuffer } from './disk-buffer.ts';
import { Forwarder } from './forwarder.ts';

const KEYS = ['a', 'b', 'c', 'd'];

type Step =
  | { readonly kind: 'write'; readonly points: number; readonly keys: number }
  | { readonly kind: 'deliver' }
  | { readonly kind: 'ack' }
  /** The link drops: uploads on their way are lost, acknowledgements already sent arrive. */
  | { readonly kind: 'drop-uploads' }
  /** The link drops after the platform stored what was on its way: its acknowledgements are lost. */
  | { readonly kind: 'drop-acks' }
  | { readonly kind: 'connect' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('write' as const),
      points: fc.integer({ min: 1, max: 40 }),
      keys: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 4, arbitrary: fc.constant({ kind: 'deliver' as const }) },
  { weight: 4, arbitrary: fc.constant({ kind: 'ack' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'drop-uploads' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'drop-acks' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'connect' as const }) },
);

const identity = (point: Point) => `${point.k}@${point.t}`;

async function run(steps: readonly Step[], budget: number): Promise<void> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'lyyp-backfill-prop-'));
  const clock = new ManualScheduler(1_800_000_000_000);
  const buffer = await DiskBuffer.open({ directory, scheduler: clock, maxBytes: budget, segmentBytes: 800 });
  let online = false;
  let network: Buffer[] = [];
  let acks: number[] = [];
  const stored = new Map<string, Point>();
  const gaps = new Map<string, Gap>();
  /** Points of the batches the gateway heard acknowledged; none may arrive again afterwards. */
  const acknowledgedPoints = new Set<string>();
  const resentAfterAck: string[] = [];
  const batchPoints = new Map<number, Point[]>();
  const acknowledgedSeqs = new Set<number>();
  let acksLost = false;
  const forwarder = new Forwarder({
    buffer,
    scheduler: clock,
    ackTimeoutMs: 3_600_000,
    maxInFlight: 2,
    backlogInFlight: 2,
    backlogPoints: 40,
    send: (payload) => {
      if (!online) return false;
      network.push(payload);
      return true;
    },
  });
  const settle = () => forwarder.idle();
  const acknowledge = async (seq: number) => {
    const held = new Map(buffer.batches().map((batch) => [batch.seq, batch]));
    forwarder.acknowledged(seq);
    // Whatever the acknowledgement released is stored: its points must never come again.
    for (const [heldSeq] of held)
      if (buffer.isAcknowledged(heldSeq) && !acknowledgedSeqs.has(heldSeq)) {
        acknowledgedSeqs.add(heldSeq);
        for (const point of batchPoints.get(heldSeq) ?? []) acknowledgedPoints.add(identity(point));
      }
    await settle();
  };
  const deliver = () => {
    const message = network.shift();
    if (!message) return;
    const payload = JSON.parse(message.toString('utf8')) as DataPayload;
    for (const point of payload.points) {
      if (acknowledgedPoints.has(identity(point))) resentAfterAck.push(identity(point));
      stored.set(identity(point), point);
    }
    for (const gap of payload.gaps ?? []) gaps.set(JSON.stringify(gap), gap);
    acks.push(payload.seq);
  };
  const produced: Point[] = [];
  try {
    for (const item of steps) {
      switch (item.kind) {
        case 'write': {
          const points: Point[] = [];
          for (let index = 0; index < item.points; index += 1) {
            clock.advance(10);
            points.push({ k: KEYS[index % item.keys]!, t: clock.now(), v: index });
          }
          produced.push(...points);
          const batch = await buffer.append(points);
          batchPoints.set(batch.seq, points);
          forwarder.pump();
          await settle();
          break;
        }
        case 'deliver':
          deliver();
          break;
        case 'ack': {
          const seq = acks.shift();
          if (seq !== undefined && online) await acknowledge(seq);
          break;
        }
        case 'drop-uploads':
        case 'drop-acks':
          if (!online) break;
          if (item.kind === 'drop-uploads') {
            while (acks.length > 0) await acknowledge(acks.shift()!);
            network = [];
          } else {
            while (network.length > 0) deliver();
            acksLost ||= acks.length > 0;
            acks = [];
          }
          online = false;
          forwarder.disconnected();
          break;
        case 'connect':
          if (online) break;
          online = true;
          forwarder.connected();
          await settle();
          break;
      }
    }
    // The link comes back and stays: everything goes out.
    if (!online) {
      online = true;
      forwarder.connected();
      await settle();
    }
    while (network.length > 0 || acks.length > 0) {
      deliver();
      while (acks.length > 0) await acknowledge(acks.shift()!);
    }
    expect(buffer.stats().unacknowledged).toBe(0);

    // Dropped: batches that left the buffer without being acknowledged.
    const dropped = [...batchPoints]
      .filter(([seq]) => !acknowledgedSeqs.has(seq))
      .flatMap(([, points]) => points);
    const reported = [...gaps.values()];
    const covered = (point: Point) =>
      reported.some(
        (gap) => gap.from <= point.t && point.t <= gap.to && (!gap.keys || gap.keys.includes(point.k)),
      );
    for (const point of dropped) expect(covered(point), identity(point)).toBe(true);
    // Every point not dropped is stored; what is missing was dropped.
    const droppedIds = new Set(dropped.map(identity));
    for (const point of produced)
      if (!droppedIds.has(identity(point))) expect(stored.get(identity(point))).toEqual(point);
    for (const point of produced)
      if (!stored.has(identity(point))) expect(droppedIds.has(identity(point))).toBe(true);
    expect(resentAfterAck).toEqual([]);
    // A gap counts exactly the points dropped, unless a batch the platform stored lost its
    // acknowledgement and was dropped before it was sent again (then the gap counts it too).
    const lost = reported.reduce((sum, gap) => sum + gap.lost, 0);
    if (acksLost) expect(lost).toBeGreaterThanOrEqual(dropped.length);
    else expect(lost).toBe(dropped.length);
    // A gap claims that its variables (every variable when none is named) lost everything between
    // its ends: no point it claims was delivered, and each variable it names lost something there.
    // Gaps may overlap in time; together they cover every point dropped (checked above).
    if (!acksLost)
      for (const gap of reported) {
        const claims = (point: Point) =>
          gap.from <= point.t && point.t <= gap.to && (!gap.keys || gap.keys.includes(point.k));
        const delivered = produced.filter((point) => !droppedIds.has(identity(point)) && claims(point));
        expect(delivered.map(identity), JSON.stringify(gap)).toEqual([]);
        const lostInside = new Set(dropped.filter(claims).map((point) => point.k));
        for (const key of gap.keys ?? [])
          expect(lostInside.has(key), `${key} in ${JSON.stringify(gap)}`).toBe(true);
      }
  } finally {
    forwarder.stop();
    await buffer.close();
    await rm(directory, { recursive: true, force: true });
  }
}

describe('backfill through the disk buffer, any interleaving', () => {
  it('delivers exactly the points kept, never resends an acknowledged one, and reports exactly the dropped ones', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 5, maxLength: 60 }),
        fc.constantFrom(2500, 5000, 1_000_000),
        (steps, budget) => run(steps, budget),
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
