/**
 * A page drawn at its own size (§3: width, height, background colour and image) with its widgets in
 * paint order. Whoever shows it scales it: the editor by its zoom, the viewer by the page's fit.
 */
import type { CSSProperties, ReactNode } from 'react';
import type { PageDocument } from '@lyyp/contracts/designer';
import { cssBackgroundImage } from './media-source.ts';
import type { WidgetRuntime } from './render-context.ts';
import { WidgetView } from './WidgetView.tsx';
import styles from './widgets.module.css';

export interface PageCanvasProps {
  readonly document: Pick<PageDocument, 'width' | 'height' | 'bgColor' | 'bgImage' | 'widgets'>;
  readonly runtime: WidgetRuntime;
  readonly scale?: number;
  readonly className?: string;
  readonly style?: CSSProperties;
  /** Drawn above the widgets (the editor's grid sits below, selection above). */
  readonly children?: ReactNode;
  readonly underlay?: ReactNode;
}

export function PageCanvas({
  document,
  runtime,
  scale = 1,
  className,
  style,
  children,
  underlay,
}: PageCanvasProps) {
  return (
    <div
      className={`${styles.page} ${runtime.mode === 'design' ? styles.design : ''} ${className ?? ''}`}
      data-page-canvas
      style={{
        width: document.width,
        height: document.height,
        backgroundColor: document.bgColor,
        backgroundImage: cssBackgroundImage(document.bgImage),
        transform: scale === 1 ? undefined : `scale(${scale})`,
        transformOrigin: '0 0',
        ...style,
      }}
    >
      {underlay}
      {document.widgets.map((widget) => (
        <WidgetView key={widget.id} widget={widget} runtime={runtime} />
      ))}
      {children}
    </div>
  );
}
