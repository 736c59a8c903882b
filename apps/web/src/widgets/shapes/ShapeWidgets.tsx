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

export function RectShape({ widget, width, height, visual }: WidgetRendererProps<'ShapeRect'>) {
  const paint = computePaint(widget.style, visual);
  const inset = paint.strokeWidth / 2;
  return (
    <ShapeSvg width={width} height={height}>
      <rect
        x={inset}
        y={inset}
        width={Math.max(0, width - paint.strokeWidth)}
        height={Math.max(0, height - paint.strokeWidth)}
        rx={widget.style.radius}
        {...paintProps(paint)}
      />
    </ShapeSvg>
  );
}

export function EllipseShape<T extends 'ShapeCircle' | 'ShapeEllipse'>({
  widget,
  width,
  height,
  visual,
}: WidgetRendererProps<T>) {
  const shape: LeafWidget = widget;
  const paint = computePaint(shape.style, visual);
  const inset = paint.strokeWidth / 2;
  return (
    <ShapeSvg width={width} height={height}>
      <ellipse
        cx={width / 2}
        cy={height / 2}
        rx={Math.max(0, width / 2 - inset)}
        ry={Math.max(0, height / 2 - inset)}
        {...paintProps(paint)}
      />
    </ShapeSvg>
  );
}

/** Lines and triangles: their own vertices, relative to the box. */
export function PointsShape<T extends 'ShapeLine' | 'ShapeTriangle'>({
  widget,
  width,
  height,
  visual,
}: WidgetRendererProps<T>) {
  const shape: LeafWidget = widget;
  const paint = computePaint(shape.style, visual);
  const points = computeWidgetFrame(shape.position).points ?? [];
  const svgPoints = toSvgPoints(points.map((point) => [point.x, point.y]));
  const closed = shape.widgetType === 'ShapeTriangle';
  return (
    <ShapeSvg width={width} height={height}>
      {closed ? (
        <polygon points={svgPoints} strokeLinejoin="round" {...paintProps(paint)} />
      ) : (
        <polyline points={svgPoints} strokeLinecap="round" {...paintProps({ ...paint, fill: 'none' })} />
      )}
    </ShapeSvg>
  );
}

export function PolygonShape<T extends LeafWidgetType>({
  widget,
  width,
  height,
  visual,
}: WidgetRendererProps<T>) {
  const shape: LeafWidget = widget;
  const type = shape.widgetType;
  if (!isPolygonShape(type)) return null;
  const paint = computePaint(shape.style, visual);
  const edges = shapeEdges(type, width, height);
  return (
    <ShapeSvg width={width} height={height}>
      <polygon
        points={toSvgPoints(shapeOutline(type, width, height))}
        strokeLinejoin="round"
        {...paintProps(paint)}
      />
      {edges ? <polyline points={toSvgPoints(edges)} {...paintProps({ ...paint, fill: 'none' })} /> : null}
    </ShapeSvg>
  );
}
