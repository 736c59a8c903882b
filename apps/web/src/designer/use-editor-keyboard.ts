/** Keyboard shortcuts on the whole designer window, except while typing into a field. */
import { useEffect } from 'react';
import { useDesignerStore } from './designer-context.ts';
import { findShortcut, isTypingTarget } from './state/shortcuts.ts';
import { stepZoom } from './state/pointer-mapping.ts';

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function isMacPlatform(): boolean {
  return IS_MAC;
}

export function useEditorKeyboard(save: () => void): void {
  const store = useDesignerStore();
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target as HTMLElement | null)) return;
      // A dialog on top (confirmations, pickers) keeps its own keys.
      if (document.querySelector('.ant-modal-wrap:not([style*="display: none"])')) return;
      const action = findShortcut(event, IS_MAC);
      if (!action) return;
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
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [store, save]);
}
