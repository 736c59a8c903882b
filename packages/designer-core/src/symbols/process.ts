/** Filters (lying and standing), conveyors (both directions) and mixers (top and side entry). */
import {
  circle,
  defineSymbol,
  ISA_COLOURS,
  line,
  mirror,
  named,
  part,
  path,
  poly,
  polyline,
  rect,
  rotorPart,
  statePart,
  turnQuarter,
  type IndustrialSymbol,
  type SymbolSpec,
} from './symbol-kit.ts';

const BODY = statePart('body', '本体', 'Body');
const ELEMENT = statePart('element', '滤芯', 'Element', [
  { symbol: '==', value: 0, color: ISA_COLOURS.stopped },
  { symbol: '==', value: 1, color: ISA_COLOURS.warning },
  { symbol: '==', value: 2, color: ISA_COLOURS.fault },
]);

const FILTERS: readonly (readonly [string, readonly [string, string], string, string, ...string[]])[] = [
  [
    'filter-y-strainer',
    ['Y 型过滤器', 'Y-strainer'],
    path('M6 30 H74 M30 30 L50 54'),
    line(34, 34, 48, 50, ' stroke-dasharray="3 3"'),
    'strainer',
    'Y',
  ],
  [
    'filter-basket',
    ['篮式过滤器', 'Basket strainer'],
    rect(20, 14, 40, 40, ' rx="4"'),
    path('M26 20 V46 H54 V20', ' stroke-dasharray="3 3"'),
    'basket',
    'strainer',
  ],
  [
    'filter-cartridge',
    ['滤芯过滤器', 'Cartridge filter'],
    rect(22, 6, 36, 50, ' rx="8"'),
    rect(32, 14, 16, 36, ' stroke-dasharray="3 3"'),
    'cartridge',
  ],
  [
    'filter-bag',
    ['袋式过滤器', 'Bag filter'],
    rect(22, 6, 36, 50, ' rx="8"'),
    path('M30 12 V42 Q40 54 50 42 V12', ' stroke-dasharray="3 3"'),
    'bag',
    'baghouse',
  ],
  [
    'filter-sand',
    ['砂滤器', 'Sand filter'],
    path('M20 14 A20 10 0 0 1 60 14 V48 A20 10 0 0 1 20 48 Z'),
    path('M22 36 H58 M22 42 H58', ' stroke-dasharray="2 3"'),
    'sand',
    'media',
    'water treatment',
  ],
  [
    'filter-cyclone',
    ['旋风分离器', 'Cyclone'],
    poly([
      [20, 6],
      [60, 6],
      [60, 26],
      [44, 56],
      [36, 56],
      [20, 26],
    ]),
    path('M26 16 H54 M30 26 H50', ' stroke-dasharray="3 3"'),
    'cyclone',
    'separator',
    'dust',
  ],
  [
    'filter-scrubber',
    ['洗涤塔', 'Scrubber'],
    rect(24, 4, 32, 54, ' rx="10"'),
    path('M28 20 H52 M28 30 H52 M28 40 H52', ' stroke-dasharray="3 3"'),
    'scrubber',
    'wet',
  ],
  [
    'filter-air',
    ['空气过滤器', 'Air filter'],
    rect(22, 10, 36, 42),
    polyline([
      [24, 14],
      [56, 22],
      [24, 30],
      [56, 38],
      [24, 46],
    ]),
    'air',
    'intake',
  ],
];

function filter([id, name, body, element, ...keywords]: (typeof FILTERS)[number]): SymbolSpec {
  return {
    id,
    category: 'filter',
    name,
    keywords: ['filter', '过滤', ...keywords],
    size: [80, 60],
    content:
      line(0, 30, 22, 30) +
      line(58, 30, 80, 30) +
      part('body', ISA_COLOURS.stopped, body) +
      part('element', 'none', element),
    parts: [BODY, ELEMENT],
    ports: [
      { id: 'in', x: 0, y: 30 },
      { id: 'out', x: 80, y: 30 },
    ],
  };
}

