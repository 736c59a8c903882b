/**
 * Geometry of the §3 position shapes: bounds, translation, scaling into new bounds, rotation about a
 * pivot, mirroring and rounding. Every function keeps the shape's kind, so a circle stays a circle.
 */
import {
  DRAW_MIN_SIZE,
  RESIZE_MIN_SIZE,
  type ChartPosition,
  type Point,
  type Position,
  type PositionKind,
  type RectPosition,
} from '@lyyp/contracts/designer';
import { normalizeDegrees, rotatePoint, swapsAxes } from './angle.ts';
import { boxCentre, boxFromPoints, distance, type Box } from './box.ts';

/** Chart plot margins a new chart starts with. */
export const DEFAULT_CHART_MARGINS = { top: 40, right: 20, bottom: 30, left: 40 } as const;

export type FlipAxis = 'horizontal' | 'vertical';

function trianglePoints(position: Extract<Position, { kind: 'triangle' }>): Point[] {
  return [
    { x: position.x1, y: position.y1 },
    { x: position.x2, y: position.y2 },
    { x: position.x3, y: position.y3 },
  ];
}

function withTrianglePoints<P extends Extract<Position, { kind: 'triangle' }>>(
  position: P,
  points: readonly Point[],
): P {
  const [a, b, c] = points;
  if (!a || !b || !c) throw new Error('A triangle has three points');
  return { ...position, x1: a.x, y1: a.y, x2: b.x, y2: b.y, x3: c.x, y3: c.y };
}

/** The rectangle of a rect or chart position before rotation. */
export function unrotatedBox(position: RectPosition | ChartPosition): Box {
  return { x: position.x, y: position.y, width: position.width, height: position.height };
}

/** The axis-aligned box that holds the shape as drawn, rotation included. */
export function boundsOf(position: Position): Box {
  switch (position.kind) {
    case 'rect':
    case 'chart': {
      const box = unrotatedBox(position);
      if (normalizeDegrees(position.rotate) === 0) return box;
      const centre = boxCentre(box);
      const corners = [
        { x: box.x, y: box.y },
        { x: box.x + box.width, y: box.y },
        { x: box.x, y: box.y + box.height },
        { x: box.x + box.width, y: box.y + box.height },
      ];
      return boxFromPoints(corners.map((corner) => rotatePoint(corner, position.rotate, centre)));
    }
    case 'circle':
      return {
        x: position.cx - position.r,
        y: position.cy - position.r,
        width: position.r * 2,
        height: position.r * 2,
      };
    case 'ellipse': {
      const radians = (normalizeDegrees(position.rotate) * Math.PI) / 180;
      const cos = Math.abs(Math.round(Math.cos(radians) * 1e12) / 1e12);
      const sin = Math.abs(Math.round(Math.sin(radians) * 1e12) / 1e12);
      const halfWidth = Math.hypot(position.rx * cos, position.ry * sin);
      const halfHeight = Math.hypot(position.rx * sin, position.ry * cos);
      return {
        x: position.cx - halfWidth,
        y: position.cy - halfHeight,
        width: halfWidth * 2,
        height: halfHeight * 2,
      };
    }
    case 'line':
      return boxFromPoints(position.points);
    case 'triangle':
      return boxFromPoints(trianglePoints(position));
  }
}

export function translatePosition<P extends Position>(position: P, dx: number, dy: number): P {
  return mapPoints(position, (point) => ({ x: point.x + dx, y: point.y + dy }));
}

/**
 * Applies a point mapping to a shape whose size does not change (translation, rotation about a pivot
 * is handled separately because it also turns the shape).
 */
function mapPoints<P extends Position>(position: P, map: (point: Point) => Point): P {
  const p: Position = position;
  switch (p.kind) {
    case 'rect':
    case 'chart': {
      const centre = map(boxCentre(unrotatedBox(p)));
      return { ...position, x: centre.x - p.width / 2, y: centre.y - p.height / 2 };
    }
    case 'circle':
    case 'ellipse': {
      const centre = map({ x: p.cx, y: p.cy });
      return { ...position, cx: centre.x, cy: centre.y };
    }
    case 'line':
      return { ...position, points: p.points.map(map) };
    case 'triangle':
      return withTrianglePoints(position as typeof p & P, trianglePoints(p).map(map));
  }
}

