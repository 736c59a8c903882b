import { CANVAS_EDGE_MARGIN, type GroupWidget } from '@lyyp/contracts/designer';
import { describe, expect, it } from 'vitest';
import { widgetBounds } from '../operations/widget-geometry.ts';
import {
  DEFAULT_DESIGNER_CONFIG,
  hasUnsavedChanges,
  isAutosaveDue,
  readDesignerConfig,
} from './editor-state.ts';
import { TestEditor } from './test-editor.ts';

const boundsOfLast = (editor: TestEditor) => widgetBounds(editor.widget(editor.lastWidgetId));

describe('drawing', () => {
  it('draws a rectangle by dragging, selects it and returns to the select tool, as one undo step', () => {
    const editor = new TestEditor().draw('ShapeRect', { x: 100, y: 100 }, { x: 220.4, y: 180.6 });
    expect(editor.widgets).toHaveLength(1);
    expect(boundsOfLast(editor)).toEqual({ x: 100, y: 100, width: 120, height: 81 });
    expect(editor.selection).toEqual([editor.lastWidgetId]);
    expect(editor.state.tool).toEqual({ kind: 'select' });
    expect(editor.state.history.undoStack).toHaveLength(1);
    expect(hasUnsavedChanges(editor.state)).toBe(true);
    expect(editor.undo().widgets).toHaveLength(0);
  });

  it('draws circles, lines and triangles in their own shapes', () => {
    const editor = new TestEditor()
      .draw('ShapeCircle', { x: 100, y: 100 }, { x: 160, y: 140 })
      .draw('ShapeLine', { x: 300, y: 300 }, { x: 400, y: 350 })
      .draw('ShapeTriangle', { x: 500, y: 100 }, { x: 560, y: 180 });
    expect(editor.widgets.map((widget) => widget.position)).toEqual([
      { kind: 'circle', cx: 130, cy: 120, r: 20, rotate: 0 },
      {
        kind: 'line',
        points: [
          { x: 300, y: 300 },
          { x: 400, y: 350 },
        ],
      },
      { kind: 'triangle', x1: 530, y1: 100, x2: 500, y2: 180, x3: 560, y3: 180 },
    ]);
  });

  it('aborts a draw that is too small, or that is cancelled, leaving no trace', () => {
    const editor = new TestEditor().draw('ShapeCircle', { x: 100, y: 100 }, { x: 103, y: 103 });
    expect(editor.widgets).toHaveLength(0);
    expect(editor.lastRejection?.reason).toBe('draw-too-small');
    expect(editor.state.history.undoStack).toHaveLength(0);

    editor.dispatch({ type: 'set-tool', tool: { kind: 'draw', widgetType: 'ShapeRect' } });
    editor.pointerDown(100, 100).pointerMove(200, 200).dispatch({ type: 'cancel' });
    expect(editor.widgets).toHaveLength(0);
    expect(editor.lastRejection?.reason).toBe('draw-aborted');
  });

  it('pulls a widget dropped at the edge onto the canvas', () => {
    const editor = new TestEditor().drop('ShapeRect', 0, 1000);
    expect(boundsOfLast(editor)).toEqual({ x: 5, y: 768 - 5 - 80, width: 120, height: 80 });
  });

  it('refuses a widget over the page limit', () => {
    const editor = new TestEditor().drop('UsualWebgl', 300, 300).drop('UsualWebgl', 600, 400);
    expect(editor.widgets).toHaveLength(1);
    expect(editor.lastRejection).toEqual({ reason: 'webgl-limit', params: { max: 1 } });
  });
});

