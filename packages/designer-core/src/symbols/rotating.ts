/**
 * Rotating equipment: pumps, compressors, fans, blowers and motors. Each kind is a frame (the
 * casing, a state part) and a rotor mark that turns while running, drawn facing right and mirrored.
 */
import type { Point } from '../geometry/box.ts';
import {
  circle,
  defineSymbol,
  ISA_COLOURS,
  label,
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
  type IndustrialSymbol,
  type SymbolCategory,
  type SymbolPort,
  type SymbolSpec,
} from './symbol-kit.ts';

interface Frame {
  readonly size: readonly [number, number];
  /** The casing, coloured by state. */
  readonly casing: string;
  /** Lines and feet outside the state part. */
  readonly extra: string;
  readonly centre: Point;
  readonly radius: number;
  readonly ports: readonly SymbolPort[];
}

const FRAMES = {
  pump: {
    size: [80, 70],
    casing: circle(36, 36, 24) + path('M36 12 H80 V24 H58'),
    extra:
      line(0, 36, 12, 36) +
      poly([
        [20, 56],
        [52, 56],
        [60, 68],
        [12, 68],
      ]),
    centre: { x: 36, y: 36 },
    radius: 16,
    ports: [
      { id: 'suction', x: 0, y: 36 },
      { id: 'discharge', x: 80, y: 18 },
    ],
  },
  compressor: {
    size: [80, 72],
    casing: poly([
      [12, 6],
      [68, 20],
      [68, 52],
      [12, 66],
    ]),
    extra: line(0, 36, 12, 36) + line(68, 36, 80, 36),
    centre: { x: 40, y: 36 },
    radius: 14,
    ports: [
      { id: 'suction', x: 0, y: 36 },
      { id: 'discharge', x: 80, y: 36 },
    ],
  },
  fan: {
    size: [80, 80],
    casing: rect(8, 8, 64, 64, ' rx="6"') + circle(40, 40, 28),
    extra: line(0, 40, 8, 40) + line(72, 40, 80, 40),
    centre: { x: 40, y: 40 },
    radius: 22,
    ports: [
      { id: 'inlet', x: 0, y: 40 },
      { id: 'outlet', x: 80, y: 40 },
    ],
  },
  blower: {
    size: [80, 80],
    casing: path('M40 16 A26 26 0 1 0 66 42 V4 H40 Z'),
    extra:
      line(0, 42, 14, 42) +
      poly([
        [22, 66],
        [58, 66],
        [64, 78],
        [16, 78],
      ]),
    centre: { x: 40, y: 42 },
    radius: 16,
    ports: [
      { id: 'inlet', x: 0, y: 42 },
      { id: 'outlet', x: 53, y: 4 },
    ],
  },
  motor: {
    size: [80, 64],
    casing: rect(8, 10, 54, 40, ' rx="4"'),
    extra:
      rect(62, 26, 18, 8) +
      poly([
        [14, 50],
        [56, 50],
        [60, 62],
        [10, 62],
      ]),
    centre: { x: 35, y: 30 },
    radius: 12,
    ports: [{ id: 'shaft', x: 80, y: 30 }],
  },
} as const satisfies Record<string, Frame>;

type FrameKey = keyof typeof FRAMES;

const ROTOR_FILL = ` fill="${ISA_COLOURS.outline}"`;

function spokes(c: Point, r: number, count: number): string {
  return Array.from({ length: count }, (_, index) => {
    const a = (index / count) * 2 * Math.PI;
    return line(c.x, c.y, c.x + r * Math.cos(a), c.y + r * Math.sin(a));
  }).join('');
}

function blades(c: Point, r: number, count: number): string {
  return Array.from({ length: count }, (_, index) => {
    const a = (index / count) * 2 * Math.PI;
    const b = a + Math.PI / count;
    return poly(
      [
        [c.x, c.y],
        [c.x + r * Math.cos(a), c.y + r * Math.sin(a)],
        [c.x + r * Math.cos(b), c.y + r * Math.sin(b)],
      ],
      ROTOR_FILL,
    );
  }).join('');
}

