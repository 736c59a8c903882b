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
