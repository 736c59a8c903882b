/**
 * Drawing a pipe click by click while the pipe tool is chosen (`pipe-sketch.ts` in the core): each
 * click adds a point, snapped to a symbol port or pipe near it; the pointer shows the next segment;
 * Shift keeps segments straight across or down; a double click or Enter finishes (one undo step);
 * Esc leaves the tool, which drops the sketch.
 */
import { useEffect, useState, type PointerEvent } from 'react';
import { addSketchPoint, sketchPreview, type PipeSketch, type Point } from '@lyyp/designer-core';
import { useDesigner, useDesignerStore } from '../designer-context.ts';
import type { DesignerStoreState } from '../state/designer-store.ts';

const EMPTY: PipeSketch = { points: [] };

const isPipeTool = (state: DesignerStoreState) =>
  state.editor.tool.kind === 'draw' && state.editor.tool.widgetType === 'ShapePipe';

export interface PipeSketchHandlers {
  /** Whether the pipe tool is chosen: clicks then add points instead of starting a drag. */
  readonly active: boolean;
  /** The points to draw: the clicked ones and the segment to the pointer. */
  readonly preview: readonly Point[];
  readonly pointerDown: (event: PointerEvent<HTMLDivElement>) => void;
  readonly pointerMove: (event: PointerEvent<HTMLDivElement>) => void;
  readonly finish: () => void;
}

export function usePipeSketch(toPage: (clientX: number, clientY: number) => Point): PipeSketchHandlers {
  const store = useDesignerStore();
  const document = useDesigner((state) => state.editor.document);
  const active = useDesigner(isPipeTool);
  const [sketch, setSketch] = useState<PipeSketch>(EMPTY);
  const [pointer, setPointer] = useState<{ point: Point; straight: boolean } | null>(null);

  const finish = () => {
    if (sketch.points.length >= 2) {
      store.getState().run({ name: 'add-pipe', points: sketch.points });
      store.getState().dispatch({ type: 'set-tool', tool: { kind: 'select' } });
    }
    setSketch(EMPTY);
    setPointer(null);
  };

  // Leaving the tool (Esc, another palette item) drops the sketch.
  useEffect(
    () =>
      store.subscribe((state, before) => {
        if (isPipeTool(state) || !isPipeTool(before)) return;
        setSketch(EMPTY);
        setPointer(null);
      }),
    [store],
  );

  useEffect(() => {
    if (!active || sketch.points.length === 0) return undefined;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      event.stopPropagation();
      finish();
    };
    window.addEventListener('keydown', handleKey, true);
    return () => window.removeEventListener('keydown', handleKey, true);
  });

  return {
    active,
    preview: active
      ? sketchPreview(document, sketch, pointer?.point ?? null, pointer?.straight ?? false)
      : [],
    pointerDown: (event) => {
      const point = toPage(event.clientX, event.clientY);
      setSketch((current) => addSketchPoint(document, current, point, event.shiftKey));
    },
    pointerMove: (event) => {
      setPointer({ point: toPage(event.clientX, event.clientY), straight: event.shiftKey });
    },
    finish,
  };
}
