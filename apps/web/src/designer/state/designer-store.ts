/**
 * The editor's state in zustand: the core's EditorState (every change goes through `reduceEditor`)
 * plus what only the screen needs: zoom, and the server's version and password state for saving.
 * One store per open page, created when the page has loaded.
 */
import type { Locale } from '@lyyp/contracts';
import type { PageDocument, WidgetId } from '@lyyp/contracts/designer';
import {
  beginGesture,
  commitGesture,
  createEditorState,
  reduceEditor,
  type DesignerConfig,
  type DesignerDeps,
  type EditorAction,
  type EditorCommand,
  type EditorState,
} from '@lyyp/designer-core';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { clampZoom } from './pointer-mapping.ts';

export interface DesignerStoreState {
  readonly editor: EditorState;
  readonly zoom: number;
  /** The page version the server holds, for the next save (1141 when someone saved since). */
  readonly version: number;
  readonly hasPassword: boolean;
  readonly sentPassword: string;
  /** A member of the selected group whose properties the panel shows (chosen in the layer list). */
  readonly member: WidgetId | null;
  dispatch: (action: EditorAction) => void;
  run: (command: EditorCommand) => void;
  /**
   * Runs several commands as one undo step (a variable dropped from the tag browser: the widget,
   * then its bindings). `plan` runs them one by one and may read each result; the first refusal
   * undoes the lot and is shown like any refusal. Answers whether all of them were done.
   */
  runAsOneStep: (label: string, plan: (run: (command: EditorCommand) => EditorState) => void) => boolean;
  setZoom: (zoom: number) => void;
  /** Selects the group holding `member` and shows the member's properties; null goes back to the group. */
  editMember: (group: WidgetId, member: WidgetId | null) => void;
  /**
   * A save of `saved` succeeded at `version`. The page is clean only if nothing changed while the
   * save was on its way.
   */
  markSaved: (saved: PageDocument, version: number, sentPassword: string) => void;
}

export type DesignerStore = StoreApi<DesignerStoreState>;

export interface DesignerStoreInit {
  readonly document: PageDocument;
  readonly config: DesignerConfig;
  readonly locale: Locale;
  readonly version: number;
  readonly hasPassword: boolean;
}

/** Widget ids that stay unique without a secure context (crypto.randomUUID needs HTTPS). */
function createBrowserId(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  const random = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${Date.now().toString(36)}${random}`;
}

export const BROWSER_DEPS: DesignerDeps = { createId: createBrowserId, now: () => Date.now() };

export function createDesignerStore(
  init: DesignerStoreInit,
  deps: DesignerDeps = BROWSER_DEPS,
): DesignerStore {
  return createStore<DesignerStoreState>()((set, get) => {
    // Another selection leaves the member being edited.
    const next = (editor: EditorState) => {
      const before = get().editor.selection;
      const same =
        editor.selection.length === before.length &&
        editor.selection.every((id, index) => id === before[index]);
      return same ? { editor } : { editor, member: null };
    };
    return {
      editor: createEditorState(init.document, { config: init.config, locale: init.locale, now: deps.now() }),
      zoom: 1,
      version: init.version,
      hasPassword: init.hasPassword,
      sentPassword: '',
      member: null,
      dispatch: (action) => set(next(reduceEditor(get().editor, action, deps))),
      run: (command) => set(next(reduceEditor(get().editor, { type: 'run', command }, deps))),
      runAsOneStep: (label, plan) => {
        const start = get().editor;
        let editor: EditorState = { ...start, history: beginGesture(start.history, start.document, label) };
        let refused = false;
        plan((command) => {
          if (refused) return editor;
          editor = reduceEditor(editor, { type: 'run', command }, deps);
          refused = editor.lastRejection !== null;
          return editor;
        });
        if (refused) {
          set(next({ ...start, lastRejection: editor.lastRejection }));
          return false;
        }
        set(next({ ...editor, history: commitGesture(editor.history, editor.document, deps.now()) }));
        return true;
      },
      setZoom: (zoom) => set({ zoom: clampZoom(zoom) }),
      editMember: (group, member) => {
        set({ editor: reduceEditor(get().editor, { type: 'select', ids: [group] }, deps), member });
      },
      markSaved: (saved, version, sentPassword) => {
        const { editor, hasPassword } = get();
        set({
          editor: editor.document === saved ? reduceEditor(editor, { type: 'mark-saved' }, deps) : editor,
          version,
          sentPassword,
          // Turning the check off makes the server forget the password.
          hasPassword: saved.checkpwd && (hasPassword || sentPassword !== ''),
        });
      },
    };
  });
}
