/**
 * Copy and paste (§4): a copy keeps snapshots of the widgets; each paste gives them new ids and
 * lands 50 units further right and down than the one before (the n-th paste at n × 50).
 */
import { PASTE_OFFSET, type PageDocument, type Widget, type WidgetId } from '@lyyp/contracts/designer';
import { translatePosition } from '../geometry/position.ts';
import type { DesignerDeps } from '../model/deps.ts';
import { pickWidgets } from '../model/page.ts';
import { accept, reject, type Result } from '../model/result.ts';
import { copyWithNewIds } from '../model/widget-tree.ts';
import { addWidgets } from './add-delete.ts';
import { withPosition } from './widget-geometry.ts';

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
  const pasted = clipboard.widgets.map((widget) => {
    const copy = copyWithNewIds(widget, deps.createId);
    return withPosition(copy, translatePosition(copy.position, offset, offset));
  });
  const added = addWidgets(document, pasted);
  if (!added.ok) return added;
  return accept({
    document: added.value,
    clipboard: { ...clipboard, pasteCount: pasteNumber },
    pastedIds: pasted.map((widget) => widget.id),
  });
}
