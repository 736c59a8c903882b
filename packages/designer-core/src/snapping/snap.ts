/**
 * Snapping while dragging (§4, §9): the moving box's edges and centre are pulled onto the edges and
 * centres of other widgets and of the canvas when within the tolerance (5 with adsorb on, else 1),
 * then onto the grid. Returns the offset to apply and the guide lines to draw.
 */
import { SNAP_TOLERANCE_ADSORB, SNAP_TOLERANCE_DEFAULT } from '@lyyp/contracts/designer';
import type { Box } from '../geometry/box.ts';

/** A guide line: `axis: 'x'` is a vertical line at x = `at` from y = `from` to `to`. */
export interface Guide {
  readonly axis: 'x' | 'y';
  readonly at: number;
  readonly from: number;
  readonly to: number;
}

export interface SnapInput {
  readonly moving: Box;
  readonly others: readonly Box[];
  readonly canvas: { readonly width: number; readonly height: number };
  readonly tolerance: number;
  /** Grid spacing when the grid is shown; null or 0 for no grid. */
  readonly gridSize?: number | null;
}

export interface SnapResult {
  readonly dx: number;
  readonly dy: number;
  readonly guides: readonly Guide[];
}

export function snapToleranceFor(adsorb: boolean): number {
  return adsorb ? SNAP_TOLERANCE_ADSORB : SNAP_TOLERANCE_DEFAULT;
}

/** A line something can snap to, with the extent (on the other axis) of what it belongs to. */
interface Target {
  readonly at: number;
  readonly from: number;
  readonly to: number;
}

const EPSILON = 1e-6;

function linesOf(start: number, size: number): number[] {
  return [start, start + size / 2, start + size];
}

function targetsOnAxis(input: SnapInput, axis: 'x' | 'y'): Target[] {
  const horizontal = axis === 'x';
  const canvasSize = horizontal ? input.canvas.width : input.canvas.height;
  const canvasSpan = horizontal ? input.canvas.height : input.canvas.width;
  const canvasTargets = linesOf(0, canvasSize).map((at) => ({ at, from: 0, to: canvasSpan }));
  const widgetTargets = input.others.flatMap((box) => {
    const [start, size, spanStart, spanSize] = horizontal
      ? [box.x, box.width, box.y, box.height]
      : [box.y, box.height, box.x, box.width];
    return linesOf(start, size).map((at) => ({ at, from: spanStart, to: spanStart + spanSize }));
  });
  return [...widgetTargets, ...canvasTargets];
}

function snapAxis(input: SnapInput, axis: 'x' | 'y'): { offset: number; guides: Guide[] } {
  const horizontal = axis === 'x';
  const [start, size, spanStart, spanSize] = horizontal
    ? [input.moving.x, input.moving.width, input.moving.y, input.moving.height]
    : [input.moving.y, input.moving.height, input.moving.x, input.moving.width];
  const own = linesOf(start, size);
  const targets = targetsOnAxis(input, axis);

  let best: number | null = null;
  for (const target of targets) {
    for (const line of own) {
      const offset = target.at - line;
      if (Math.abs(offset) <= input.tolerance && (best === null || Math.abs(offset) < Math.abs(best)))
        best = offset;
    }
  }
  if (best === null) {
    const grid = input.gridSize ?? 0;
    if (grid > 0) {
      const offset = Math.round(start / grid) * grid - start;
      if (Math.abs(offset) <= input.tolerance) return { offset, guides: [] };
    }
    return { offset: 0, guides: [] };
  }

  const snapped = own.map((line) => line + best);
  const guides = targets
    .filter((target) => snapped.some((line) => Math.abs(line - target.at) < EPSILON))
    .map((target) => ({
      axis,
      at: target.at,
      from: Math.min(target.from, spanStart),
      to: Math.max(target.to, spanStart + spanSize),
    }));
  return { offset: best, guides: dedupeGuides(guides) };
}

function dedupeGuides(guides: readonly Guide[]): Guide[] {
  const merged = new Map<string, Guide>();
  for (const guide of guides) {
    const key = `${guide.axis}:${guide.at}`;
    const existing = merged.get(key);
    merged.set(
      key,
      existing
        ? { ...existing, from: Math.min(existing.from, guide.from), to: Math.max(existing.to, guide.to) }
        : guide,
    );
  }
  return [...merged.values()];
}

export function snapBox(input: SnapInput): SnapResult {
  const x = snapAxis(input, 'x');
  const y = snapAxis(input, 'y');
  return { dx: x.offset, dy: y.offset, guides: [...x.guides, ...y.guides] };
}
