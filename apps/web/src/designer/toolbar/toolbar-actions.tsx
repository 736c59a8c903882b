/**
 * The toolbar as a table: each button names its text, icon, the core command it runs, the
 * shortcut shown in its tooltip (from EDITOR_COMMANDS) and when it is available.
 */
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BlockOutlined,
  BorderInnerOutlined,
  ColumnWidthOutlined,
  CopyOutlined,
  DeleteOutlined,
  GroupOutlined,
  LockOutlined,
  RedoOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  SnippetsOutlined,
  SwapOutlined,
  UndoOutlined,
  UnlockOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignMiddleOutlined,
  VerticalAlignTopOutlined,
  ColumnHeightOutlined,
  UngroupOutlined,
  ArrowUpOutlined,
  ArrowDownOutlined,
  UpSquareOutlined,
  DownSquareOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import {
  canRedo,
  canUndo,
  EDITOR_COMMANDS,
  isCommandEnabled,
  type EditorCommand,
  type EditorState,
} from '@lyyp/designer-core';
import { BROWSER_DEPS } from '../state/designer-store.ts';

export interface ToolbarAction {
  readonly id: string;
  /** Key under `designer.toolbar`. */
  readonly text: string;
  readonly icon: ReactNode;
  readonly command: EditorCommand;
  readonly enabled: (state: EditorState) => boolean;
}

const selected = (min: number) => (state: EditorState) => state.selection.length >= min;

/** The core would carry the command out now (rotate is off while a selected widget is locked). */
const doable = (command: EditorCommand) => (state: EditorState) =>
  isCommandEnabled(state, command, BROWSER_DEPS);

const action = (
  text: string,
  icon: ReactNode,
  command: EditorCommand,
  enabled: (state: EditorState) => boolean,
): ToolbarAction => ({ id: text, text, icon, command, enabled });

export const HISTORY_ACTIONS: readonly ToolbarAction[] = [
  action('undo', <UndoOutlined />, { name: 'undo' }, (state) => canUndo(state.history)),
  action('redo', <RedoOutlined />, { name: 'redo' }, (state) => canRedo(state.history)),
];

export const CLIPBOARD_ACTIONS: readonly ToolbarAction[] = [
  action('copy', <CopyOutlined />, { name: 'copy' }, selected(1)),
  action('paste', <SnippetsOutlined />, { name: 'paste' }, (state) => state.clipboard !== null),
  action('delete', <DeleteOutlined />, { name: 'delete' }, selected(1)),
];

export const GROUP_ACTIONS: readonly ToolbarAction[] = [
  action('group', <GroupOutlined />, { name: 'group' }, selected(2)),
  action('ungroup', <UngroupOutlined />, { name: 'ungroup' }, (state) =>
    state.document.widgets.some(
      (widget) => state.selection.includes(widget.id) && widget.widgetType === 'WidgetGroup',
    ),
  ),
];

export const ALIGN_ACTIONS: readonly ToolbarAction[] = [
  action('left', <AlignLeftOutlined />, { name: 'align', alignment: 'left' }, selected(2)),
  action('centre', <AlignCenterOutlined />, { name: 'align', alignment: 'centre' }, selected(2)),
  action('right', <AlignRightOutlined />, { name: 'align', alignment: 'right' }, selected(2)),
  action('top', <VerticalAlignTopOutlined />, { name: 'align', alignment: 'top' }, selected(2)),
  action('middle', <VerticalAlignMiddleOutlined />, { name: 'align', alignment: 'middle' }, selected(2)),
  action('bottom', <VerticalAlignBottomOutlined />, { name: 'align', alignment: 'bottom' }, selected(2)),
  action(
    'distributeHorizontal',
    <ColumnWidthOutlined />,
    { name: 'distribute', axis: 'horizontal' },
    selected(3),
  ),
  action(
    'distributeVertical',
    <ColumnHeightOutlined />,
    { name: 'distribute', axis: 'vertical' },
    selected(3),
  ),
];

export const ORDER_ACTIONS: readonly ToolbarAction[] = [
  action('front', <UpSquareOutlined />, { name: 'order', move: 'front' }, selected(1)),
  action('forward', <ArrowUpOutlined />, { name: 'order', move: 'forward' }, selected(1)),
  action('backward', <ArrowDownOutlined />, { name: 'order', move: 'backward' }, selected(1)),
  action('back', <DownSquareOutlined />, { name: 'order', move: 'back' }, selected(1)),
];

export const TRANSFORM_ACTIONS: readonly ToolbarAction[] = [
  action(
    'rotateAnticlockwise',
    <RotateLeftOutlined />,
    { name: 'rotate', direction: 'anticlockwise' },
    doable({ name: 'rotate', direction: 'anticlockwise' }),
  ),
  action(
    'rotateClockwise',
    <RotateRightOutlined />,
    { name: 'rotate', direction: 'clockwise' },
    doable({ name: 'rotate', direction: 'clockwise' }),
  ),
  action('flipHorizontal', <SwapOutlined />, { name: 'flip', axis: 'horizontal' }, selected(1)),
  action('flipVertical', <SwapOutlined rotate={90} />, { name: 'flip', axis: 'vertical' }, selected(1)),
];

export const LOCK_ACTIONS: readonly ToolbarAction[] = [
  action('lock', <LockOutlined />, { name: 'lock' }, selected(1)),
  action('unlock', <UnlockOutlined />, { name: 'unlock' }, selected(1)),
];

/** Icons of the two menus. */
export const ALIGN_MENU_ICON = <BorderInnerOutlined />;
export const ORDER_MENU_ICON = <BlockOutlined />;

/** The first shortcut of the action's command, if it has one. */
export function shortcutOf(toolbarAction: ToolbarAction): string | undefined {
  return EDITOR_COMMANDS[toolbarAction.command.name].shortcuts[0];
}
