import { describe, expect, it } from 'vitest';
import { snapBox, snapToleranceFor } from './snap.ts';

const canvas = { width: 1024, height: 768 };
const other = { x: 300, y: 300, width: 100, height: 100 };

describe('snapping', () => {
  it('tolerance is 5 with adsorb on, else 1', () => {
    expect(snapToleranceFor(true)).toBe(5);
    expect(snapToleranceFor(false)).toBe(1);
  });

  it('pulls a left edge onto another widget’s left edge and draws the guide across both', () => {
    const result = snapBox({
      moving: { x: 297, y: 500, width: 50, height: 50 },
      others: [other],
      canvas,
      tolerance: 5,
    });
    expect(result.dx).toBe(3);
    expect(result.guides).toContainEqual({ axis: 'x', at: 300, from: 300, to: 550 });
  });

  it('does not snap beyond the tolerance', () => {
    const moving = { x: 294, y: 520, width: 50, height: 50 };
    expect(snapBox({ moving, others: [other], canvas, tolerance: 5 })).toEqual({ dx: 0, dy: 0, guides: [] });
    expect(snapBox({ moving: { ...moving, x: 298 }, others: [other], canvas, tolerance: 1 }).dx).toBe(0);
  });

  it('lines centres up with centres', () => {
    const result = snapBox({
      moving: { x: 600, y: 326, width: 40, height: 40 },
      others: [other],
      canvas,
      tolerance: 5,
    });
    expect(result.dy).toBe(4);
    expect(result.guides).toContainEqual({ axis: 'y', at: 350, from: 300, to: 640 });
  });

  it('snaps to the canvas edges and centre', () => {
    const result = snapBox({
      moving: { x: 490, y: 700, width: 40, height: 66 },
      others: [],
      canvas,
      tolerance: 5,
    });
    expect(result.dx).toBe(2);
    expect(result.dy).toBe(2);
    expect(result.guides).toContainEqual({ axis: 'x', at: 512, from: 0, to: 768 });
    expect(result.guides).toContainEqual({ axis: 'y', at: 768, from: 0, to: 1024 });
  });

  it('prefers the nearest target', () => {
    const near = { x: 202, y: 0, width: 10, height: 10 };
    const result = snapBox({
      moving: { x: 200, y: 400, width: 20, height: 20 },
      others: [other, near, { ...near, x: 197 }],
      canvas,
      tolerance: 5,
    });
    expect(result.dx).toBe(2);
  });

  it('falls back to the grid, without guides', () => {
    const result = snapBox({
      moving: { x: 613, y: 618, width: 33, height: 33 },
      others: [],
      canvas,
      tolerance: 5,
      gridSize: 10,
    });
    expect(result).toEqual({ dx: -3, dy: 2, guides: [] });
  });
});
