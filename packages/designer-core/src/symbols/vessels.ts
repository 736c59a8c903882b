/**
 * Tanks, vessels, silos and hoppers, each with a level part that fills its inner box from the
 * bottom; every kind also comes with a level scale beside it.
 */
import type { Box } from '../geometry/box.ts';
import {
  circle,
  defineSymbol,
  ISA_COLOURS,
  levelPart,
  levelSpec,
  line,
  named,
  part,
  path,
  poly,
  rect,
  statePart,
  type IndustrialSymbol,
  type SymbolPort,
  type SymbolSpec,
} from './symbol-kit.ts';

interface Vessel {
  readonly key: string;
  readonly name: readonly [string, string];
  readonly keywords: readonly string[];
  readonly size: readonly [number, number];
  /** The vessel's outline (closed shapes), drawn filled under the level and unfilled over it. */
  readonly outline: string;
  /** Drawn over everything (legs, trays, openings). */
  readonly extra?: string;
  readonly area: Box;
  readonly ports: readonly SymbolPort[];
}

const box = (x: number, y: number, width: number, height: number): Box => ({ x, y, width, height });
const topBottom = (w: number, h: number): SymbolPort[] => [
  { id: 'inlet', x: w / 2, y: 0 },
  { id: 'outlet', x: w / 2, y: h },
];

const VESSELS: readonly Vessel[] = [
  {
    key: 'tank-vertical',
    name: ['立式储罐', 'Vertical tank'],
    keywords: ['tank', 'storage'],
    size: [80, 120],
    outline: rect(8, 6, 64, 108, ' rx="4"'),
    area: box(12, 12, 56, 98),
    ports: [...topBottom(80, 120), { id: 'side', x: 8, y: 90 }],
  },
  {
    key: 'tank-dished',
    name: ['碟形封头储罐', 'Dished-head tank'],
    keywords: ['tank', 'dished', 'vessel'],
    size: [80, 130],
    outline: path('M8 22 A32 16 0 0 1 72 22 V108 A32 16 0 0 1 8 108 Z'),
    area: box(12, 20, 56, 96),
    ports: topBottom(80, 130).map((port) => ({ ...port, y: port.y === 0 ? 6 : 124 })),
  },
  {
    key: 'tank-horizontal',
    name: ['卧式储罐', 'Horizontal tank'],
    keywords: ['tank', 'horizontal', 'bullet'],
    size: [140, 80],
    outline: path('M24 10 H116 A20 30 0 0 1 116 70 H24 A20 30 0 0 1 24 10 Z'),
    extra: line(36, 70, 30, 80) + line(104, 70, 110, 80),
    area: box(14, 14, 112, 52),
    ports: [
      { id: 'inlet', x: 70, y: 10 },
      { id: 'outlet', x: 70, y: 70 },
      { id: 'end', x: 140, y: 40 },
    ],
  },
  {
    key: 'tank-open',
    name: ['敞口水箱', 'Open tank'],
    keywords: ['tank', 'open', 'basin', 'cistern'],
    size: [100, 80],
    outline: path('M6 4 V76 H94 V4'),
    area: box(8, 16, 84, 58),
    ports: [
      { id: 'inlet', x: 50, y: 4 },
      { id: 'outlet', x: 50, y: 76 },
    ],
  },
  {
    key: 'tank-cone-bottom',
    name: ['锥底罐', 'Cone-bottom tank'],
    keywords: ['tank', 'cone', 'conical'],
    size: [80, 130],
    outline: path('M8 6 H72 V90 L40 124 L8 90 Z'),
    area: box(14, 12, 52, 84),
    ports: [
      { id: 'inlet', x: 40, y: 6 },
      { id: 'outlet', x: 40, y: 124 },
    ],
  },
  {
    key: 'tank-spherical',
    name: ['球罐', 'Spherical tank'],
    keywords: ['sphere', 'spherical', 'LPG'],
    size: [100, 110],
    outline: circle(50, 50, 44),
    extra: line(20, 82, 14, 110) + line(80, 82, 86, 110),
    area: box(22, 22, 56, 58),
    ports: [
      { id: 'inlet', x: 50, y: 6 },
      { id: 'outlet', x: 50, y: 94 },
    ],
  },
  {
    key: 'vessel-pressure',
    name: ['压力容器', 'Pressure vessel'],
    keywords: ['vessel', 'pressure', 'receiver', 'air receiver'],
    size: [70, 130],
    outline: path('M8 30 A27 24 0 0 1 62 30 V100 A27 24 0 0 1 8 100 Z'),
    area: box(12, 22, 46, 86),
    ports: [
      { id: 'inlet', x: 35, y: 6 },
      { id: 'outlet', x: 35, y: 124 },
    ],
  },
  {
    key: 'vessel-drum',
    name: ['汽包', 'Drum'],
    keywords: ['drum', 'steam drum', 'separator'],
    size: [160, 70],
    outline: path('M30 8 H130 A26 27 0 0 1 130 62 H30 A26 27 0 0 1 30 8 Z'),
    area: box(12, 12, 136, 46),
    ports: [
      { id: 'steam', x: 80, y: 8 },
      { id: 'downcomer', x: 80, y: 62 },
      { id: 'feed', x: 4, y: 35 },
      { id: 'riser', x: 156, y: 35 },
    ],
  },
  {
    key: 'tank-day',
    name: ['日用油箱', 'Day tank'],
    keywords: ['tank', 'day tank', 'fuel', 'oil'],
    size: [60, 80],
    outline: rect(6, 6, 48, 68),
    area: box(9, 10, 42, 61),
    ports: topBottom(60, 80).map((port) => ({ ...port, y: port.y === 0 ? 6 : 74 })),
  },
  {
    key: 'column',
    name: ['塔器', 'Column'],
    keywords: ['column', 'tower', 'distillation', 'absorber'],
    size: [60, 170],
    outline: path('M8 22 A22 16 0 0 1 52 22 V148 A22 16 0 0 1 8 148 Z'),
    extra: [50, 74, 98, 122].map((y) => line(10, y, 44, y + 6)).join(''),
    area: box(11, 18, 38, 134),
    ports: [
      { id: 'top', x: 30, y: 6 },
      { id: 'bottom', x: 30, y: 164 },
      { id: 'feed', x: 8, y: 85 },
    ],
  },
  {
    key: 'silo',
    name: ['筒仓', 'Silo'],
    keywords: ['silo', 'bulk', 'cement', 'grain'],
    size: [80, 150],
    outline: path('M8 16 L40 4 L72 16 V96 L48 124 H32 L8 96 Z'),
    extra: line(12, 96, 12, 150) + line(68, 96, 68, 150),
    area: box(12, 18, 56, 86),
    ports: [
      { id: 'inlet', x: 40, y: 4 },
      { id: 'outlet', x: 40, y: 124 },
    ],
  },
  {
    key: 'silo-flat',
    name: ['平底筒仓', 'Flat-bottom silo'],
    keywords: ['silo', 'flat'],
    size: [80, 140],
    outline: path('M8 20 Q40 -4 72 20 V134 H8 Z'),
    area: box(12, 22, 56, 108),
    ports: [
      { id: 'inlet', x: 40, y: 8 },
      { id: 'outlet', x: 72, y: 126 },
    ],
  },
  {
    key: 'hopper',
    name: ['料斗', 'Hopper'],
    keywords: ['hopper', 'feed'],
    size: [90, 90],
    outline: poly([
      [4, 6],
      [86, 6],
      [56, 76],
      [34, 76],
    ]),
    area: box(30, 12, 30, 58),
    ports: [
      { id: 'inlet', x: 45, y: 6 },
      { id: 'outlet', x: 45, y: 76 },
    ],
  },
  {
    key: 'bin',
    name: ['料仓', 'Bin'],
    keywords: ['bin', 'bunker'],
    size: [90, 110],
    outline: path('M6 6 H84 V70 L56 100 H34 L6 70 Z'),
    area: box(10, 10, 70, 68),
    ports: [
      { id: 'inlet', x: 45, y: 6 },
      { id: 'outlet', x: 45, y: 100 },
    ],
  },
  {
    key: 'gas-holder',
    name: ['储气柜', 'Gas holder'],
    keywords: ['gas', 'holder', 'gasometer'],
    size: [100, 100],
    outline: path('M8 30 Q50 4 92 30 V94 H8 Z'),
    area: box(12, 30, 76, 60),
    ports: [
      { id: 'inlet', x: 8, y: 80 },
      { id: 'outlet', x: 92, y: 80 },
    ],
  },
  {
    key: 'sump',
    name: ['集水坑', 'Sump'],
    keywords: ['sump', 'pit', 'well'],
    size: [100, 70],
    outline: path('M4 6 H14 V62 H86 V6 H96'),
    area: box(16, 18, 68, 42),
    ports: [
      { id: 'inlet', x: 30, y: 6 },
      { id: 'outlet', x: 70, y: 6 },
    ],
  },
];

