import type { Point } from '@lyyp/contracts/protocol';
import { describe, expect, it } from 'vitest';
import { NOT_A_NUMBER_CODE, PointBatcher, pointsOf } from './point-batcher.ts';
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
      onBatch: (points) => batches.push(points),
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
      onBatch: (points) => batches.push(points),
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
      onBatch: (points) => batches.push(points),
    });
    batcher.add(Array.from({ length: 12_000 }, (_, index) => point(index)));
    expect(batches.map((batch) => batch.length)).toEqual([5000, 5000]);
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
