/**
 * The page document (§3 "Designer page") and the small look-ups every operation shares. Documents
 * are immutable: operations return new documents that share unchanged widgets with the old one.
 */
import {
  DESIGNER_DOCUMENT_VERSION,
  PAGE_DEFAULT_BG_COLOR,
  PAGE_DEFAULT_FIT,
  PAGE_DEFAULT_HEIGHT,
  PAGE_DEFAULT_WIDTH,
  type PageDocument,
  type PageFields,
  type PageId,
  type Widget,
  type WidgetId,
} from '@lyyp/contracts/designer';

export type { PageDocument, PageFields };

export type NewPageFields = Partial<Omit<PageFields, 'schemaVersion' | 'id'>> & { readonly id: string };

/** A new empty page with the §3 defaults: 1024 × 768, fit to container, white background. */
export function createPage(fields: NewPageFields): PageDocument {
  return {
    schemaVersion: DESIGNER_DOCUMENT_VERSION,
    productId: '',
    title: '',
    width: PAGE_DEFAULT_WIDTH,
    height: PAGE_DEFAULT_HEIGHT,
    fit: PAGE_DEFAULT_FIT,
    bgColor: PAGE_DEFAULT_BG_COLOR,
    bgImage: '',
    checkpwd: false,
    password: '',
    widgetCount: 0,
    ...fields,
    id: fields.id as PageId,
    widgets: [],
  };
}

export function findWidget(document: PageDocument, id: WidgetId): Widget | undefined {
  return document.widgets.find((widget) => widget.id === id);
}

/** Top-level widgets with the given ids, in paint order (bottom first); unknown ids are ignored. */
export function pickWidgets(document: PageDocument, ids: readonly WidgetId[]): Widget[] {
  const wanted = new Set(ids);
  return document.widgets.filter((widget) => wanted.has(widget.id));
}

/** A document whose top-level widgets are swapped for the given replacements (by id). */
export function replaceWidgets(document: PageDocument, replacements: readonly Widget[]): PageDocument {
  const byId = new Map(replacements.map((widget) => [widget.id, widget]));
  const widgets = document.widgets.map((widget) => byId.get(widget.id) ?? widget);
  return widgets.every((widget, index) => widget === document.widgets[index])
    ? document
    : { ...document, widgets };
}
