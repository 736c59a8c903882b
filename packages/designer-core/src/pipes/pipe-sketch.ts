/**
 * A pipe drawn click by click: each click adds a point (the first and every later one snapped to a
 * symbol port or pipe near it), the pointer shows where the next segment would go, a double click
 * or Enter finishes and Esc drops the sketch. With Shift held a segment runs straight across or
 * straight down from the point before it. The finished pipe keeps the points as clicked
 * (`polyline` routing) with its ends attached where they were snapped.
 */
import type { PageDocument, WidgetOf } from '@lyyp/contracts/designer';
import type { Point } from '../geometry/box.ts';
import type { DesignerDeps } from '../model/deps.ts';
import { nextNumberForType } from '../model/numbering.ts';
import type { Locale } from '@lyyp/contracts';
import { accept, reject, type Result } from '../model/result.ts';
import { attachPipeEnd, createPipe, PIPE_SNAP_RADIUS } from './pipe-widget.ts';

export interface PipeSketch {
  /** The points clicked so far, snapped. */
  readonly points: readonly Point[];
}

/** The point straight across or straight down from `from`, whichever is nearer `to`. */
export function orthogonalFrom(from: Point, to: Point): Point {
  return Math.abs(to.x - from.x) >= Math.abs(to.y - from.y) ? { x: to.x, y: from.y } : { x: from.x, y: to.y };
}

/** Where a click (or the pointer) at `point` puts the next point. */
export function nextSketchPoint(
  document: PageDocument,
  sketch: PipeSketch,
  point: Point,
  orthogonal: boolean,
): Point {
  const last = sketch.points[sketch.points.length - 1];
  const aimed = last && orthogonal ? orthogonalFrom(last, point) : point;
  const snapped = attachPipeEnd(document, aimed, PIPE_SNAP_RADIUS);
  const at = snapped.end ? snapped.point : aimed;
  return { x: Math.round(at.x), y: Math.round(at.y) };
}

/** The sketch with one more point (a click on the point before it adds nothing). */
export function addSketchPoint(
  document: PageDocument,
  sketch: PipeSketch,
  point: Point,
  orthogonal: boolean,
): PipeSketch {
  const next = nextSketchPoint(document, sketch, point, orthogonal);
  const last = sketch.points[sketch.points.length - 1];
  if (last && last.x === next.x && last.y === next.y) return sketch;
  return { points: [...sketch.points, next] };
}

/** The points drawn while the pointer is at `pointer`: the clicked ones and the segment to come. */
export function sketchPreview(
  document: PageDocument,
  sketch: PipeSketch,
  pointer: Point | null,
  orthogonal: boolean,
): Point[] {
  if (!pointer || sketch.points.length === 0) return [...sketch.points];
  return [...sketch.points, nextSketchPoint(document, sketch, pointer, orthogonal)];
}

/** Drops points that repeat the one before them. */
function distinct(points: readonly Point[]): Point[] {
  return points.filter((point, index) => {
    const before = points[index - 1];
    return !before || before.x !== point.x || before.y !== point.y;
  });
}

/**
 * The finished pipe: refused (`draw-too-small`) with fewer than two distinct points, else a pipe
 * through them whose ends attach to the ports or pipes they lie on.
 */
export function finishPipeSketch(
  document: PageDocument,
  sketch: PipeSketch,
  deps: Pick<DesignerDeps, 'createId'>,
  locale: Locale,
): Result<WidgetOf<'ShapePipe'>> {
  const points = distinct(sketch.points);
  if (points.length < 2) return reject('draw-too-small');
  const pipe = createPipe(points, deps, {
    routing: 'polyline',
    number: nextNumberForType(document, 'ShapePipe'),
    locale,
  });
  const start = attachPipeEnd(document, points[0]!, PIPE_SNAP_RADIUS);
  const end = attachPipeEnd(document, points[points.length - 1]!, PIPE_SNAP_RADIUS);
  return accept({ ...pipe, data: { ...pipe.data, start: start.end, end: end.end } });
}
