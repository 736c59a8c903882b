/**
 * A library symbol on the page: one `ShapeSymbol` widget (one of the page's widgets, however many
 * parts it draws) whose data names the symbol and holds the rules of its parts. A new symbol
 * widget starts with one rule per part, chosen by the part's role, each waiting for a binding.
 */
import type { RectPosition, SymbolPartRules, WidgetOf } from '@lyyp/contracts/designer';
import { rotatePoint } from '../geometry/angle.ts';
import type { Box, Point } from '../geometry/box.ts';
import type { DesignerDeps } from '../model/deps.ts';
import { createWidget, type CreateWidgetOptions } from '../model/widget-factory.ts';
import { createEmptyBinding } from '../registry/defaults.ts';
import { getIndustrialSymbol } from './industrial-library.ts';
import { STATE_COLOURS, type IndustrialSymbol, type SymbolPartSpec } from './symbol-kit.ts';

/** Turns a minute of a rotor while its rule holds. */
export const SYMBOL_ROTOR_SPEED = 60;

/** The rule a part starts with, by its role; its binding is left empty. */
export function createPartRules(spec: SymbolPartSpec): SymbolPartRules {
  const binding = createEmptyBinding();
  switch (spec.role) {
    case 'state':
      return {
        part: spec.name,
        fillColor: { enable: true, binding, colors: [...(spec.colours ?? STATE_COLOURS)] },
      };
    case 'level':
      return { part: spec.name, level: { enable: true, binding, min: 0, max: 100 } };
    case 'rotor':
      return {
        part: spec.name,
        rotate: {
          enable: true,
          binding,
          symbol: '==',
          value: 1,
          direction: 'clockwise',
          speed: SYMBOL_ROTOR_SPEED,
        },
      };
    case 'indicator':
      return { part: spec.name, visiable: { enable: true, binding, symbol: '==', value: 1 } };
  }
}

/** The symbol's name with its number: `离心泵2` in Chinese, `Centrifugal pump 2` in English. */
export function symbolWidgetName(symbol: IndustrialSymbol, options: CreateWidgetOptions = {}): string {
  const english = options.locale === 'en-US';
  const label = english ? symbol.name.en : symbol.name.zh;
  if (options.number === undefined) return label;
  return english ? `${label} ${options.number}` : `${label}${options.number}`;
}

/**
 * A new symbol widget of the library symbol `symbolId` at its drawn size, centred on `centre`;
 * undefined for an id the library does not know.
 */
export function createSymbolWidget(
  symbolId: string,
  centre: Point,
  deps: Pick<DesignerDeps, 'createId'>,
  options: CreateWidgetOptions = {},
): WidgetOf<'ShapeSymbol'> | undefined {
  const symbol = getIndustrialSymbol(symbolId);
  if (!symbol) return undefined;
  const box: Box = {
    x: Math.round(centre.x - symbol.width / 2),
    y: Math.round(centre.y - symbol.height / 2),
    width: symbol.width,
    height: symbol.height,
  };
  const widget = createWidget('ShapeSymbol', box, deps, {
    ...options,
    name: options.name ?? symbolWidgetName(symbol, options),
  });
  return { ...widget, data: { symbolId, parts: symbol.parts.map(createPartRules) } };
}

/** A point of the symbol's own drawing (its viewBox) on the canvas: scaled, flipped, turned. */
export function symbolPointOnCanvas(symbol: IndustrialSymbol, position: RectPosition, point: Point): Point {
  const sx = symbol.width === 0 ? 0 : point.x / symbol.width;
  const sy = symbol.height === 0 ? 0 : point.y / symbol.height;
  const local = {
    x: position.x + (position.flipX ? 1 - sx : sx) * position.width,
    y: position.y + (position.flipY ? 1 - sy : sy) * position.height,
  };
  const pivot = { x: position.x + position.width / 2, y: position.y + position.height / 2 };
  return rotatePoint(local, position.rotate, pivot);
}

export interface CanvasPort {
  readonly widgetId: string;
  readonly port: string;
  readonly x: number;
  readonly y: number;
}

/** Where the symbol widget's ports are on the canvas (none for an unknown symbol). */
export function symbolPortsOnCanvas(widget: WidgetOf<'ShapeSymbol'>): CanvasPort[] {
  const symbol = getIndustrialSymbol(widget.data.symbolId);
  if (!symbol) return [];
  return symbol.ports.map((port) => ({
    widgetId: widget.id,
    port: port.id,
    ...symbolPointOnCanvas(symbol, widget.position, port),
  }));
}
