/**
 * The symbol library of the palette: common industrial equipment (tank, pump, valve, pipe, motor,
 * fan, …) drawn from the existing widgets and inserted as one group. Each member stays an ordinary
 * widget: its fill, binding and animations (a pump's impeller turns, a tank's level fills, a
 * valve's body turns green when open) are edited in place through the group, saved and run like any
 * other widget, so no new widget type, schema or renderer is needed. Pure: ids come from `deps`.
 */
import { DEFAULT_LOCALE, type Locale } from '@lyyp/contracts';
import type {
  ColourRule,
  GroupWidget,
  LeafWidget,
  LeafWidgetType,
  Position,
  WidgetStyle,
} from '@lyyp/contracts/designer';
import type { Box, Point } from '../geometry/box.ts';
import type { DesignerDeps } from '../model/deps.ts';
import { createWidget } from '../model/widget-factory.ts';
import { createGroup } from '../operations/group.ts';
import type { LocalizedText } from '../registry/types.ts';

export const SYMBOL_IDS = ['tank', 'pump', 'valve', 'pipe', 'motor', 'fan', 'blower', 'heater'] as const;
export type SymbolId = (typeof SYMBOL_IDS)[number];

/** Colours of the library: steel greys, running green, stopped grey, fault red, water blue. */
export const SYMBOL_COLOURS = {
  steel: '#d9d9d9',
  steelDark: '#8c8c8c',
  outline: '#595959',
  running: '#52c41a',
  stopped: '#bfbfbf',
  fault: '#f5222d',
  water: '#1890ff',
  heat: '#fa8c16',
} as const;

/** Running (1) green, stopped (0) grey: the usual state colours of a motor-driven member. */
const RUN_STOP: readonly ColourRule[] = [
  { symbol: '==', value: 1, color: SYMBOL_COLOURS.running },
  { symbol: '==', value: 0, color: SYMBOL_COLOURS.stopped },
];
/** Open (1) green, closed (0) red. */
const OPEN_CLOSED: readonly ColourRule[] = [
  { symbol: '==', value: 1, color: SYMBOL_COLOURS.running },
  { symbol: '==', value: 0, color: SYMBOL_COLOURS.fault },
];

interface StylePatch {
  readonly fill?: string;
  readonly stroke?: string | false;
  readonly strokeWidth?: number;
  readonly radius?: number;
}

/** One member of a symbol, placed in the symbol's own box (0, 0 at its top-left corner). */
interface SymbolPart {
  readonly type: LeafWidgetType;
  readonly name: LocalizedText;
  /** A box, or a triangle's three corners. */
  readonly at: Box | readonly [Point, Point, Point];
  readonly style?: StylePatch;
  /** Fill colour rules enabled on the member (bind them to the signal that drives them). */
  readonly fillColors?: readonly ColourRule[];
  /** The member turns while its rule holds (1 by default) at this many turns a minute. */
  readonly spin?: number;
  /** Data of the member's type, merged over its defaults. */
  readonly data?: Readonly<Record<string, unknown>>;
}

export interface SymbolDefinition {
  readonly id: SymbolId;
  readonly label: LocalizedText;
  readonly parts: readonly SymbolPart[];
}

const text = (zh: string, en: string): LocalizedText => ({ zh, en });
const box = (x: number, y: number, width: number, height: number): Box => ({ x, y, width, height });