describe('moving', () => {
  it('a drag of many moves is one undo step, rounded at the end', () => {
    const editor = new TestEditor({ config: { adsorb: false, grid: false } }).drop('ShapeRect', 200, 200);
    const before = editor.document;
    editor.drag({ x: 200, y: 200 }, { x: 263.3, y: 187.7 }, { steps: 12 });
    expect(boundsOfLast(editor)).toEqual({ x: 203, y: 148, width: 120, height: 80 });
    expect(editor.state.history.undoStack).toHaveLength(2);
    expect(editor.undo().document).toEqual(before);
  });

  it('a click without moving records nothing', () => {
    const editor = new TestEditor().drop('ShapeRect', 200, 200);
    editor.pointerDown(200, 200).pointerUp(200, 200);
    expect(editor.state.history.undoStack).toHaveLength(1);
  });

  it('snaps to the grid while adsorb is on', () => {
    const editor = new TestEditor().drop('ShapeRect', 200, 200);
    editor.drag({ x: 200, y: 200 }, { x: 263.3, y: 187.7 });
    expect(boundsOfLast(editor)).toEqual({ x: 200, y: 150, width: 120, height: 80 });
  });

  it('snaps to a neighbour, shows the guide while dragging and hides it after', () => {
    const editor = new TestEditor({ config: { grid: false } })
      .drop('ShapeRect', 200, 200)
      .drop('ShapeRect', 500, 400);
    const second = editor.lastWidgetId;
    editor.pointerDown(500, 400).pointerMove(500 - 297, 400);
    expect(editor.state.guides.some((guide) => guide.axis === 'x' && guide.at === 140)).toBe(true);
    editor.pointerUp(500 - 297, 400);
    expect(widgetBounds(editor.widget(second)).x).toBe(140);
    expect(editor.state.guides).toEqual([]);
  });

  it('stops at a canvas edge instead of crossing it, and keeps following the pointer along it', () => {
    const editor = new TestEditor({ config: { adsorb: false, grid: false } }).drop('ShapeRect', 200, 200);
    editor.drag({ x: 200, y: 200 }, { x: 50, y: 250 }, { steps: 1 });
    expect(boundsOfLast(editor)).toEqual({ x: CANVAS_EDGE_MARGIN, y: 210, width: 120, height: 80 });
    expect(editor.lastRejection).toBeNull();
  });

  it('a drag released within the margin of an edge lands on the edge, not back where it began', () => {
    for (const [to, expected] of [
      [
        { x: 63, y: 200 },
        { x: CANVAS_EDGE_MARGIN, y: 160 },
      ],
      [
        { x: 200, y: 42 },
        { x: 140, y: CANVAS_EDGE_MARGIN },
      ],
      [
        { x: 1024 - 58, y: 768 - 37 },
        { x: 1024 - CANVAS_EDGE_MARGIN - 120, y: 768 - CANVAS_EDGE_MARGIN - 80 },
      ],
    ] as const) {
      const editor = new TestEditor({ config: { adsorb: false, grid: false } }).drop('ShapeRect', 200, 200);
      editor.drag({ x: 200, y: 200 }, to);
      expect(boundsOfLast(editor)).toEqual({ ...expected, width: 120, height: 80 });
      expect(editor.state.history.undoStack).toHaveLength(2);
    }
  });

  it('locked widgets do not follow the pointer', () => {
    const editor = new TestEditor().drop('ShapeRect', 200, 200).run({ name: 'lock' });
    const before = editor.document;
    editor.drag({ x: 200, y: 200 }, { x: 400, y: 400 });
    expect(editor.document).toBe(before);
  });
});

describe('resizing and rotating by handles', () => {
  it('resizes by a handle as one step; a drag past the fixed edge keeps the last good size', () => {
    const editor = new TestEditor().drop('ShapeRect', 200, 200);
    editor.resizeSelection('se', 30.4, 20.2);
    expect(boundsOfLast(editor)).toEqual({ x: 140, y: 160, width: 150, height: 100 });
    expect(editor.state.history.undoStack).toHaveLength(2);

    editor.resizeSelection('e', -200, 0);
    expect(boundsOfLast(editor).width).toBeGreaterThan(2);
    expect(boundsOfLast(editor).x).toBe(140);
  });

  it('turns the selection a quarter when the rotate handle is dragged round to the side', () => {
    const editor = new TestEditor().drop('ShapeRect', 300, 300);
    editor.rotateSelectionTo({ x: 500, y: 300 });
    expect(editor.widget(editor.lastWidgetId).position).toMatchObject({ rotate: 90 });
    expect(editor.state.history.undoStack).toHaveLength(2);
  });
});

describe('selection', () => {
  it('selects what lies wholly inside the marquee; shift adds and toggles', () => {
    const editor = new TestEditor()
      .drop('ShapeRect', 200, 200)
      .drop('ShapeRect', 500, 200)
      .drop('ShapeRect', 800, 600);
    const [a, b, c] = editor.widgets.map((widget) => widget.id);
    editor.drag({ x: 20, y: 20 }, { x: 600, y: 300 });
    expect(editor.selection).toEqual([a, b]);
    editor.pointerDown(800, 600, { shiftKey: true }).pointerUp(800, 600);
    expect(editor.selection).toEqual([a, b, c]);
    editor.pointerDown(200, 200, { shiftKey: true }).pointerUp(200, 200);
    expect(editor.selection).toEqual([b, c]);
  });

  it('never enters the history, never clears redo and never marks the page unsaved', () => {
    const editor = new TestEditor()
      .drop('ShapeRect', 200, 200)
      .drop('ShapeRect', 500, 200)
      .dispatch({ type: 'mark-saved' });
    editor.undo();
    const history = editor.state.history;
    editor
      .select(...editor.widgets.map((widget) => widget.id))
      .select()
      .drag({ x: 10, y: 10 }, { x: 900, y: 700 });
    expect(editor.state.history).toBe(history);
    expect(editor.redo().widgets).toHaveLength(2);
  });
});

