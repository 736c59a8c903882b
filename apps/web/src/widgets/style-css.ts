/**
 * A widget's §3 style as CSS and SVG paint: fill, border, font and alignment, with the colours an
 * animation rule currently replaces.
 */
import type { WidgetStyle } from '@lyyp/contracts/designer';
import type { VisualState } from '@lyyp/designer-core';
import type { CSSProperties } from 'react';

const JUSTIFY: Readonly<Record<WidgetStyle['align']['horizontal'], CSSProperties['justifyContent']>> = {
  left: 'flex-start',
  center: 'center',
  right: 'flex-end',
};
const ALIGN: Readonly<Record<WidgetStyle['align']['vertical'], CSSProperties['alignItems']>> = {
  top: 'flex-start',
  middle: 'center',
  bottom: 'flex-end',
};

export interface Paint {
  readonly fill: string;
  readonly stroke: string;
  readonly strokeWidth: number;
  readonly dasharray: string | undefined;
}

/** SVG paint: `none` where the style turns fill or border off, animation colours where they hold. */
export function computePaint(style: WidgetStyle, visual: VisualState): Paint {
  return {
    fill: style.fill.enable ? (visual.fillColor ?? style.fill.color) : 'none',
    stroke: style.stroke.enable ? (visual.borderColor ?? style.stroke.color) : 'none',
    strokeWidth: style.stroke.enable ? style.stroke.width : 0,
    dasharray: style.stroke.dasharray || undefined,
  };
}

/**
 * The CSS font list for a saved family: the family itself, then sans-serif fonts every system has,
 * so a page designed with a Windows font reads the same elsewhere instead of falling back to serif.
 */
export function fontFamilyCss(family: string): string {
  if (family === 'monospace') return 'monospace';
  const quoted = /^[\w-]+$/.test(family) ? family : `"${family.replace(/"/g, '')}"`;
  return `${quoted}, "PingFang SC", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif`;
}

/** The font of a text widget, with the animated text colour when a rule holds. */
export function fontCss(style: WidgetStyle, visual: VisualState): CSSProperties {
  return {
    fontSize: style.font.size,
    color: visual.fontColor ?? style.font.color,
    fontFamily: fontFamilyCss(style.font.family),
    fontWeight: style.font.weight,
    fontStyle: style.font.style,
    textDecoration: style.font.underLine ? 'underline' : undefined,
  };
}

/** A box with the widget's fill, border, corner radius, font and text alignment. */
export function boxCss(style: WidgetStyle, visual: VisualState): CSSProperties {
  const paint = computePaint(style, visual);
  return {
    ...fontCss(style, visual),
    width: '100%',
    height: '100%',
    boxSizing: 'border-box',
    display: 'flex',
    justifyContent: JUSTIFY[style.align.horizontal],
    alignItems: ALIGN[style.align.vertical],
    textAlign: style.align.horizontal,
    background: paint.fill === 'none' ? 'transparent' : paint.fill,
    border:
      paint.stroke === 'none'
        ? 'none'
        : `${paint.strokeWidth}px ${paint.dasharray ? 'dashed' : 'solid'} ${paint.stroke}`,
    borderRadius: style.radius,
    overflow: 'hidden',
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-word',
  };
}
