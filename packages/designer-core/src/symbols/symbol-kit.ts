/**
 * The industrial symbol library's model and its drawing kit. A symbol is data: an SVG drawn in its
 * own box (`0 0 width height`), whose named parts are `<g data-part="name">` groups (or one element
 * carrying `data-part`). A part's colour is the `fill` of that element (its children inherit it), so
 * a fill-colour rule replaces one attribute; a level part is a rectangle that fills its `area` from
 * the bottom; a rotor turns about its `centre`. Ports are points on the outline where pipes attach.
 *
 * Colours follow ISA-101 high-performance practice: grey equipment on a light grey page, dark fill
 * for running / open, white for stopped / closed, colour kept for alarms.
 */
import type { ColourRule } from '@lyyp/contracts/designer';
import type { Box, Point } from '../geometry/box.ts';
import type { LocalizedText } from '../registry/types.ts';

export const SYMBOL_CATEGORIES = [
  'valve',
  'pump',
  'compressor',
  'fan',
  'motor',
  'vessel',
  'heat-exchanger',
  'boiler',
  'filter',
  'conveyor',
  'mixer',
  'instrument',
  'electrical',
  'alarm',
] as const;
export type SymbolCategory = (typeof SYMBOL_CATEGORIES)[number];

export const SYMBOL_CATEGORY_LABELS: Readonly<Record<SymbolCategory, LocalizedText>> = {
  valve: { zh: '阀门', en: 'Valves' },
  pump: { zh: '泵', en: 'Pumps' },
  compressor: { zh: '压缩机', en: 'Compressors' },
  fan: { zh: '风机与鼓风机', en: 'Fans and blowers' },
  motor: { zh: '电机', en: 'Motors' },
  vessel: { zh: '储罐与料仓', en: 'Tanks and silos' },
  'heat-exchanger': { zh: '换热器', en: 'Heat exchangers' },
  boiler: { zh: '锅炉与燃烧器', en: 'Boilers and burners' },
  filter: { zh: '过滤器', en: 'Filters' },
  conveyor: { zh: '输送机', en: 'Conveyors' },
  mixer: { zh: '搅拌器', en: 'Mixers' },
  instrument: { zh: '传感器与变送器', en: 'Sensors and transmitters' },
  electrical: { zh: '电气', en: 'Electrical' },
  alarm: { zh: '指示灯与报警', en: 'Lamps and alarms' },
};

/**
 * What a part is for, which decides the rules a new symbol widget starts with: `state` takes a
 * colour by the state value, `level` fills by value, `rotor` turns while running, `indicator` shows
 * while its condition holds.
 */
export type SymbolPartRole = 'state' | 'level' | 'rotor' | 'indicator';

export interface SymbolPartSpec {
  readonly name: string;
  readonly label: LocalizedText;
  readonly role: SymbolPartRole;
  /** Level parts: the box the level fills, bottom up. */
  readonly area?: Box;
  /** Rotor parts: the point it turns about. */
  readonly centre?: Point;
  /** State parts: colour rules by value (defaults to the state palette of the category). */
  readonly colours?: readonly ColourRule[];
}

export interface SymbolPort {
  readonly id: string;
  readonly x: number;
  readonly y: number;
}

export interface IndustrialSymbol {
  readonly id: string;
  readonly category: SymbolCategory;
  readonly name: LocalizedText;
  /** Extra words search finds it by (kinds, standards, abbreviations). */
  readonly keywords: readonly string[];
  readonly width: number;
  readonly height: number;
  /** The whole SVG document of the symbol. */
  readonly svg: string;
  readonly parts: readonly SymbolPartSpec[];
  readonly ports: readonly SymbolPort[];
}

export const ISA_COLOURS = {
  outline: '#3c3c3c',
  equipment: '#d4d4d4',
  running: '#4d4d4d',
  stopped: '#ffffff',
  transit: '#a6a6a6',
  fault: '#e53935',
  warning: '#ffb300',
  liquid: '#6fa8dc',
  flame: '#ff8f00',
  text: '#1f1f1f',
} as const;

/** 0 stopped / closed, 1 running / open, 2 in transit, 3 fault. */
export const STATE_COLOURS: readonly ColourRule[] = [
  { symbol: '==', value: 0, color: ISA_COLOURS.stopped },
  { symbol: '==', value: 1, color: ISA_COLOURS.running },
  { symbol: '==', value: 2, color: ISA_COLOURS.transit },
  { symbol: '==', value: 3, color: ISA_COLOURS.fault },
];

/** Lamps and alarms: 0 off (white), 1 lit in the lamp's colour. */
export function lampColours(colour: string): readonly ColourRule[] {
  return [
    { symbol: '==', value: 0, color: ISA_COLOURS.stopped },
    { symbol: '==', value: 1, color: colour },
  ];
}

// ── Drawing ────────────────────────────────────────────────────────────────────────────────────

const n = (value: number) => String(Math.round(value * 100) / 100);

