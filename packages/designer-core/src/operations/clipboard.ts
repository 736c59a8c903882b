/**
 * Copy and paste (§4): a copy keeps snapshots of the widgets; each paste gives them new ids and
 * lands 50 units further right and down than the one before (the n-th paste at n × 50), stopping
 * at the canvas margin so repeated pastes stay on the page.
 *
 * Pasted widgets take names and reference names not yet used on the page (`Pump 3` pastes as
 * `Pump 4`), so the layer list tells them apart and a script's `ref` names one widget.
 *
 * A copy also travels through the system clipboard as JSON (`CLIPBOARD_MIME`, and as plain text),
 * so widgets paste into another page, another product or another browser tab. What is read back is
 * checked against the widget schema like a saved page; bindings are then matched to the target
 * product's signals by the `rebind` command.
 */
import {
  PASTE_OFFSET,
  WidgetSchema,
  type PageDocument,
  type Widget,
  type WidgetId,
} from '@lyyp/contracts/designer';
import { translatePosition } from '../geometry/position.ts';
import type { DesignerDeps } from '../model/deps.ts';
import { pickWidgets } from '../model/page.ts';
import { accept, reject, type Result } from '../model/result.ts';
import { copyWithNewIds, flattenWidgets, isGroup } from '../model/widget-tree.ts';
import { addWidgets } from './add-delete.ts';
import { canvasMarginFor, widgetBounds, withPosition } from './widget-geometry.ts';
import { unionBoxes } from '../geometry/box.ts';

export interface Clipboard {
  readonly widgets: readonly Widget[];
  /** Pastes made from this copy so far. */
  readonly pasteCount: number;
}

export function copyWidgets(document: PageDocument, ids: readonly WidgetId[]): Result<Clipboard> {
  const widgets = pickWidgets(document, ids);
  if (widgets.length === 0) return reject('nothing-selected');
  return accept({ widgets, pasteCount: 0 });
}

export interface PasteResult {
  readonly document: PageDocument;
  readonly clipboard: Clipboard;
  readonly pastedIds: WidgetId[];
}

export function pasteWidgets(
  document: PageDocument,
  clipboard: Clipboard | null,
  deps: Pick<DesignerDeps, 'createId'>,
): Result<PasteResult> {
  if (!clipboard || clipboard.widgets.length === 0) return reject('clipboard-empty');
  const pasteNumber = clipboard.pasteCount + 1;
  const offset = PASTE_OFFSET * pasteNumber;
  const taken = takenNames(document.widgets);
  const { dx, dy } = pasteOffset(document, clipboard.widgets, offset);
  const pasted = clipboard.widgets.map((widget) => {
    const copy = renameApart(copyWithNewIds(widget, deps.createId), taken);
    return withPosition(copy, translatePosition(copy.position, dx, dy));
  });
  const added = addWidgets(document, pasted);
  if (!added.ok) return added;
  return accept({
    document: added.value,
    clipboard: { ...clipboard, pasteCount: pasteNumber },
    pastedIds: pasted.map((widget) => widget.id),
  });
}

/**
 * The n-th paste's step, cut short on each axis where the copies would reach the canvas margin:
 * repeated pastes walk down and right and then line up along the edge, never off the page.
 */
function pasteOffset(document: PageDocument, widgets: readonly Widget[], offset: number) {
  const box = unionBoxes(widgets.map(widgetBounds));
  const margin = Math.max(...widgets.map(canvasMarginFor));
  return {
    dx: Math.min(offset, Math.max(0, document.width - margin - (box.x + box.width))),
    dy: Math.min(offset, Math.max(0, document.height - margin - (box.y + box.height))),
  };
}

interface TakenNames {
  readonly names: Set<string>;
  readonly refs: Set<string>;
}

function takenNames(widgets: readonly Widget[]): TakenNames {
  const all = flattenWidgets(widgets);
  return {
    names: new Set(all.map((widget) => widget.widgetName)),
    refs: new Set(all.map((widget) => widget.ref).filter((ref) => ref !== '')),
  };
}

const NAME_MAX = 100;
const REF_MAX = 64;

/**
 * `name` if unused, else the next free one: a trailing number counts on (`矩形3` → `矩形4`),
 * otherwise a number is added (`Pump` → `Pump 2`, a reference `pump` → `pump_2`). The result is marked as taken.
 */
export function nextFreeName(name: string, taken: Set<string>, max = NAME_MAX, separator = ' '): string {
  if (!taken.has(name)) {
    taken.add(name);
    return name;
  }
  const numbered = /^(.*?)(\d+)$/.exec(name);
  const base = numbered ? numbered[1]! : `${name}${separator}`;
  let counter = numbered ? Number(numbered[2]) + 1 : 2;
  let candidate: string;
  do {
    const suffix = String(counter++);
    candidate = base.slice(0, max - suffix.length) + suffix;
  } while (taken.has(candidate));
  taken.add(candidate);
  return candidate;
}

function renameApart<W extends Widget>(widget: W, taken: TakenNames): W {
  const renamed = {
    ...widget,
    widgetName: nextFreeName(widget.widgetName, taken.names),
    ref: widget.ref === '' ? '' : nextFreeName(widget.ref, taken.refs, REF_MAX, '_'),
  };
  if (!isGroup(renamed)) return renamed;
  return { ...renamed, children: renamed.children.map((child) => renameApart(child, taken)) };
}

/** The media type of designer widgets on the system clipboard. */
export const CLIPBOARD_MIME = 'application/x-lyyp-widgets';
const CLIPBOARD_FORMAT = 'lyyp-designer-widgets';
const CLIPBOARD_VERSION = 1;

/** The clipboard as the text put on the system clipboard. */
export function clipboardText(clipboard: Clipboard): string {
  return JSON.stringify({ format: CLIPBOARD_FORMAT, version: CLIPBOARD_VERSION, widgets: clipboard.widgets });
}

/**
 * Widgets read back from the system clipboard. Anything else (text copied elsewhere, a newer
 * format, a widget the schema refuses) is refused as unreadable, never half pasted.
 */
export function readClipboardText(text: string): Result<Clipboard> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return reject('clipboard-unreadable');
  }
  if (typeof parsed !== 'object' || parsed === null) return reject('clipboard-unreadable');
  const { format, version, widgets } = parsed as Record<string, unknown>;
  if (format !== CLIPBOARD_FORMAT || version !== CLIPBOARD_VERSION || !Array.isArray(widgets)) {
    return reject('clipboard-unreadable');
  }
  if (widgets.length === 0) return reject('clipboard-empty');
  const checked: Widget[] = [];
  for (const widget of widgets) {
    const result = WidgetSchema.safeParse(widget);
    if (!result.success) return reject('clipboard-unreadable');
    checked.push(result.data);
  }
  return accept({ widgets: checked, pasteCount: 0 });
}

/**
 * The clipboard to paste from when the system clipboard holds `incoming`: the editor's own copy
 * when it is the same one (so repeated pastes keep stepping 50 units on), else the incoming one.
 */
export function mergeClipboard(current: Clipboard | null, incoming: Clipboard): Clipboard {
  const sameWidgets =
    current !== null &&
    current.widgets.length === incoming.widgets.length &&
    current.widgets.every((widget, index) => widget.id === incoming.widgets[index]?.id);
  return sameWidgets ? current : incoming;
}
