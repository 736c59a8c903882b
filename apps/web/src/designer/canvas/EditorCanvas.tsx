/**
 * The canvas: a scrolling viewport with the page at the current zoom, its grid and rulers, and the
 * selection overlay. Pointer events become page points and targets (pointer-mapping) and go to the
 * core's reducer; Ctrl/⌘ + wheel zooms about the pointer; widgets, symbols and variables dragged from the side panels drop here (`use-canvas-drop.ts`).
 */
import { useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { GRID_SIZE, type Point } from '@lyyp/designer-core';
import { createDesignRuntime } from '../../widgets/render-context.ts';
import { PageCanvas } from '../../widgets/PageCanvas.tsx';
import { useDesigner, useDesignerStore } from '../designer-context.ts';
import { clampZoom, fitZoom, resolvePointerTarget, toPagePoint } from '../state/pointer-mapping.ts';
import { useDesignerLocale } from '../use-designer-locale.ts';
import { Rulers } from './Rulers.tsx';
import { SelectionOverlay } from './SelectionOverlay.tsx';
import { CanvasContextMenu } from './CanvasContextMenu.tsx';
import { useCanvasDrop } from './use-canvas-drop.ts';
import { PipeSketchOverlay } from './PipeSketchOverlay.tsx';
import { usePipeSketch } from './use-pipe-sketch.ts';
import { useSpacePan } from './use-space-pan.ts';
import styles from './canvas.module.css';

interface RulerView {
  start: Point;
  length: { width: number; height: number };
}

function readHint(target: EventTarget | null) {
  const element = target instanceof Element ? target : null;
  const handle = element?.closest('[data-handle]')?.getAttribute('data-handle') ?? null;
  const rotate = Boolean(element?.closest('[data-rotate-handle]'));
  return { handle, rotate };
}

export function EditorCanvas() {
  const store = useDesignerStore();
  const { locale } = useDesignerLocale();
  const document = useDesigner((state) => state.editor.document);
  const drawing = useDesigner((state) => state.editor.tool.kind === 'draw');
  const grid = useDesigner((state) => state.editor.config.grid);
  const ruler = useDesigner((state) => state.editor.config.ruler);
  const zoom = useDesigner((state) => state.zoom);
  const viewport = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const zoomAnchor = useRef<{ client: Point; page: Point } | null>(null);
  const [rulerView, setRulerView] = useState<RulerView>({
    start: { x: 0, y: 0 },
    length: { width: 0, height: 0 },
  });
  const runtime = useMemo(() => createDesignRuntime(locale), [locale]);

  const toPage = (clientX: number, clientY: number): Point => {
    const rect = stage.current?.getBoundingClientRect();
    return toPagePoint(
      { x: clientX, y: clientY },
      { x: rect?.left ?? 0, y: rect?.top ?? 0 },
      store.getState().zoom,
    );
  };

  const measureRulers = () => {
    const view = viewport.current?.getBoundingClientRect();
    const page = stage.current?.getBoundingClientRect();
    if (!view || !page) return;
    const current = store.getState().zoom;
    setRulerView({
      start: { x: (view.left - page.left) / current, y: (view.top - page.top) / current },
      length: { width: view.width, height: view.height },
    });
  };

  // Fit the page into the window when the page opens.
  useLayoutEffect(() => {
    const view = viewport.current;
    if (!view) return;
    const { width, height } = store.getState().editor.document;
    store
      .getState()
      .setZoom(fitZoom({ width, height }, { width: view.clientWidth, height: view.clientHeight }));
  }, [store]);

  // After a wheel zoom, scroll so the page point under the pointer stays under it.
  useLayoutEffect(() => {
    const anchor = zoomAnchor.current;
    const view = viewport.current;
    const page = stage.current?.getBoundingClientRect();
    if (anchor && view && page) {
      view.scrollLeft += page.left + anchor.page.x * zoom - anchor.client.x;
      view.scrollTop += page.top + anchor.page.y * zoom - anchor.client.y;
    }
    zoomAnchor.current = null;
    measureRulers();
    // measureRulers reads refs only; re-measure whenever the page or zoom changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [zoom, document.width, document.height, ruler]);

  useLayoutEffect(() => {
    const view = viewport.current;
    if (!view) return undefined;
    const handleWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const current = store.getState().zoom;
      const next = clampZoom(current * (event.deltaY < 0 ? 1.1 : 1 / 1.1));
      zoomAnchor.current = {
        client: { x: event.clientX, y: event.clientY },
        page: toPage(event.clientX, event.clientY),
      };
      store.getState().setZoom(next);
    };
    const observer = new ResizeObserver(() => measureRulers());
    observer.observe(view);
    view.addEventListener('wheel', handleWheel, { passive: false });
    return () => {
      view.removeEventListener('wheel', handleWheel);
      observer.disconnect();
    };
    // toPage and measureRulers read refs and the store only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);

  const { handleDragOver, handleDrop } = useCanvasDrop(toPage);
  const pan = useSpacePan(viewport);
  const pipe = usePipeSketch(toPage);

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    if (pan.beginPan(event)) return;
    // Focus first: a property field being edited commits on blur, before a drag begins (commands
    // are ignored while a drag is in progress).
    event.currentTarget.focus({ preventScroll: true });
    // The pipe tool draws click by click.
    if (pipe.active) return pipe.pointerDown(event);
    const point = toPage(event.clientX, event.clientY);
    const state = store.getState();
    const target = resolvePointerTarget(readHint(event.target), state.editor.document, point);
    // Shift, Ctrl or ⌘ add to (or take from) the selection.
    const adding = event.shiftKey || event.ctrlKey || event.metaKey;
    state.dispatch({ type: 'pointer-down', point, target, shiftKey: adding });
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (pan.movePan(event)) return;
    if (pipe.active) return pipe.pointerMove(event);
    if (!store.getState().editor.drag) return;
    store.getState().dispatch({ type: 'pointer-move', point: toPage(event.clientX, event.clientY) });
  };

  const handlePointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (pan.endPan()) return;
    if (!store.getState().editor.drag) return;
    store.getState().dispatch({ type: 'pointer-up', point: toPage(event.clientX, event.clientY) });
  };

  const handlePointerCancel = () => {
    if (store.getState().editor.drag) store.getState().dispatch({ type: 'cancel' });
  };

  const gridUnderlay = grid ? (
    <div className={styles.grid} style={{ backgroundSize: `${GRID_SIZE}px ${GRID_SIZE}px` }} data-grid />
  ) : null;

  return (
    <div className={`${styles.area} ${ruler ? styles.withRulers : ''}`}>
      {ruler ? <Rulers start={rulerView.start} length={rulerView.length} zoom={zoom} /> : null}
      <CanvasContextMenu toPage={toPage}>
        <div
          ref={viewport}
          className={styles.viewport}
          tabIndex={-1}
          style={{ cursor: pan.cursor ?? (drawing ? 'crosshair' : 'default') }}
          data-designer-viewport
          onPointerDown={handlePointerDown}
          onPointerMove={handlePointerMove}
          onPointerUp={handlePointerUp}
          onPointerCancel={handlePointerCancel}
          onDoubleClick={() => (pipe.active ? pipe.finish() : undefined)}
          onScroll={measureRulers}
          onDragOver={handleDragOver}
          onDrop={handleDrop}
        >
          <div className={styles.scroller}>
            <div
              ref={stage}
              className={styles.stage}
              style={{ width: document.width * zoom, height: document.height * zoom }}
              data-designer-stage
            >
              <PageCanvas document={document} runtime={runtime} scale={zoom} underlay={gridUnderlay} />
              <SelectionOverlay />
              <PipeSketchOverlay points={pipe.preview} zoom={zoom} />
            </div>
          </div>
        </div>
      </CanvasContextMenu>
    </div>
  );
}
