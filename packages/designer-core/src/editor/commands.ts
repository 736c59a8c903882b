/**
 * Editor commands as a table (like Excalidraw's actions): each has a label, its keyboard shortcuts
 * and a `perform` that calls the pure operations. `runCommand` records document changes in the
 * history, so every command is one undo step.
 */
import {
  CANVAS_EDGE_MARGIN,
  type FaceplateTemplate,
  type LeafWidgetType,
  type WidgetId,
} from '@lyyp/contracts/designer';
import type { Point } from '../geometry/box.ts';
import type { FlipAxis } from '../geometry/position.ts';
import { recordChange, redo, undo } from '../history/history.ts';
import type { DesignerDeps } from '../model/deps.ts';
import { accept, reject, type Result } from '../model/result.ts';
import { createWidgetAt } from '../model/widget-factory.ts';
import { isGroup } from '../model/widget-tree.ts';
import { addWidget, deleteWidgets } from '../operations/add-delete.ts';
import {
  alignWidgets,
  distributeWidgets,
  reorderWidgets,
  type Alignment,
  type DistributeAxis,
  type OrderMove,
} from '../operations/arrange.ts';
import { copyWidgets, mergeClipboard, pasteWidgets, type Clipboard } from '../operations/clipboard.ts';
import { groupWidgets, ungroupWidget } from '../operations/group.ts';
import { moveWidgets } from '../operations/move.ts';
import {
  setWidgetProperty,
  setWidgetsLocked,
  updatePageSettings,
  type PageSettings,
} from '../operations/properties.ts';
import { flipWidgets, rotateWidgets, type RotateDirection } from '../operations/rotate-flip.ts';
import type { LocalizedText } from '../registry/types.ts';
import { getWidgetDefinition } from '../registry/widget-registry.ts';
import { rebindPage, type RebindCatalogue } from '../runtime/rebind.ts';
import { nextNumberForType } from '../model/numbering.ts';
import { reattachPipes } from '../pipes/pipe-widget.ts';
import { getIndustrialSymbol } from '../symbols/industrial-library.ts';
import { createSymbol, getSymbolDefinition, symbolBounds, type SymbolId } from '../symbols/symbol-library.ts';
import { createSymbolWidget } from '../symbols/symbol-widget.ts';
import type { EditorState } from './editor-state.ts';
import { finishPipeSketch } from '../pipes/pipe-sketch.ts';
import {
  placeFaceplate,
  updateFaceplateInstances,
  type FaceplateParameters,
} from '../faceplates/faceplate.ts';

export type EditorCommand =
  | { readonly name: 'delete' }
  | { readonly name: 'group' }
  | { readonly name: 'ungroup' }
  | { readonly name: 'align'; readonly alignment: Alignment }
  | { readonly name: 'distribute'; readonly axis: DistributeAxis }
  | { readonly name: 'rotate'; readonly direction: RotateDirection }
  | { readonly name: 'flip'; readonly axis: FlipAxis }
  | { readonly name: 'order'; readonly move: OrderMove }
  | { readonly name: 'lock' }
  | { readonly name: 'unlock' }
  | { readonly name: 'copy' }
  | { readonly name: 'cut' }
  | { readonly name: 'paste' }
  | { readonly name: 'paste-from'; readonly clipboard: Clipboard }
  | { readonly name: 'undo' }
  | { readonly name: 'redo' }
  | { readonly name: 'nudge'; readonly dx: number; readonly dy: number }
  | { readonly name: 'select-all' }
  | { readonly name: 'drop'; readonly widgetType: LeafWidgetType; readonly point: Point }
  | { readonly name: 'insert-symbol'; readonly symbol: SymbolId; readonly point: Point }
  | { readonly name: 'insert-library-symbol'; readonly symbolId: string; readonly point: Point }
  | { readonly name: 'duplicate' }
  | { readonly name: 'set-property'; readonly id: WidgetId; readonly key: string; readonly value: unknown }
  | { readonly name: 'update-page'; readonly settings: PageSettings }
  | { readonly name: 'rebind'; readonly catalogue: RebindCatalogue }
  | {
      readonly name: 'place-faceplate';
      readonly template: FaceplateTemplate;
      readonly point: Point;
      readonly parameters: FaceplateParameters;
    }
  | { readonly name: 'update-faceplates'; readonly template: FaceplateTemplate }
  | { readonly name: 'add-pipe'; readonly points: readonly Point[] };

