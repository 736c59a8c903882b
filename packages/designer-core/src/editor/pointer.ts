/**
 * Pointer gestures in the five §4 drag modes (draw, move, resize, rotate, select), built on the
 * same pure operations as the commands. A drag that changes the page is one undo step.
 */
import type { LeafWidget, PageDocument, Position, WidgetId } from '@lyyp/contracts/designer';
import { angleFrom } from '../geometry/angle.ts';
import { boxBetween, boxCentre, translateBox, unionBoxes, type Point } from '../geometry/box.ts';
import { isLargeEnoughToDraw, positionFromBox, roundPosition } from '../geometry/position.ts';
import { beginGesture, cancelGesture, commitGesture, recordChange } from '../history/history.ts';
import type { DesignerDeps } from '../model/deps.ts';
import { findWidget, pickWidgets } from '../model/page.ts';
import { rejection } from '../model/result.ts';
import { createWidget } from '../model/widget-factory.ts';
import { addWidget } from '../operations/add-delete.ts';
import { clampMoveDelta, moveWidgets, roundWidgets } from '../operations/move.ts';
import { nextNumberForType } from '../model/numbering.ts';
import { reattachPipes, routePipe, snapDrawnPipe } from '../pipes/pipe-widget.ts';
import { computeResizeBox, resizeWidget, type ResizeHandle } from '../operations/resize.ts';
import { rotateWidgets } from '../operations/rotate-flip.ts';
import { widgetBounds } from '../operations/widget-geometry.ts';
import { getWidgetDefinition } from '../registry/widget-registry.ts';
import { snapBox, snapToleranceFor } from '../snapping/snap.ts';
import { GRID_SIZE, type Drag, type EditorState } from './editor-state.ts';
import { getSelectionBounds, widgetsInside } from './hit-test.ts';

export type PointerTarget =
  | { readonly kind: 'canvas' }
  | { readonly kind: 'widget'; readonly id: WidgetId }
  | { readonly kind: 'resize-handle'; readonly handle: ResizeHandle }
  | { readonly kind: 'rotate-handle' };

export interface PointerDown {
  readonly point: Point;
  readonly target: PointerTarget;
  /** Shift, Ctrl or ⌘ held: a click adds the widget to the selection (or takes it out). */
  readonly shiftKey?: boolean;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
}

const isAdditive = (event: PointerDown) => !!(event.shiftKey || event.ctrlKey || event.metaKey);

function drawnPosition(preview: LeafWidget, origin: Point, point: Point): Position {
  const geometry = getWidgetDefinition(preview.widgetType).geometry;
  if (preview.widgetType === 'ShapePipe') return { kind: 'line', points: routePipe(preview, origin, point) };
  if (geometry === 'line') return { kind: 'line', points: [origin, point] };
  return positionFromBox(geometry, boxBetween(origin, point));
}

function startGesture(state: EditorState, drag: Drag & { base: PageDocument }, label: string): EditorState {
  return { ...state, drag, history: beginGesture(state.history, state.document, label), lastRejection: null };
}

export function handlePointerDown(state: EditorState, event: PointerDown, deps: DesignerDeps): EditorState {
  if (state.drag) return state;
  const { point, target } = event;
  if (state.tool.kind === 'draw') {
    const preview = createWidget(
      state.tool.widgetType,
      { x: point.x, y: point.y, width: 0, height: 0 },
      deps,
      {
        number: nextNumberForType(state.document, state.tool.widgetType),
        locale: state.locale,
      },
    );
    return { ...state, drag: { mode: 'draw', origin: point, preview }, selection: [], lastRejection: null };
  }
  switch (target.kind) {
    case 'resize-handle': {
      const [id] = state.selection;
      const widget =
        id === undefined || state.selection.length !== 1 ? undefined : findWidget(state.document, id);
      if (!widget) return state;
      if (widget.posLock) return { ...state, lastRejection: rejection('locked') };
      const drag = {
        mode: 'resize',
        origin: point,
        id: widget.id,
        handle: target.handle,
        startBox: widgetBounds(widget),
        base: state.document,
      } as const;
      return startGesture(state, drag, 'resize');
    }
    case 'rotate-handle': {
      if (state.selection.length === 0) return { ...state, lastRejection: rejection('nothing-selected') };
      const ids = pickWidgets(state.document, state.selection)
        .filter((widget) => !widget.posLock)
        .map((widget) => widget.id);
      const bounds = getSelectionBounds(state.document, ids);
      if (!bounds) return { ...state, lastRejection: rejection('locked') };
      return startGesture(
        state,
        { mode: 'rotate', origin: point, ids, centre: boxCentre(bounds), base: state.document },
        'rotate',
      );
    }
    case 'widget': {
      const selected = state.selection.includes(target.id);
      const selection = isAdditive(event)
        ? selected
          ? state.selection.filter((id) => id !== target.id)
          : [...state.selection, target.id]
        : selected
          ? state.selection
          : [target.id];
      const next = { ...state, selection };
      if (!selection.includes(target.id)) return next;
      return startGesture(
        next,
        { mode: 'move', origin: point, ids: selection, base: state.document, moved: false },
        'move',
      );
    }
    case 'canvas': {
      const initial = isAdditive(event) ? state.selection : [];
      return {
        ...state,
        selection: initial,
        drag: { mode: 'select', origin: point, current: point, additive: isAdditive(event), initial },
        lastRejection: null,
      };
    }
  }
}

