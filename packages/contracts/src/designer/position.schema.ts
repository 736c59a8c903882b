/**
 * Position shapes of §3. Each carries a `kind` so a circle can never be read as a rectangle; the
 * designer picks the kind from the widget type (see the widget registry).
 */
import { z } from 'zod';

const coordinate = z.number().finite();
const length = z.number().finite().nonnegative();
/** Degrees, clockwise. The designer keeps rectangles within [0, 360). */
const degrees = z.number().finite();

export const PointSchema = z.object({ x: coordinate, y: coordinate });

/** x, y is the top-left corner before rotation; rotation and flips turn about the centre. */
export const RectPositionSchema = z.object({
  kind: z.literal('rect'),
  x: coordinate,
  y: coordinate,
  width: length,
  height: length,
  rotate: degrees,
  flipX: z.boolean(),
  flipY: z.boolean(),
});

export const CirclePositionSchema = z.object({
  kind: z.literal('circle'),
  cx: coordinate,
  cy: coordinate,
  r: length,
  rotate: degrees,
});

export const EllipsePositionSchema = z.object({
  kind: z.literal('ellipse'),
  cx: coordinate,
  cy: coordinate,
  rx: length,
  ry: length,
  rotate: degrees,
});

export const LinePositionSchema = z.object({
  kind: z.literal('line'),
  points: z.array(PointSchema).min(2),
});

export const TrianglePositionSchema = z.object({
  kind: z.literal('triangle'),
  x1: coordinate,
  y1: coordinate,
  x2: coordinate,
  y2: coordinate,
  x3: coordinate,
  y3: coordinate,
});

/** Charts: a rectangle plus the plot's inner margins. */
export const ChartPositionSchema = RectPositionSchema.extend({
  kind: z.literal('chart'),
  top: length,
  right: length,
  bottom: length,
  left: length,
});

export const PositionSchema = z.discriminatedUnion('kind', [
  RectPositionSchema,
  CirclePositionSchema,
  EllipsePositionSchema,
  LinePositionSchema,
  TrianglePositionSchema,
  ChartPositionSchema,
]);

export type Point = z.infer<typeof PointSchema>;
export type RectPosition = z.infer<typeof RectPositionSchema>;
export type CirclePosition = z.infer<typeof CirclePositionSchema>;
export type EllipsePosition = z.infer<typeof EllipsePositionSchema>;
export type LinePosition = z.infer<typeof LinePositionSchema>;
export type TrianglePosition = z.infer<typeof TrianglePositionSchema>;
export type ChartPosition = z.infer<typeof ChartPositionSchema>;
export type Position = z.infer<typeof PositionSchema>;
export type PositionKind = Position['kind'];
export const POSITION_KINDS = [
  'rect',
  'circle',
  'ellipse',
  'line',
  'triangle',
  'chart',
] as const satisfies readonly PositionKind[];