/** Rotor marks, each drawn about `c` within radius `r`. */
const MARKS: Readonly<Record<string, (c: Point, r: number) => string>> = {
  impeller: (c, r) =>
    poly(
      [
        [c.x, c.y - r],
        [c.x + r * 0.87, c.y + r / 2],
        [c.x - r * 0.87, c.y + r / 2],
      ],
      ROTOR_FILL,
    ),
  gears: (c, r) =>
    circle(c.x - r / 2, c.y, r / 2) +
    circle(c.x + r / 2, c.y, r / 2) +
    spokes({ x: c.x - r / 2, y: c.y }, r / 2, 4),
  screw: (c, r) =>
    polyline([
      [c.x - r, c.y],
      [c.x - r / 2, c.y - r / 2],
      [c.x, c.y + r / 2],
      [c.x + r / 2, c.y - r / 2],
      [c.x + r, c.y],
    ]) + line(c.x - r, c.y, c.x + r, c.y),
  diaphragm: (c, r) =>
    path(`M${c.x - r} ${c.y} Q${c.x} ${c.y - r} ${c.x + r} ${c.y}`) + line(c.x, c.y, c.x, c.y + r),
  piston: (c, r) => rect(c.x - r / 2, c.y - r / 2, r, r) + line(c.x, c.y + r / 2, c.x, c.y + r),
  vane: (c, r) => circle(c.x, c.y, r * 0.6) + spokes(c, r, 6),
  rollers: (c, r) =>
    circle(c.x, c.y - r * 0.6, r * 0.3) +
    circle(c.x, c.y + r * 0.6, r * 0.3) +
    line(c.x, c.y - r * 0.6, c.x, c.y + r * 0.6),
  blades2: (c, r) => blades(c, r, 2),
  blades3: (c, r) => blades(c, r, 3),
  blades4: (c, r) => blades(c, r, 4),
  blades6: (c, r) => blades(c, r, 6),
  spokes: (c, r) => circle(c.x, c.y, r / 4, ROTOR_FILL) + spokes(c, r, 8),
  letterM: (c, r) => circle(c.x, c.y, r) + label(c.x, c.y, 'M', 12),
  letterDC: (c, r) => circle(c.x, c.y, r) + label(c.x, c.y, 'DC', 10),
  letterS: (c, r) => circle(c.x, c.y, r) + label(c.x, c.y, 'SM', 9),
  steps: (c, r) => circle(c.x, c.y, r) + spokes(c, r, 4),
  gearbox: (c, r) => circle(c.x, c.y, r) + spokes(c, r, 3) + circle(c.x, c.y, r / 3),
  vfd: (c, r) =>
    circle(c.x, c.y, r) + path(`M${c.x - r / 2} ${c.y} q${r / 4} -${r / 2} ${r / 2} 0 t${r / 2} 0`),
  jet: (c, r) =>
    poly([
      [c.x - r, c.y - r / 2],
      [c.x + r, c.y - r / 6],
      [c.x + r, c.y + r / 6],
      [c.x - r, c.y + r / 2],
    ]),
};

interface Kind {
  readonly key: string;
  readonly category: SymbolCategory;
  readonly frame: FrameKey;
  readonly mark: keyof typeof MARKS;
  readonly name: readonly [string, string];
  readonly keywords: readonly string[];
}

const k = (
  category: SymbolCategory,
  frame: FrameKey,
  key: string,
  mark: keyof typeof MARKS,
  name: readonly [string, string],
  ...keywords: string[]
): Kind => ({ key, category, frame, mark, name, keywords });