/**
 * Stretches a shape drawn inside `from` so it is drawn inside `to` (both axis-aligned bounds). An
 * axis with no extent in `from` (a flat line) is moved, not stretched.
 */
export function scalePosition<P extends Position>(position: P, from: Box, to: Box): P {
  const scaleX = from.width === 0 ? 1 : to.width / from.width;
  const scaleY = from.height === 0 ? 1 : to.height / from.height;
  const map = (point: Point): Point => ({
    x: to.x + (point.x - from.x) * scaleX,
    y: to.y + (point.y - from.y) * scaleY,
  });
  const p: Position = position;
  switch (p.kind) {
    case 'rect':
    case 'chart': {
      const centre = map(boxCentre(unrotatedBox(p)));
      const swap = swapsAxes(p.rotate);
      const width = p.width * (swap ? scaleY : scaleX);
      const height = p.height * (swap ? scaleX : scaleY);
      return { ...position, x: centre.x - width / 2, y: centre.y - height / 2, width, height };
    }
    case 'circle': {
      const centre = map({ x: p.cx, y: p.cy });
      // A circle stays round: it follows the axis that changed most, so dragging one edge grows it.
      const factor = Math.abs(scaleX - 1) >= Math.abs(scaleY - 1) ? scaleX : scaleY;
      return { ...position, cx: centre.x, cy: centre.y, r: p.r * factor };
    }
    case 'ellipse': {
      const centre = map({ x: p.cx, y: p.cy });
      const swap = swapsAxes(p.rotate);
      return {
        ...position,
        cx: centre.x,
        cy: centre.y,
        rx: p.rx * (swap ? scaleY : scaleX),
        ry: p.ry * (swap ? scaleX : scaleY),
      };
    }
    case 'line':
    case 'triangle':
      return mapPoints(position, map);
  }
}

/** Turns the shape about `pivot` by `degrees`; shapes with an angle keep it in [0, 360). */
export function rotatePositionAbout<P extends Position>(position: P, degrees: number, pivot: Point): P {
  const moved = mapPoints(position, (point) => rotatePoint(point, degrees, pivot));
  const p: Position = moved;
  switch (p.kind) {
    case 'rect':
    case 'chart':
    case 'circle':
    case 'ellipse':
      return { ...moved, rotate: normalizeDegrees(p.rotate + degrees) };
    case 'line':
    case 'triangle':
      return moved;
  }
}

/** Mirrors the shape across the vertical (horizontal flip) or horizontal line through `pivot`. */
export function flipPosition<P extends Position>(position: P, axis: FlipAxis, pivot: Point): P {
  const mirrored = mapPoints(position, (point) =>
    axis === 'horizontal'
      ? { x: 2 * pivot.x - point.x, y: point.y }
      : { x: point.x, y: 2 * pivot.y - point.y },
  );
  const p: Position = mirrored;
  switch (p.kind) {
    case 'rect':
    case 'chart':
      return {
        ...mirrored,
        rotate: normalizeDegrees(-p.rotate),
        flipX: axis === 'horizontal' ? !p.flipX : p.flipX,
        flipY: axis === 'vertical' ? !p.flipY : p.flipY,
      };
    case 'circle':
    case 'ellipse':
      return { ...mirrored, rotate: normalizeDegrees(-p.rotate) };
    case 'line':
    case 'triangle':
      return mirrored;
  }
}

/** Whole numbers without a negative zero. */
export function roundCoordinate(value: number): number {
  return Math.round(value) + 0;
}

