/**
 * Moving widgets (§4): locked widgets stay put, a move that would bring a widget too close to a
 * canvas edge is refused, and coordinates are rounded when the move ends.
 */
import type { PageDocument, Widget, WidgetId } from '@lyyp/contracts/designer';
import { translateBox, type Box } from '../geometry/box.ts';
import { translatePosition } from '../geometry/position.ts';
import { pickWidgets, replaceWidgets } from '../model/page.ts';
import { accept, reject, type Result } from '../model/result.ts';
import { canvasMarginFor, finishWidgetGeometry, widgetBounds, withPosition } from './widget-geometry.ts';

export interface MoveOptions {
  /** Round to whole units (the end of a move). A drag in progress passes false. */
  readonly round?: boolean;
}

/**
 * True when moving by (dx, dy) brings the widget closer than its margin to an edge. Moving away
 * from an edge is always allowed, so a widget that starts too close can still be dragged clear.
 */
export function breaksCanvasMargin(document: PageDocument, widget: Widget, dx: number, dy: number): boolean {
  const margin = canvasMarginFor(widget);
  const box: Box = translateBox(widgetBounds(widget), dx, dy);
  return (
    (dx < 0 && box.x < margin) ||
    (dy < 0 && box.y < margin) ||
    (dx > 0 && box.x + box.width > document.width - margin) ||
    (dy > 0 && box.y + box.height > document.height - margin)
  );
}

/**
 * How far past the canvas margin `box` reaches on its farthest side (0 when it lies clear of it).
 */
function pastMargin(document: PageDocument, box: Box, margin: number): number {
  return Math.max(
    0,
    margin - box.x,
    margin - box.y,
    box.x + box.width - (document.width - margin),
    box.y + box.height - (document.height - margin),
  );
}

/**
 * True when `after` (a widget's new geometry, typed into the property panel) reaches further past
 * the canvas margin than `before` did: such an edit is refused, a widget never leaves the page.
 */
export function leavesCanvas(document: PageDocument, before: Widget, after: Widget): boolean {
  const margin = canvasMarginFor(after);
  return (
    pastMargin(document, widgetBounds(after), margin) > pastMargin(document, widgetBounds(before), margin)
  );
}

/**
 * The move closest to (dx, dy) that keeps every movable widget clear of the canvas margin: each
 * axis is cut short where the first widget would reach its margin (and kept at 0 for a widget
 * already past it), so a drag released at the edge stops at the edge.
 */
export function clampMoveDelta(
  document: PageDocument,
  ids: readonly WidgetId[],
  dx: number,
  dy: number,
): { dx: number; dy: number } {
  let x = dx;
  let y = dy;
  for (const widget of pickWidgets(document, ids).filter((candidate) => !candidate.posLock)) {
    const margin = canvasMarginFor(widget);
    const box = widgetBounds(widget);
    if (x < 0) x = Math.max(x, Math.min(0, margin - box.x));
    if (x > 0) x = Math.min(x, Math.max(0, document.width - margin - (box.x + box.width)));
    if (y < 0) y = Math.max(y, Math.min(0, margin - box.y));
    if (y > 0) y = Math.min(y, Math.max(0, document.height - margin - (box.y + box.height)));
  }
  return { dx: x, dy: y };
}

export function moveWidgets(
  document: PageDocument,
  ids: readonly WidgetId[],
  dx: number,
  dy: number,
  options: MoveOptions = {},
): Result<PageDocument> {
  const selected = pickWidgets(document, ids);
  if (selected.length === 0) return reject('nothing-selected');
  const movable = selected.filter((widget) => !widget.posLock);
  const tooClose = movable.find((widget) => breaksCanvasMargin(document, widget, dx, dy));
  if (tooClose) return reject('near-canvas-edge', { margin: canvasMarginFor(tooClose) });
  const round = options.round ?? true;
  const moved = movable.map((widget) => {
    const shifted = withPosition(widget, translatePosition(widget.position, dx, dy));
    return round ? finishWidgetGeometry(shifted, false) : shifted;
  });
  return accept(replaceWidgets(document, moved));
}

/** Rounds the coordinates of the given widgets (the end of a drag). */
export function roundWidgets(
  document: PageDocument,
  ids: readonly WidgetId[],
  afterResize = false,
): PageDocument {
  return replaceWidgets(
    document,
    pickWidgets(document, ids).map((widget) => finishWidgetGeometry(widget, afterResize)),
  );
}
