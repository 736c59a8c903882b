/**
 * Numbers in the default names of new widgets, counted per kind: the third pump on a page is
 * `离心泵3` / `Centrifugal pump 3` whatever else the page holds. The number is one more than the
 * highest number the page's widgets of that kind already end in (members of groups included), so
 * deleting `泵1` never makes a second `泵2`.
 */
import type { PageDocument, Widget } from '@lyyp/contracts/designer';
import { flattenWidgets } from './widget-tree.ts';

/** The next number for widgets that `sameKind` picks out. */
export function nextWidgetNumber(document: PageDocument, sameKind: (widget: Widget) => boolean): number {
  const matching = flattenWidgets(document.widgets).filter(sameKind);
  const numbers = matching.map((widget) => Number(/(\d+)$/.exec(widget.widgetName)?.[1] ?? 0));
  return Math.max(0, ...numbers) + 1;
}

/** The next number for a new widget of `type` (and, for a library symbol, of that symbol). */
export function nextNumberForType(
  document: PageDocument,
  type: Widget['widgetType'],
  symbolId?: string,
): number {
  return nextWidgetNumber(
    document,
    (widget) =>
      widget.widgetType === type &&
      (symbolId === undefined || (widget.widgetType === 'ShapeSymbol' && widget.data.symbolId === symbolId)),
  );
}
