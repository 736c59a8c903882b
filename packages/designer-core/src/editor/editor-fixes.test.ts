import { describe, expect, it } from 'vitest';
import { CANVAS_EDGE_MARGIN, type WidgetOf } from '@lyyp/contracts/designer';
import { widgetBounds } from '../operations/widget-geometry.ts';
import { isCommandEnabled } from './commands.ts';
import { commandForKey, keyName } from './key-bindings.ts';
import { TestEditor } from './test-editor.ts';

const boundsOf = (editor: TestEditor, id: string) => widgetBounds(editor.widget(id));

describe('property panel positions stay on the page', () => {
  it.each([
    ['position.x', -300],
    ['position.x', 2000],
    ['position.y', -1],
    ['position.y', 768],
    ['position.width', 5000],
  ])('refuses %s = %d and leaves the page as it was', (key, value) => {
    const editor = new TestEditor().drop('ShapeRect', 200, 200);
    const before = editor.document;
    editor.run({ name: 'set-property', id: editor.lastWidgetId, key, value });
    expect(editor.lastRejection).toMatchObject({
      reason: 'near-canvas-edge',
      params: { margin: CANVAS_EDGE_MARGIN },
    });
    expect(editor.document).toBe(before);
  });

  it('accepts any position that keeps the widget on the page, up to the margin', () => {
    const editor = new TestEditor().drop('ShapeRect', 200, 200);
    editor.run({
      name: 'set-property',
      id: editor.lastWidgetId,
      key: 'position.x',
      value: CANVAS_EDGE_MARGIN,
    });
    expect(editor.lastRejection).toBeNull();
    editor.run({ name: 'set-property', id: editor.lastWidgetId, key: 'position.x', value: 1024 - 5 - 120 });
    expect(boundsOf(editor, editor.lastWidgetId).x).toBe(899);
  });
});

describe('repeated pastes', () => {
  it('step 50 right and down until the edge, then line up along it, never leaving the page', () => {
    const editor = new TestEditor().drop('ShapeRect', 200, 200);
    editor.run({ name: 'copy' });
    for (let paste = 0; paste < 30; paste++) editor.run({ name: 'paste' });
    expect(editor.lastRejection).toBeNull();
    const boxes = editor.widgets.map((widget) => widgetBounds(widget));
    expect(boxes[1]).toMatchObject({ x: 190, y: 210 });
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(CANVAS_EDGE_MARGIN);
      expect(box.y).toBeGreaterThanOrEqual(CANVAS_EDGE_MARGIN);
      expect(box.x + box.width).toBeLessThanOrEqual(1024 - CANVAS_EDGE_MARGIN);
      expect(box.y + box.height).toBeLessThanOrEqual(768 - CANVAS_EDGE_MARGIN);
    }
    expect(boxes[boxes.length - 1]).toMatchObject({ x: 1024 - 5 - 120, y: 768 - 5 - 80 });
  });
});

describe('selection by click', () => {
  it.each([['ctrlKey'], ['shiftKey']] as const)(
    '%s+click adds to the selection, again takes it out',
    (key) => {
      const editor = new TestEditor().drop('ShapeRect', 200, 200).drop('ShapeRect', 500, 500);
      const [first, second] = editor.widgets.map((widget) => widget.id);
      editor.pointerDown(200, 200).pointerUp(200, 200);
      expect(editor.selection).toEqual([first]);
      editor.pointerDown(500, 500, { [key]: true }).pointerUp(500, 500);
      expect(editor.selection).toEqual([first, second]);
      editor.pointerDown(500, 500, { [key]: true }).pointerUp(500, 500);
      expect(editor.selection).toEqual([first]);
      editor.pointerDown(500, 500).pointerUp(500, 500);
      expect(editor.selection).toEqual([second]);
    },
  );
});