interface Conveyor {
  readonly id: string;
  readonly name: readonly [string, string];
  readonly keywords: readonly string[];
  readonly size: readonly [number, number];
  readonly body: string;
  /** The turning drive pulley / screw, about `centre`. */
  readonly rotor: string;
  readonly centre: { x: number; y: number };
  readonly ports: SymbolSpec['ports'];
}

const CONVEYORS: readonly Conveyor[] = [
  {
    id: 'conveyor-belt',
    name: ['带式输送机', 'Belt conveyor'],
    keywords: ['belt'],
    size: [160, 40],
    body: path('M20 6 H140 A14 14 0 0 1 140 34 H20 A14 14 0 0 1 20 6 Z'),
    rotor: circle(140, 20, 10) + line(130, 20, 150, 20) + line(140, 10, 140, 30),
    centre: { x: 140, y: 20 },
    ports: [
      { id: 'feed', x: 20, y: 6 },
      { id: 'discharge', x: 154, y: 20 },
    ],
  },
  {
    id: 'conveyor-inclined',
    name: ['斜带输送机', 'Inclined belt conveyor'],
    keywords: ['belt', 'inclined'],
    size: [160, 80],
    body: path('M14 66 L136 10 A12 12 0 0 1 146 30 L24 86 A12 12 0 0 1 14 66 Z'.replace('86', '80')),
    rotor: circle(140, 20, 9) + line(131, 20, 149, 20),
    centre: { x: 140, y: 20 },
    ports: [
      { id: 'feed', x: 16, y: 66 },
      { id: 'discharge', x: 150, y: 20 },
    ],
  },
  {
    id: 'conveyor-screw',
    name: ['螺旋输送机', 'Screw conveyor'],
    keywords: ['screw', 'auger'],
    size: [160, 40],
    body: rect(4, 8, 152, 24),
    rotor: polyline([
      [10, 20],
      [22, 10],
      [34, 30],
      [46, 10],
      [58, 30],
      [70, 10],
      [82, 30],
      [94, 10],
      [106, 30],
      [118, 10],
      [130, 30],
      [142, 10],
      [150, 20],
    ]),
    centre: { x: 80, y: 20 },
    ports: [
      { id: 'feed', x: 14, y: 8 },
      { id: 'discharge', x: 146, y: 32 },
    ],
  },
  {
    id: 'conveyor-roller',
    name: ['辊道输送机', 'Roller conveyor'],
    keywords: ['roller'],
    size: [160, 40],
    body: rect(4, 14, 152, 12),
    rotor: [20, 50, 80, 110, 140].map((x) => circle(x, 20, 6)).join(''),
    centre: { x: 80, y: 20 },
    ports: [
      { id: 'feed', x: 4, y: 20 },
      { id: 'discharge', x: 156, y: 20 },
    ],
  },
  {
    id: 'conveyor-chain',
    name: ['链式输送机', 'Chain conveyor'],
    keywords: ['chain', 'drag'],
    size: [160, 40],
    body: path('M20 8 H140 A12 12 0 0 1 140 32 H20 A12 12 0 0 1 20 8 Z', ' stroke-dasharray="6 3"'),
    rotor: circle(140, 20, 9) + line(140, 11, 140, 29),
    centre: { x: 140, y: 20 },
    ports: [
      { id: 'feed', x: 20, y: 8 },
      { id: 'discharge', x: 152, y: 20 },
    ],
  },
  {
    id: 'conveyor-bucket-elevator',
    name: ['斗式提升机', 'Bucket elevator'],
    keywords: ['bucket', 'elevator'],
    size: [60, 160],
    body: rect(12, 4, 36, 152, ' rx="10"'),
    rotor: circle(30, 20, 10) + line(30, 10, 30, 30) + line(20, 20, 40, 20),
    centre: { x: 30, y: 20 },
    ports: [
      { id: 'feed', x: 12, y: 140 },
      { id: 'discharge', x: 48, y: 20 },
    ],
  },
  {
    id: 'feeder-rotary',
    name: ['星形给料机', 'Rotary feeder'],
    keywords: ['rotary valve', 'airlock', 'star feeder'],
    size: [60, 60],
    body: rect(6, 6, 48, 48),
    rotor: circle(30, 30, 16) + line(14, 30, 46, 30) + line(30, 14, 30, 46),
    centre: { x: 30, y: 30 },
    ports: [
      { id: 'feed', x: 30, y: 6 },
      { id: 'discharge', x: 30, y: 54 },
    ],
  },
];

