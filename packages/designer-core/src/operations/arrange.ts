/**
 * Alignment, uniform distribution (§4: more than 2 widgets) and paint order. Locked widgets keep
 * their place but still count as the reference an alignment lines up with.
 */
import type { PageDocument, Widget, WidgetId } from '@lyyp/contracts/designer';
import { unionBoxes, type Box } from '../geometry/box.ts';
import { translatePosition } from '../geometry/position.ts';
import { pickWidgets, replaceWidgets } from '../model/page.ts';
import { accept, reject, type Result } from '../model/result.ts';
import { finishWidgetGeometry, widgetBounds, withPosition } from './widget-geometry.ts';

export const ALIGNMENTS = ['left', 'centre', 'right', 'top', 'middle', 'bottom'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];
export type DistributeAxis = 'horizontal' | 'vertical';

/** How far a box must move to line up with `reference` (one axis is always zero). */
const ALIGN_OFFSETS: Readonly<Record<Alignment, (box: Box, reference: Box) => [number, number]>> = {
  left: (box, reference) => [reference.x - box.x, 0],
  centre: (box, reference) => [reference.x + reference.width / 2 - (box.x + box.width / 2), 0],
  right: (box, reference) => [reference.x + reference.width - (box.x + box.width), 0],
  top: (box, reference) => [0, reference.y - box.y],
  middle: (box, reference) => [0, reference.y + reference.height / 2 - (box.y + box.height / 2)],
  bottom: (box, reference) => [0, reference.y + reference.height - (box.y + box.height)],
};

function shift(widget: Widget, dx: number, dy: number): Widget {
  if (dx === 0 && dy === 0) return widget;
  return finishWidgetGeometry(withPosition(widget, translatePosition(widget.position, dx, dy)), false);
}

/** Lines the widgets up with the box around all of them. */
export function alignWidgets(
  document: PageDocument,
  ids: readonly WidgetId[],
  alignment: Alignment,
): Result<PageDocument> {
  const selected = pickWidgets(document, ids);
  if (selected.length < 2) return reject('align-needs-two');
  const reference = unionBoxes(selected.map(widgetBounds));
  const moved = selected
    .filter((widget) => !widget.posLock)
    .map((widget) => {
      const [dx, dy] = ALIGN_OFFSETS[alignment](widgetBounds(widget), reference);
      return shift(widget, dx, dy);
    });
  return accept(replaceWidgets(document, moved));
}

/**
 * Spaces the widgets evenly between the first and the last along the axis; those two stay put.
 * Gaps are equal to within the rounding to whole units.
 */
export function distributeWidgets(
  document: PageDocument,
  ids: readonly WidgetId[],
  axis: DistributeAxis,
): Result<PageDocument> {
  const selected = pickWidgets(document, ids);
  if (selected.length <= 2) return reject('distribute-needs-three');
  const start = (box: Box) => (axis === 'horizontal' ? box.x : box.y);
  const extent = (box: Box) => (axis === 'horizontal' ? box.width : box.height);
  const ordered = selected
    .map((widget) => ({ widget, box: widgetBounds(widget) }))
    .sort((a, b) => start(a.box) - start(b.box));
  const first = ordered[0];
  const last = ordered[ordered.length - 1];
  if (!first || !last) return reject('distribute-needs-three');
  const span = start(last.box) + extent(last.box) - start(first.box);
  const occupied = ordered.reduce((sum, entry) => sum + extent(entry.box), 0);
  const gap = (span - occupied) / (ordered.length - 1);
  let cursor = start(first.box);
  const moved: Widget[] = [];
  for (const entry of ordered) {
    const offset = cursor - start(entry.box);
    cursor += extent(entry.box) + gap;
    if (entry.widget.posLock || entry === first || entry === last) continue;
    moved.push(axis === 'horizontal' ? shift(entry.widget, offset, 0) : shift(entry.widget, 0, offset));
  }
  return accept(replaceWidgets(document, moved));
}

export const ORDER_MOVES = ['front', 'back', 'forward', 'backward'] as const;
export type OrderMove = (typeof ORDER_MOVES)[number];

function stepUp(widgets: readonly Widget[], selected: ReadonlySet<WidgetId>): Widget[] {
  const result = [...widgets];
  for (let index = result.length - 2; index >= 0; index -= 1) {
    const current = result[index] as Widget;
    const above = result[index + 1] as Widget;
    if (selected.has(current.id) && !selected.has(above.id)) {
      result[index] = above;
      result[index + 1] = current;
    }
  }
  return result;
}

/** Moves widgets to the front or back, or one step forward or backward, keeping their relative order. */
export function reorderWidgets(
  document: PageDocument,
  ids: readonly WidgetId[],
  move: OrderMove,
): Result<PageDocument> {
  const selected = new Set(ids);
  const chosen = document.widgets.filter((widget) => selected.has(widget.id));
  if (chosen.length === 0) return reject('nothing-selected');
  const others = document.widgets.filter((widget) => !selected.has(widget.id));
  const reorder: Readonly<Record<OrderMove, () => Widget[]>> = {
    front: () => [...others, ...chosen],
    back: () => [...chosen, ...others],
    forward: () => stepUp(document.widgets, selected),
    backward: () => stepUp([...document.widgets].reverse(), selected).reverse(),
  };
  return accept({ ...document, widgets: reorder[move]() });
}