/** Rounds coordinates and sizes to whole units (done at the end of a move or resize). */
export function roundPosition<P extends Position>(position: P): P {
  const round = roundCoordinate;
  const p: Position = position;
  switch (p.kind) {
    case 'rect':
    case 'chart':
      return { ...position, x: round(p.x), y: round(p.y), width: round(p.width), height: round(p.height) };
    case 'circle':
      return { ...position, cx: round(p.cx), cy: round(p.cy), r: round(p.r) };
    case 'ellipse':
      return { ...position, cx: round(p.cx), cy: round(p.cy), rx: round(p.rx), ry: round(p.ry) };
    case 'line':
    case 'triangle':
      return mapPoints(position, (point) => ({ x: round(point.x), y: round(point.y) }));
  }
}

/** How far a middle point may sit off the line through its neighbours and still be dropped. */
export const COLLINEAR_TOLERANCE = 1;

function distanceToLine(point: Point, a: Point, b: Point): number {
  const length = distance(a, b);
  if (length === 0) return distance(point, a);
  return Math.abs((b.x - a.x) * (a.y - point.y) - (a.x - point.x) * (b.y - a.y)) / length;
}

/** Drops middle points that lie (nearly) on the line through their neighbours; ends always stay. */
export function dropCollinearPoints(points: readonly Point[], tolerance = COLLINEAR_TOLERANCE): Point[] {
  const first = points[0];
  if (!first || points.length <= 2) return [...points];
  const kept: Point[] = [first];
  for (let index = 1; index < points.length - 1; index += 1) {
    const current = points[index] as Point;
    const next = points[index + 1] as Point;
    const previous = kept[kept.length - 1] as Point;
    if (distanceToLine(current, previous, next) > tolerance) kept.push(current);
  }
  kept.push(points[points.length - 1] as Point);
  return kept;
}

/** §4: a drawn shape is kept only when it is at least this large; otherwise the draw is aborted. */
export function isLargeEnoughToDraw(position: Position): boolean {
  const min = DRAW_MIN_SIZE;
  switch (position.kind) {
    case 'rect':
    case 'chart':
      return position.width >= min || position.height >= min;
    case 'circle':
      return position.r >= min;
    case 'ellipse':
      return position.rx >= min && position.ry >= min;
    case 'line': {
      const first = position.points[0];
      const last = position.points[position.points.length - 1];
      return !!first && !!last && distance(first, last) >= min;
    }
    case 'triangle': {
      const box = boxFromPoints(trianglePoints(position));
      return box.width >= min && box.height >= min;
    }
  }
}

/** §5: a resized shape must stay more than 2 units in size. */
export function isLargeEnoughAfterResize(position: Position): boolean {
  const min = RESIZE_MIN_SIZE;
  switch (position.kind) {
    case 'rect':
    case 'chart':
      return position.width > min && position.height > min;
    case 'circle':
      return position.r > min;
    case 'ellipse':
      return position.rx > min && position.ry > min;
    case 'line': {
      const box = boxFromPoints(position.points);
      return Math.hypot(box.width, box.height) > min;
    }
    case 'triangle': {
      const box = boxFromPoints(trianglePoints(position));
      return box.width > min && box.height > min;
    }
  }
}

/** A shape of the given kind filling `box` (lines run corner to corner, triangles point up). */
export function positionFromBox(kind: PositionKind, box: Box): Position {
  const centre = boxCentre(box);
  switch (kind) {
    case 'rect':
      return { kind, ...box, rotate: 0, flipX: false, flipY: false };
    case 'chart':
      return { kind, ...box, rotate: 0, flipX: false, flipY: false, ...DEFAULT_CHART_MARGINS };
    case 'circle':
      return { kind, cx: centre.x, cy: centre.y, r: Math.min(box.width, box.height) / 2, rotate: 0 };
    case 'ellipse':
      return { kind, cx: centre.x, cy: centre.y, rx: box.width / 2, ry: box.height / 2, rotate: 0 };
    case 'line':
      return {
        kind,
        points: [
          { x: box.x, y: box.y },
          { x: box.x + box.width, y: box.y + box.height },
        ],
      };
    case 'triangle':
      return {
        kind,
        x1: centre.x,
        y1: box.y,
        x2: box.x,
        y2: box.y + box.height,
        x3: box.x + box.width,
        y3: box.y + box.height,
      };
  }
}