function conveyor(c: Conveyor): SymbolSpec {
  return {
    id: c.id,
    category: 'conveyor',
    name: c.name,
    keywords: ['conveyor', '输送', ...c.keywords],
    size: c.size,
    content: part('body', ISA_COLOURS.stopped, c.body) + `<g data-part="rotor">${c.rotor}</g>`,
    parts: [BODY, rotorPart(c.centre)],
    ports: c.ports,
  };
}

const MIXERS: readonly (readonly [string, readonly [string, string], string, ...string[]])[] = [
  [
    'mixer-agitator',
    ['搅拌器', 'Agitator'],
    poly([
      [-14, 0],
      [14, 0],
      [0, 6],
    ]) +
      poly([
        [-14, 0],
        [14, 0],
        [0, -6],
      ]),
    'agitator',
    'turbine',
  ],
  [
    'mixer-propeller',
    ['推进式搅拌器', 'Propeller mixer'],
    path('M0 0 C8 -10 16 -4 14 0 C12 4 6 4 0 0 C-8 10 -16 4 -14 0 C-12 -4 -6 -4 0 0 Z'),
    'propeller',
  ],
  ['mixer-paddle', ['桨式搅拌器', 'Paddle mixer'], rect(-16, -4, 32, 8), 'paddle'],
  ['mixer-anchor', ['锚式搅拌器', 'Anchor mixer'], path('M-16 -14 V0 A16 12 0 0 0 16 0 V-14'), 'anchor'],
  [
    'mixer-ribbon',
    ['螺带搅拌器', 'Ribbon blender'],
    polyline([
      [-16, -12],
      [16, -4],
      [-16, 4],
      [16, 12],
    ]),
    'ribbon',
    'blender',
  ],
];

function mixer([id, name, blade, ...keywords]: (typeof MIXERS)[number]): SymbolSpec {
  return {
    id,
    category: 'mixer',
    name,
    keywords: ['mixer', '搅拌', ...keywords],
    size: [60, 110],
    content:
      part('body', ISA_COLOURS.stopped, rect(14, 2, 32, 22, ' rx="3"')) +
      line(30, 24, 30, 90) +
      `<g data-part="rotor"><g transform="translate(30 92)">${blade}</g></g>`,
    parts: [statePart('body', '驱动', 'Drive'), rotorPart({ x: 30, y: 92 })],
    ports: [{ id: 'mount', x: 30, y: 24 }],
  };
}

function variant(
  spec: SymbolSpec,
  key: string,
  suffix: readonly [string, string],
  turn: (s: SymbolSpec) => SymbolSpec,
) {
  return {
    ...turn(spec),
    id: `${spec.id}-${key}`,
    name: named(spec.name, suffix),
    keywords: [...(spec.keywords ?? []), key],
  };
}

export const PROCESS_SYMBOLS: readonly IndustrialSymbol[] = [
  ...FILTERS.map(filter).flatMap((s) => [s, variant(s, 'vertical', ['竖直', 'vertical'], turnQuarter)]),
  ...CONVEYORS.map(conveyor).flatMap((s) => [s, variant(s, 'reverse', ['反向', 'reverse'], mirror)]),
  ...MIXERS.map(mixer).flatMap((s) => [s, variant(s, 'side', ['侧入式', 'side entry'], turnQuarter)]),
].map(defineSymbol);
