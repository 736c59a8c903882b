/**
 * Outlines of the basic shapes drawn in a box of the given size, as SVG polygon points. Shapes the
 * SVG primitives draw directly (rectangle, circle, ellipse, line, triangle) are not in this table.
 */
import type { LeafWidgetType } from '@lyyp/contracts/designer';

export type PolygonShapeType = Extract<
  LeafWidgetType,
  'ShapeArrow' | 'ShapeOctagon' | 'ShapeParallelogram' | 'ShapePrism'
>;

type Outline = (width: number, height: number) => [number, number][];

const OUTLINES: Readonly<Record<PolygonShapeType, Outline>> = {
  // A right-pointing arrow: a shaft half the height and a head taking the last third.
  ShapeArrow: (width, height) => {
    const head = Math.min(width / 3, height);
    const shaftTop = height / 4;
    const shaftBottom = (height * 3) / 4;
    return [
      [0, shaftTop],
      [width - head, shaftTop],
      [width - head, 0],
      [width, height / 2],
      [width - head, height],
      [width - head, shaftBottom],
      [0, shaftBottom],
    ];
  },
  ShapeOctagon: (width, height) => {
    const cutX = width * (1 - Math.SQRT1_2);
    const cutY = height * (1 - Math.SQRT1_2);
    return [
      [cutX, 0],
      [width - cutX, 0],
      [width, cutY],
      [width, height - cutY],
      [width - cutX, height],
      [cutX, height],
      [0, height - cutY],
      [0, cutY],
    ];
  },
  ShapeParallelogram: (width, height) => {
    const slant = width / 4;
    return [
      [slant, 0],
      [width, 0],
      [width - slant, height],
      [0, height],
    ];
  },
  // A box seen from above and the front: the top face is the upper fifth, offset to the right.
  ShapePrism: (width, height) => {
    const depth = Math.min(width, height) / 5;
    return [
      [0, depth],
      [depth, 0],
      [width, 0],
      [width, height - depth],
      [width - depth, height],
      [0, height],
    ];
  },
};

/** Inner edges some outlines need to read as solids: the prism's front face. */
const EDGES: Partial<Readonly<Record<PolygonShapeType, Outline>>> = {
  ShapePrism: (width, height) => {
    const depth = Math.min(width, height) / 5;
    return [
      [0, depth],
      [width - depth, depth],
      [width, 0],
      [width - depth, depth],
      [width - depth, height],
    ];
  },
};

export function isPolygonShape(type: LeafWidgetType): type is PolygonShapeType {
  return Object.hasOwn(OUTLINES, type);
}

export function shapeOutline(type: PolygonShapeType, width: number, height: number): [number, number][] {
  return OUTLINES[type](width, height);
}

/** The polyline of the shape's inner edges, or null when it has none. */
export function shapeEdges(type: PolygonShapeType, width: number, height: number): [number, number][] | null {
  return EDGES[type]?.(width, height) ?? null;
}

export function toSvgPoints(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y]) => `${round(x)},${round(y)}`).join(' ');
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
