/**
 * A pipe (`ShapePipe`): its polyline drawn at its width and colour with round elbows, and, while
 * its flow rule holds, the medium as dashes moving along it at the flow's speed and direction (a
 * CSS animation of the dash offset: no script runs per frame, however many pipes flow).
 */
import { evaluatePipeFlow, pipePathData } from '@lyyp/designer-core';
import type { WidgetRendererProps } from '../render-context.ts';
import { computeWidgetFrame } from '../widget-frame.ts';
import widgetStyles from '../widgets.module.css';
import styles from './industrial.module.css';

/** One dash and one gap of the medium; the animation moves the dashes one period a cycle. */
const FLOW_PERIOD = 24;

export function PipeWidget({ widget, width, height, runtime }: WidgetRendererProps<'ShapePipe'>) {
  const { data } = widget;
  const points = computeWidgetFrame(widget.position).points ?? [];
  const d = pipePathData(points);
  const flow =
    runtime.mode === 'run'
      ? evaluatePipeFlow(widget, runtime.read)
      : { running: false, direction: 1, speed: 0 };
  const medium = Math.max(1, data.width / 2);
  return (
    // A straight pipe has a box of no height; an SVG of zero size would draw nothing.
    <svg
      className={widgetStyles.shapeSvg}
      width={Math.max(width, 1)}
      height={Math.max(height, 1)}
      viewBox={`0 0 ${Math.max(width, 1)} ${Math.max(height, 1)}`}
      data-flowing={flow.running}
      data-flow-direction={flow.running ? flow.direction : 0}
    >
      <path
        d={d}
        fill="none"
        stroke={data.color}
        strokeWidth={data.width}
        strokeLinecap="butt"
        strokeLinejoin="round"
      />
      {flow.running ? (
        <path
          d={d}
          fill="none"
          stroke={data.flowColor}
          strokeWidth={medium}
          strokeLinejoin="round"
          strokeDasharray={`${FLOW_PERIOD / 2} ${FLOW_PERIOD / 2}`}
          className={styles.flow}
          style={{
            animationDuration: `${FLOW_PERIOD / flow.speed}s`,
            animationDirection: flow.direction === -1 ? 'reverse' : 'normal',
          }}
          data-medium
        />
      ) : null}
    </svg>
  );
}
