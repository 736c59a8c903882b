import { dataPayloadSchema, type Point } from '@lyyp/contracts/protocol';
import { describe, expect, it } from 'vitest';
import { NOT_A_NUMBER_CODE, PointBatcher, pointsOf, type Batch } from './point-batcher.ts';
import { ManualScheduler } from './testing/manual-scheduler.ts';

const point = (index: number): Point => ({ k: 'level', t: 1_000 + index, v: index });

describe('point batcher', () => {
  it('closes a batch when it is full, splitting large reports, and keeps the rest for later', () => {
    const scheduler = new ManualScheduler();
    const batches: Point[][] = [];
    const batcher = new PointBatcher({
      scheduler,
      maxPoints: 4,
      maxDelayMs: 1000,
      onBatch: (batch) => batches.push(batch.points),
    });
    batcher.add(Array.from({ length: 10 }, (_, index) => point(index)));
    expect(batches.map((batch) => batch.length)).toEqual([4, 4]);
    expect(batcher.size).toBe(2);
    scheduler.advance(999);
    expect(batches).toHaveLength(2);
    scheduler.advance(1);
    expect(batches.map((batch) => batch.map((item) => item.v))).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
  });

  it('closes a batch a fixed time after its first point, however slowly points come', () => {
    const scheduler = new ManualScheduler();
    const batches: Point[][] = [];
    const batcher = new PointBatcher({
      scheduler,
      maxPoints: 500,
      maxDelayMs: 1000,
      onBatch: (batch) => batches.push(batch.points),
    });
    batcher.add([point(1)]);
    scheduler.advance(600);
    batcher.add([point(2)]);
    scheduler.advance(400);
    expect(batches).toEqual([[point(1), point(2)]]);
    expect(scheduler.pending).toBe(0);
  });

  it('never lets a batch exceed the protocol limit', () => {
    const batches: Point[][] = [];
    const batcher = new PointBatcher({
      scheduler: new ManualScheduler(),
      maxPoints: 1_000_000,
      onBatch: (batch) => batches.push(batch.points),
    });
    batcher.add(Array.from({ length: 12_000 }, (_, index) => point(index)));
    expect(batches.map((batch) => batch.length)).toEqual([5000, 5000]);
  });
});

describe('poll confirmations', () => {
  function confirmingBatcher(maxDelayMs = 1000) {
    const scheduler = new ManualScheduler();
    const batches: Batch[] = [];
    const batcher = new PointBatcher({ scheduler, maxDelayMs, onBatch: (batch) => batches.push(batch) });
    return { scheduler, batches, batcher };
  }

  it('sends a confirmation on its own, with no points, within half the poll interval when nothing changed', () => {
    const { scheduler, batches, batcher } = confirmingBatcher(1000);
    const t = scheduler.now();
    batcher.confirm({ driver: 'boiler', t }, 250);
    scheduler.advance(124);
    expect(batches).toEqual([]);
    scheduler.advance(1);
    expect(batches).toEqual([{ points: [], polled: [{ driver: 'boiler', t }] }]);
    expect(scheduler.pending).toBe(0);
  });

  it('rides along with the points of the same window, in the batch that carries them', () => {
    const { scheduler, batches, batcher } = confirmingBatcher(1000);
    batcher.add([point(1)]);
    scheduler.advance(100);
    batcher.confirm({ driver: 'boiler', t: 1_100 }, 10_000);
    scheduler.advance(899);
    expect(batches).toEqual([]);
    scheduler.advance(1);
    expect(batches).toEqual([{ points: [point(1)], polled: [{ driver: 'boiler', t: 1_100 }] }]);
  });

  it('closes a batch early rather than let the next poll of a driver overtake its confirmation', () => {
    const { scheduler, batches, batcher } = confirmingBatcher(1000);
    batcher.add([point(1)]);
    batcher.confirm({ driver: 'fast', t: 1_000 }, 200);
    scheduler.advance(99);
    expect(batches).toEqual([]);
    scheduler.advance(1);
    expect(batches).toEqual([{ points: [point(1)], polled: [{ driver: 'fast', t: 1_000 }] }]);
  });

  it('merges the drivers confirmed within one window into one upload, keeping the newest cycle of each', () => {
    const { scheduler, batches, batcher } = confirmingBatcher(1000);
    batcher.confirm({ driver: 'boiler', t: 1_000 }, 1000);
    scheduler.advance(200);
    batcher.confirm({ driver: 'pump', t: 1_200 }, 2000);
    scheduler.advance(200);
    // A late cycle finishing right after an early one: the newest stands for both.
    batcher.confirm({ driver: 'boiler', t: 1_400 }, 1000);
    batcher.confirm({ driver: 'boiler', t: 1_350 }, 1000);
    scheduler.advance(99);
    expect(batches).toEqual([]);
    scheduler.advance(1);
    expect(batches).toEqual([
      {
        points: [],
        polled: [
          { driver: 'boiler', t: 1_400 },
          { driver: 'pump', t: 1_200 },
        ],
      },
    ]);
    scheduler.advance(5000);
    expect(batches).toHaveLength(1);
  });

  it('goes with the first batch that closes when a report fills batches', () => {
    const scheduler = new ManualScheduler();
    const batches: Batch[] = [];
    const batcher = new PointBatcher({ scheduler, maxPoints: 2, onBatch: (batch) => batches.push(batch) });
    batcher.confirm({ driver: 'boiler', t: 1_000 }, 1000);
    batcher.add([point(1), point(2), point(3)]);
    expect(batches).toEqual([{ points: [point(1), point(2)], polled: [{ driver: 'boiler', t: 1_000 }] }]);
    scheduler.advance(1000);
    expect(batches[1]).toEqual({ points: [point(3)], polled: [] });
  });

  it('never puts more confirmations in one upload than the protocol carries', () => {
    const { scheduler, batches, batcher } = confirmingBatcher(1000);
    for (let index = 0; index < 70; index += 1) batcher.confirm({ driver: `slave${index}`, t: 1_000 }, 1000);
    scheduler.advance(1000);
    expect(batches.map((batch) => batch.polled.length)).toEqual([64, 6]);
    for (const [seq, batch] of batches.entries())
      expect(dataPayloadSchema.safeParse({ seq, ...batch }).success).toBe(true);
  });
});

describe('points of samples', () => {
  it('carries faults as null with their code, numbers JSON cannot hold as 99906, and dates timeless samples', () => {
    expect(
      pointsOf(
        [
          { kind: 'reading', key: 'a', value: 1.5, raw: 15, at: 500 },
          { kind: 'fault', key: 'b', code: '1740', at: 510 },
          { kind: 'reading', key: 'c', value: Number.NaN, raw: Number.NaN, at: 520 },
          { kind: 'fault', key: 'd', code: '1600000', at: 0 },
        ],
        400,
      ),
    ).toEqual([
      { k: 'a', t: 500, v: 1.5 },
      { k: 'b', t: 510, v: null, e: '1740' },
      { k: 'c', t: 520, v: null, e: NOT_A_NUMBER_CODE },
      { k: 'd', t: 400, v: null, e: '1600000' },
    ]);
  });
});
