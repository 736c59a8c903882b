/**
 * The saved page (§3 "Designer page"): the document the designer edits and the server stores, and
 * the file form a save sends (`con`, `widgets`, `bind`). Both refuse a page over the §9 limits, so
 * the server enforces what the designer enforced while editing.
 */
import { z } from 'zod';
import { CATALOGUE_ISSUE_PREFIX } from '../validation/index.ts';
import { checkedUrl } from '../validation/url.ts';
import {
  DESIGNER_DOCUMENT_VERSION,
  PAGE_FIT_MODES,
  PAGE_MAX_SIDE,
  REPORT_LINE_MAX_COUNT,
  WEATHER_WIDGET_MAX_COUNT,
  WEBGL_WIDGET_MAX_COUNT,
  WIDGET_MAX_COUNT,
} from './limits.ts';
import { ColorSchema, PageIdSchema } from './widget-parts.schema.ts';
import { WidgetSchema, type Widget } from './widget.schema.ts';

export const PAGE_TITLE_MAX_LENGTH = 50;
export const PAGE_PASSWORD_MAX_LENGTH = 32;

const pageSide = z.number().int().min(1).max(PAGE_MAX_SIDE);

const pageFields = {
  schemaVersion: z.literal(DESIGNER_DOCUMENT_VERSION),
  id: PageIdSchema,
  productId: z.string().max(64),
  title: z.string().max(PAGE_TITLE_MAX_LENGTH),
  width: pageSide,
  height: pageSide,
  fit: z.enum(PAGE_FIT_MODES),
  bgColor: ColorSchema,
  bgImage: checkedUrl(),
  /** Viewers must enter `password` before the page opens. */
  checkpwd: z.boolean(),
  password: z.string().max(PAGE_PASSWORD_MAX_LENGTH),
  /** Widgets ever added; numbers the default names of new widgets. */
  widgetCount: z.number().int().min(0),
};

/** The page's own settings, without its widgets. */
export const PageFieldsSchema = z.object(pageFields);

/** Counts of the widgets §9 limits, group members included. */
export interface PageWidgetCounts {
  readonly total: number;
  readonly weather: number;
  readonly reportLines: number;
  readonly webgl: number;
}

/** Every widget that is not a group, members of groups included, in paint order. */
export function listLeafWidgets(
  widgets: readonly Widget[],
): Exclude<Widget, { widgetType: 'WidgetGroup' }>[] {
  return widgets.flatMap((widget) =>
    widget.widgetType === 'WidgetGroup' ? listLeafWidgets(widget.children) : [widget],
  );
}

export function countPageWidgets(widgets: readonly Widget[]): PageWidgetCounts {
  const leaves = listLeafWidgets(widgets);
  return {
    total: leaves.length,
    weather: leaves.filter((widget) => widget.widgetType === 'ComplexWeather').length,
    reportLines: leaves.filter(
      (widget) => widget.widgetType === 'ComplexLine' && widget.data.dataAddon.type === 'report',
    ).length,
    webgl: leaves.filter((widget) => widget.widgetType === 'UsualWebgl').length,
  };
}

export const PAGE_WIDGET_LIMITS: Readonly<Record<keyof PageWidgetCounts, number>> = {
  total: WIDGET_MAX_COUNT,
  weather: WEATHER_WIDGET_MAX_COUNT,
  reportLines: REPORT_LINE_MAX_COUNT,
  webgl: WEBGL_WIDGET_MAX_COUNT,
};

/** The first §9 limit the counts break, or null. */
export function findExceededWidgetLimit(counts: PageWidgetCounts): keyof PageWidgetCounts | null {
  const keys = Object.keys(PAGE_WIDGET_LIMITS) as (keyof PageWidgetCounts)[];
  return keys.find((key) => counts[key] > PAGE_WIDGET_LIMITS[key]) ?? null;
}

function collectIds(widgets: readonly Widget[]): string[] {
  return widgets.flatMap((widget) => [
    widget.id,
    ...(widget.widgetType === 'WidgetGroup' ? collectIds(widget.children) : []),
  ]);
}

function refineWidgets(widgets: readonly Widget[], context: z.RefinementCtx): void {
  const exceeded = findExceededWidgetLimit(countPageWidgets(widgets));
  if (exceeded) {
    context.addIssue({
      code: 'custom',
      path: ['widgets'],
      message: `${CATALOGUE_ISSUE_PREFIX}1002`,
      params: { field: 'widgets', limit: exceeded, max: PAGE_WIDGET_LIMITS[exceeded] },
    });
  }
  const ids = collectIds(widgets);
  if (new Set(ids).size !== ids.length) {
    context.addIssue({
      code: 'custom',
      path: ['widgets'],
      message: `${CATALOGUE_ISSUE_PREFIX}1002`,
      params: { field: 'widgets', reason: 'duplicate-id' },
    });
  }
}

export const PageDocumentSchema = z
  .object({ ...pageFields, widgets: z.array(WidgetSchema) })
  .superRefine((page, context) => refineWidgets(page.widgets, context));
export type PageDocument = z.infer<typeof PageDocumentSchema>;
export type PageFields = Omit<PageDocument, 'widgets'>;

/** Ids the page is bound to, listed once each; the server checks them against the product. */
export const PageBindsSchema = z.object({
  equips: z.array(z.string().max(64)),
  signals: z.array(z.string().max(64)),
  keys: z.array(z.string().max(200)),
  mvars: z.array(z.string().max(64)),
});
export type PageBinds = z.infer<typeof PageBindsSchema>;

/** The saved file content of §3: page settings, widgets and the page's bindings. */
export const PageFileSchema = z
  .object({ con: PageFieldsSchema, widgets: z.array(WidgetSchema), bind: PageBindsSchema })
  .superRefine((file, context) => refineWidgets(file.widgets, context));
export type PageFile = z.infer<typeof PageFileSchema>;
