/** What lies under the pointer: widgets, resize handles and the rotate handle of the selection. */
import type { PageDocument, WidgetId } from '@lyyp/contracts/designer';
import { containsBox, containsPoint, unionBoxes, type Box, type Point } from '../geometry/box.ts';
import { pickWidgets } from '../model/page.ts';
import { RESIZE_HANDLES, type ResizeHandle } from '../operations/resize.ts';
import { widgetBounds } from '../operations/widget-geometry.ts';

/** Lines and flat shapes are hard to hit exactly; this much slack is allowed around every widget. */
export const HIT_TOLERANCE = 3;
export const HANDLE_RADIUS = 4;
/** The rotate handle sits this far above the selection's top edge. */
export const ROTATE_HANDLE_OFFSET = 24;

/** The topmost widget under the point, or null for the bare canvas. */
export function hitTestWidget(document: PageDocument, point: Point): WidgetId | null {
  for (let index = document.widgets.length - 1; index >= 0; index -= 1) {
    const widget = document.widgets[index];
    if (widget && containsPoint(widgetBounds(widget), point, HIT_TOLERANCE)) return widget.id;
  }
  return null;
}

/** Top-level widgets lying wholly inside the box (a marquee selection). */
export function widgetsInside(document: PageDocument, box: Box): WidgetId[] {
  return document.widgets
    .filter((widget) => containsBox(box, widgetBounds(widget)))
    .map((widget) => widget.id);
}

export function getSelectionBounds(document: PageDocument, ids: readonly WidgetId[]): Box | null {
  const widgets = pickWidgets(document, ids);
  return widgets.length === 0 ? null : unionBoxes(widgets.map(widgetBounds));
}

export function getResizeHandlePoints(box: Box): Record<ResizeHandle, Point> {
  const left = box.x;
  const centreX = box.x + box.width / 2;
  const right = box.x + box.width;
  const top = box.y;
  const middle = box.y + box.height / 2;
  const bottom = box.y + box.height;
  return {
    nw: { x: left, y: top },
    n: { x: centreX, y: top },
    ne: { x: right, y: top },
    e: { x: right, y: middle },
    se: { x: right, y: bottom },
    s: { x: centreX, y: bottom },
    sw: { x: left, y: bottom },
    w: { x: left, y: middle },
  };
}

export function getRotateHandlePoint(box: Box): Point {
  return { x: box.x + box.width / 2, y: box.y - ROTATE_HANDLE_OFFSET };
}

export function hitTestResizeHandle(box: Box, point: Point, radius = HANDLE_RADIUS): ResizeHandle | null {
  const points = getResizeHandlePoints(box);
  return (
    RESIZE_HANDLES.find((handle) =>
      containsPoint({ ...points[handle], width: 0, height: 0 }, point, radius),
    ) ?? null
  );
}