export const rect = (x: number, y: number, w: number, h: number, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${extra}/>`;
export const circle = (cx: number, cy: number, r: number, extra = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"${extra}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, extra = '') =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}"${extra}/>`;
export const line = (x1: number, y1: number, x2: number, y2: number, extra = '') =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"${extra}/>`;
export const poly = (points: readonly (readonly [number, number])[], extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}"${extra}/>`;
export const polyline = (points: readonly (readonly [number, number])[], extra = '') =>
  `<polyline points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}"${extra}/>`;
export const path = (d: string, extra = '') => `<path d="${d}"${extra}/>`;
export const label = (x: number, y: number, content: string, size = 12) =>
  `<text x="${n(x)}" y="${n(y)}" font-size="${size}" font-family="Arial, sans-serif" text-anchor="middle" dominant-baseline="central" fill="${ISA_COLOURS.text}" stroke="none">${escapeXml(content)}</text>`;

export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A named part: its children inherit `fill` (the colour rules replace it). */
export const part = (name: string, fill: string, content: string) =>
  `<g data-part="${name}" fill="${fill}">${content}</g>`;

/** A level part: the rectangle the renderer resizes within `area` (see `levelBox`); drawn half full. */
export const levelPart = (area: Box, name = 'level') =>
  rect(
    area.x,
    area.y + area.height / 2,
    area.width,
    area.height / 2,
    ` data-part="${name}" fill="${ISA_COLOURS.liquid}" stroke="none"`,
  );

export function svgDocument(width: number, height: number, content: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(width)} ${n(height)}" width="${n(width)}" height="${n(height)}"` +
    ` fill="none" stroke="${ISA_COLOURS.outline}" stroke-width="2" stroke-linejoin="round">${content}</svg>`
  );
}

// ── Building symbols ───────────────────────────────────────────────────────────────────────────

export interface SymbolSpec {
  readonly id: string;
  readonly category: SymbolCategory;
  readonly name: readonly [zh: string, en: string];
  readonly keywords?: readonly string[];
  readonly size: readonly [width: number, height: number];
  /** The SVG content (without the `<svg>` element). */
  readonly content: string;
  readonly parts: readonly SymbolPartSpec[];
  readonly ports: readonly SymbolPort[];
}

export function defineSymbol(spec: SymbolSpec): IndustrialSymbol {
  const [width, height] = spec.size;
  return {
    id: spec.id,
    category: spec.category,
    name: { zh: spec.name[0], en: spec.name[1] },
    keywords: spec.keywords ?? [],
    width,
    height,
    svg: svgDocument(width, height, spec.content),
    parts: spec.parts,
    ports: spec.ports,
  };
}

export const statePart = (name: string, zh: string, en: string, colours?: readonly ColourRule[]) =>
  ({
    name,
    label: { zh, en },
    role: 'state',
    ...(colours ? { colours } : {}),
  }) as const satisfies SymbolPartSpec;
export const rotorPart = (centre: Point, name = 'rotor') =>
  ({ name, label: { zh: '转子', en: 'Rotor' }, role: 'rotor', centre }) as const satisfies SymbolPartSpec;
export const levelSpec = (area: Box, name = 'level') =>
  ({ name, label: { zh: '液位', en: 'Level' }, role: 'level', area }) as const satisfies SymbolPartSpec;
export const indicatorPart = (name: string, zh: string, en: string) =>
  ({ name, label: { zh, en }, role: 'indicator' }) as const satisfies SymbolPartSpec;

type Transform = (point: Point) => Point;

function mapSpec(spec: SymbolSpec, size: readonly [number, number], svgTransform: string, map: Transform) {
  const mapBox = (area: Box): Box => {
    const a = map({ x: area.x, y: area.y });
    const b = map({ x: area.x + area.width, y: area.y + area.height });
    const x = Math.min(a.x, b.x);
    const y = Math.min(a.y, b.y);
    return { x, y, width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
  };
  return {
    ...spec,
    size,
    content: `<g transform="${svgTransform}">${spec.content}</g>`,
    parts: spec.parts.map((p) => ({
      ...p,
      ...(p.centre ? { centre: map(p.centre) } : {}),
      ...(p.area ? { area: mapBox(p.area) } : {}),
    })),
    ports: spec.ports.map((port) => ({ ...port, ...map(port) })),
  };
}

/** The same symbol turned a quarter clockwise: for a vertical line. Level parts keep no meaning. */
export function turnQuarter(spec: SymbolSpec): SymbolSpec {
  const [width, height] = spec.size;
  return mapSpec(spec, [height, width], `translate(${n(height)} 0) rotate(90)`, ({ x, y }) => ({
    x: height - y,
    y: x,
  }));
}

/** The same symbol mirrored left to right (a pump discharging to the left, say). */
export function mirror(spec: SymbolSpec): SymbolSpec {
  const [width] = spec.size;
  return mapSpec(spec, spec.size, `translate(${n(width)} 0) scale(-1 1)`, ({ x, y }) => ({
    x: width - x,
    y,
  }));
}

/** Variant names: `base` + suffix in both languages. */
export function named(
  base: readonly [string, string],
  suffix: readonly [string, string] | null,
): readonly [string, string] {
  if (!suffix) return base;
  return [`${base[0]}（${suffix[0]}）`, `${base[1]} (${suffix[1]})`];
}
