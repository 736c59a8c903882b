/** Angles in degrees, clockwise on screen (y grows downwards), and exact quarter turns. */
import type { Point } from './box.ts';

/** Wraps an angle into [0, 360). */
export function normalizeDegrees(degrees: number): number {
  const wrapped = degrees % 360;
  const positive = wrapped < 0 ? wrapped + 360 : wrapped;
  return positive === 0 ? 0 : positive;
}

/** Cosine and sine, exact for multiples of 90° so quarter turns leave no 1e-17 residue. */
function cosSin(degrees: number): [number, number] {
  const normalized = normalizeDegrees(degrees);
  if (normalized === 0) return [1, 0];
  if (normalized === 90) return [0, 1];
  if (normalized === 180) return [-1, 0];
  if (normalized === 270) return [0, -1];
  const radians = (normalized * Math.PI) / 180;
  return [Math.cos(radians), Math.sin(radians)];
}

/** Turns `point` about `pivot` by `degrees` clockwise on screen. */
export function rotatePoint(point: Point, degrees: number, pivot: Point): Point {
  const [cos, sin] = cosSin(degrees);
  const dx = point.x - pivot.x;
  const dy = point.y - pivot.y;
  return { x: pivot.x + dx * cos - dy * sin, y: pivot.y + dx * sin + dy * cos };
}

export function isQuarterTurn(degrees: number): boolean {
  return normalizeDegrees(degrees) % 90 === 0;
}

/** True when the angle swaps width and height (90° or 270°, to the nearest quarter turn). */
export function swapsAxes(degrees: number): boolean {
  const quarter = Math.round(normalizeDegrees(degrees) / 90) % 4;
  return quarter === 1 || quarter === 3;
}

/** The angle of `point` seen from `centre`, in degrees clockwise from the positive x axis. */
export function angleFrom(centre: Point, point: Point): number {
  return normalizeDegrees((Math.atan2(point.y - centre.y, point.x - centre.x) * 180) / Math.PI);
}
