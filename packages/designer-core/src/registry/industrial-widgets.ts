/**
 * Widgets of process mimics: a symbol of the industrial library (its parts animated by their own
 * rules, see symbols/) and a pipe whose medium flows along its points (see pipes/).
 */
import { COMPARISON_SYMBOLS } from '@lyyp/contracts/designer';
import { createEmptyBinding } from './defaults.ts';
import { defineLeaf, LINE_ANIMATIONS, SHAPE_ANIMATIONS } from './define.ts';
import { literalOptions, option, property } from './properties.ts';

const data = (key: string, kind: Parameters<typeof property>[2], zh: string, en: string, extra = {}) =>
  property('data', `data.${key}`, kind, zh, en, extra);

/** The symbol a symbol widget shows until another is chosen. */
export const SYMBOL_WIDGET_DEFAULT_ID = 'pump-centrifugal';
export const PIPE_DEFAULT_WIDTH = 8;
export const PIPE_DEFAULT_COLOUR = '#9e9e9e';
export const PIPE_DEFAULT_FLOW_COLOUR = '#6fa8dc';
/** Canvas units a second the medium moves while the pipe flows. */
export const PIPE_DEFAULT_FLOW_SPEED = 40;

export const INDUSTRIAL_WIDGETS = {
  ShapeSymbol: defineLeaf({
    type: 'ShapeSymbol',
    label: ['工业符号', 'Symbol'],
    category: 'shape',
    geometry: 'rect',
    size: [80, 70],
    implemented: true,
    createData: () => ({ symbolId: SYMBOL_WIDGET_DEFAULT_ID, parts: [] }),
    style: { fill: { enable: false }, stroke: { enable: false } },
    styleParts: ['opacity'],
    animations: SHAPE_ANIMATIONS,
    events: ['click'],
  }),
  ShapePipe: defineLeaf({
    type: 'ShapePipe',
    label: ['管道', 'Pipe'],
    category: 'shape',
    geometry: 'line',
    size: [160, 0],
    implemented: true,
    createData: () => ({
      routing: 'orthogonal' as const,
      width: PIPE_DEFAULT_WIDTH,
      color: PIPE_DEFAULT_COLOUR,
      flowColor: PIPE_DEFAULT_FLOW_COLOUR,
      start: null,
      end: null,
      flow: {
        running: { enable: false, binding: createEmptyBinding(), symbol: '!=' as const, value: 0 },
        reverse: { enable: false, binding: createEmptyBinding(), symbol: '<' as const, value: 0 },
        speed: { value: PIPE_DEFAULT_FLOW_SPEED, binding: createEmptyBinding() },
      },
    }),
    style: { fill: { enable: false }, stroke: { enable: false } },
    styleParts: ['opacity'],
    dataProperties: [
      data('routing', 'select', '走线', 'Routing', {
        options: [option('orthogonal', '直角', 'Orthogonal'), option('polyline', '折线', 'Polyline')],
      }),
      data('width', 'number', '管径', 'Width', { min: 1, max: 100, step: 1 }),
      data('color', 'color', '管道颜色', 'Pipe colour'),
      data('flowColor', 'color', '介质颜色', 'Medium colour'),
      data('flow.running.enable', 'boolean', '流动动画', 'Flow animation'),
      data('flow.running.binding', 'signal', '流动条件变量', 'Flows while signal'),
      data('flow.running.symbol', 'select', '流动条件', 'Flow condition', {
        options: literalOptions(COMPARISON_SYMBOLS),
      }),
      data('flow.running.value', 'number', '流动条件值', 'Flow condition value'),
      data('flow.reverse.enable', 'boolean', '反向条件', 'Reverse condition'),
      data('flow.reverse.binding', 'signal', '反向条件变量', 'Reverses while signal'),
      data('flow.reverse.symbol', 'select', '反向条件', 'Reverse condition', {
        options: literalOptions(COMPARISON_SYMBOLS),
      }),
      data('flow.reverse.value', 'number', '反向条件值', 'Reverse condition value'),
      data('flow.speed.value', 'number', '流速', 'Flow speed', { min: 0, max: 1000, step: 1 }),
      data('flow.speed.binding', 'signal', '流速变量', 'Flow speed signal'),
    ],
    animations: LINE_ANIMATIONS,
    events: ['click'],
  }),
};
