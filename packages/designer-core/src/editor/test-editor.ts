/**
 * A headless editor for tests (like tldraw's TestEditor): drives pointer gestures and commands
 * through `reduceEditor`, with sequential ids and a settable clock.
 */
import type { LeafWidgetType, PageDocument, Widget, WidgetId } from '@lyyp/contracts/designer';
import type { Point } from '../geometry/box.ts';
import type { DesignerDeps } from '../model/deps.ts';
import { createPage, findWidget } from '../model/page.ts';
import type { Rejection } from '../model/result.ts';
import type { ResizeHandle } from '../operations/resize.ts';
import type { EditorCommand } from './commands.ts';
import { createEditorState, type CreateEditorStateOptions, type EditorState } from './editor-state.ts';
import {
  getResizeHandlePoints,
  getRotateHandlePoint,
  getSelectionBounds,
  hitTestWidget,
} from './hit-test.ts';
import type { PointerTarget } from './pointer.ts';
import { reduceEditor, type EditorAction } from './reduce-editor.ts';

export interface TestEditorOptions extends CreateEditorStateOptions {
  readonly document?: PageDocument;
}

export class TestEditor {
  state: EditorState;
  time = 0;
  private nextId = 0;
  readonly deps: DesignerDeps = {
    createId: () => `w${++this.nextId}`,
    now: () => this.time,
  };

  constructor(options: TestEditorOptions = {}) {
    this.state = createEditorState(
      options.document ?? createPage({ id: 'page-1', productId: 'product-1' }),
      options,
    );
  }

  get document(): PageDocument {
    return this.state.document;
  }

  get widgets(): readonly Widget[] {
    return this.state.document.widgets;
  }

  get selection(): readonly WidgetId[] {
    return this.state.selection;
  }

  get lastRejection(): Rejection | null {
    return this.state.lastRejection;
  }

  widget(id: WidgetId | string): Widget {
    const widget = findWidget(this.document, id as WidgetId);
    if (!widget) throw new Error(`No widget ${id}`);
    return widget;
  }

  /** The id of the widget added last (the topmost). */
  get lastWidgetId(): WidgetId {
    const last = this.widgets[this.widgets.length - 1];
    if (!last) throw new Error('The page is empty');
    return last.id;
  }

  dispatch(action: EditorAction): this {
    this.state = reduceEditor(this.state, action, this.deps);
    return this;
  }

  /** Presses at a point; the target is whatever widget is under it unless given. */
  pointerDown(
    x: number,
    y: number,
    options: { target?: PointerTarget; shiftKey?: boolean; ctrlKey?: boolean } = {},
  ): this {
    const point = { x, y };
    const hit = hitTestWidget(this.document, point);
    const target =
      options.target ?? (hit ? { kind: 'widget' as const, id: hit } : { kind: 'canvas' as const });
    return this.dispatch({
      type: 'pointer-down',
      point,
      target,
      shiftKey: options.shiftKey ?? false,
      ctrlKey: options.ctrlKey ?? false,
    });
  }

  pointerMove(x: number, y: number): this {
    return this.dispatch({ type: 'pointer-move', point: { x, y } });
  }

  pointerUp(x: number, y: number): this {
    return this.dispatch({ type: 'pointer-up', point: { x, y } });
  }

  /** A drag in small steps, the way a real pointer reports it. */
  drag(
    from: Point,
    to: Point,
    options: { target?: PointerTarget; shiftKey?: boolean; steps?: number } = {},
  ): this {
    const steps = options.steps ?? 5;
    this.pointerDown(from.x, from.y, options);
    for (let step = 1; step <= steps; step += 1) {
      this.pointerMove(from.x + ((to.x - from.x) * step) / steps, from.y + ((to.y - from.y) * step) / steps);
    }
    return this.pointerUp(to.x, to.y);
  }

  /** Draws a widget of `type` by dragging from `from` to `to`. */
  draw(type: LeafWidgetType, from: Point, to: Point): this {
    this.dispatch({ type: 'set-tool', tool: { kind: 'draw', widgetType: type } });
    return this.drag(from, to);
  }

  /** Drags a resize handle of the (single) selected widget by (dx, dy). */
  resizeSelection(handle: ResizeHandle, dx: number, dy: number): this {
    const box = getSelectionBounds(this.document, this.selection);
    if (!box) throw new Error('Nothing is selected');
    const start = getResizeHandlePoints(box)[handle];
    return this.drag(
      start,
      { x: start.x + dx, y: start.y + dy },
      { target: { kind: 'resize-handle', handle } },
    );
  }

  /** Drags the rotate handle of the selection to `to`. */
  rotateSelectionTo(to: Point): this {
    const box = getSelectionBounds(this.document, this.selection);
    if (!box) throw new Error('Nothing is selected');
    return this.drag(getRotateHandlePoint(box), to, { target: { kind: 'rotate-handle' } });
  }

  drop(type: LeafWidgetType, x: number, y: number): this {
    return this.run({ name: 'drop', widgetType: type, point: { x, y } });
  }

  select(...ids: (WidgetId | string)[]): this {
    return this.dispatch({ type: 'select', ids: ids as WidgetId[] });
  }

  run(command: EditorCommand): this {
    return this.dispatch({ type: 'run', command });
  }

  undo(): this {
    return this.run({ name: 'undo' });
  }

  redo(): this {
    return this.run({ name: 'redo' });
  }
}
