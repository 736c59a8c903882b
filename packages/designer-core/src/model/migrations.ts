/**
 * Versions of the saved page document and the steps between them. A document saved at version N
 * is brought up to the current version one step at a time before it is validated. Steps are
 * appended, never edited: a saved page must open the same way forever.
 *
 * Version 1: the legacy form. Positions have no `kind`; rectangles have no flip flags; the file has
 * no `schemaVersion`.
 * Version 2: positions carry their `kind` (fixed by the widget type), rectangles and charts carry
 * `flipX` / `flipY`.
 */
import { DESIGNER_DOCUMENT_VERSION, isWidgetType, type PositionKind } from '@lyyp/contracts/designer';
import { DEFAULT_CHART_MARGINS } from '../geometry/position.ts';
import { getWidgetDefinition } from '../registry/widget-registry.ts';
import { accept, reject, type Result } from './result.ts';

export type JsonObject = Record<string, unknown>;

export interface Migration {
  readonly from: number;
  readonly to: number;
  readonly description: string;
  readonly up: (document: JsonObject) => JsonObject;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Applies `update` to every widget object of a raw document, group members included. */
export function mapRawWidgets(document: JsonObject, update: (widget: JsonObject) => JsonObject): JsonObject {
  const visit = (value: unknown): unknown => {
    if (!isJsonObject(value)) return value;
    const updated = update(value);
    return Array.isArray(updated.children) ? { ...updated, children: updated.children.map(visit) } : updated;
  };
  return Array.isArray(document.widgets) ? { ...document, widgets: document.widgets.map(visit) } : document;
}

function legacyKind(widget: JsonObject, position: JsonObject): PositionKind {
  const type = typeof widget.widgetType === 'string' ? widget.widgetType : '';
  if (isWidgetType(type)) return getWidgetDefinition(type).geometry;
  if ('points' in position) return 'line';
  if ('x1' in position) return 'triangle';
  if ('rx' in position) return 'ellipse';
  if ('r' in position) return 'circle';
  return 'rect';
}

const addPositionKinds: Migration = {
  from: 1,
  to: 2,
  description: 'Positions carry their kind; rectangles and charts carry flip flags.',
  up: (document) =>
    mapRawWidgets(document, (widget) => {
      if (!isJsonObject(widget.position)) return widget;
      const kind = legacyKind(widget, widget.position);
      const position: JsonObject = { ...widget.position, kind };
      if (kind === 'rect' || kind === 'chart') {
        position.flipX ??= false;
        position.flipY ??= false;
        position.rotate ??= 0;
      }
      if (kind === 'chart') {
        for (const [side, margin] of Object.entries(DEFAULT_CHART_MARGINS)) position[side] ??= margin;
      }
      if (kind === 'circle' || kind === 'ellipse') position.rotate ??= 0;
      return { ...widget, position };
    }),
};

/** Every step, oldest first. The last step's `to` is the version this build writes. */
export const MIGRATIONS: readonly Migration[] = [addPositionKinds];

/** The version a raw document was saved at; documents from before versioning are version 1. */
export function readDocumentVersion(document: JsonObject): number {
  return typeof document.schemaVersion === 'number' ? document.schemaVersion : 1;
}

/** Brings a raw document to the current version. Refuses one written by a newer build. */
export function migrateDocument(
  document: JsonObject,
  migrations: readonly Migration[] = MIGRATIONS,
): Result<JsonObject> {
  const target = migrations[migrations.length - 1]?.to ?? DESIGNER_DOCUMENT_VERSION;
  let version = readDocumentVersion(document);
  if (version > target) return reject('document-too-new', { version });
  let current = document;
  while (version < target) {
    const step = migrations.find((migration) => migration.from === version);
    if (!step) return reject('document-invalid');
    current = { ...step.up(current), schemaVersion: step.to };
    version = step.to;
  }
  return accept(current);
}
