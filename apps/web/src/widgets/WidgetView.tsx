/**
 * One widget on the page: an absolutely positioned box turned and mirrored as its position says,
 * with its animations applied (run mode) and its type's renderer inside. Groups draw their members
 * where the group places them.
 */
import { memo, type CSSProperties } from 'react';
import type { LeafWidget, Widget } from '@lyyp/contracts/designer';
import {
  evaluateAnimation,
  getWidgetDefinition,
  isGroup,
  isWidgetAuthorized,
  placeGroupMembers,
  RESTING_STATE,
  type VisualState,
} from '@lyyp/designer-core';
import type { WidgetRuntime } from './render-context.ts';
import { renderWidgetContent } from './renderer-registry.tsx';
import { useWidgetValues } from './use-widget-values.ts';
import { computeWidgetFrame, frameTransform } from './widget-frame.ts';
import { WidgetPlaceholder } from './WidgetPlaceholder.tsx';
import styles from './widgets.module.css';

export interface WidgetViewProps {
  readonly widget: Widget;
  readonly runtime: WidgetRuntime;
}

function animationCss(visual: VisualState): { className: string; style: CSSProperties } {
  const classes = [styles.inner];
  const style: CSSProperties = {};
  if (visual.twinkle) classes.push(styles.twinkle);
  if (visual.spin && visual.spin.speed > 0) {
    classes.push(styles.spin);
    style.animationDuration = `${60 / visual.spin.speed}s`;
    style.animationDirection = visual.spin.direction === 'anticlockwise' ? 'reverse' : 'normal';
  }
  return { className: classes.join(' '), style };
}

function isClickable(widget: LeafWidget, runtime: WidgetRuntime): boolean {
  return (
    runtime.mode === 'run' &&
    widget.event.enable &&
    getWidgetDefinition(widget.widgetType).events.includes('click')
  );
}

function LeafWidgetView({ widget, runtime: shared }: { widget: LeafWidget; runtime: WidgetRuntime }) {
  // Live values re-render this widget only when a value it reads changes (WidgetView is memoised, so
  // the page itself does not re-render on live messages).
  const runtime = useWidgetValues(shared);
  const visual = runtime.mode === 'run' ? evaluateAnimation(widget, runtime.read) : RESTING_STATE;
  if (runtime.mode === 'run' && (!visual.visible || !isWidgetAuthorized(widget, [...runtime.auths]))) {
    return null;
  }
  const frame = computeWidgetFrame(widget.position);
  const content = renderWidgetContent({
    widget,
    width: frame.box.width,
    height: frame.box.height,
    visual,
    runtime,
  });
  const clickable = isClickable(widget, runtime);
  const animation = animationCss(visual);
  return (
    <div
      className={`${styles.frame} ${clickable ? styles.interactive : ''}`}
      data-widget-id={widget.id}
      data-widget-type={widget.widgetType}
      style={{
        left: frame.box.x,
        top: frame.box.y,
        width: frame.box.width,
        height: frame.box.height,
        transform: frameTransform(frame),
        opacity: widget.style.opacity,
      }}
      onPointerDown={clickable ? () => runtime.fireEvent(widget, widget.event, 'press') : undefined}
      onPointerUp={clickable ? () => runtime.fireEvent(widget, widget.event, 'release') : undefined}
    >
      <div className={animation.className} style={animation.style}>
        {content ?? <WidgetPlaceholder type={widget.widgetType} locale={runtime.locale} />}
      </div>
    </div>
  );
}

export const WidgetView = memo(function WidgetView({ widget, runtime }: WidgetViewProps) {
  if (isGroup(widget)) {
    return (
      <>
        {placeGroupMembers(widget).map((member) => (
          <WidgetView key={member.id} widget={member} runtime={runtime} />
        ))}
      </>
    );
  }
  return <LeafWidgetView widget={widget} runtime={runtime} />;
});
