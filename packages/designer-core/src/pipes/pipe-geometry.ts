/**
 * Pipe geometry: the pipe is a polyline (its widget's line points). Orthogonal pipes run only
 * horizontally and vertically, turning in elbows; a pipe whose end lies on another pipe makes a tee.
 * Pure functions of points, shared by the editor (routing, snapping) and the viewer (flow).
 */
import type { Point } from '../geometry/box.ts';
import { distance } from '../geometry/box.ts';

/** The SVG path of the points: `M x y L x y …`. */
export function pipePathData(points: readonly Point[]): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x} ${point.y}`).join(' ');
}

export type RouteStart = 'horizontal' | 'vertical';

/**
 * An orthogonal route from `from` to `to`: straight when they line up, else out along `start`
 * to half way, across, and on to the end (two elbows).
 */
export function orthogonalRoute(from: Point, to: Point, start: RouteStart = 'horizontal'): Point[] {
  if (from.x === to.x || from.y === to.y) return [from, to];
  if (start === 'horizontal') {
    const middle = (from.x + to.x) / 2;
    return [from, { x: middle, y: from.y }, { x: middle, y: to.y }, to];
  }
  const middle = (from.y + to.y) / 2;
  return [from, { x: from.x, y: middle }, { x: to.x, y: middle }, to];
}

/** The points with an elbow (across, then along) in every slanted segment. */
export function orthogonalize(points: readonly Point[]): Point[] {
  const result: Point[] = [];
  points.forEach((point, index) => {
    const previous = result[result.length - 1];
    if (index > 0 && previous && previous.x !== point.x && previous.y !== point.y) {
      result.push({ x: point.x, y: previous.y });
    }
    result.push(point);
  });
  return result;
}

export function polylineLength(points: readonly Point[]): number {
  let total = 0;
  for (let index = 1; index < points.length; index++) total += distance(points[index - 1]!, points[index]!);
  return total;
}

export interface PointAlong {
  readonly x: number;
  readonly y: number;
  /** Direction of travel there, degrees clockwise from the +x axis. */
  readonly angle: number;
}

/** The point `along` units from the first point (kept within the pipe), with its direction. */
export function pointAtDistance(points: readonly Point[], along: number): PointAlong {
  const first = points[0] ?? { x: 0, y: 0 };
  let left = Math.max(0, along);
  for (let index = 1; index < points.length; index++) {
    const a = points[index - 1]!;
    const b = points[index]!;
    const length = distance(a, b);
    const angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
    if (left <= length || index === points.length - 1) {
      const t = length === 0 ? 0 : Math.min(1, left / length);
      return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, angle };
    }
    left -= length;
  }
  return { ...first, angle: 0 };
}

export interface NearestOnPolyline {
  readonly point: Point;
  /** Distance from the query point. */
  readonly distance: number;
  /** Distance along the pipe from its first point. */
  readonly along: number;
}

/** The point of the pipe nearest to `point`. */
export function nearestPointOnPolyline(points: readonly Point[], point: Point): NearestOnPolyline {
  let best: NearestOnPolyline = { point: points[0] ?? point, distance: Infinity, along: 0 };
  let walked = 0;
  for (let index = 1; index < points.length; index++) {
    const a = points[index - 1]!;
    const b = points[index]!;
    const length = distance(a, b);
    const t =
      length === 0
        ? 0
        : Math.min(
            1,
            Math.max(0, ((point.x - a.x) * (b.x - a.x) + (point.y - a.y) * (b.y - a.y)) / length ** 2),
          );
    const projected = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    const gap = distance(projected, point);
    if (gap < best.distance) best = { point: projected, distance: gap, along: walked + t * length };
    walked += length;
  }
  return best;
}

/** A place a pipe end may attach: a symbol's port (or, `port` empty, a point on another pipe). */
export interface PortPoint extends Point {
  readonly widgetId: string;
  readonly port: string;
}

/** The nearest of `ports` within `radius` of `point` (the first listed on a tie), or null. */
export function nearestPort(point: Point, ports: readonly PortPoint[], radius: number): PortPoint | null {
  let best: PortPoint | null = null;
  let bestDistance = Infinity;
  for (const port of ports) {
    const gap = distance(port, point);
    if (gap <= radius && gap < bestDistance) {
      best = port;
      bestDistance = gap;
    }
  }
  return best;
}

/** Where a pipe end joins another pipe within `tolerance` units: tees, drawn as a joint. */
export function findTees(
  pipes: readonly { readonly id: string; readonly points: readonly Point[] }[],
  tolerance = 1,
): PortPoint[] {
  const tees: PortPoint[] = [];
  for (const pipe of pipes) {
    const ends = [pipe.points[0], pipe.points[pipe.points.length - 1]].filter((end): end is Point => !!end);
    for (const end of ends) {
      for (const other of pipes) {
        if (other.id === pipe.id) continue;
        const nearest = nearestPointOnPolyline(other.points, end);
        const otherLength = polylineLength(other.points);
        const interior = nearest.along > tolerance && nearest.along < otherLength - tolerance;
        if (nearest.distance <= tolerance && interior) {
          tees.push({ widgetId: other.id, port: '', x: nearest.point.x, y: nearest.point.y });
        }
      }
    }
  }
  return tees;
}
