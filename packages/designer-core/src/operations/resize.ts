/**
 * Resizing one widget or group by a handle (§4, §5): the shape must stay more than 2 units in size,
 * the dragged edge must stay at least 3 units on its own side of the fixed edge, and coordinates are
 * rounded at the end (lines then drop nearly collinear middle points).
 */
import {
  RESIZE_EDGE_TOLERANCE,
  RESIZE_MIN_SIZE,
  type PageDocument,
  type WidgetId,
} from '@lyyp/contracts/designer';
import type { Box, Point } from '../geometry/box.ts';
import { boundsOf, isLargeEnoughAfterResize, scalePosition } from '../geometry/position.ts';
import { findWidget, replaceWidgets } from '../model/page.ts';
import { accept, reject, type Result } from '../model/result.ts';
import { finishWidgetGeometry, withPosition } from './widget-geometry.ts';

export const RESIZE_HANDLES = ['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw'] as const;
export type ResizeHandle = (typeof RESIZE_HANDLES)[number];

/**
 * The box a handle drag produces from `start` after the pointer moved by `delta`. Refused when a
 * dragged edge comes within 3 units of (or crosses) the edge that stays put. An axis the box has no
 * real extent in (a flat line) is not checked: it cannot be stretched.
 */
export function computeResizeBox(start: Box, handle: ResizeHandle, delta: Point): Result<Box> {
  let left = start.x;
  let right = start.x + start.width;
  let top = start.y;
  let bottom = start.y + start.height;
  if (handle.includes('e')) right += delta.x;
  if (handle.includes('w')) left += delta.x;
  if (handle.includes('s')) bottom += delta.y;
  if (handle.includes('n')) top += delta.y;
  const horizontal = handle.includes('e') || handle.includes('w');
  const vertical = handle.includes('n') || handle.includes('s');
  const checksX = horizontal && start.width >= RESIZE_EDGE_TOLERANCE;
  const checksY = vertical && start.height >= RESIZE_EDGE_TOLERANCE;
  if (
    (checksX && right - left < RESIZE_EDGE_TOLERANCE) ||
    (checksY && bottom - top < RESIZE_EDGE_TOLERANCE)
  ) {
    return reject('resize-past-edge');
  }
  return accept({ x: left, y: top, width: right - left, height: bottom - top });
}

export interface ResizeOptions {
  /** Round and simplify (the end of a resize). A drag in progress passes false. */
  readonly round?: boolean;
}

/** Stretches the widget so its bounds become `bounds`. */
export function resizeWidget(
  document: PageDocument,
  id: WidgetId,
  bounds: Box,
  options: ResizeOptions = {},
): Result<PageDocument> {
  const widget = findWidget(document, id);
  if (!widget) return reject('widget-not-found');
  if (widget.posLock) return reject('locked');
  const position = scalePosition(widget.position, boundsOf(widget.position), bounds);
  if (!isLargeEnoughAfterResize(position)) return reject('resize-too-small', { min: RESIZE_MIN_SIZE });
  const resized = withPosition(widget, position);
  const finished = (options.round ?? true) ? finishWidgetGeometry(resized, true) : resized;
  if (!isLargeEnoughAfterResize(finished.position))
    return reject('resize-too-small', { min: RESIZE_MIN_SIZE });
  return accept(replaceWidgets(document, [finished]));
}
