import { describe, expect, it } from 'vitest';
import { createPage, createSequentialDeps, DEFAULT_DESIGNER_CONFIG } from '@lyyp/designer-core';
import { TRANSFORM_ACTIONS } from '../toolbar/toolbar-actions.tsx';
import { createDesignerStore } from './designer-store.ts';
import { findShortcut, type KeyPress } from './shortcuts.ts';

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

function newStore() {
  return createDesignerStore(
    {
      document: createPage({ id: 'p1', productId: 'x' }),
      config: DEFAULT_DESIGNER_CONFIG,
      locale: 'en-US',
      version: 0,
      hasPassword: false,
    },
    createSequentialDeps(),
  );
}

describe('editing keys', () => {
  it('duplicate, order, rotate and nudge', () => {
    const duplicate = { kind: 'command', command: { name: 'duplicate' } };
    expect(findShortcut(press('d', { ctrlKey: true }), false)).toEqual(duplicate);
    expect(findShortcut(press('d', { metaKey: true }), true)).toEqual(duplicate);
    const order = (key: string, shiftKey: boolean) =>
      findShortcut(press(key, { ctrlKey: true, shiftKey }), false);
    expect(order(']', false)).toMatchObject({ command: { name: 'order', move: 'forward' } });
    expect(order('[', false)).toMatchObject({ command: { name: 'order', move: 'backward' } });
    expect(order('}', true)).toMatchObject({ command: { name: 'order', move: 'front' } });
    expect(order('{', true)).toMatchObject({ command: { name: 'order', move: 'back' } });
    expect(findShortcut(press('r'), false)).toMatchObject({
      command: { name: 'rotate', direction: 'clockwise' },
    });
    expect(findShortcut(press('R', { shiftKey: true }), false)).toMatchObject({
      command: { name: 'rotate', direction: 'anticlockwise' },
    });
    // Ctrl+R stays the browser's reload.
    expect(findShortcut(press('r', { ctrlKey: true }), false)).toBeNull();
    expect(findShortcut(press('ArrowLeft', { shiftKey: true }), false)).toMatchObject({
      command: { name: 'nudge', dx: -10, dy: 0 },
    });
  });

  it('duplicate pastes a copy as one undo step and leaves the clipboard as it was', () => {
    const store = newStore();
    store.getState().run({ name: 'drop', widgetType: 'ShapeRect', point: { x: 300, y: 300 } });
    store.getState().run({ name: 'duplicate' });
    const { document, selection, clipboard, history } = store.getState().editor;
    expect(document.widgets).toHaveLength(2);
    expect(selection).toEqual([document.widgets[1]?.id]);
    expect(clipboard).toBeNull();
    expect(history.undoStack).toHaveLength(2);
    store.getState().run({ name: 'undo' });
    expect(store.getState().editor.document.widgets).toHaveLength(1);
  });

  it('rotate is not offered while a selected widget is locked', () => {
    const store = newStore();
    store.getState().run({ name: 'drop', widgetType: 'ShapeRect', point: { x: 300, y: 300 } });
    const rotate = TRANSFORM_ACTIONS.filter((action) => action.command.name === 'rotate');
    expect(rotate.map((action) => action.enabled(store.getState().editor))).toEqual([true, true]);
    store.getState().run({ name: 'lock' });
    expect(rotate.map((action) => action.enabled(store.getState().editor))).toEqual([false, false]);
  });
});