function dragMove(state: EditorState, drag: Extract<Drag, { mode: 'move' }>, point: Point): EditorState {
  const movable = pickWidgets(drag.base, drag.ids).filter((widget) => !widget.posLock);
  if (movable.length === 0) return state;
  const delta = { x: point.x - drag.origin.x, y: point.y - drag.origin.y };
  const moving = translateBox(unionBoxes(movable.map(widgetBounds)), delta.x, delta.y);
  const others = drag.base.widgets.filter((widget) => !drag.ids.includes(widget.id)).map(widgetBounds);
  const snap = snapBox({
    moving,
    others,
    canvas: drag.base,
    tolerance: snapToleranceFor(state.config.adsorb),
    gridSize: state.config.grid ? GRID_SIZE : null,
  });
  // Released near an edge, the widgets stop at the edge's margin instead of refusing the move.
  const clamped = clampMoveDelta(drag.base, drag.ids, delta.x + snap.dx, delta.y + snap.dy);
  const moved = moveWidgets(drag.base, drag.ids, clamped.dx, clamped.dy, { round: false });
  if (!moved.ok) return { ...state, drag: { ...drag, moved: true }, lastRejection: moved.rejection };
  const edged = clamped.dx !== delta.x + snap.dx || clamped.dy !== delta.y + snap.dy;
  return {
    ...state,
    document: reattachPipes(moved.value, drag.ids),
    guides: edged ? [] : snap.guides,
    drag: { ...drag, moved: true },
    lastRejection: null,
  };
}

function dragResize(state: EditorState, drag: Extract<Drag, { mode: 'resize' }>, point: Point): EditorState {
  const box = computeResizeBox(drag.startBox, drag.handle, {
    x: point.x - drag.origin.x,
    y: point.y - drag.origin.y,
  });
  if (!box.ok) return { ...state, lastRejection: box.rejection };
  const resized = resizeWidget(drag.base, drag.id, box.value, { round: false });
  if (!resized.ok) return { ...state, lastRejection: resized.rejection };
  return { ...state, document: resized.value, lastRejection: null };
}

function dragRotate(state: EditorState, drag: Extract<Drag, { mode: 'rotate' }>, point: Point): EditorState {
  const turned = angleFrom(drag.centre, point) - angleFrom(drag.centre, drag.origin);
  const steps = ((Math.round(turned / 90) % 4) + 4) % 4;
  if (steps === 0) return { ...state, document: drag.base };
  const rotated = rotateWidgets(drag.base, drag.ids, 'clockwise', steps);
  return rotated.ok ? { ...state, document: rotated.value } : { ...state, lastRejection: rotated.rejection };
}

export function handlePointerMove(state: EditorState, point: Point): EditorState {
  const drag = state.drag;
  if (!drag) return state;
  switch (drag.mode) {
    case 'draw':
      return {
        ...state,
        drag: {
          ...drag,
          preview: {
            ...drag.preview,
            position: drawnPosition(drag.preview, drag.origin, point),
          } as LeafWidget,
        },
      };
    case 'move':
      return dragMove(state, drag, point);
    case 'resize':
      return dragResize(state, drag, point);
    case 'rotate':
      return dragRotate(state, drag, point);
    case 'select':
      return { ...state, drag: { ...drag, current: point } };
  }
}

function finishDraw(
  state: EditorState,
  drag: Extract<Drag, { mode: 'draw' }>,
  point: Point,
  deps: DesignerDeps,
): EditorState {
  const position = drawnPosition(drag.preview, drag.origin, point);
  const ended = { ...state, drag: null, guides: [] };
  if (!isLargeEnoughToDraw(position)) return { ...ended, lastRejection: rejection('draw-too-small') };
  const drawn = { ...drag.preview, position: roundPosition(position) } as LeafWidget;
  // A pipe's ends attach to the symbol ports (or pipes) they were dropped on.
  const widget =
    drawn.widgetType === 'ShapePipe' ? snapDrawnPipe(state.document, drawn, drag.origin, point) : drawn;
  const added = addWidget(state.document, widget);
  if (!added.ok) return { ...ended, lastRejection: added.rejection };
  return {
    ...ended,
    document: added.value,
    history: recordChange(state.history, state.document, added.value, 'draw', deps.now()),
    selection: [widget.id],
    tool: { kind: 'select' },
    lastRejection: null,
  };
}

export function handlePointerUp(state: EditorState, point: Point, deps: DesignerDeps): EditorState {
  const drag = state.drag;
  if (!drag) return state;
  const ended = { ...state, drag: null, guides: [] };
  switch (drag.mode) {
    case 'draw':
      return finishDraw(state, drag, point, deps);
    case 'select': {
      const box = boxBetween(drag.origin, point);
      const inside = widgetsInside(state.document, box);
      const selection = drag.additive ? [...new Set([...drag.initial, ...inside])] : inside;
      return { ...ended, selection };
    }
    case 'move':
    case 'resize':
    case 'rotate': {
      const ids = drag.mode === 'resize' ? [drag.id] : drag.ids;
      const document =
        drag.mode === 'rotate' ? state.document : roundWidgets(state.document, ids, drag.mode === 'resize');
      return { ...ended, document, history: commitGesture(state.history, document, deps.now()) };
    }
  }
}

/** Escape or a lost pointer: an unfinished draw is aborted, other drags put the page back. */
export function handleCancel(state: EditorState): EditorState {
  const drag = state.drag;
  if (!drag) return state;
  const ended = { ...state, drag: null, guides: [] };
  switch (drag.mode) {
    case 'draw':
      return { ...ended, lastRejection: rejection('draw-aborted') };
    case 'select':
      return { ...ended, selection: drag.initial };
    case 'move':
    case 'resize':
    case 'rotate': {
      const cancelled = cancelGesture(state.history);
      return { ...ended, history: cancelled.history, document: cancelled.document ?? drag.base };
    }
  }
}
