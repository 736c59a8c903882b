/** Picture widgets: a still image and the animation widget that swaps images or texts by value. */
import { FileImageOutlined } from '@ant-design/icons';
import { pictureSource } from '../media-source.ts';
import type { WidgetRendererProps } from '../render-context.ts';
import { boxCss, computePaint } from '../style-css.ts';
import { useTicker } from '../use-ticker.ts';
import { isCycling, pickAnimationFrame } from '../value-format.ts';
import styles from '../widgets.module.css';

export function ImageWidget({ widget, visual }: WidgetRendererProps<'UsualImage'>) {
  const paint = computePaint(widget.style, visual);
  const source = pictureSource(widget.data.url);
  const frame = {
    width: '100%',
    height: '100%',
    boxSizing: 'border-box' as const,
    border: paint.stroke === 'none' ? 'none' : `${paint.strokeWidth}px solid ${paint.stroke}`,
    borderRadius: widget.style.radius,
    overflow: 'hidden',
  };
  return (
    <div style={frame}>
      {source ? (
        <img className={styles.image} src={source} alt={widget.widgetName} draggable={false} />
      ) : (
        <div className={styles.emptyImage}>
          <FileImageOutlined />
        </div>
      )}
    </div>
  );
}

export function AnimationWidget({ widget, visual, runtime }: WidgetRendererProps<'UsualAnimation'>) {
  const data = widget.data.dataAddon;
  const value = runtime.read(widget.binding);
  const cycling = runtime.mode === 'run' && isCycling(data, value);
  const tick = useTicker(data.cycle.speed, cycling);
  // The editor shows the first frame so the designer sees what the widget holds.
  const frame =
    runtime.mode === 'design'
      ? (pickAnimationFrame(data, undefined, 0) ??
        (data.type === 'image'
          ? data.imageList[0] && { kind: 'image' as const, url: data.imageList[0].url }
          : data.textList[0] && { kind: 'text' as const, text: data.textList[0].text }))
      : pickAnimationFrame(data, value, tick);
  const source = frame?.kind === 'image' ? pictureSource(frame.url) : undefined;
  if (!frame || (frame.kind === 'image' && !source)) {
    return (
      <div className={styles.emptyImage}>
        <FileImageOutlined />
      </div>
    );
  }
  if (frame.kind === 'image') {
    return <img className={styles.image} src={source} alt={widget.widgetName} draggable={false} />;
  }
  return <div style={boxCss(widget.style, visual)}>{frame.text}</div>;
}
