import type { CirclePosition, Position, RectPosition, WidgetId } from '@lyyp/contracts/designer';
import { describe, expect, it } from 'vitest';
import { normalizeDegrees } from './angle.ts';
import {
  boundsOf,
  dropCollinearPoints,
  flipPosition,
  isLargeEnoughAfterResize,
  isLargeEnoughToDraw,
  positionFromBox,
  rotatePositionAbout,
  roundPosition,
  scalePosition,
  translatePosition,
} from './position.ts';

const rect: Position = {
  kind: 'rect',
  x: 10,
  y: 20,
  width: 100,
  height: 40,
  rotate: 0,
  flipX: false,
  flipY: false,
};
const circle: Position = { kind: 'circle', cx: 50, cy: 50, r: 10, rotate: 0 };
const ellipse: Position = { kind: 'ellipse', cx: 50, cy: 50, rx: 30, ry: 10, rotate: 0 };
const line: Position = {
  kind: 'line',
  points: [
    { x: 0, y: 0 },
    { x: 10, y: 5 },
    { x: 20, y: 0 },
  ],
};
const triangle: Position = { kind: 'triangle', x1: 10, y1: 0, x2: 0, y2: 20, x3: 20, y3: 20 };

describe('bounds of every position shape', () => {
  it.each([
    ['rectangle', rect, { x: 10, y: 20, width: 100, height: 40 }],
    ['circle', circle, { x: 40, y: 40, width: 20, height: 20 }],
    ['ellipse', ellipse, { x: 20, y: 40, width: 60, height: 20 }],
    ['line', line, { x: 0, y: 0, width: 20, height: 5 }],
    ['triangle', triangle, { x: 0, y: 0, width: 20, height: 20 }],
  ])('%s', (_name, position, expected) => {
    expect(boundsOf(position)).toEqual(expected);
  });

  it('a rectangle turned a quarter swaps its width and height about its centre', () => {
    expect(boundsOf({ ...rect, rotate: 90 })).toEqual({ x: 40, y: -10, width: 40, height: 100 });
  });

  it('an ellipse turned a quarter swaps its radii in its bounds', () => {
    expect(boundsOf({ ...ellipse, rotate: 90 })).toEqual({ x: 40, y: 20, width: 20, height: 60 });
  });

  it('a chart is bounded by its rectangle, not by its plot margins', () => {
    const chart = positionFromBox('chart', { x: 5, y: 6, width: 300, height: 200 });
    expect(boundsOf(chart)).toEqual({ x: 5, y: 6, width: 300, height: 200 });
  });
});

describe('moving and stretching shapes', () => {
  it('translates every kind by the same offset', () => {
    for (const position of [rect, circle, ellipse, line, triangle]) {
      const before = boundsOf(position);
      const after = boundsOf(translatePosition(position, 7, -3));
      expect(after).toEqual({ ...before, x: before.x + 7, y: before.y - 3 });
      expect(translatePosition(position, 7, -3).kind).toBe(position.kind);
    }
  });

  it('scales a rectangle, a line and a triangle exactly into new bounds', () => {
    for (const position of [rect, line, triangle]) {
      const target = { x: 100, y: 200, width: 50, height: 30 };
      const scaled = scalePosition(position, boundsOf(position), target);
      expect(boundsOf(scaled)).toEqual(target);
      expect(scaled.kind).toBe(position.kind);
    }
  });

  it('keeps a circle round, following the axis that changed most', () => {
    const scaled = scalePosition(circle, boundsOf(circle), { x: 40, y: 40, width: 40, height: 20 });
    expect(scaled).toMatchObject({ kind: 'circle', r: 20 });
  });

  it('moves, but cannot stretch, an axis a flat line has no extent in', () => {
    const flat: Position = {
      kind: 'line',
      points: [
        { x: 0, y: 10 },
        { x: 20, y: 10 },
      ],
    };
    const scaled = scalePosition(flat, boundsOf(flat), { x: 0, y: 30, width: 40, height: 50 });
    expect(scaled).toEqual({
      kind: 'line',
      points: [
        { x: 0, y: 30 },
        { x: 40, y: 30 },
      ],
    });
  });
});

describe('turning and mirroring', () => {
  it('turns a rectangle a quarter and back, wrapping into [0, 360)', () => {
    const pivot = { x: 60, y: 40 };
    const turned = rotatePositionAbout(rect, -90, pivot);
    expect(turned).toMatchObject({ rotate: 270 });
    expect(rotatePositionAbout(turned, 90, pivot)).toEqual(rect);
  });

  it('turns line points exactly, so four quarter turns give back the line', () => {
    const pivot = { x: 10, y: 2.5 };
    let turned = line;
    for (let step = 0; step < 4; step += 1) turned = rotatePositionAbout(turned, 90, pivot);
    expect(turned).toEqual(line);
  });

  it('mirrors a rectangle horizontally: flag toggled, angle negated, place mirrored about the pivot', () => {
    const flipped = flipPosition({ ...rect, rotate: 90 }, 'horizontal', { x: 0, y: 0 });
    expect(flipped).toMatchObject({ x: -110, y: 20, flipX: true, flipY: false, rotate: 270 });
  });

  it('mirrors a triangle vertically about its centre', () => {
    expect(flipPosition(triangle, 'vertical', { x: 10, y: 10 })).toEqual({
      kind: 'triangle',
      x1: 10,
      y1: 20,
      x2: 0,
      y2: 0,
      x3: 20,
      y3: 0,
    });
  });

  it('normalizes angles into [0, 360)', () => {
    expect([-90, 360, 450, -360, 0].map(normalizeDegrees)).toEqual([270, 0, 90, 0, 0]);
  });
});