const SYMBOLS: Readonly<Record<SymbolId, SymbolDefinition>> = {
  tank: {
    id: 'tank',
    label: text('储罐', 'Tank'),
    parts: [
      {
        type: 'ShapeRect',
        name: text('罐体', 'Shell'),
        at: box(0, 15, 120, 150),
        style: { fill: SYMBOL_COLOURS.steel },
      },
      {
        type: 'ShapeEllipse',
        name: text('罐顶', 'Top'),
        at: box(0, 0, 120, 30),
        style: { fill: SYMBOL_COLOURS.stopped },
      },
      {
        type: 'ShapeEllipse',
        name: text('罐底', 'Bottom'),
        at: box(0, 150, 120, 30),
        style: { fill: SYMBOL_COLOURS.stopped },
      },
      {
        type: 'UsualPercentFill',
        name: text('液位', 'Level'),
        at: box(20, 35, 80, 110),
        style: { fill: SYMBOL_COLOURS.water },
        data: { dataAddon: { type: 'rectangleChart', min: 0, max: 100, textType: 'percentage' } },
      },
    ],
  },
  pump: {
    id: 'pump',
    label: text('水泵', 'Pump'),
    parts: [
      {
        type: 'ShapeRect',
        name: text('底座', 'Base'),
        at: box(10, 108, 120, 17),
        style: { fill: SYMBOL_COLOURS.steelDark },
      },
      {
        type: 'ShapeRect',
        name: text('出口', 'Outlet'),
        at: box(70, 0, 70, 30),
        style: { fill: SYMBOL_COLOURS.stopped },
      },
      {
        type: 'ShapeCircle',
        name: text('泵壳', 'Casing'),
        at: box(15, 8, 100, 100),
        style: { fill: SYMBOL_COLOURS.stopped },
        fillColors: RUN_STOP,
      },
      {
        type: 'ShapeTriangle',
        name: text('叶轮', 'Impeller'),
        at: [
          { x: 65, y: 33 },
          { x: 43, y: 72 },
          { x: 87, y: 72 },
        ],
        style: { fill: SYMBOL_COLOURS.outline },
        spin: 60,
      },
    ],
  },
  valve: {
    id: 'valve',
    label: text('阀门', 'Valve'),
    parts: [
      {
        type: 'ShapeRect',
        name: text('阀杆', 'Stem'),
        at: box(56, 14, 8, 56),
        style: { fill: SYMBOL_COLOURS.steelDark, stroke: false },
      },
      {
        type: 'ShapeRect',
        name: text('手轮', 'Handwheel'),
        at: box(30, 4, 60, 12),
        style: { fill: SYMBOL_COLOURS.outline, radius: 6 },
      },
      {
        type: 'ShapeTriangle',
        name: text('阀体左', 'Body left'),
        at: [
          { x: 0, y: 40 },
          { x: 60, y: 70 },
          { x: 0, y: 100 },
        ],
        style: { fill: SYMBOL_COLOURS.stopped },
        fillColors: OPEN_CLOSED,
      },
      {
        type: 'ShapeTriangle',
        name: text('阀体右', 'Body right'),
        at: [
          { x: 120, y: 40 },
          { x: 120, y: 100 },
          { x: 60, y: 70 },
        ],
        style: { fill: SYMBOL_COLOURS.stopped },
        fillColors: OPEN_CLOSED,
      },
    ],
  },
  pipe: {
    id: 'pipe',
    label: text('管道', 'Pipe'),
    parts: [
      {
        type: 'ShapeRect',
        name: text('管壁', 'Wall'),
        at: box(0, 0, 240, 40),
        style: { fill: SYMBOL_COLOURS.steel },
      },
      {
        // Scrolls while the flow signal is not 0: the medium moving along the pipe.
        type: 'UsualScrollbar',
        name: text('流动', 'Flow'),
        at: box(8, 14, 224, 12),
        style: { fill: SYMBOL_COLOURS.water },
      },
    ],
  },
  motor: {
    id: 'motor',
    label: text('电机', 'Motor'),
    parts: [
      {
        type: 'ShapeRect',
        name: text('底脚', 'Feet'),
        at: box(30, 92, 90, 18),
        style: { fill: SYMBOL_COLOURS.steelDark },
      },
      {
        type: 'ShapeRect',
        name: text('端盖', 'End shield'),
        at: box(0, 25, 22, 54),
        style: { fill: SYMBOL_COLOURS.stopped, radius: 4 },
      },
      {
        type: 'ShapeRect',
        name: text('转轴', 'Shaft'),
        at: box(130, 44, 30, 16),
        style: { fill: SYMBOL_COLOURS.steelDark },
      },
      {
        type: 'ShapeRect',
        name: text('机壳', 'Frame'),
        at: box(20, 10, 112, 84),
        style: { fill: SYMBOL_COLOURS.stopped, radius: 8 },
        fillColors: RUN_STOP,
      },
    ],
  },
  fan: {
    id: 'fan',
    label: text('风机', 'Fan'),
    parts: [
      {
        type: 'ShapeCircle',
        name: text('风罩', 'Guard'),
        at: box(0, 0, 140, 140),
        style: { fill: '#f5f5f5' },
      },
      {
        type: 'ShapeRect',
        name: text('叶片一', 'Blade 1'),
        at: box(14, 60, 112, 20),
        style: { fill: SYMBOL_COLOURS.water, radius: 10, stroke: false },
        spin: 90,
      },
      {
        type: 'ShapeRect',
        name: text('叶片二', 'Blade 2'),
        at: box(60, 14, 20, 112),
        style: { fill: SYMBOL_COLOURS.water, radius: 10, stroke: false },
        spin: 90,
      },
      {
        type: 'ShapeCircle',
        name: text('轮毂', 'Hub'),
        at: box(58, 58, 24, 24),
        style: { fill: SYMBOL_COLOURS.outline },
      },
    ],
  },
  blower: {
    id: 'blower',
    label: text('鼓风机', 'Blower'),
    parts: [
      {
        type: 'ShapeRect',
        name: text('出风口', 'Outlet'),
        at: box(75, 0, 75, 34),
        style: { fill: SYMBOL_COLOURS.steel },
      },
      {
        type: 'ShapeRect',
        name: text('底座', 'Base'),
        at: box(10, 104, 120, 16),
        style: { fill: SYMBOL_COLOURS.steelDark },
      },
      {
        type: 'ShapeCircle',
        name: text('蜗壳', 'Volute'),
        at: box(15, 10, 96, 96),
        style: { fill: SYMBOL_COLOURS.stopped },
        fillColors: RUN_STOP,
      },
      {
        type: 'ShapeOctagon',
        name: text('叶轮', 'Impeller'),
        at: box(43, 38, 40, 40),
        style: { fill: SYMBOL_COLOURS.outline },
        spin: 90,
      },
    ],
  },
  heater: {
    id: 'heater',
    label: text('加热器', 'Heater'),
    parts: [
      {
        type: 'ShapeRect',
        name: text('外壳', 'Casing'),
        at: box(0, 0, 100, 150),
        style: { fill: SYMBOL_COLOURS.steel, radius: 8 },
      },
      {
        // Heating (1) orange, idle (0) grey.
        type: 'ShapeRect',
        name: text('加热管', 'Element'),
        at: box(20, 15, 60, 120),
        style: { fill: SYMBOL_COLOURS.stopped, radius: 4 },
        fillColors: [
          { symbol: '==', value: 1, color: SYMBOL_COLOURS.heat },
          { symbol: '==', value: 0, color: SYMBOL_COLOURS.stopped },
        ],
      },
    ],
  },
};

