/**
 * Undo and redo (§4): a stack of patches at most 50 deep plus a redo stack. Any new change clears
 * redo and marks the page unsaved; a gesture (a drag made of many moves) becomes one entry; the
 * selection is not part of the document, so selecting never touches the history.
 */
import { UNDO_DEPTH, type PageDocument } from '@lyyp/contracts/designer';
import { applyPatch, diffDocuments, isPatchEmpty, type DocumentPatch } from './patch.ts';

export interface HistoryEntry {
  readonly patch: DocumentPatch;
  /** What the change was, for the undo button's tooltip (`move`, `paste` …). */
  readonly label: string;
  readonly at: number;
}

export interface History {
  /** Oldest first; the last entry is undone next. */
  readonly undoStack: readonly HistoryEntry[];
  /** Oldest first; the last entry is redone next. */
  readonly redoStack: readonly HistoryEntry[];
  /** The page has changes that were not saved. */
  readonly dirty: boolean;
  /** The document as it was when the open gesture began. */
  readonly gesture: { readonly base: PageDocument; readonly label: string } | null;
}

export function createHistory(): History {
  return { undoStack: [], redoStack: [], dirty: false, gesture: null };
}

export function canUndo(history: History): boolean {
  return history.gesture === null && history.undoStack.length > 0;
}

export function canRedo(history: History): boolean {
  return history.gesture === null && history.redoStack.length > 0;
}

function push(history: History, entry: HistoryEntry): History {
  const undoStack = [...history.undoStack, entry].slice(-UNDO_DEPTH);
  return { ...history, undoStack, redoStack: [], dirty: true };
}

/**
 * Records the change from `before` to `after` as one undo step. Nothing is recorded when the two
 * are equal or while a gesture is open (the gesture records itself when committed).
 */
export function recordChange(
  history: History,
  before: PageDocument,
  after: PageDocument,
  label: string,
  at = 0,
): History {
  if (history.gesture || before === after) return history;
  const patch = diffDocuments(before, after);
  if (isPatchEmpty(patch)) return history;
  return push(history, { patch, label, at });
}

/** Starts a gesture: the edits until `commitGesture` become a single undo step. */
export function beginGesture(history: History, document: PageDocument, label: string): History {
  if (history.gesture) return history;
  return { ...history, gesture: { base: document, label } };
}

export function commitGesture(history: History, document: PageDocument, at = 0): History {
  if (!history.gesture) return history;
  const { base, label } = history.gesture;
  return recordChange({ ...history, gesture: null }, base, document, label, at);
}

/** Ends the gesture without recording it; the caller goes back to the returned document. */
export function cancelGesture(history: History): { history: History; document: PageDocument | null } {
  if (!history.gesture) return { history, document: null };
  return { history: { ...history, gesture: null }, document: history.gesture.base };
}

export interface Step {
  readonly history: History;
  readonly document: PageDocument;
}

export function undo(history: History, document: PageDocument): Step | null {
  const entry = history.undoStack[history.undoStack.length - 1];
  if (!entry || history.gesture) return null;
  return {
    document: applyPatch(document, entry.patch, 'backward'),
    history: {
      ...history,
      undoStack: history.undoStack.slice(0, -1),
      redoStack: [...history.redoStack, entry],
      dirty: true,
    },
  };
}

export function redo(history: History, document: PageDocument): Step | null {
  const entry = history.redoStack[history.redoStack.length - 1];
  if (!entry || history.gesture) return null;
  return {
    document: applyPatch(document, entry.patch, 'forward'),
    history: {
      ...history,
      undoStack: [...history.undoStack, entry].slice(-UNDO_DEPTH),
      redoStack: history.redoStack.slice(0, -1),
      dirty: true,
    },
  };
}

/** The page was saved: it has no unsaved changes until the next edit, undo or redo. */
export function markSaved(history: History): History {
  return history.dirty ? { ...history, dirty: false } : history;
}
