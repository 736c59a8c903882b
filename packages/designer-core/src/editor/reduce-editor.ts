/**
 * The editor's reducer: every user action in, the next editor state out. Pure; ids and the clock
 * come from `deps`. The React editor's store and the headless `TestEditor` both drive this.
 */
import type { PageDocument, WidgetId } from '@lyyp/contracts/designer';
import type { Point } from '../geometry/box.ts';
import { createHistory, markSaved } from '../history/history.ts';
import type { DesignerDeps } from '../model/deps.ts';
import { runCommand, type EditorCommand } from './commands.ts';
import type { DesignerConfig, EditorState, Tool } from './editor-state.ts';
import {
  handleCancel,
  handlePointerDown,
  handlePointerMove,
  handlePointerUp,
  type PointerDown,
} from './pointer.ts';

export type EditorAction =
  | ({ readonly type: 'pointer-down' } & PointerDown)
  | { readonly type: 'pointer-move'; readonly point: Point }
  | { readonly type: 'pointer-up'; readonly point: Point }
  | { readonly type: 'cancel' }
  | { readonly type: 'set-tool'; readonly tool: Tool }
  | { readonly type: 'select'; readonly ids: readonly WidgetId[] }
  | { readonly type: 'run'; readonly command: EditorCommand }
  | { readonly type: 'set-config'; readonly config: Partial<DesignerConfig> }
  | { readonly type: 'load'; readonly document: PageDocument }
  | { readonly type: 'mark-saved' };

export function reduceEditor(state: EditorState, action: EditorAction, deps: DesignerDeps): EditorState {
  switch (action.type) {
    case 'pointer-down':
      return handlePointerDown(state, action, deps);
    case 'pointer-move':
      return handlePointerMove(state, action.point);
    case 'pointer-up':
      return handlePointerUp(state, action.point, deps);
    case 'cancel':
      return handleCancel(state);
    case 'set-tool':
      return { ...handleCancel(state), tool: action.tool };
    case 'select': {
      const existing = new Set(state.document.widgets.map((widget) => widget.id));
      return { ...state, selection: action.ids.filter((id) => existing.has(id)) };
    }
    case 'run':
      return runCommand(state, action.command, deps);
    case 'set-config':
      return { ...state, config: { ...state.config, ...action.config } };
    case 'load':
      return {
        ...state,
        document: action.document,
        selection: [],
        history: createHistory(),
        drag: null,
        guides: [],
        lastRejection: null,
        lastSavedAt: deps.now(),
      };
    case 'mark-saved':
      return { ...state, history: markSaved(state.history), lastSavedAt: deps.now() };
  }
}
