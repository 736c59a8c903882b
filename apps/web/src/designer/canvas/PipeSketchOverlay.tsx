/** The pipe being drawn click by click: its points and the segment to the pointer, over the page. */
import type { Point } from '@lyyp/designer-core';

export function PipeSketchOverlay({ points, zoom }: { points: readonly Point[]; zoom: number }) {
  if (points.length === 0) return null;
  const drawn = points.map((point) => `${point.x * zoom},${point.y * zoom}`).join(' ');
  return (
    <svg
      style={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        pointerEvents: 'none',
        overflow: 'visible',
      }}
      data-pipe-sketch={points.length}
    >
      <polyline points={drawn} fill="none" stroke="#1668dc" strokeWidth={4} strokeOpacity={0.6} />
      {points.map((point, index) => (
        <circle key={index} cx={point.x * zoom} cy={point.y * zoom} r={3} fill="#1668dc" />
      ))}
    </svg>
  );
}
