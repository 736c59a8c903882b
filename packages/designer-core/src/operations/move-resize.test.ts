import type { PageDocument, WidgetId } from '@lyyp/contracts/designer';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../model/result.ts';
import { createTestPage, rectAt, widgetOf } from '../testing/fixtures.ts';
import { moveWidgets } from './move.ts';
import { computeResizeBox, resizeWidget } from './resize.ts';
import { widgetBounds } from './widget-geometry.ts';

const id = (value: string) => value as WidgetId;
const boundsIn = (page: PageDocument, widgetId: string) => {
  const widget = page.widgets.find((candidate) => candidate.id === widgetId);
  if (!widget) throw new Error(widgetId);
  return widgetBounds(widget);
};

describe('moving (§4)', () => {
  const page = createTestPage([rectAt('r', 100, 100, 100, 50)]);

  it('moves and rounds to whole units', () => {
    const moved = unwrap(moveWidgets(page, [id('r')], 10.4, -20.6));
    expect(boundsIn(moved, 'r')).toEqual({ x: 110, y: 79, width: 100, height: 50 });
  });

  it('keeps fractions while a drag is in progress', () => {
    const moved = unwrap(moveWidgets(page, [id('r')], 10.4, 0, { round: false }));
    expect(boundsIn(moved, 'r').x).toBeCloseTo(110.4);
  });

  it('refuses a move that comes within 5 units of an edge; 5 exactly is allowed', () => {
    expect(moveWidgets(page, [id('r')], -95, 0).ok).toBe(true);
    const tooFar = moveWidgets(page, [id('r')], -96, 0);
    expect(tooFar).toEqual({ ok: false, rejection: { reason: 'near-canvas-edge', params: { margin: 5 } } });
    expect(moveWidgets(page, [id('r')], 1024 - 5 - 200, 0).ok).toBe(true);
    expect(moveWidgets(page, [id('r')], 1024 - 5 - 200 + 1, 0).ok).toBe(false);
    expect(moveWidgets(page, [id('r')], 0, 768 - 150 - 4).ok).toBe(false);
  });

  it('lines may come within 1 unit and triangles within 2', () => {
    const line = widgetOf('ShapeLine', 'line', {
      kind: 'line',
      points: [
        { x: 10, y: 50 },
        { x: 60, y: 50 },
      ],
    });
    const triangle = widgetOf('ShapeTriangle', 'tri', { x: 10, y: 100, width: 40, height: 40 });
    const shapes = createTestPage([line, triangle]);
    expect(moveWidgets(shapes, [id('line')], -9, 0).ok).toBe(true);
    expect(moveWidgets(shapes, [id('line')], -10, 0).ok).toBe(false);
    expect(moveWidgets(shapes, [id('tri')], -8, 0).ok).toBe(true);
    expect(moveWidgets(shapes, [id('tri')], -9, 0).ok).toBe(false);
  });

  it('lets a widget that starts too close move away from the edge', () => {
    const close = createTestPage([rectAt('r', 1, 1)]);
    expect(moveWidgets(close, [id('r')], 10, 10).ok).toBe(true);
    expect(moveWidgets(close, [id('r')], -1, 10).ok).toBe(false);
  });

  it('locked widgets ignore moves while the rest of the selection moves', () => {
    const locked = { ...rectAt('locked', 300, 300), posLock: true };
    const both = createTestPage([rectAt('free', 100, 100), locked]);
    const moved = unwrap(moveWidgets(both, [id('free'), id('locked')], 20, 0));
    expect(boundsIn(moved, 'free').x).toBe(120);
    expect(moved.widgets[1]).toBe(locked);
  });
});

describe('resizing (§4, §5)', () => {
  const start = { x: 100, y: 100, width: 100, height: 50 };

  it('moves only the dragged edges', () => {
    expect(unwrap(computeResizeBox(start, 'se', { x: 20, y: 10 }))).toEqual({
      x: 100,
      y: 100,
      width: 120,
      height: 60,
    });
    expect(unwrap(computeResizeBox(start, 'w', { x: 30, y: 99 }))).toEqual({
      x: 130,
      y: 100,
      width: 70,
      height: 50,
    });
    expect(unwrap(computeResizeBox(start, 'n', { x: 0, y: -10 }))).toEqual({
      x: 100,
      y: 90,
      width: 100,
      height: 60,
    });
  });

  it('refuses a drag that brings the edge within 3 units of the fixed edge or past it', () => {
    expect(computeResizeBox(start, 'e', { x: -97, y: 0 }).ok).toBe(true);
    expect(computeResizeBox(start, 'e', { x: -98, y: 0 })).toEqual({
      ok: false,
      rejection: { reason: 'resize-past-edge' },
    });
    expect(computeResizeBox(start, 'n', { x: 0, y: 80 }).ok).toBe(false);
  });

  it('does not check the axis a flat line has no extent in', () => {
    expect(computeResizeBox({ x: 0, y: 10, width: 50, height: 0 }, 'se', { x: 10, y: 0 }).ok).toBe(true);
  });

  it('stretches the widget into the new bounds and rounds them', () => {
    const page = createTestPage([rectAt('r', 100, 100, 100, 50)]);
    const resized = unwrap(resizeWidget(page, id('r'), { x: 100, y: 100, width: 120.6, height: 40.2 }));
    expect(boundsIn(resized, 'r')).toEqual({ x: 100, y: 100, width: 121, height: 40 });
  });

  it('refuses a shape of 2 units or less', () => {
    const page = createTestPage([
      widgetOf('ShapeCircle', 'c', { kind: 'circle', cx: 100, cy: 100, r: 20, rotate: 0 }),
    ]);
    const result = resizeWidget(page, id('c'), { x: 80, y: 80, width: 4, height: 4 });
    expect(result).toEqual({ ok: false, rejection: { reason: 'resize-too-small', params: { min: 2 } } });
    expect(resizeWidget(page, id('c'), { x: 80, y: 80, width: 6, height: 6 }).ok).toBe(true);
  });

  it('refuses a locked widget', () => {
    const page = createTestPage([{ ...rectAt('r', 100, 100), posLock: true }]);
    expect(resizeWidget(page, id('r'), { x: 100, y: 100, width: 50, height: 50 })).toMatchObject({
      ok: false,
      rejection: { reason: 'locked' },
    });
  });

  it('a resized line drops its nearly collinear middle points', () => {
    const line = widgetOf('ShapeLine', 'line', {
      kind: 'line',
      points: [
        { x: 100, y: 100 },
        { x: 150, y: 110 },
        { x: 200, y: 100 },
        { x: 200, y: 200 },
      ],
    });
    const page = createTestPage([line]);
    // Squashing the line vertically brings the middle bend within a unit of straight.
    const resized = unwrap(resizeWidget(page, id('line'), { x: 100, y: 100, width: 100, height: 5 }));
    const position = resized.widgets[0]?.position;
    expect(position?.kind === 'line' ? position.points : null).toEqual([
      { x: 100, y: 100 },
      { x: 200, y: 100 },
      { x: 200, y: 105 },
    ]);
  });
});