describe('new widgets are numbered per type', () => {
  it('counts each type (and each library symbol) on its own, past deleted numbers', () => {
    const editor = new TestEditor({ locale: 'en-US' })
      .drop('ShapeRect', 100, 100)
      .drop('ShapeCircle', 300, 100)
      .drop('ShapeRect', 500, 100)
      .run({ name: 'insert-library-symbol', symbolId: 'pump-centrifugal', point: { x: 100, y: 400 } })
      .run({ name: 'insert-library-symbol', symbolId: 'valve-gate', point: { x: 300, y: 400 } })
      .run({ name: 'insert-library-symbol', symbolId: 'pump-centrifugal', point: { x: 500, y: 400 } });
    expect(editor.widgets.map((widget) => widget.widgetName)).toEqual([
      'Rectangle 1',
      'Circle 1',
      'Rectangle 2',
      'Centrifugal pump 1',
      'Gate valve 1',
      'Centrifugal pump 2',
    ]);
    editor.select(editor.widgets[0]!.id).run({ name: 'delete' }).drop('ShapeRect', 700, 100);
    expect(editor.widget(editor.lastWidgetId).widgetName).toBe('Rectangle 3');
    editor.dispatch({ type: 'set-tool', tool: { kind: 'draw', widgetType: 'ShapeCircle' } });
    editor.drag({ x: 600, y: 600 }, { x: 660, y: 660 });
    expect(editor.widget(editor.lastWidgetId).widgetName).toBe('Circle 2');
  });

  it('names in Chinese without a space, and refuses a symbol the library does not have', () => {
    const editor = new TestEditor();
    editor.run({ name: 'insert-library-symbol', symbolId: 'tank-vertical', point: { x: 100, y: 100 } });
    expect(editor.widget(editor.lastWidgetId).widgetName).toBe('立式储罐1');
    const before = editor.document;
    editor.run({ name: 'insert-library-symbol', symbolId: 'nope', point: { x: 100, y: 100 } });
    expect(editor.lastRejection).toMatchObject({ reason: 'unknown-symbol', params: { symbol: 'nope' } });
    expect(editor.document).toBe(before);
  });
});

describe('commands and keys', () => {
  it('rotate is disabled while every selected widget is locked', () => {
    const editor = new TestEditor().drop('ShapeRect', 200, 200);
    const rotate = { name: 'rotate', direction: 'clockwise' } as const;
    expect(isCommandEnabled(editor.state, rotate, editor.deps)).toBe(true);
    editor.run({ name: 'lock' });
    expect(isCommandEnabled(editor.state, rotate, editor.deps)).toBe(false);
    editor.run(rotate);
    expect(editor.lastRejection?.reason).toBe('locked');
  });

  it('Ctrl+D duplicates the selection beside it, selects the copy and leaves the clipboard', () => {
    const editor = new TestEditor().drop('ShapeRect', 200, 200);
    const original = editor.lastWidgetId;
    editor.run(commandForKey({ key: 'd', ctrlKey: true })!);
    expect(editor.widgets).toHaveLength(2);
    expect(editor.selection).toEqual([editor.lastWidgetId]);
    expect(boundsOf(editor, editor.lastWidgetId)).toEqual({ ...boundsOf(editor, original), x: 190, y: 210 });
    expect(editor.state.clipboard).toBeNull();
    editor.undo();
    expect(editor.widgets).toHaveLength(1);
  });

  it('arrow keys nudge by 1 unit, with Shift by 10; brackets order; R turns a quarter', () => {
    const editor = new TestEditor().drop('ShapeRect', 200, 200).drop('ShapeRect', 400, 400);
    const [bottom, top] = editor.widgets.map((widget) => widget.id);
    editor.select(top!);
    editor
      .run(commandForKey({ key: 'ArrowLeft' })!)
      .run(commandForKey({ key: 'ArrowDown', shiftKey: true })!);
    expect(boundsOf(editor, top!)).toMatchObject({ x: 339, y: 370 });
    editor.run(commandForKey({ key: '{', ctrlKey: true, shiftKey: true })!);
    expect(editor.widgets.map((widget) => widget.id)).toEqual([top, bottom]);
    editor.run(commandForKey({ key: ']', metaKey: true })!);
    expect(editor.widgets.map((widget) => widget.id)).toEqual([bottom, top]);
    editor.run(commandForKey({ key: 'r' })!);
    expect((editor.widget(top!) as WidgetOf<'ShapeRect'>).position.rotate).toBe(90);
    expect(keyName({ key: 'ArrowUp', shiftKey: true })).toBe('Shift+ArrowUp');
    expect(commandForKey({ key: 'z', ctrlKey: true })).toEqual({ name: 'undo' });
    expect(commandForKey({ key: 'q' })).toBeNull();
  });
});