export function getSymbolDefinition(id: SymbolId): SymbolDefinition {
  return SYMBOLS[id];
}

export function listSymbolDefinitions(): SymbolDefinition[] {
  return SYMBOL_IDS.map((id) => SYMBOLS[id]);
}

function partBox(part: SymbolPart): Box {
  if (!Array.isArray(part.at)) return part.at as Box;
  const corners = part.at as readonly Point[];
  const xs = corners.map((corner) => corner.x);
  const ys = corners.map((corner) => corner.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** The box the symbol's members cover, in the symbol's own coordinates (the inserted group's size). */
export function symbolBounds(definition: SymbolDefinition): Box {
  const boxes = definition.parts.map(partBox);
  const x = Math.min(...boxes.map((part) => part.x));
  const y = Math.min(...boxes.map((part) => part.y));
  const right = Math.max(...boxes.map((part) => part.x + part.width));
  const bottom = Math.max(...boxes.map((part) => part.y + part.height));
  return { x, y, width: right - x, height: bottom - y };
}

function styled(style: WidgetStyle, patch: StylePatch | undefined): WidgetStyle {
  if (!patch) return style;
  return {
    ...style,
    fill: patch.fill ? { enable: true, color: patch.fill } : style.fill,
    stroke:
      patch.stroke === false
        ? { ...style.stroke, enable: false }
        : {
            ...style.stroke,
            enable: true,
            color: patch.stroke ?? SYMBOL_COLOURS.outline,
            width: patch.strokeWidth ?? 1.5,
          },
    radius: patch.radius ?? style.radius,
  };
}

function placeAt(part: SymbolPart, left: number, top: number): Box | Position {
  if (!Array.isArray(part.at)) {
    const at = part.at as Box;
    return { ...at, x: at.x + left, y: at.y + top };
  }
  const [a, b, c] = part.at as readonly [Point, Point, Point];
  return {
    kind: 'triangle',
    x1: a.x + left,
    y1: a.y + top,
    x2: b.x + left,
    y2: b.y + top,
    x3: c.x + left,
    y3: c.y + top,
  };
}

function createMember(
  part: SymbolPart,
  left: number,
  top: number,
  deps: Pick<DesignerDeps, 'createId'>,
  locale: Locale,
): LeafWidget {
  const widget = createWidget(part.type, placeAt(part, left, top), deps, {
    name: locale === 'en-US' ? part.name.en : part.name.zh,
  }) as LeafWidget;
  const animation = {
    ...widget.animation,
    ...(part.fillColors
      ? { fillColor: { ...widget.animation.fillColor, enable: true, colors: [...part.fillColors] } }
      : {}),
    ...(part.spin
      ? { rotate: { ...widget.animation.rotate, enable: true, value: 1, speed: part.spin } }
      : {}),
  };
  const data = part.data ? { ...(widget.data as object), ...part.data } : widget.data;
  return { ...widget, style: styled(widget.style, part.style), animation, data } as LeafWidget;
}

/**
 * The symbol as a new group centred on `centre`, its members in paint order. The group is named
 * after the symbol and `number` (the page's widget count after adding), like a drawn widget.
 */
export function createSymbol(
  id: SymbolId,
  centre: Point,
  deps: Pick<DesignerDeps, 'createId'>,
  options: { number?: number; locale?: Locale } = {},
): GroupWidget {
  const definition = SYMBOLS[id];
  const locale = options.locale ?? DEFAULT_LOCALE;
  const bounds = symbolBounds(definition);
  const left = Math.round(centre.x - bounds.width / 2) - bounds.x;
  const top = Math.round(centre.y - bounds.height / 2) - bounds.y;
  const members = definition.parts.map((part) => createMember(part, left, top, deps, locale));
  const label = locale === 'en-US' ? definition.label.en : definition.label.zh;
  const name =
    options.number === undefined
      ? label
      : locale === 'en-US'
        ? `${label} ${options.number}`
        : `${label}${options.number}`;
  return createGroup(members, deps, name);
}
