/**
 * Differences between two documents, record by record (like tldraw's RecordsDiff): changed page
 * settings, each added, removed or changed top-level widget with its before and after value, and the
 * paint order when it changed. A patch applies forwards (redo) or backwards (undo).
 */
import type { PageDocument, PageFields, Widget, WidgetId } from '@lyyp/contracts/designer';
import { isDeepEqual } from '../model/equal.ts';

export interface WidgetChange {
  readonly id: WidgetId;
  /** null when the widget was added. */
  readonly before: Widget | null;
  /** null when the widget was removed. */
  readonly after: Widget | null;
}

export interface DocumentPatch {
  readonly page: { readonly before: Partial<PageFields>; readonly after: Partial<PageFields> } | null;
  readonly widgets: readonly WidgetChange[];
  readonly order: { readonly before: readonly WidgetId[]; readonly after: readonly WidgetId[] } | null;
}

export type PatchDirection = 'forward' | 'backward';

function pageFieldsOf(document: PageDocument): PageFields {
  const { widgets: _widgets, ...fields } = document;
  return fields;
}

export function diffDocuments(before: PageDocument, after: PageDocument): DocumentPatch {
  const fieldsBefore = pageFieldsOf(before);
  const fieldsAfter = pageFieldsOf(after);
  const changedKeys = (Object.keys(fieldsAfter) as (keyof PageFields)[]).filter(
    (key) => !isDeepEqual(fieldsBefore[key], fieldsAfter[key]),
  );
  const page =
    changedKeys.length === 0
      ? null
      : {
          before: Object.fromEntries(
            changedKeys.map((key) => [key, fieldsBefore[key]]),
          ) as Partial<PageFields>,
          after: Object.fromEntries(changedKeys.map((key) => [key, fieldsAfter[key]])) as Partial<PageFields>,
        };

  const oldById = new Map(before.widgets.map((widget) => [widget.id, widget]));
  const newById = new Map(after.widgets.map((widget) => [widget.id, widget]));
  const widgets: WidgetChange[] = [];
  for (const [id, old] of oldById) {
    const next = newById.get(id) ?? null;
    if (old !== next && !isDeepEqual(old, next)) widgets.push({ id, before: old, after: next });
  }
  for (const [id, next] of newById) {
    if (!oldById.has(id)) widgets.push({ id, before: null, after: next });
  }

  const orderBefore = before.widgets.map((widget) => widget.id);
  const orderAfter = after.widgets.map((widget) => widget.id);
  const order = isDeepEqual(orderBefore, orderAfter) ? null : { before: orderBefore, after: orderAfter };
  return { page, widgets, order };
}

export function isPatchEmpty(patch: DocumentPatch): boolean {
  return patch.page === null && patch.widgets.length === 0 && patch.order === null;
}

export function applyPatch(
  document: PageDocument,
  patch: DocumentPatch,
  direction: PatchDirection,
): PageDocument {
  const forward = direction === 'forward';
  const byId = new Map(document.widgets.map((widget) => [widget.id, widget]));
  for (const change of patch.widgets) {
    const value = forward ? change.after : change.before;
    if (value) byId.set(change.id, value);
    else byId.delete(change.id);
  }
  const order = patch.order
    ? forward
      ? patch.order.after
      : patch.order.before
    : document.widgets.map((widget) => widget.id);
  const widgets = order.map((id) => {
    const widget = byId.get(id);
    if (!widget) throw new Error(`The history does not match the page: widget ${id} is missing`);
    return widget;
  });
  const fields = patch.page ? (forward ? patch.page.after : patch.page.before) : {};
  return { ...document, ...fields, widgets };
}
