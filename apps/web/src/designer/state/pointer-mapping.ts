/**
 * From browser events to editor actions, without the DOM: screen points become page points at the
 * current zoom, the element under the pointer becomes a `PointerTarget` (a resize or rotate handle
 * of the selection, else whatever widget the core's hit test finds), and zoom steps stay in range.
 */
import type { PageDocument } from '@lyyp/contracts/designer';
import {
  hitTestWidget,
  RESIZE_HANDLES,
  type Point,
  type PointerTarget,
  type ResizeHandle,
} from '@lyyp/designer-core';

export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 4;
/** Zoom levels the zoom buttons step through. */
export const ZOOM_STEPS = [0.1, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

/** What the element under the pointer says about itself (`data-handle`, `data-rotate-handle`). */
export interface TargetHint {
  readonly handle?: string | null;
  readonly rotate?: boolean;
}

export function toPagePoint(client: Point, pageOrigin: Point, zoom: number): Point {
  return { x: (client.x - pageOrigin.x) / zoom, y: (client.y - pageOrigin.y) / zoom };
}

function isResizeHandle(value: string): value is ResizeHandle {
  return (RESIZE_HANDLES as readonly string[]).includes(value);
}

export function resolvePointerTarget(hint: TargetHint, document: PageDocument, point: Point): PointerTarget {
  if (hint.rotate) return { kind: 'rotate-handle' };
  if (hint.handle && isResizeHandle(hint.handle)) return { kind: 'resize-handle', handle: hint.handle };
  const id = hitTestWidget(document, point);
  return id ? { kind: 'widget', id } : { kind: 'canvas' };
}

export function clampZoom(zoom: number): number {
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(zoom * 100) / 100));
}

/** The next zoom step in or out from `zoom`. */
export function stepZoom(zoom: number, direction: 'in' | 'out'): number {
  if (direction === 'in') return ZOOM_STEPS.find((step) => step > zoom + 1e-9) ?? ZOOM_MAX;
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - 1e-9) ?? ZOOM_MIN;
}

/** The zoom that shows the whole page in the viewport, with a margin, never above 100%. */
export function fitZoom(
  page: { width: number; height: number },
  viewport: { width: number; height: number },
  margin = 40,
): number {
  if (viewport.width <= margin * 2 || viewport.height <= margin * 2) return 1;
  const fit = Math.min(
    1,
    (viewport.width - margin * 2) / page.width,
    (viewport.height - margin * 2) / page.height,
  );
  // Rounded down, so the page always fits.
  return clampZoom(Math.floor(fit * 100) / 100);
}
