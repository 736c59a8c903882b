/**
 * Opening and saving pages. Opening migrates a saved document to the current version, fills fields
 * a legacy save left out with the defaults (a missing `textId` gets a new one), and validates the
 * result against the saved-page schema. Saving produces the §3 file form: `con`, `widgets`, `bind`.
 */
import { isUnsafeUrlIssue } from '@lyyp/contracts';
import {
  isWidgetType,
  PageDocumentSchema,
  type LeafWidgetType,
  type PageDocument,
  type PageFile,
} from '@lyyp/contracts/designer';
import {
  createDefaultAnimation,
  createDefaultClickEvent,
  createDefaultStyle,
  createEmptyBinding,
} from '../registry/defaults.ts';
import { getWidgetDefinition } from '../registry/widget-registry.ts';
import type { DesignerDeps } from './deps.ts';
import { isJsonObject, mapRawWidgets, migrateDocument, type JsonObject } from './migrations.ts';
import { createPage } from './page.ts';
import { setAtPath } from './paths.ts';
import { accept, reject, type Result } from './result.ts';
import { collectPageBinds, refreshGroupBinds } from './widget-tree.ts';

/** `value` with every key of `defaults` it lacks, recursively for plain objects. */
export function fillMissing(value: unknown, defaults: unknown): unknown {
  if (value === undefined || value === null) return defaults;
  if (!isJsonObject(value) || !isJsonObject(defaults)) return value;
  const filled: JsonObject = { ...value };
  for (const [key, fallback] of Object.entries(defaults)) filled[key] = fillMissing(value[key], fallback);
  return filled;
}

function widgetDefaults(type: LeafWidgetType): JsonObject {
  const definition = getWidgetDefinition(type);
  return {
    ref: '',
    widgetName: '',
    posLock: false,
    authRegion: [],
    style: createDefaultStyle(definition.style),
    animation: createDefaultAnimation(),
    event: createDefaultClickEvent(definition.eventEnabled),
    binding: createEmptyBinding(),
    data: definition.createData(),
  };
}

function completeWidget(widget: JsonObject, createId: () => string): JsonObject {
  const type = typeof widget.widgetType === 'string' ? widget.widgetType : '';
  const textId = typeof widget.textId === 'string' && widget.textId ? widget.textId : createId();
  if (!isWidgetType(type)) return { ...widget, textId };
  const defaults =
    type === 'WidgetGroup'
      ? {
          ref: '',
          widgetName: '',
          posLock: false,
          authRegion: [],
          bind: { equipIds: [], signalIds: [], systemKeys: [], mvarIds: [] },
        }
      : widgetDefaults(type);
  return { ...(fillMissing(widget, defaults) as JsonObject), textId };
}

/**
 * The document with every address the URL rule refuses emptied. Pages saved before the rule
 * existed may hold a `javascript:` link or a `data:` picture: they still open, with that link or
 * picture disabled, and a save from the designer stores them without it.
 */
function disableUnsafeUrls(document: JsonObject): JsonObject {
  const parsed = PageDocumentSchema.safeParse(document);
  if (parsed.success) return document;
  return parsed.error.issues
    .filter(isUnsafeUrlIssue)
    .reduce((cleaned, issue) => setAtPath(cleaned, issue.path.map(String).join('.'), ''), document);
}

/**
 * Opens a saved page document of any version, or says why it cannot be opened. Unsafe addresses
 * are disabled rather than refused (see `disableUnsafeUrls`).
 */
export function openDocument(raw: unknown, deps: Pick<DesignerDeps, 'createId'>): Result<PageDocument> {
  if (!isJsonObject(raw)) return reject('document-invalid');
  const migrated = migrateDocument(raw);
  if (!migrated.ok) return migrated;
  const { widgets: _widgets, ...pageDefaults } = createPage({ id: '' });
  const page = fillMissing(migrated.value, { ...pageDefaults, widgets: [] }) as JsonObject;
  const completed = mapRawWidgets(page, (widget) => completeWidget(widget, deps.createId));
  const parsed = PageDocumentSchema.safeParse(disableUnsafeUrls(completed));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return reject('document-invalid', issue ? { path: issue.path.join('.') } : undefined);
  }
  return accept({ ...parsed.data, widgets: refreshGroupBinds(parsed.data.widgets) });
}

/** The §3 saved file of a page: settings (`con`), widgets and the page's bindings. */
export function toPageFile(document: PageDocument): PageFile {
  const { widgets, ...con } = document;
  return { con, widgets, bind: collectPageBinds(widgets) };
}

/** Opens a saved file (`con`, `widgets`, `bind`); the binding lists are recomputed, not trusted. */
export function openPageFile(raw: unknown, deps: Pick<DesignerDeps, 'createId'>): Result<PageDocument> {
  if (!isJsonObject(raw) || !isJsonObject(raw.con)) return reject('document-invalid');
  return openDocument({ ...raw.con, widgets: raw.widgets }, deps);
}
