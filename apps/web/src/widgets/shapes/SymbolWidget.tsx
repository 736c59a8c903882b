/**
 * A symbol of the industrial library (`ShapeSymbol`): its SVG, drawn by the product and held as
 * data in designer-core, stretched over the widget's box, with each named part brought to the state
 * its rules give (colour, level, rotor, visibility). In the editor parts rest as drawn.
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import { evaluateSymbolParts, getIndustrialSymbol } from '@lyyp/designer-core';
import type { WidgetRendererProps } from '../render-context.ts';
import { WidgetPlaceholder } from '../WidgetPlaceholder.tsx';
import { applySymbolParts } from './symbol-parts.ts';
import styles from './industrial.module.css';

/** The SVG stretched over its box (its own width and height made relative). */
function stretchedSvg(svg: string): string {
  return svg.replace(/^<svg([^>]*?) width="[^"]*" height="[^"]*"/, '<svg$1 preserveAspectRatio="none"');
}

export function SymbolWidget({ widget, runtime }: WidgetRendererProps<'ShapeSymbol'>) {
  const symbol = getIndustrialSymbol(widget.data.symbolId);
  const element = useRef<HTMLDivElement>(null);
  const markup = useMemo(() => (symbol ? { __html: stretchedSvg(symbol.svg) } : null), [symbol]);
  // Read during render, so the widget follows exactly the values its parts are bound to.
  const states = runtime.mode === 'run' ? evaluateSymbolParts(widget, runtime.read) : {};
  useLayoutEffect(() => {
    if (element.current && symbol) applySymbolParts(element.current, symbol, states, styles.rotor ?? '');
  });
  if (!symbol || !markup) return <WidgetPlaceholder type="ShapeSymbol" locale={runtime.locale} />;
  return (
    <div ref={element} className={styles.symbol} data-symbol={symbol.id} dangerouslySetInnerHTML={markup} />
  );
}
