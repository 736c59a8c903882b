/** The basic shapes as inline SVG filling the widget's box (§3 Shape* types). */
import type { LeafWidget, LeafWidgetType } from '@lyyp/contracts/designer';
import type { ReactNode } from 'react';
import { computeWidgetFrame } from '../widget-frame.ts';
import type { WidgetRendererProps } from '../render-context.ts';
import { isPolygonShape, shapeEdges, shapeOutline, toSvgPoints } from '../shape-outline.ts';
import { computePaint, type Paint } from '../style-css.ts';
import styles from '../widgets.module.css';

function paintProps(paint: Paint) {
  return {
    fill: paint.fill,
    stroke: paint.stroke,
    strokeWidth: paint.strokeWidth,
    strokeDasharray: paint.dasharray,
  };
}

function ShapeSvg({ width, height, children }: { width: number; height: number; children: ReactNode }) {
  return (
    <svg
      className={styles.shapeSvg}
      width={Math.max(width, 1)}
      height={Math.max(height, 1)}
      viewBox={`0 0 ${Math.max(width, 1)} ${Math.max(height, 1)}`}
    >
      {children}
    </svg>
  );
}

/** A shape renderer: what `draw` gives for the widget's paint and box, in an SVG filling the box. */
function shapeRenderer(draw: (shape: LeafWidget, paint: Paint, width: number, height: number) => ReactNode) {
  return function Shape<T extends LeafWidgetType>({ widget, width, height, visual }: WidgetRendererProps<T>) {
    const shape: LeafWidget = widget;
    const drawn = draw(shape, computePaint(shape.style, visual), width, height);
    return drawn === null ? null : (
      <ShapeSvg width={width} height={height}>
        {drawn}
      </ShapeSvg>
    );
  };
}

export const RectShape = shapeRenderer((shape, paint, width, height) => (
  <rect
    x={paint.strokeWidth / 2}
    y={paint.strokeWidth / 2}
    width={Math.max(0, width - paint.strokeWidth)}
    height={Math.max(0, height - paint.strokeWidth)}
    rx={shape.widgetType === 'ShapeRect' ? shape.style.radius : undefined}
    {...paintProps(paint)}
  />
));

export const EllipseShape = shapeRenderer((_shape, paint, width, height) => (
  <ellipse
    cx={width / 2}
    cy={height / 2}
    rx={Math.max(0, width / 2 - paint.strokeWidth / 2)}
    ry={Math.max(0, height / 2 - paint.strokeWidth / 2)}
    {...paintProps(paint)}
  />
));

/** Lines and triangles: their own vertices, relative to the box. */
export const PointsShape = shapeRenderer((shape, paint) => {
  const points = computeWidgetFrame(shape.position).points ?? [];
  const svgPoints = toSvgPoints(points.map((point) => [point.x, point.y]));
  return shape.widgetType === 'ShapeTriangle' ? (
    <polygon points={svgPoints} strokeLinejoin="round" {...paintProps(paint)} />
  ) : (
    <polyline points={svgPoints} strokeLinecap="round" {...paintProps({ ...paint, fill: 'none' })} />
  );
});

export const PolygonShape = shapeRenderer((shape, paint, width, height) => {
  const type = shape.widgetType;
  if (!isPolygonShape(type)) return null;
  const edges = shapeEdges(type, width, height);
  return (
    <>
      <polygon
        points={toSvgPoints(shapeOutline(type, width, height))}
        strokeLinejoin="round"
        {...paintProps(paint)}
      />
      {edges ? <polyline points={toSvgPoints(edges)} {...paintProps({ ...paint, fill: 'none' })} /> : null}
    </>
  );
});