export type CommandName = EditorCommand['name'];

/** What a command changes; a changed document without a history becomes one undo step. */
type StateChange = Partial<Pick<EditorState, 'document' | 'selection' | 'clipboard' | 'history'>>;

function pasteChange(
  state: EditorState,
  clipboard: Clipboard | null,
  deps: DesignerDeps,
): Result<StateChange> {
  const pasted = pasteWidgets(state.document, clipboard, deps);
  if (!pasted.ok) return pasted;
  return accept({
    document: pasted.value.document,
    clipboard: pasted.value.clipboard,
    selection: pasted.value.pastedIds,
  });
}

export interface CommandDefinition<N extends CommandName> {
  readonly label: LocalizedText;
  /** Shortcuts the editor binds (`Mod` is Ctrl, or ⌘ on a Mac). */
  readonly shortcuts: readonly string[];
  readonly perform: (
    state: EditorState,
    command: Extract<EditorCommand, { name: N }>,
    deps: DesignerDeps,
  ) => Result<StateChange>;
}

type CommandTable = { readonly [N in CommandName]: CommandDefinition<N> };

const label = (zh: string, en: string): LocalizedText => ({ zh, en });

/** Wraps an operation that returns a document. */
function documentChange(
  result: Result<EditorState['document']>,
  selection?: readonly WidgetId[],
): Result<StateChange> {
  if (!result.ok) return result;
  return accept(selection ? { document: result.value, selection } : { document: result.value });
}

