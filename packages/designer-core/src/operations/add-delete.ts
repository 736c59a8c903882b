/** Adding widgets on top of the page and deleting them. */
import type { PageDocument, Widget, WidgetId } from '@lyyp/contracts/designer';
import { accept, reject, type Result } from '../model/result.ts';
import { checkWidgetLimits } from './limits.ts';

/** Adds widgets above everything else; refused if a §9 limit would be broken. */
export function addWidgets(document: PageDocument, widgets: readonly Widget[]): Result<PageDocument> {
  const after: PageDocument = {
    ...document,
    widgets: [...document.widgets, ...widgets],
    widgetCount: document.widgetCount + widgets.length,
  };
  return checkWidgetLimits(document, after);
}

export function addWidget(document: PageDocument, widget: Widget): Result<PageDocument> {
  return addWidgets(document, [widget]);
}

export function deleteWidgets(document: PageDocument, ids: readonly WidgetId[]): Result<PageDocument> {
  const doomed = new Set(ids);
  const widgets = document.widgets.filter((widget) => !doomed.has(widget.id));
  if (widgets.length === document.widgets.length) return reject('nothing-selected');
  return accept({ ...document, widgets });
}
