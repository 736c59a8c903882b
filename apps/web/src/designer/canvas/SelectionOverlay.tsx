/**
 * What the editor draws over the page (like tldraw's selection foreground): outlines of the selected
 * widgets, the selection box with its resize handles and rotate handle, snap guides, the marquee and
 * the shape being drawn. Handles carry `data-handle` / `data-rotate-handle` for the pointer mapping,
 * and keep their size on screen whatever the zoom.
 */
import { LockOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';
import {
  getMarquee,
  getResizeHandlePoints,
  getRotateHandlePoint,
  getSelectionBounds,
  pickWidgets,
  RESIZE_HANDLES,
  widgetBounds,
  type Box,
  type ResizeHandle,
} from '@lyyp/designer-core';
import { createDesignRuntime } from '../../widgets/render-context.ts';
import { WidgetView } from '../../widgets/WidgetView.tsx';
import { useDesigner } from '../designer-context.ts';
import { useDesignerLocale } from '../use-designer-locale.ts';
import styles from './canvas.module.css';

const HANDLE_PX = 8;
const ROTATE_PX = 10;

const CURSORS: Readonly<Record<ResizeHandle, CSSProperties['cursor']>> = {
  n: 'ns-resize',
  s: 'ns-resize',
  e: 'ew-resize',
  w: 'ew-resize',
  ne: 'nesw-resize',
  sw: 'nesw-resize',
  nw: 'nwse-resize',
  se: 'nwse-resize',
};

const boxCss = (box: Box): CSSProperties => ({
  left: box.x,
  top: box.y,
  width: box.width,
  height: box.height,
});

export function SelectionOverlay() {
  const { locale } = useDesignerLocale();
  const document = useDesigner((state) => state.editor.document);
  const selection = useDesigner((state) => state.editor.selection);
  const guides = useDesigner((state) => state.editor.guides);
  const drag = useDesigner((state) => state.editor.drag);
  const zoom = useDesigner((state) => state.zoom);
  const marquee = useDesigner((state) => (state.editor.drag?.mode === 'select' ? state.editor : null));
  const marqueeBox = marquee ? getMarquee(marquee) : null;
  const selected = pickWidgets(document, selection);
  const bounds = getSelectionBounds(document, selection);
  const unit = 1 / zoom;
  const allLocked = selected.length > 0 && selected.every((widget) => widget.posLock);
  const showHandles = bounds !== null && !allLocked && (!drag || drag.mode === 'resize');
  const handle = HANDLE_PX * unit;
  const rotate = bounds ? getRotateHandlePoint(bounds) : null;

  return (
    <div
      className={styles.overlay}
      style={{ width: document.width, height: document.height, transform: `scale(${zoom})` }}
      data-selection-overlay
    >
      {drag?.mode === 'draw' ? (
        <div className={styles.preview}>
          <WidgetView widget={drag.preview} runtime={createDesignRuntime(locale)} />
        </div>
      ) : null}
      {selected.length > 1
        ? selected.map((widget) => (
            <div
              key={widget.id}
              className={styles.outline}
              style={{ ...boxCss(widgetBounds(widget)), borderWidth: unit }}
            />
          ))
        : null}
      {bounds ? (
        <div
          className={`${styles.selection} ${allLocked ? styles.locked : ''}`}
          style={{ ...boxCss(bounds), borderWidth: unit }}
          data-selection-box
        >
          {allLocked ? (
            <LockOutlined
              className={styles.lockBadge}
              style={{ right: -14 * unit, top: -14 * unit, fontSize: 12 * unit }}
            />
          ) : null}
        </div>
      ) : null}
      {showHandles && bounds && selection.length === 1
        ? RESIZE_HANDLES.map((name) => {
            const point = getResizeHandlePoints(bounds)[name];
            return (
              <div
                key={name}
                className={styles.handle}
                data-handle={name}
                style={{
                  left: point.x - handle / 2,
                  top: point.y - handle / 2,
                  width: handle,
                  height: handle,
                  borderWidth: unit,
                  cursor: CURSORS[name],
                }}
              />
            );
          })
        : null}
      {showHandles && bounds && rotate ? (
        <>
          <div
            className={styles.rotateStem}
            style={{ left: rotate.x, top: rotate.y, height: bounds.y - rotate.y, borderLeftWidth: unit }}
          />
          <div
            className={styles.rotateHandle}
            data-rotate-handle
            style={{
              left: rotate.x - (ROTATE_PX * unit) / 2,
              top: rotate.y - (ROTATE_PX * unit) / 2,
              width: ROTATE_PX * unit,
              height: ROTATE_PX * unit,
              borderWidth: unit,
            }}
          />
        </>
      ) : null}
      {guides.map((guide) =>
        guide.axis === 'x' ? (
          <div
            key={`x${guide.at}-${guide.from}`}
            className={styles.guide}
            style={{ left: guide.at, top: guide.from, width: unit, height: guide.to - guide.from }}
          />
        ) : (
          <div
            key={`y${guide.at}-${guide.from}`}
            className={styles.guide}
            style={{ top: guide.at, left: guide.from, height: unit, width: guide.to - guide.from }}
          />
        ),
      )}
      {marqueeBox ? (
        <div className={styles.marquee} style={{ ...boxCss(marqueeBox), borderWidth: unit }} />
      ) : null}
    </div>
  );
}