export const EDITOR_COMMANDS: CommandTable = {
  delete: {
    label: label('删除', 'Delete'),
    shortcuts: ['Delete', 'Backspace'],
    perform: (state) => documentChange(deleteWidgets(state.document, state.selection), []),
  },
  group: {
    label: label('组合', 'Group'),
    shortcuts: ['Mod+G'],
    perform: (state, _command, deps) => {
      const grouped = groupWidgets(state.document, state.selection, deps, state.locale);
      return grouped.ok
        ? accept({ document: grouped.value.document, selection: [grouped.value.groupId] })
        : grouped;
    },
  },
  ungroup: {
    label: label('取消组合', 'Ungroup'),
    shortcuts: ['Mod+Shift+G'],
    perform: (state) => {
      const groups = state.document.widgets.filter(
        (widget) => state.selection.includes(widget.id) && isGroup(widget),
      );
      if (groups.length === 0) return reject('not-a-group');
      let document = state.document;
      const selection: WidgetId[] = [];
      for (const group of groups) {
        const result = ungroupWidget(document, group.id);
        if (!result.ok) return result;
        document = result.value.document;
        selection.push(...result.value.memberIds);
      }
      return accept({ document, selection });
    },
  },
  align: {
    label: label('对齐', 'Align'),
    shortcuts: [],
    perform: (state, command) =>
      documentChange(alignWidgets(state.document, state.selection, command.alignment)),
  },
  distribute: {
    label: label('均匀分布', 'Distribute'),
    shortcuts: [],
    perform: (state, command) =>
      documentChange(distributeWidgets(state.document, state.selection, command.axis)),
  },
  rotate: {
    label: label('旋转', 'Rotate'),
    shortcuts: [],
    perform: (state, command) =>
      documentChange(rotateWidgets(state.document, state.selection, command.direction)),
  },
  flip: {
    label: label('翻转', 'Flip'),
    shortcuts: [],
    perform: (state, command) => documentChange(flipWidgets(state.document, state.selection, command.axis)),
  },
  order: {
    label: label('层级', 'Order'),
    shortcuts: [],
    perform: (state, command) =>
      documentChange(reorderWidgets(state.document, state.selection, command.move)),
  },
  lock: {
    label: label('锁定', 'Lock'),
    shortcuts: ['Mod+L'],
    perform: (state) => documentChange(setWidgetsLocked(state.document, state.selection, true)),
  },
  unlock: {
    label: label('解锁', 'Unlock'),
    shortcuts: ['Mod+Shift+L'],
    perform: (state) => documentChange(setWidgetsLocked(state.document, state.selection, false)),
  },
  copy: {
    label: label('复制', 'Copy'),
    shortcuts: ['Mod+C'],
    perform: (state) => {
      const copied = copyWidgets(state.document, state.selection);
      return copied.ok ? accept({ clipboard: copied.value }) : copied;
    },
  },
  cut: {
    label: label('剪切', 'Cut'),
    shortcuts: ['Mod+X'],
    perform: (state) => {
      const copied = copyWidgets(state.document, state.selection);
      if (!copied.ok) return copied;
      const deleted = deleteWidgets(state.document, state.selection);
      return deleted.ok
        ? accept({ clipboard: copied.value, document: deleted.value, selection: [] })
        : deleted;
    },
  },
  paste: {
    label: label('粘贴', 'Paste'),
    shortcuts: ['Mod+V'],
    perform: (state, _command, deps) => pasteChange(state, state.clipboard, deps),
  },
  'paste-from': {
    label: label('粘贴', 'Paste'),
    shortcuts: [],
    // From the system clipboard: another page, product or tab copied these widgets.
    perform: (state, command, deps) =>
      pasteChange(state, mergeClipboard(state.clipboard, command.clipboard), deps),
  },
  undo: {
    label: label('撤销', 'Undo'),
    shortcuts: ['Mod+Z'],
    perform: (state) => {
      const step = undo(state.history, state.document);
      return step ? accept(step) : reject('nothing-to-undo');
    },
  },
  redo: {
    label: label('重做', 'Redo'),
    shortcuts: ['Mod+Shift+Z', 'Mod+Y'],
    perform: (state) => {
      const step = redo(state.history, state.document);
      return step ? accept(step) : reject('nothing-to-redo');
    },
  },
  nudge: {
    label: label('移动', 'Move'),
    shortcuts: [],
    perform: (state, command) =>
      documentChange(moveWidgets(state.document, state.selection, command.dx, command.dy)),
  },
  'select-all': {
    label: label('全选', 'Select all'),
    shortcuts: ['Mod+A'],
    perform: (state) => accept({ selection: state.document.widgets.map((widget) => widget.id) }),
  },
  drop: {
    label: label('添加组件', 'Add widget'),
    shortcuts: [],
    perform: (state, command, deps) => {
      const widget = createWidgetAt(command.widgetType, clampDropPoint(state, command), deps, {
        number: nextNumberForType(state.document, command.widgetType),
        locale: state.locale,
      });
      return documentChange(addWidget(state.document, widget), [widget.id]);
    },
  },
  'insert-symbol': {
    label: label('添加图元', 'Add symbol'),
    shortcuts: [],
    // One group of ordinary widgets: the page limits count its members like any others.
    perform: (state, command, deps) => {
      const { width, height } = symbolBounds(getSymbolDefinition(command.symbol));
      const centre = clampToCanvas(state, command.point, width, height);
      const group = createSymbol(command.symbol, centre, deps, {
        number: state.document.widgetCount + 1,
        locale: state.locale,
      });
      return documentChange(addWidget(state.document, group), [group.id]);
    },
  },
  'insert-library-symbol': {
    label: label('添加符号', 'Add symbol'),
    shortcuts: [],
    // One ShapeSymbol widget, named after the symbol and numbered per symbol (离心泵1, 离心泵2…).
    perform: (state, command, deps) => {
      const symbol = getIndustrialSymbol(command.symbolId);
      if (!symbol) return reject('unknown-symbol', { symbol: command.symbolId });
      const centre = clampToCanvas(state, command.point, symbol.width, symbol.height);
      const widget = createSymbolWidget(symbol.id, centre, deps, {
        number: nextNumberForType(state.document, 'ShapeSymbol', symbol.id),
        locale: state.locale,
      });
      return widget
        ? documentChange(addWidget(state.document, widget), [widget.id])
        : reject('unknown-symbol');
    },
  },
  duplicate: {
    label: label('创建副本', 'Duplicate'),
    // Ctrl+D is in EDITOR_KEY_BINDINGS with the other canvas keys.
    shortcuts: [],
    // A paste of the selection that leaves the clipboard alone.
    perform: (state, _command, deps) => {
      const copied = copyWidgets(state.document, state.selection);
      if (!copied.ok) return copied;
      const pasted = pasteWidgets(state.document, copied.value, deps);
      return pasted.ok
        ? accept({ document: pasted.value.document, selection: pasted.value.pastedIds })
        : pasted;
    },
  },
  'set-property': {
    label: label('修改属性', 'Edit property'),
    shortcuts: [],
    perform: (state, command) =>
      documentChange(setWidgetProperty(state.document, command.id, command.key, command.value)),
  },
  'update-page': {
    label: label('页面设置', 'Page settings'),
    shortcuts: [],
    perform: (state, command) => documentChange(updatePageSettings(state.document, command.settings)),
  },
  rebind: {
    label: label('重新绑定', 'Rebind'),
    shortcuts: [],
    perform: (state, command) => accept({ document: rebindPage(state.document, command.catalogue).document }),
  },
  'place-faceplate': {
    label: label('放置面板', 'Place faceplate'),
    shortcuts: [],
    // One group bound to the devices chosen for the template's parameters, centred on the point.
    perform: (state, command, deps) => {
      const { width, height } = command.template;
      const centre = clampToCanvas(state, command.point, width, height);
      const corner = { x: Math.round(centre.x - width / 2), y: Math.round(centre.y - height / 2) };
      const placed = placeFaceplate(
        state.document,
        command.template,
        corner,
        command.parameters,
        deps,
        state.locale,
      );
      return placed.ok ? documentChange(accept(placed.value.document), [placed.value.groupId]) : placed;
    },
  },
  'add-pipe': {
    label: label('绘制管道', 'Draw pipe'),
    shortcuts: [],
    // A pipe drawn click by click (`pipe-sketch.ts`): its points as clicked, its ends attached.
    perform: (state, command, deps) => {
      const pipe = finishPipeSketch(state.document, { points: command.points }, deps, state.locale);
      return pipe.ok ? documentChange(addWidget(state.document, pipe.value), [pipe.value.id]) : pipe;
    },
  },
  'update-faceplates': {
    label: label('更新面板', 'Update faceplates'),
    shortcuts: [],
    // Every instance of an older version rebuilt from the template, each kept on its own devices.
    perform: (state, command, deps) =>
      documentChange(updateFaceplateInstances(state.document, command.template, deps)),
  },
};

