/**
 * Heat exchangers (each lying and standing), boilers, burners and the flue: the flame is an
 * indicator part shown while firing, boilers with a water space have a level part.
 */
import {
  circle,
  defineSymbol,
  indicatorPart,
  ISA_COLOURS,
  label,
  levelPart,
  levelSpec,
  line,
  named,
  part,
  path,
  poly,
  polyline,
  rect,
  statePart,
  turnQuarter,
  type IndustrialSymbol,
  type SymbolSpec,
} from './symbol-kit.ts';

const SHELL = statePart('shell', '壳体', 'Shell');
const TUBES = statePart('tubes', '管束', 'Tube bundle');
const FLAME = indicatorPart('flame', '火焰', 'Flame');
const FLAME_SHAPE = (x: number, y: number, s: number) =>
  path(
    `M${x} ${y} C${x - s} ${y - s} ${x - s / 2} ${y - 2 * s} ${x} ${y - 3 * s} C${x + s / 2} ${y - 2 * s} ${x + s} ${y - s} ${x} ${y} Z`,
  );

interface Exchanger {
  readonly key: string;
  readonly name: readonly [string, string];
  readonly keywords: readonly string[];
  readonly shell: string;
  readonly tubes: string;
}

/** Exchangers are drawn lying in 120 × 60; shell side ports top and bottom, tube side at the ends. */
const EXCHANGERS: readonly Exchanger[] = [
  {
    key: 'hx-shell-tube',
    name: ['管壳式换热器', 'Shell-and-tube exchanger'],
    keywords: ['shell and tube', 'STHE'],
    shell: rect(14, 12, 92, 36, ' rx="14"'),
    tubes: polyline([
      [0, 30],
      [24, 30],
      [34, 20],
      [46, 40],
      [58, 20],
      [70, 40],
      [82, 20],
      [94, 40],
      [104, 30],
      [120, 30],
    ]),
  },
  {
    key: 'hx-u-tube',
    name: ['U 形管换热器', 'U-tube exchanger'],
    keywords: ['U-tube', 'hairpin'],
    shell: rect(14, 12, 92, 36, ' rx="14"'),
    tubes: path('M0 22 H90 A8 8 0 0 1 90 38 H0'),
  },
  {
    key: 'hx-plate',
    name: ['板式换热器', 'Plate exchanger'],
    keywords: ['plate', 'PHE', 'gasketed'],
    shell: rect(20, 6, 80, 48),
    tubes:
      [30, 40, 50, 60, 70, 80, 90].map((x) => line(x, 10, x, 50)).join('') +
      line(0, 30, 20, 30) +
      line(100, 30, 120, 30),
  },
  {
    key: 'hx-air-cooled',
    name: ['空冷器', 'Air-cooled exchanger'],
    keywords: ['air cooler', 'fin fan', 'radiator'],
    shell: rect(14, 14, 92, 32),
    tubes:
      polyline([
        [0, 30],
        [20, 30],
        [28, 18],
        [40, 42],
        [52, 18],
        [64, 42],
        [76, 18],
        [88, 42],
        [100, 30],
        [120, 30],
      ]) + circle(60, 6, 5),
  },
  {
    key: 'hx-coil',
    name: ['盘管换热器', 'Coil exchanger'],
    keywords: ['coil', 'heating coil'],
    shell: rect(14, 6, 92, 48, ' rx="6"'),
    tubes: path('M0 30 H22 c6 -20 12 20 18 0 s12 20 18 0 s12 20 18 0 s12 20 18 0 H120'),
  },
  {
    key: 'hx-double-pipe',
    name: ['套管换热器', 'Double-pipe exchanger'],
    keywords: ['double pipe', 'jacketed', 'tube in tube'],
    shell: rect(10, 18, 100, 24),
    tubes: line(0, 30, 120, 30) + line(10, 30, 110, 30, ' stroke-dasharray="6 4"'),
  },
  {
    key: 'hx-condenser',
    name: ['冷凝器', 'Condenser'],
    keywords: ['condenser', 'cooler'],
    shell: rect(14, 12, 92, 36, ' rx="14"'),
    tubes:
      polyline([
        [0, 26],
        [110, 26],
      ]) +
      polyline([
        [0, 34],
        [110, 34],
      ]) +
      label(60, 30, 'C', 10),
  },
  {
    key: 'hx-kettle',
    name: ['釜式重沸器', 'Kettle reboiler'],
    keywords: ['kettle', 'reboiler'],
    shell: path('M14 28 A14 14 0 0 1 28 14 H60 L74 4 H96 A10 26 0 0 1 96 56 H28 A14 14 0 0 1 14 42 Z'),
    tubes: path('M0 26 H84 A6 6 0 0 1 84 38 H0'),
  },
];