describe('commands through the editor', () => {
  it('group, paste twice at 50 and 100, undo and redo', () => {
    const editor = new TestEditor()
      .drop('ShapeRect', 200, 200)
      .drop('ShapeCircle', 400, 200)
      .run({ name: 'select-all' })
      .run({ name: 'group' });
    const group = editor.widget(editor.selection[0] ?? '') as GroupWidget;
    expect(group.widgetType).toBe('WidgetGroup');
    expect(group.children).toHaveLength(2);

    editor.run({ name: 'copy' }).run({ name: 'paste' }).run({ name: 'paste' });
    const [, first, second] = editor.widgets.map(widgetBounds);
    const original = widgetBounds(group);
    expect(first).toEqual({ ...original, x: original.x + 50, y: original.y + 50 });
    expect(second).toEqual({ ...original, x: original.x + 100, y: original.y + 100 });

    editor.undo().undo();
    expect(editor.widgets).toHaveLength(1);
    editor.redo();
    expect(editor.widgets).toHaveLength(2);
  });

  it('reports a refused command and carries on', () => {
    const editor = new TestEditor()
      .drop('ShapeRect', 200, 200)
      .run({ name: 'select-all' })
      .run({ name: 'group' });
    expect(editor.lastRejection?.reason).toBe('group-needs-two');
    editor.run({ name: 'nudge', dx: 1, dy: 0 });
    expect(editor.lastRejection).toBeNull();
  });

  it('ungroups into the members and selects them', () => {
    const editor = new TestEditor()
      .drop('ShapeRect', 200, 200)
      .drop('ShapeRect', 400, 200)
      .run({ name: 'select-all' });
    const members = editor.document.widgets;
    editor.run({ name: 'group' }).run({ name: 'ungroup' });
    expect(editor.widgets).toEqual(members);
    expect(editor.selection).toEqual(members.map((widget) => widget.id));
  });

  it('cut removes and paste brings back', () => {
    const editor = new TestEditor()
      .drop('ShapeRect', 200, 200)
      .run({ name: 'select-all' })
      .run({ name: 'cut' });
    expect(editor.widgets).toHaveLength(0);
    editor.run({ name: 'paste' });
    expect(editor.widgets).toHaveLength(1);
  });
});

describe('saving', () => {
  it('marks saved, and autosaves after the interval only with unsaved changes', () => {
    const editor = new TestEditor({ config: { autoSave: true } });
    expect(isAutosaveDue(editor.state, 10 * 60_000)).toBe(false);
    editor.drop('ShapeRect', 200, 200);
    expect(isAutosaveDue(editor.state, 4 * 60_000)).toBe(false);
    expect(isAutosaveDue(editor.state, 5 * 60_000)).toBe(true);
    editor.time = 5 * 60_000;
    editor.dispatch({ type: 'mark-saved' });
    expect(hasUnsavedChanges(editor.state)).toBe(false);
    expect(isAutosaveDue(editor.state, 6 * 60_000)).toBe(false);
  });
});

describe('designer local config', () => {
  it('defaults to a 5 minute interval with ruler, grid and adsorb on', () => {
    expect(DEFAULT_DESIGNER_CONFIG).toEqual({
      autoSave: false,
      saveInterval: 5,
      grid: true,
      ruler: true,
      adsorb: true,
    });
  });

  it('reads back a stored config, replacing anything unusable with the default', () => {
    expect(readDesignerConfig({ autoSave: true, saveInterval: 10, ruler: false })).toEqual({
      autoSave: true,
      saveInterval: 10,
      grid: true,
      ruler: false,
      adsorb: true,
    });
    expect(readDesignerConfig({ saveInterval: -3, grid: 'yes' })).toEqual(DEFAULT_DESIGNER_CONFIG);
    expect(readDesignerConfig(null)).toEqual(DEFAULT_DESIGNER_CONFIG);
  });
});