describe('rounding and line clean-up', () => {
  it('rounds coordinates to whole units without negative zero', () => {
    expect(roundPosition({ ...rect, x: 10.4, y: -0.4, width: 99.5, height: 40.49 })).toMatchObject({
      x: 10,
      y: 0,
      width: 100,
      height: 40,
    });
    const rounded = roundPosition({ ...circle, cx: -0.2 });
    expect(rounded.kind === 'circle' && Object.is(rounded.cx, 0)).toBe(true);
  });

  it('drops middle points within one unit of the line through their neighbours', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 50, y: 1 },
      { x: 100, y: 0 },
      { x: 100, y: 50 },
    ];
    expect(dropCollinearPoints(points)).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 50 },
    ]);
  });

  it('keeps a corner that really bends', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 50, y: 20 },
      { x: 100, y: 0 },
    ];
    expect(dropCollinearPoints(points)).toEqual(points);
  });
});

describe('§4 minimum drawn sizes', () => {
  it.each([
    ['rectangle 1 × 1', positionFromBox('rect', { x: 0, y: 0, width: 1, height: 1 }), false],
    ['rectangle 2 wide, 0 high', positionFromBox('rect', { x: 0, y: 0, width: 2, height: 0 }), true],
    ['rectangle 0 wide, 2 high', positionFromBox('rect', { x: 0, y: 0, width: 0, height: 2 }), true],
    ['circle radius 1.9', { kind: 'circle', cx: 0, cy: 0, r: 1.9, rotate: 0 }, false],
    ['circle radius 2', { kind: 'circle', cx: 0, cy: 0, r: 2, rotate: 0 }, true],
    ['ellipse radii 2 and 1', { kind: 'ellipse', cx: 0, cy: 0, rx: 2, ry: 1, rotate: 0 }, false],
    ['ellipse radii 2 and 2', { kind: 'ellipse', cx: 0, cy: 0, rx: 2, ry: 2, rotate: 0 }, true],
    [
      'line 1.9 long',
      {
        kind: 'line',
        points: [
          { x: 0, y: 0 },
          { x: 1.9, y: 0 },
        ],
      },
      false,
    ],
    [
      'line 2 long',
      {
        kind: 'line',
        points: [
          { x: 0, y: 0 },
          { x: 0, y: 2 },
        ],
      },
      true,
    ],
    ['triangle 2 × 1', positionFromBox('triangle', { x: 0, y: 0, width: 2, height: 1 }), false],
    ['triangle 2 × 2', positionFromBox('triangle', { x: 0, y: 0, width: 2, height: 2 }), true],
  ] as [string, Position, boolean][])('%s → drawn: %s', (_name, position, expected) => {
    expect(isLargeEnoughToDraw(position)).toBe(expected);
  });

  it('after a resize a shape must stay more than 2 units in size', () => {
    expect(isLargeEnoughAfterResize(positionFromBox('rect', { x: 0, y: 0, width: 3, height: 3 }))).toBe(true);
    expect(isLargeEnoughAfterResize(positionFromBox('rect', { x: 0, y: 0, width: 2, height: 30 }))).toBe(
      false,
    );
    expect(isLargeEnoughAfterResize({ kind: 'circle', cx: 0, cy: 0, r: 2, rotate: 0 })).toBe(false);
  });
});

describe('types that cannot be mixed up', () => {
  it('a circle is not a rectangle, and a plain string is not a widget id', () => {
    const round: CirclePosition = { kind: 'circle', cx: 1, cy: 1, r: 1, rotate: 0 };
    // @ts-expect-error a circle position cannot stand in for a rectangle
    const square: RectPosition = round;
    // @ts-expect-error widget ids come from the document or `toWidgetId`, never from a bare string
    const id: WidgetId = 'w1';
    expect([square.kind, id]).toEqual(['circle', 'w1']);
  });

  it('mirroring an ellipse negates its angle', () => {
    const turned: Position = { kind: 'ellipse', cx: 0, cy: 0, rx: 4, ry: 2, rotate: 30 };
    expect(flipPosition(turned, 'horizontal', { x: 0, y: 0 })).toMatchObject({ rotate: 330, cx: 0 });
  });
});