function exchanger(hx: Exchanger): SymbolSpec {
  return {
    id: hx.key,
    category: 'heat-exchanger',
    name: hx.name,
    keywords: ['heat exchanger', '换热', ...hx.keywords],
    size: [120, 60],
    content: part('shell', ISA_COLOURS.stopped, hx.shell) + part('tubes', 'none', hx.tubes),
    parts: [SHELL, TUBES],
    ports: [
      { id: 'tube-in', x: 0, y: 30 },
      { id: 'tube-out', x: 120, y: 30 },
      { id: 'shell-in', x: 36, y: 12 },
      { id: 'shell-out', x: 84, y: 48 },
    ],
  };
}

function standing(spec: SymbolSpec): SymbolSpec {
  return {
    ...turnQuarter(spec),
    id: `${spec.id}-vertical`,
    name: named(spec.name, ['立式', 'vertical']),
    keywords: [...(spec.keywords ?? []), 'vertical'],
  };
}

const BURNER_BODY = rect(4, 22, 36, 24, ' rx="3"') + line(0, 34, 4, 34);

const BOILERS: readonly SymbolSpec[] = [
  {
    id: 'boiler-fire-tube',
    category: 'boiler',
    name: ['火管锅炉', 'Fire-tube boiler'],
    keywords: ['boiler', '锅炉', 'fire tube', 'shell boiler'],
    size: [160, 100],
    content:
      part('shell', ISA_COLOURS.stopped, path('M24 10 H136 A20 40 0 0 1 136 90 H24 A20 40 0 0 1 24 10 Z')) +
      levelPart({ x: 12, y: 40, width: 136, height: 46 }) +
      `<g fill="none">${path('M24 10 H136 A20 40 0 0 1 136 90 H24 A20 40 0 0 1 24 10 Z')}${circle(46, 64, 12)}</g>` +
      `<g data-part="flame" fill="${ISA_COLOURS.flame}">${FLAME_SHAPE(46, 74, 6)}</g>`,
    parts: [SHELL, levelSpec({ x: 12, y: 40, width: 136, height: 46 }), FLAME],
    ports: [
      { id: 'steam', x: 110, y: 10 },
      { id: 'feed', x: 160, y: 70 },
      { id: 'burner', x: 0, y: 64 },
      { id: 'flue', x: 150, y: 20 },
    ],
  },
  {
    id: 'boiler-water-tube',
    category: 'boiler',
    name: ['水管锅炉', 'Water-tube boiler'],
    keywords: ['boiler', '锅炉', 'water tube'],
    size: [120, 160],
    content:
      part('shell', ISA_COLOURS.stopped, rect(10, 30, 100, 124)) +
      `<g fill="none">${ellipse2(60, 18, 40, 12)}${[30, 50, 70, 90].map((x) => line(x, 30, x, 120)).join('')}</g>` +
      `<g data-part="flame" fill="${ISA_COLOURS.flame}">${FLAME_SHAPE(60, 148, 8)}</g>`,
    parts: [SHELL, FLAME],
    ports: [
      { id: 'steam', x: 60, y: 6 },
      { id: 'feed', x: 10, y: 40 },
      { id: 'burner', x: 10, y: 140 },
      { id: 'flue', x: 110, y: 40 },
    ],
  },
  {
    id: 'boiler-electric',
    category: 'boiler',
    name: ['电锅炉', 'Electric boiler'],
    keywords: ['boiler', '锅炉', 'electric', 'electrode'],
    size: [90, 130],
    content:
      part('shell', ISA_COLOURS.stopped, rect(8, 8, 74, 114, ' rx="8"')) +
      levelPart({ x: 14, y: 40, width: 62, height: 76 }) +
      `<g fill="none">${rect(8, 8, 74, 114, ' rx="8"')}${polyline([
        [30, 50],
        [38, 70],
        [30, 90],
        [38, 110],
      ])}${polyline([
        [52, 50],
        [60, 70],
        [52, 90],
        [60, 110],
      ])}</g>` +
      `<g data-part="heating">${label(45, 26, '⚡', 16)}</g>`,
    parts: [
      SHELL,
      levelSpec({ x: 14, y: 40, width: 62, height: 76 }),
      indicatorPart('heating', '加热', 'Heating'),
    ],
    ports: [
      { id: 'out', x: 45, y: 8 },
      { id: 'in', x: 45, y: 122 },
    ],
  },
  {
    id: 'boiler-hot-water',
    category: 'boiler',
    name: ['热水锅炉', 'Hot-water boiler'],
    keywords: ['boiler', '锅炉', 'hot water', 'heating'],
    size: [100, 130],
    content:
      part('shell', ISA_COLOURS.stopped, rect(8, 8, 84, 114, ' rx="4"')) +
      `<g fill="none">${path('M20 30 H80 M20 46 H80 M20 62 H80')}</g>` +
      `<g data-part="flame" fill="${ISA_COLOURS.flame}">${FLAME_SHAPE(40, 112, 7)}${FLAME_SHAPE(60, 112, 7)}</g>`,
    parts: [SHELL, FLAME],
    ports: [
      { id: 'supply', x: 30, y: 8 },
      { id: 'return', x: 70, y: 8 },
      { id: 'burner', x: 8, y: 100 },
    ],
  },
  ...(
    [
      ['gas', ['燃气燃烧器', 'Gas burner'], 'G'],
      ['oil', ['燃油燃烧器', 'Oil burner'], 'O'],
      ['dual-fuel', ['双燃料燃烧器', 'Dual-fuel burner'], 'G/O'],
      ['pilot', ['点火器', 'Pilot burner'], 'P'],
    ] as const
  ).map(([key, name, letter]): SymbolSpec => ({
    id: `burner-${key}`,
    category: 'boiler',
    name,
    keywords: ['burner', '燃烧器', key, 'flame'],
    size: [80, 60],
    content:
      part('body', ISA_COLOURS.stopped, BURNER_BODY) +
      label(22, 34, letter, 10) +
      `<g data-part="flame" fill="${ISA_COLOURS.flame}">${path('M40 34 C52 18 66 24 80 34 C66 44 52 50 40 34 Z')}</g>`,
    parts: [statePart('body', '燃烧器', 'Burner'), FLAME],
    ports: [
      { id: 'fuel', x: 0, y: 34 },
      { id: 'air', x: 22, y: 46 },
    ],
  })),
  {
    id: 'furnace',
    category: 'boiler',
    name: ['加热炉', 'Furnace'],
    keywords: ['furnace', 'heater', 'fired heater'],
    size: [100, 140],
    content:
      part('shell', ISA_COLOURS.stopped, path('M10 60 L34 30 V4 H66 V30 L90 60 V136 H10 Z')) +
      `<g fill="none">${polyline([
        [24, 70],
        [76, 70],
        [24, 86],
        [76, 86],
        [24, 102],
      ])}</g>` +
      `<g data-part="flame" fill="${ISA_COLOURS.flame}">${FLAME_SHAPE(50, 132, 8)}</g>`,
    parts: [SHELL, FLAME],
    ports: [
      { id: 'flue', x: 50, y: 4 },
      { id: 'in', x: 10, y: 70 },
      { id: 'out', x: 90, y: 102 },
    ],
  },
  {
    id: 'flame',
    category: 'boiler',
    name: ['火焰', 'Flame'],
    keywords: ['flame', 'fire', 'firing'],
    size: [40, 60],
    content: `<g data-part="flame" fill="${ISA_COLOURS.flame}">${FLAME_SHAPE(20, 58, 18)}</g>`,
    parts: [FLAME],
    ports: [{ id: 'base', x: 20, y: 58 }],
  },
  {
    id: 'stack',
    category: 'boiler',
    name: ['烟囱', 'Stack'],
    keywords: ['stack', 'chimney', 'flue'],
    size: [50, 160],
    content: part(
      'shell',
      ISA_COLOURS.stopped,
      poly([
        [14, 4],
        [36, 4],
        [44, 156],
        [6, 156],
      ]),
    ),
    parts: [SHELL],
    ports: [{ id: 'flue', x: 6, y: 140 }],
  },
  {
    id: 'economizer',
    category: 'boiler',
    name: ['省煤器', 'Economizer'],
    keywords: ['economizer', 'economiser', 'heat recovery'],
    size: [80, 100],
    content:
      part('shell', ISA_COLOURS.stopped, rect(8, 8, 64, 84)) +
      part(
        'tubes',
        'none',
        polyline([
          [0, 20],
          [60, 20],
          [20, 40],
          [60, 60],
          [20, 80],
          [80, 80],
        ]),
      ),
    parts: [SHELL, TUBES],
    ports: [
      { id: 'water-in', x: 0, y: 20 },
      { id: 'water-out', x: 80, y: 80 },
      { id: 'flue-in', x: 40, y: 92 },
      { id: 'flue-out', x: 40, y: 8 },
    ],
  },
];

function ellipse2(cx: number, cy: number, rx: number, ry: number): string {
  return path(`M${cx - rx} ${cy} a${rx} ${ry} 0 1 0 ${2 * rx} 0 a${rx} ${ry} 0 1 0 -${2 * rx} 0`);
}

export const THERMAL_SYMBOLS: readonly IndustrialSymbol[] = [
  ...EXCHANGERS.flatMap((hx) => {
    const base = exchanger(hx);
    return [base, standing(base)];
  }),
  ...BOILERS,
].map(defineSymbol);
