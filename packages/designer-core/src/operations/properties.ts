/**
 * Edits from the property panel and the toolbar: lock and unlock, one widget property by key path,
 * and page settings. Every edit is validated against the saved-page schema before it is accepted.
 */
import { isUnsafeUrlIssue } from '@lyyp/contracts';
import {
  PageFieldsSchema,
  WidgetSchema,
  type PageDocument,
  type PageFields,
  type WidgetId,
} from '@lyyp/contracts/designer';
import { findWidget, pickWidgets, replaceWidgets } from '../model/page.ts';
import { getAtPath, hasPath, setAtPath } from '../model/paths.ts';
import { accept, reject, type Result } from '../model/result.ts';
import { findInTree, refreshGroupBinds, replaceInTree } from '../model/widget-tree.ts';
import { checkWidgetLimits } from './limits.ts';
import { leavesCanvas } from './move.ts';
import { canvasMarginFor } from './widget-geometry.ts';

export function setWidgetsLocked(
  document: PageDocument,
  ids: readonly WidgetId[],
  locked: boolean,
): Result<PageDocument> {
  const selected = pickWidgets(document, ids);
  if (selected.length === 0) return reject('nothing-selected');
  return accept(
    replaceWidgets(
      document,
      selected.map((widget) => ({ ...widget, posLock: locked })),
    ),
  );
}

/** Keys the panel may never write: identity, type, shape kind and a group's bookkeeping. */
const READ_ONLY_KEYS = ['id', 'widgetType', 'position.kind', 'children', 'origin', 'bind', 'textId'];

function isReadOnly(key: string): boolean {
  return READ_ONLY_KEYS.some((readOnly) => key === readOnly || key.startsWith(`${readOnly}.`));
}

/**
 * Writes `value` at `key` (a dot path such as `style.fill.color`) in a top-level widget or in a
 * member of a group (edited without taking the group apart; its group's binding lists follow).
 * Refused for unknown or read-only keys, values the schema rejects, moving a locked widget, moving
 * a member (the group's box holds it: move the group, or ungroup), and edits that break a §9 limit
 * (turning a second line chart into a report chart, say). A position that takes the widget
 * further past the canvas margin (X = −300, or 2000 on a 1024 page) is refused, never clamped.
 */
export function setWidgetProperty(
  document: PageDocument,
  id: WidgetId,
  key: string,
  value: unknown,
): Result<PageDocument> {
  const member = findWidget(document, id) === undefined;
  const widget = findInTree(document.widgets, id);
  if (!widget) return reject('widget-not-found');
  if (isReadOnly(key) || !hasPath(widget, key)) return reject('invalid-property', { key });
  if (member && key.startsWith('position')) return reject('invalid-property', { key });
  if (widget.posLock && key.startsWith('position')) return reject('locked');
  if (getAtPath(widget, key) === value) return accept(document);
  const updated = setAtPath(widget, key, value);
  const checked = WidgetSchema.safeParse(updated);
  if (!checked.success) {
    const unsafe = checked.error.issues.find(isUnsafeUrlIssue);
    return unsafe
      ? reject('unsafe-url', { field: unsafe.path.map(String).join('.') })
      : reject('invalid-property', { key });
  }
  if (key.startsWith('position') && leavesCanvas(document, widget, checked.data)) {
    return reject('near-canvas-edge', { margin: canvasMarginFor(widget) });
  }
  const changed = member
    ? { ...document, widgets: refreshGroupBinds(replaceInTree(document.widgets, updated)) }
    : replaceWidgets(document, [updated]);
  return checkWidgetLimits(document, changed);
}

export type PageSettings = Partial<Omit<PageFields, 'id' | 'schemaVersion' | 'widgetCount'>>;

const PageSettingsSchema = PageFieldsSchema.omit({ id: true, schemaVersion: true, widgetCount: true })
  .partial()
  .strict();

export function updatePageSettings(document: PageDocument, settings: PageSettings): Result<PageDocument> {
  const parsed = PageSettingsSchema.safeParse(settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.map(String).join('.') ?? '';
    return issue && isUnsafeUrlIssue(issue)
      ? reject('unsafe-url', { field: path })
      : reject('invalid-property', { key: path });
  }
  return accept({ ...document, ...parsed.data });
}