const KINDS: readonly Kind[] = [
  k('pump', 'pump', 'pump-centrifugal', 'impeller', ['离心泵', 'Centrifugal pump'], 'centrifugal'),
  k('pump', 'pump', 'pump-gear', 'gears', ['齿轮泵', 'Gear pump'], 'gear', 'positive displacement'),
  k('pump', 'pump', 'pump-screw', 'screw', ['螺杆泵', 'Screw pump'], 'screw', 'progressive cavity'),
  k('pump', 'pump', 'pump-diaphragm', 'diaphragm', ['隔膜泵', 'Diaphragm pump'], 'diaphragm', 'AODD'),
  k('pump', 'pump', 'pump-piston', 'piston', ['柱塞泵', 'Piston pump'], 'piston', 'plunger', 'reciprocating'),
  k('pump', 'pump', 'pump-vacuum', 'vane', ['真空泵', 'Vacuum pump'], 'vacuum'),
  k('pump', 'pump', 'pump-peristaltic', 'rollers', ['蠕动泵', 'Peristaltic pump'], 'peristaltic', 'hose'),
  k('pump', 'pump', 'pump-metering', 'piston', ['计量泵', 'Metering pump'], 'metering', 'dosing'),
  k('pump', 'pump', 'pump-submersible', 'blades3', ['潜水泵', 'Submersible pump'], 'submersible'),
  k('pump', 'pump', 'pump-jet', 'jet', ['喷射泵', 'Jet pump'], 'jet', 'ejector', 'eductor'),
  k(
    'pump',
    'pump',
    'pump-boiler-feed',
    'blades6',
    ['锅炉给水泵', 'Boiler feed pump'],
    'feed water',
    'boiler',
  ),
  k(
    'pump',
    'pump',
    'pump-circulation',
    'blades4',
    ['循环泵', 'Circulation pump'],
    'circulation',
    'circulating',
  ),
  k(
    'compressor',
    'compressor',
    'compressor-centrifugal',
    'blades6',
    ['离心压缩机', 'Centrifugal compressor'],
    'centrifugal',
    'turbo',
  ),
  k(
    'compressor',
    'compressor',
    'compressor-reciprocating',
    'piston',
    ['往复压缩机', 'Reciprocating compressor'],
    'reciprocating',
    'piston',
  ),
  k(
    'compressor',
    'compressor',
    'compressor-screw',
    'screw',
    ['螺杆压缩机', 'Screw compressor'],
    'screw',
    'rotary',
  ),
  k('compressor', 'compressor', 'compressor-scroll', 'spokes', ['涡旋压缩机', 'Scroll compressor'], 'scroll'),
  k(
    'compressor',
    'compressor',
    'compressor-vane',
    'vane',
    ['滑片压缩机', 'Rotary vane compressor'],
    'vane',
    'rotary',
  ),
  k('compressor', 'compressor', 'compressor-axial', 'blades4', ['轴流压缩机', 'Axial compressor'], 'axial'),
  k('fan', 'fan', 'fan-axial', 'blades4', ['轴流风机', 'Axial fan'], 'axial', 'ventilator'),
  k('fan', 'fan', 'fan-centrifugal', 'spokes', ['离心风机', 'Centrifugal fan'], 'centrifugal'),
  k(
    'fan',
    'fan',
    'fan-induced-draft',
    'blades6',
    ['引风机', 'Induced draft fan'],
    'ID fan',
    'induced draft',
    'boiler',
  ),
  k(
    'fan',
    'fan',
    'fan-forced-draft',
    'blades3',
    ['送风机', 'Forced draft fan'],
    'FD fan',
    'forced draft',
    'boiler',
  ),
  k('fan', 'fan', 'fan-exhaust', 'blades2', ['排风扇', 'Exhaust fan'], 'exhaust', 'extract'),
  k('fan', 'fan', 'fan-cooling-tower', 'blades3', ['冷却塔风机', 'Cooling tower fan'], 'cooling tower'),
  k(
    'fan',
    'blower',
    'blower-centrifugal',
    'spokes',
    ['离心鼓风机', 'Centrifugal blower'],
    'blower',
    'centrifugal',
  ),
  k('fan', 'blower', 'blower-roots', 'gears', ['罗茨鼓风机', 'Roots blower'], 'blower', 'roots', 'lobe'),
  k(
    'fan',
    'blower',
    'blower-side-channel',
    'blades6',
    ['旋涡鼓风机', 'Side channel blower'],
    'blower',
    'side channel',
    'regenerative',
  ),
  k(
    'fan',
    'blower',
    'blower-multistage',
    'blades4',
    ['多级鼓风机', 'Multistage blower'],
    'blower',
    'multistage',
  ),
  k('motor', 'motor', 'motor-ac', 'letterM', ['交流电机', 'AC motor'], 'motor', 'induction', 'AC'),
  k('motor', 'motor', 'motor-dc', 'letterDC', ['直流电机', 'DC motor'], 'motor', 'DC'),
  k('motor', 'motor', 'motor-servo', 'letterS', ['伺服电机', 'Servo motor'], 'motor', 'servo'),
  k('motor', 'motor', 'motor-stepper', 'steps', ['步进电机', 'Stepper motor'], 'motor', 'stepper'),
  k('motor', 'motor', 'motor-gear', 'gearbox', ['减速电机', 'Gear motor'], 'motor', 'gear', 'reducer'),
  k(
    'motor',
    'motor',
    'motor-variable-speed',
    'vfd',
    ['变频电机', 'Variable-speed motor'],
    'motor',
    'VFD',
    'inverter',
  ),
];

function spec(kind: Kind): SymbolSpec {
  const frame: Frame = FRAMES[kind.frame];
  return {
    id: kind.key,
    category: kind.category,
    name: kind.name,
    keywords: [kind.frame, ...kind.keywords],
    size: frame.size,
    content:
      frame.extra +
      part('body', ISA_COLOURS.stopped, frame.casing) +
      `<g data-part="rotor">${MARKS[kind.mark]!(frame.centre, frame.radius)}</g>`,
    parts: [statePart('body', '机体', 'Casing'), rotorPart(frame.centre)],
    ports: frame.ports,
  };
}

function mirrored(base: SymbolSpec): SymbolSpec {
  return {
    ...mirror(base),
    id: `${base.id}-left`,
    name: named(base.name, ['向左', 'facing left']),
    keywords: [...(base.keywords ?? []), 'left', 'mirrored'],
  };
}

export const ROTATING_SYMBOLS: readonly IndustrialSymbol[] = KINDS.flatMap((kind) => {
  const base = spec(kind);
  return [base, mirrored(base)];
}).map(defineSymbol);
