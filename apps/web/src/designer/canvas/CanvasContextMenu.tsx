/**
 * The canvas's right-click menu: copy, paste, duplicate, delete, the four layer moves, lock or
 * unlock, group or ungroup. A right click on a widget outside the selection selects it first; each
 * entry runs the same core command (and is available when) the toolbar's does.
 */
import { Dropdown, type MenuProps } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorCommand, EditorState, Point } from '@lyyp/designer-core';
import { hitTestWidget } from '@lyyp/designer-core';
import { useDesignerStore } from '../designer-context.ts';
import {
  CLIPBOARD_ACTIONS,
  GROUP_ACTIONS,
  LOCK_ACTIONS,
  ORDER_ACTIONS,
  type ToolbarAction,
} from '../toolbar/toolbar-actions.tsx';

/** Menu entries: a toolbar action's command and rule, under the menu's own words. */
const MENU_TEXTS: Readonly<Record<string, string>> = {
  copy: 'copy',
  paste: 'paste',
  delete: 'delete',
  front: 'top',
  forward: 'up',
  backward: 'down',
  back: 'bottom',
  lock: 'lock',
  unlock: 'unlock',
  group: 'group',
  ungroup: 'ungroup',
};

const byText = (actions: readonly ToolbarAction[], text: string) =>
  actions.find((entry) => entry.text === text);

export function CanvasContextMenu({
  children,
  toPage,
}: {
  children: ReactNode;
  toPage: (clientX: number, clientY: number) => Point;
}) {
  const { t } = useTranslation();
  const store = useDesignerStore();
  // The menu is built when it opens, from the editor as it is then.
  const [editor, setEditor] = useState<EditorState>(() => store.getState().editor);

  const handleContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    const state = store.getState();
    const hit = hitTestWidget(state.editor.document, toPage(event.clientX, event.clientY));
    if (hit && !state.editor.selection.includes(hit)) state.dispatch({ type: 'select', ids: [hit] });
    setEditor(store.getState().editor);
  };

  const entry = (action: ToolbarAction | undefined) => {
    if (!action) return null;
    return {
      key: action.id,
      label: t(`designerStudio.menu.${MENU_TEXTS[action.text] ?? action.text}`),
      icon: action.icon,
      disabled: !action.enabled(editor),
    };
  };
  const commands = new Map<string, EditorCommand>(
    [...CLIPBOARD_ACTIONS, ...ORDER_ACTIONS, ...LOCK_ACTIONS, ...GROUP_ACTIONS].map((action) => [
      action.id,
      action.command,
    ]),
  );
  const items: MenuProps['items'] = [
    entry(byText(CLIPBOARD_ACTIONS, 'copy')),
    entry(byText(CLIPBOARD_ACTIONS, 'paste')),
    { key: 'duplicate', label: t('designerStudio.menu.duplicate'), disabled: editor.selection.length === 0 },
    entry(byText(CLIPBOARD_ACTIONS, 'delete')),
    { type: 'divider' },
    ...ORDER_ACTIONS.map(entry),
    { type: 'divider' },
    ...LOCK_ACTIONS.map(entry),
    ...GROUP_ACTIONS.map(entry),
  ];

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    const state = store.getState();
    if (key === 'duplicate') {
      state.run({ name: 'duplicate' });
      return;
    }
    const command = commands.get(key);
    if (command) state.run(command);
  };

  return (
    <Dropdown trigger={['contextMenu']} menu={{ items, onClick: handleClick }} destroyOnHidden>
      <div onContextMenu={handleContextMenu} style={{ display: 'contents' }} data-canvas-menu>
        {children}
      </div>
    </Dropdown>
  );
}
