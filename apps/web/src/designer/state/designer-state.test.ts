import { describe, expect, it } from 'vitest';
import { PageFileSchema } from '@lyyp/contracts/designer';
import {
  createPage,
  createSequentialDeps,
  DEFAULT_DESIGNER_CONFIG,
  EDITOR_COMMANDS,
  hasUnsavedChanges,
  TestEditor,
  type CommandName,
} from '@lyyp/designer-core';
import { DESIGNER_CONFIG_STORAGE_KEY, loadDesignerConfig, storeDesignerConfig } from './config-storage.ts';
import { createDesignerStore } from './designer-store.ts';
import { completeHistoryTables, openLoadedPage } from './page-loading.ts';
import { clampZoom, fitZoom, resolvePointerTarget, stepZoom, toPagePoint } from './pointer-mapping.ts';
import { buildSavePayload } from './save-payload.ts';
import { findShortcut, isTypingTarget, KEYBOARD_COMMANDS, type KeyPress } from './shortcuts.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const key = (value: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key: value,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe('designer local config', () => {
  it('starts with ruler, grid and adsorb on and a 5 minute autosave interval, and keeps changes', () => {
    const storage = new MemoryStorage();
    expect(loadDesignerConfig(storage)).toEqual(DEFAULT_DESIGNER_CONFIG);
    storeDesignerConfig(storage, { ...DEFAULT_DESIGNER_CONFIG, autoSave: true, ruler: false });
    expect(loadDesignerConfig(storage)).toMatchObject({ autoSave: true, ruler: false, saveInterval: 5 });
  });

  it('falls back to the defaults when the stored entry is broken or storage is blocked', () => {
    const storage = new MemoryStorage();
    storage.setItem(DESIGNER_CONFIG_STORAGE_KEY, '{not json');
    expect(loadDesignerConfig(storage)).toEqual(DEFAULT_DESIGNER_CONFIG);
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(loadDesignerConfig(blocked)).toEqual(DEFAULT_DESIGNER_CONFIG);
    expect(() => storeDesignerConfig(blocked, DEFAULT_DESIGNER_CONFIG)).not.toThrow();
  });
});

describe('pointer mapping', () => {
  const editor = new TestEditor().drop('ShapeRect', 200, 200);

  it('turns screen points into page points at the zoom', () => {
    expect(toPagePoint({ x: 300, y: 250 }, { x: 100, y: 50 }, 2)).toEqual({ x: 100, y: 100 });
  });

  it('finds the handle under the pointer first, then a widget, then the bare canvas', () => {
    const point = { x: 200, y: 200 };
    expect(resolvePointerTarget({ handle: 'se' }, editor.document, point)).toEqual({
      kind: 'resize-handle',
      handle: 'se',
    });
    expect(resolvePointerTarget({ rotate: true }, editor.document, point)).toEqual({ kind: 'rotate-handle' });
    expect(resolvePointerTarget({}, editor.document, point)).toEqual({
      kind: 'widget',
      id: editor.lastWidgetId,
    });
    expect(resolvePointerTarget({ handle: 'bogus' }, editor.document, { x: 900, y: 700 })).toEqual({
      kind: 'canvas',
    });
  });

  it('drives a draw through the reducer from mapped points', () => {
    const store = createDesignerStore(
      {
        document: createPage({ id: 'p1', productId: 'x' }),
        config: DEFAULT_DESIGNER_CONFIG,
        locale: 'en-US',
        version: 0,
        hasPassword: false,
      },
      createSequentialDeps(),
    );
    const { dispatch } = store.getState();
    const origin = { x: 40, y: 40 };
    const at = (x: number, y: number) => toPagePoint({ x, y }, origin, 0.5);
    dispatch({ type: 'set-tool', tool: { kind: 'draw', widgetType: 'ShapeRect' } });
    const start = at(140, 140);
    dispatch({
      type: 'pointer-down',
      point: start,
      target: resolvePointerTarget({}, store.getState().editor.document, start),
    });
    dispatch({ type: 'pointer-move', point: at(240, 190) });
    dispatch({ type: 'pointer-up', point: at(240, 190) });
    const [widget] = store.getState().editor.document.widgets;
    expect(widget?.position).toMatchObject({ kind: 'rect', x: 200, y: 200, width: 200, height: 100 });
    expect(hasUnsavedChanges(store.getState().editor)).toBe(true);
  });

  it('steps and clamps the zoom and fits a page into the viewport', () => {
    expect(stepZoom(1, 'in')).toBe(1.25);
    expect(stepZoom(1, 'out')).toBe(0.75);
    expect(stepZoom(4, 'in')).toBe(4);
    expect(clampZoom(12)).toBe(4);
    expect(fitZoom({ width: 1024, height: 768 }, { width: 600, height: 500 })).toBe(0.5);
    expect(fitZoom({ width: 100, height: 100 }, { width: 1600, height: 900 })).toBe(1);
  });
});

