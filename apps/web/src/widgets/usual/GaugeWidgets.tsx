/** Widgets that show a value as a quantity: the dashboard gauge, the percent fill and the scroll bar. */
import { lazy, Suspense } from 'react';
import type { LiveValue } from '@lyyp/designer-core';
import type { WidgetRendererProps } from '../render-context.ts';
import { computePaint, fontCss } from '../style-css.ts';
import { computeFillRatio, formatFillLabel, isScrolling } from '../value-format.ts';
import styles from '../widgets.module.css';

const DashboardChart = lazy(() => import('./DashboardChart.tsx'));

/** The empty part of a doughnut: light, so the filled share reads at a glance. */
const DOUGHNUT_TRACK = '#f0f0f0';

function toGaugeValue(value: LiveValue): number | null {
  const numeric =
    typeof value === 'string' ? Number(value) : typeof value === 'boolean' ? Number(value) : value;
  return typeof numeric === 'number' && Number.isFinite(numeric) ? numeric : null;
}

export function DashboardWidget({ widget, width, height, runtime }: WidgetRendererProps<'UsualDashboard'>) {
  const value = runtime.mode === 'run' ? toGaugeValue(runtime.read(widget.binding)) : null;
  const size = Math.min(width, height);
  const fallback = (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <circle
        cx={width / 2}
        cy={height / 2}
        r={Math.max(0, size / 2 - 6)}
        fill="none"
        stroke="#d9d9d9"
        strokeWidth={10}
      />
    </svg>
  );
  return (
    <Suspense fallback={fallback}>
      <DashboardChart
        data={widget.data.dataAddon}
        value={value}
        font={widget.style.font}
        title={widget.binding.title}
        width={width}
        height={height}
      />
    </Suspense>
  );
}

export function PercentFillWidget({
  widget,
  width,
  height,
  visual,
  runtime,
}: WidgetRendererProps<'UsualPercentFill'>) {
  const data = widget.data.dataAddon;
  const value = runtime.mode === 'run' ? runtime.read(widget.binding) : (data.min + data.max) / 2;
  const ratio = computeFillRatio(value, data.min, data.max);
  const label = formatFillLabel(value, data);
  const paint = computePaint(widget.style, visual);
  const fill = paint.fill === 'none' ? '#1890ff' : paint.fill;
  const stroke = paint.stroke === 'none' ? '#d9d9d9' : paint.stroke;
  const font = fontCss(widget.style, visual);
  const text = (
    <text
      x={width / 2}
      y={height / 2}
      textAnchor="middle"
      dominantBaseline="central"
      fill={String(font.color)}
      fontSize={widget.style.font.size}
      fontWeight={widget.style.font.weight}
    >
      {label}
    </text>
  );
  if (data.type === 'doughnutChart') {
    const radius = Math.max(1, Math.min(width, height) / 2 - 10);
    const circumference = 2 * Math.PI * radius;
    const ring = { cx: width / 2, cy: height / 2, r: radius, fill: 'none', strokeWidth: 12 };
    return (
      <svg className={styles.shapeSvg} width={width} height={height}>
        <circle {...ring} stroke={DOUGHNUT_TRACK} />
        <circle
          {...ring}
          stroke={fill}
          strokeDasharray={`${circumference * ratio} ${circumference}`}
          transform={`rotate(-90 ${width / 2} ${height / 2})`}
        />
        {text}
      </svg>
    );
  }
  const tank = data.type === 'capacityChart';
  const corner = tank ? Math.min(width / 2, 16) : 2;
  const level = Math.max(0, height - 4) * ratio;
  return (
    <svg className={styles.shapeSvg} width={width} height={height}>
      <defs>
        <clipPath id={`fill-${widget.id}`}>
          <rect x={2} y={2} width={Math.max(0, width - 4)} height={Math.max(0, height - 4)} rx={corner} />
        </clipPath>
      </defs>
      <rect
        x={2}
        y={2}
        width={Math.max(0, width - 4)}
        height={Math.max(0, height - 4)}
        rx={corner}
        fill="#fff"
        stroke={stroke}
        strokeWidth={2}
      />
      <rect
        x={2}
        y={height - 2 - level}
        width={Math.max(0, width - 4)}
        height={level}
        fill={fill}
        clipPath={`url(#fill-${widget.id})`}
      />
      {text}
    </svg>
  );
}

export function ScrollbarWidget({ widget, visual, runtime }: WidgetRendererProps<'UsualScrollbar'>) {
  const paint = computePaint(widget.style, visual);
  const colour = paint.fill === 'none' ? '#52c41a' : paint.fill;
  const { symbol, value } = widget.data.dataAddon;
  const running = runtime.mode === 'run' && isScrolling(runtime.read(widget.binding), symbol, value);
  return (
    <div
      className={`${styles.scrollbar} ${running ? styles.scrolling : ''}`}
      data-scrolling={running}
      style={{
        backgroundColor: colour,
        backgroundImage:
          'linear-gradient(135deg, rgba(255,255,255,.35) 25%, transparent 25%, transparent 50%, rgba(255,255,255,.35) 50%, rgba(255,255,255,.35) 75%, transparent 75%, transparent)',
        border: paint.stroke === 'none' ? 'none' : `${paint.strokeWidth}px solid ${paint.stroke}`,
        borderRadius: widget.style.radius,
      }}
    />
  );
}
