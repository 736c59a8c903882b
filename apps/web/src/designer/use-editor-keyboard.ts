/**
 * Keyboard shortcuts on the whole designer window, except while typing into a field. Copy, cut and
 * paste go through the browser's clipboard events, so widgets copied here paste into another page,
 * product or tab: the copy is put on the system clipboard, and a paste reads it back (checked
 * against the widget schema) and binds it to this product's signals by title.
 */
import {
  CLIPBOARD_MIME,
  clipboardText,
  readClipboardText,
  rebindPage,
  type RebindCatalogue,
} from '@lyyp/designer-core';
import { useEffect } from 'react';
import { useDesignerStore } from './designer-context.ts';
import { findShortcut, isTypingTarget } from './state/shortcuts.ts';
import { stepZoom } from './state/pointer-mapping.ts';

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function isMacPlatform(): boolean {
  return IS_MAC;
}

const CLIPBOARD_COMMANDS = new Set(['copy', 'cut', 'paste']);

/** A dialog on top (confirmations, pickers) keeps its own keys. */
function dialogOpen(): boolean {
  return document.querySelector('.ant-modal-wrap:not([style*="display: none"])') !== null;
}

export function useEditorKeyboard(save: () => void, catalogue: RebindCatalogue, enabled = true): void {
  const store = useDesignerStore();
  useEffect(() => {
    // The preview's page takes the keys: nothing is edited while it runs.
    if (!enabled) return undefined;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target as HTMLElement | null)) return;
      if (dialogOpen()) return;
      const action = findShortcut(event, IS_MAC);
      if (!action) return;
      // Left to the browser, which answers with the clipboard events handled below.
      if (action.kind === 'command' && CLIPBOARD_COMMANDS.has(action.command.name)) return;
      event.preventDefault();
      const state = store.getState();
      switch (action.kind) {
        case 'command':
          state.run(action.command);
          return;
        case 'save':
          save();
          return;
        case 'cancel':
          // Escape ends the drag in progress, else leaves the drawing tool, else clears the selection.
          if (state.editor.drag) state.dispatch({ type: 'cancel' });
          else if (state.editor.tool.kind === 'draw')
            state.dispatch({ type: 'set-tool', tool: { kind: 'select' } });
          else state.dispatch({ type: 'select', ids: [] });
          return;
        case 'zoom':
          state.setZoom(action.to === 'reset' ? 1 : stepZoom(state.zoom, action.to));
          return;
      }
    };
    const handleCopy = (event: ClipboardEvent, command: 'copy' | 'cut') => {
      if (isTypingTarget(document.activeElement) || dialogOpen()) return;
      event.preventDefault();
      const state = store.getState();
      state.run({ name: command });
      const clipboard = store.getState().editor.clipboard;
      if (!clipboard || !event.clipboardData) return;
      const text = clipboardText(clipboard);
      event.clipboardData.setData(CLIPBOARD_MIME, text);
      event.clipboardData.setData('text/plain', text);
    };
    const handlePaste = (event: ClipboardEvent) => {
      if (isTypingTarget(document.activeElement) || dialogOpen()) return;
      event.preventDefault();
      const data = event.clipboardData;
      const text = data ? data.getData(CLIPBOARD_MIME) || data.getData('text/plain') : '';
      const incoming = text ? readClipboardText(text) : null;
      const state = store.getState();
      if (!incoming?.ok) {
        // Nothing of ours on the system clipboard: this editor's own copy, if any.
        state.run({ name: 'paste' });
        return;
      }
      state.run({ name: 'paste-from', clipboard: incoming.value });
      // Copied from another product: its bindings are matched to this product's signals by title.
      const rebound = rebindPage(store.getState().editor.document, catalogue);
      if (rebound.remapped + rebound.cleared > 0) store.getState().run({ name: 'rebind', catalogue });
    };
    const onCopy = (event: ClipboardEvent) => handleCopy(event, 'copy');
    const onCut = (event: ClipboardEvent) => handleCopy(event, 'cut');
    window.addEventListener('keydown', handleKeyDown);
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCut);
    document.addEventListener('paste', handlePaste);
    return () => {
      window.removeEventListener('keydown', handleKeyDown);
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCut);
      document.removeEventListener('paste', handlePaste);
    };
  }, [store, save, catalogue, enabled]);
}