describe('keyboard shortcuts', () => {
  it('maps the core command shortcuts, with Ctrl on Windows and ⌘ on a Mac', () => {
    expect(findShortcut(key('g', { ctrlKey: true }), false)).toEqual({
      kind: 'command',
      command: { name: 'group' },
    });
    expect(findShortcut(key('G', { ctrlKey: true, shiftKey: true }), false)).toEqual({
      kind: 'command',
      command: { name: 'ungroup' },
    });
    expect(findShortcut(key('z', { metaKey: true }), true)).toEqual({
      kind: 'command',
      command: { name: 'undo' },
    });
    expect(findShortcut(key('z', { metaKey: true }), false)).toBeNull();
    expect(findShortcut(key('Delete'), false)).toEqual({ kind: 'command', command: { name: 'delete' } });
  });

  it('nudges with the arrows (10 with Shift), saves, cancels and zooms', () => {
    expect(findShortcut(key('ArrowLeft', { shiftKey: true }), false)).toEqual({
      kind: 'command',
      command: { name: 'nudge', dx: -10, dy: 0 },
    });
    expect(findShortcut(key('s', { ctrlKey: true }), false)).toEqual({ kind: 'save' });
    expect(findShortcut(key('Escape'), false)).toEqual({ kind: 'cancel' });
    expect(findShortcut(key('0', { ctrlKey: true }), false)).toEqual({ kind: 'zoom', to: 'reset' });
  });

  it('binds every command shortcut the core declares', () => {
    const withShortcuts = (Object.keys(EDITOR_COMMANDS) as CommandName[]).filter(
      (name) => EDITOR_COMMANDS[name].shortcuts.length > 0,
    );
    expect([...KEYBOARD_COMMANDS].sort()).toEqual(expect.arrayContaining(withShortcuts.sort()));
  });

  it('leaves keys typed into fields alone', () => {
    expect(isTypingTarget({ tagName: 'input' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV' })).toBe(false);
  });
});

describe('save payload', () => {
  const editor = new TestEditor().drop('ShapeRect', 200, 200).drop('UsualDataText', 500, 300);
  const dataText = editor.lastWidgetId;
  editor.run({
    name: 'set-property',
    id: dataText,
    key: 'binding',
    value: {
      type: 'signal',
      title: 'Temperature',
      subTitle: '℃',
      signalId: 'temp',
      equipId: '',
      systemKey: '',
      mvarId: '',
    },
  });

  it('sends id, version and the page file as JSON text the server schema accepts', () => {
    const payload = buildSavePayload({
      document: editor.document,
      version: 3,
      hasPassword: false,
      sentPassword: '',
    });
    if (!payload.ok) throw new Error('refused');
    expect(payload.fields.id).toBe('page-1');
    expect(payload.fields.version).toBe('3');
    const file = {
      con: JSON.parse(payload.fields.con) as unknown,
      widgets: JSON.parse(payload.fields.widgets) as unknown,
      bind: JSON.parse(payload.fields.bind) as unknown,
    };
    expect(PageFileSchema.safeParse(file).success).toBe(true);
    expect(file.bind).toEqual({ equips: [], signals: ['temp'], keys: [], mvars: [] });
    expect(JSON.parse(payload.fields.con)).toMatchObject({ password: '', checkpwd: false });
  });

  it('sends a typed page password once, and refuses a password page without one', () => {
    const locked = { ...editor.document, checkpwd: true, password: 'Secret#1' };
    const first = buildSavePayload({ document: locked, version: 1, hasPassword: false, sentPassword: '' });
    if (!first.ok) throw new Error('refused');
    expect(JSON.parse(first.fields.con)).toMatchObject({ password: 'Secret#1' });
    const again = buildSavePayload({
      document: locked,
      version: 2,
      hasPassword: true,
      sentPassword: first.sentPassword,
    });
    if (!again.ok) throw new Error('refused');
    expect(JSON.parse(again.fields.con)).toMatchObject({ password: '' });
    const missing = buildSavePayload({
      document: { ...editor.document, checkpwd: true, password: '' },
      version: 1,
      hasPassword: false,
      sentPassword: '',
    });
    expect(missing).toEqual({ ok: false, reason: 'password-missing', path: 'con.password' });
  });
});

describe('opening a loaded page', () => {
  it('restores exactly what was saved, with the identity and title of the page list', () => {
    const editor = new TestEditor().drop('ShapeRect', 200, 200).run({ name: 'select-all' });
    const payload = buildSavePayload({
      document: editor.document,
      version: 0,
      hasPassword: false,
      sentPassword: '',
    });
    if (!payload.ok) throw new Error('refused');
    const opened = openLoadedPage(
      {
        summary: {
          id: 'page-1',
          title: 'Renamed',
          kind: 'main',
          isStart: true,
          sortOrder: 0,
          checkpwd: false,
          version: 1,
          updatedAt: '',
        },
        con: { ...(JSON.parse(payload.fields.con) as Record<string, unknown>), hasPassword: false },
        widgets: JSON.parse(payload.fields.widgets) as unknown[],
      },
      'product-1',
      createSequentialDeps(),
    );
    if (!opened.ok) throw new Error(opened.rejection.reason);
    expect(opened.value).toEqual({ ...editor.document, title: 'Renamed' });
  });

  it('names the rows of history tables saved before they were drawn: raw, or hourly with a report', () => {
    const editor = new TestEditor().drop('ComplexHistory', 300, 200).drop('ComplexHistory', 300, 500);
    const [first, second] = editor.document.widgets;
    if (first?.widgetType !== 'ComplexHistory' || second?.widgetType !== 'ComplexHistory')
      throw new Error('no tables');
    const older = (widget: typeof first, reportId: string) => {
      const { interval: _interval, signalArray: _signals, ...addon } = widget.data.dataAddon;
      return { ...widget, data: { dataAddon: { ...addon, reportId } } };
    };
    const document = { ...editor.document, widgets: [older(first, ''), older(second, 'report-1')] };
    const completed = completeHistoryTables(document).widgets.map((widget) =>
      widget.widgetType === 'ComplexHistory' ? widget.data.dataAddon : null,
    );
    expect(completed).toMatchObject([
      { interval: 'raw', signalArray: [] },
      { interval: 'hour', reportId: 'report-1', signalArray: [] },
    ]);
  });

  it('opens a page that was never saved as an empty page of the default size', () => {
    const opened = openLoadedPage(
      {
        summary: {
          id: 'p9',
          title: 'New',
          kind: 'main',
          isStart: false,
          sortOrder: 1,
          checkpwd: false,
          version: 0,
          updatedAt: '',
        },
        con: {},
        widgets: [],
      },
      'product-1',
      createSequentialDeps(),
    );
    expect(opened.ok && opened.value).toMatchObject({
      id: 'p9',
      title: 'New',
      width: 1024,
      height: 768,
      widgets: [],
    });
  });
});