const SHELL = statePart('shell', '罐体', 'Shell', [
  { symbol: '==', value: 0, color: ISA_COLOURS.stopped },
  { symbol: '==', value: 1, color: ISA_COLOURS.warning },
  { symbol: '==', value: 2, color: ISA_COLOURS.fault },
]);

function spec(vessel: Vessel): SymbolSpec {
  return {
    id: vessel.key,
    category: 'vessel',
    name: vessel.name,
    keywords: ['level', '液位', ...vessel.keywords],
    size: vessel.size,
    content:
      part('shell', ISA_COLOURS.stopped, vessel.outline) +
      levelPart(vessel.area) +
      `<g fill="none">${vessel.outline}${vessel.extra ?? ''}</g>`,
    parts: [SHELL, levelSpec(vessel.area)],
    ports: vessel.ports,
  };
}

/** The same vessel with a level scale (ticks every tenth) on its right-hand side. */
function withScale(base: SymbolSpec, area: Box): SymbolSpec {
  const [width, height] = base.size;
  const x = width + 4;
  const ticks = Array.from({ length: 11 }, (_, index) => {
    const y = area.y + (area.height * index) / 10;
    return line(x, y, x + (index % 5 === 0 ? 10 : 6), y, ' stroke-width="1"');
  }).join('');
  return {
    ...base,
    id: `${base.id}-scale`,
    name: named(base.name, ['带标尺', 'with scale']),
    keywords: [...(base.keywords ?? []), 'scale', 'gauge'],
    size: [width + 16, height],
    content: base.content + line(x, area.y, x, area.y + area.height, ' stroke-width="1"') + ticks,
  };
}

export const VESSEL_SYMBOLS: readonly IndustrialSymbol[] = VESSELS.flatMap((vessel) => {
  const base = spec(vessel);
  return [base, withScale(base, vessel.area)];
}).map(defineSymbol);
