/** The rulers along the top and left of the canvas, in page units, following scroll and zoom. */
import { computeRulerTicks } from './ruler-ticks.ts';
import styles from './canvas.module.css';

export interface RulersProps {
  /** Page unit shown at the rulers' first pixel, per axis. */
  readonly start: { readonly x: number; readonly y: number };
  readonly length: { readonly width: number; readonly height: number };
  readonly zoom: number;
}

const THICKNESS = 20;

export function Rulers({ start, length, zoom }: RulersProps) {
  const top = computeRulerTicks(start.x, length.width, zoom);
  const left = computeRulerTicks(start.y, length.height, zoom);
  return (
    <>
      <div className={styles.corner} />
      <svg className={styles.rulerTop} width="100%" height={THICKNESS} data-ruler="top">
        {top.map((tick) => (
          <g key={tick.value}>
            <line
              x1={tick.offset}
              x2={tick.offset}
              y1={tick.major ? 6 : 14}
              y2={THICKNESS}
              stroke="#bfbfbf"
              strokeWidth={1}
            />
            {tick.major ? (
              <text x={tick.offset + 3} y={10} fill="currentColor">
                {tick.value}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      <svg className={styles.rulerLeft} width={THICKNESS} height="100%" data-ruler="left">
        {left.map((tick) => (
          <g key={tick.value}>
            <line
              y1={tick.offset}
              y2={tick.offset}
              x1={tick.major ? 6 : 14}
              x2={THICKNESS}
              stroke="#bfbfbf"
              strokeWidth={1}
            />
            {tick.major ? (
              <text
                x={10}
                y={tick.offset + 3}
                fill="currentColor"
                transform={`rotate(-90 10 ${tick.offset + 3})`}
                textAnchor="end"
              >
                {tick.value}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
    </>
  );
}
