/**
 * Where a widget's box sits on the page and how it is turned: every widget renders as one absolutely
 * positioned box. Rectangles, circles and ellipses turn and mirror about their centre; lines and
 * triangles are drawn inside their bounds with their points made relative to the box.
 */
import { boundsOf, type Box, type Point } from '@lyyp/designer-core';
import type { Position } from '@lyyp/contracts/designer';

export interface WidgetFrame {
  readonly box: Box;
  readonly rotate: number;
  readonly flipX: boolean;
  readonly flipY: boolean;
  /** Vertices relative to the box, for lines and triangles. */
  readonly points: readonly Point[] | null;
}

function relativeTo(box: Box, points: readonly Point[]): Point[] {
  return points.map((point) => ({ x: point.x - box.x, y: point.y - box.y }));
}

/** A circle or ellipse: the box around its centre and radii (never flipped). */
function ovalFrame(cx: number, cy: number, rx: number, ry: number, rotate: number): WidgetFrame {
  const box = { x: cx - rx, y: cy - ry, width: rx * 2, height: ry * 2 };
  return { box, rotate, flipX: false, flipY: false, points: null };
}

export function computeWidgetFrame(position: Position): WidgetFrame {
  switch (position.kind) {
    case 'rect':
    case 'chart':
      return {
        box: { x: position.x, y: position.y, width: position.width, height: position.height },
        rotate: position.rotate,
        flipX: position.flipX,
        flipY: position.flipY,
        points: null,
      };
    case 'circle':
      return ovalFrame(position.cx, position.cy, position.r, position.r, position.rotate);
    case 'ellipse':
      return ovalFrame(position.cx, position.cy, position.rx, position.ry, position.rotate);
    case 'line': {
      const box = boundsOf(position);
      return { box, rotate: 0, flipX: false, flipY: false, points: relativeTo(box, position.points) };
    }
    case 'triangle': {
      const box = boundsOf(position);
      const points = [
        { x: position.x1, y: position.y1 },
        { x: position.x2, y: position.y2 },
        { x: position.x3, y: position.y3 },
      ];
      return { box, rotate: 0, flipX: false, flipY: false, points: relativeTo(box, points) };
    }
  }
}

/** The CSS transform of a frame, or undefined when it is neither turned nor mirrored. */
export function frameTransform(frame: WidgetFrame): string | undefined {
  const parts: string[] = [];
  if (frame.rotate % 360 !== 0) parts.push(`rotate(${frame.rotate}deg)`);
  if (frame.flipX || frame.flipY) parts.push(`scale(${frame.flipX ? -1 : 1}, ${frame.flipY ? -1 : 1})`);
  return parts.length > 0 ? parts.join(' ') : undefined;
}