/** A widget dropped near the edge is pulled in so it lies wholly on the canvas, clear of the margin. */
function clampDropPoint(state: EditorState, command: Extract<EditorCommand, { name: 'drop' }>): Point {
  const { width, height } = getWidgetDefinition(command.widgetType).defaultSize;
  return clampToCanvas(state, command.point, width, height);
}

/** The centre of a `width` × `height` box at `point`, moved so the box lies on the canvas. */
function clampToCanvas(state: EditorState, point: Point, width: number, height: number): Point {
  const margin = CANVAS_EDGE_MARGIN;
  const clamp = (value: number, half: number, size: number) =>
    Math.min(Math.max(value, margin + half), Math.max(margin + half, size - margin - half));
  return {
    x: clamp(point.x, width / 2, state.document.width),
    y: clamp(point.y, height / 2, state.document.height),
  };
}

/** Commands that move, turn or resize the selection (or, `set-property`, one widget's position). */
const GEOMETRY_COMMANDS: ReadonlySet<CommandName> = new Set([
  'nudge',
  'rotate',
  'flip',
  'align',
  'distribute',
  'set-property',
]);

function performCommand<N extends CommandName>(
  state: EditorState,
  command: Extract<EditorCommand, { name: N }>,
  deps: DesignerDeps,
): Result<StateChange> {
  const definition = EDITOR_COMMANDS[command.name] as CommandDefinition<N>;
  return definition.perform(state, command, deps);
}

/**
 * Whether the command would do something now (a toolbar button or menu entry is enabled): it is
 * tried on the state and thrown away. Rotate is off for a selection of locked widgets, say.
 */
export function isCommandEnabled(state: EditorState, command: EditorCommand, deps: DesignerDeps): boolean {
  return !state.drag && performCommand(state, command, deps).ok;
}

/** Runs a command. Ignored while a drag is in progress; a refusal is kept in `lastRejection`. */
export function runCommand(state: EditorState, command: EditorCommand, deps: DesignerDeps): EditorState {
  if (state.drag) return state;
  const result = performCommand(state, command, deps);
  if (!result.ok) return { ...state, lastRejection: result.rejection };
  const change = result.value;
  // Pipes attached to widgets the command moved, turned or resized follow them.
  const document =
    change.document && GEOMETRY_COMMANDS.has(command.name)
      ? reattachPipes(change.document, state.selection)
      : (change.document ?? state.document);
  const history =
    change.history ?? recordChange(state.history, state.document, document, command.name, deps.now());
  const existing = new Set(document.widgets.map((widget) => widget.id));
  const selection = (change.selection ?? state.selection).filter((id) => existing.has(id));
  return {
    ...state,
    document,
    history,
    selection,
    clipboard: change.clipboard ?? state.clipboard,
    lastRejection: null,
  };
}
