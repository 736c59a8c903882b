/**
 * Valves: every body kind × actuator kind × orientation, drawn parametrically. The body takes the
 * state colour (0 closed white, 1 open dark, 2 in transit grey, 3 fault red); the actuator has its
 * own state part.
 */
import {
  circle,
  defineSymbol,
  ISA_COLOURS,
  label,
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

const Y = 42;
const DARK = ` fill="${ISA_COLOURS.outline}"`;

interface Body {
  readonly key: string;
  readonly name: readonly [string, string];
  readonly keywords: readonly string[];
  /** Drawn over the bow-tie, outside the state part. */
  readonly mark: string;
  /** Whether it takes an actuator (a check valve works by itself). */
  readonly actuated: boolean;
}

const BOW_TIE =
  poly([
    [6, Y - 13],
    [40, Y],
    [6, Y + 13],
  ]) +
  poly([
    [74, Y - 13],
    [40, Y],
    [74, Y + 13],
  ]);

const BODIES: readonly Body[] = [
  { key: 'gate', name: ['闸阀', 'Gate valve'], keywords: ['gate'], mark: '', actuated: true },
  {
    key: 'globe',
    name: ['截止阀', 'Globe valve'],
    keywords: ['globe'],
    mark: circle(40, Y, 5, DARK),
    actuated: true,
  },
  {
    key: 'ball',
    name: ['球阀', 'Ball valve'],
    keywords: ['ball'],
    mark: circle(40, Y, 8, ' fill="#ffffff"'),
    actuated: true,
  },
  {
    key: 'butterfly',
    name: ['蝶阀', 'Butterfly valve'],
    keywords: ['butterfly', 'disc'],
    mark: line(32, Y + 10, 48, Y - 10) + circle(40, Y, 3, DARK),
    actuated: true,
  },
  {
    key: 'needle',
    name: ['针阀', 'Needle valve'],
    keywords: ['needle'],
    mark: poly(
      [
        [36, Y - 12],
        [44, Y - 12],
        [40, Y],
      ],
      DARK,
    ),
    actuated: true,
  },
  {
    key: 'plug',
    name: ['旋塞阀', 'Plug valve'],
    keywords: ['plug', 'cock'],
    mark: rect(35, Y - 5, 10, 10, DARK),
    actuated: true,
  },
  {
    key: 'diaphragm',
    name: ['隔膜阀', 'Diaphragm valve'],
    keywords: ['diaphragm'],
    mark: path(`M28 ${Y - 9} Q40 ${Y - 20} 52 ${Y - 9}`),
    actuated: true,
  },
  {
    key: 'pinch',
    name: ['夹管阀', 'Pinch valve'],
    keywords: ['pinch', 'hose'],
    mark: path(`M30 ${Y - 8} Q40 ${Y} 50 ${Y - 8}M30 ${Y + 8} Q40 ${Y} 50 ${Y + 8}`),
    actuated: true,
  },
  {
    key: 'knife',
    name: ['刀闸阀', 'Knife gate valve'],
    keywords: ['knife', 'slurry'],
    mark: rect(38, Y - 18, 4, 30, DARK),
    actuated: true,
  },
  {
    key: 'control',
    name: ['调节阀', 'Control valve'],
    keywords: ['control', 'regulating', 'modulating'],
    mark: circle(40, Y, 4, DARK) + line(40, Y, 40, Y - 14),
    actuated: true,
  },
  {
    key: 'float',
    name: ['浮球阀', 'Float valve'],
    keywords: ['float'],
    mark: line(40, Y, 56, Y + 16) + circle(58, Y + 17, 4, ' fill="#ffffff"'),
    actuated: true,
  },
  {
    key: 'check',
    name: ['止回阀', 'Check valve'],
    keywords: ['check', 'non-return'],
    mark:
      line(40, Y - 14, 40, Y + 14) +
      poly(
        [
          [50, Y - 4],
          [58, Y],
          [50, Y + 4],
        ],
        DARK,
      ),
    actuated: false,
  },
];

interface Actuator {
  readonly key: string;
  readonly name: readonly [string, string] | null;
  readonly keywords: readonly string[];
  /** Drawn above the body, x = 40, stem from the body's centre up to y = 22. */
  readonly content: string;
}

const STEM = line(40, Y, 40, 22);
const ACTUATORS: readonly Actuator[] = [
  { key: 'manual', name: null, keywords: ['manual'], content: '' },
  {
    key: 'handwheel',
    name: ['手轮', 'handwheel'],
    keywords: ['handwheel', 'manual'],
    content: STEM + rect(26, 16, 28, 6),
  },
  {
    key: 'motor',
    name: ['电动', 'motorised'],
    keywords: ['motor', 'electric', 'MOV'],
    content: STEM + circle(40, 12, 10) + label(40, 12, 'M', 11),
  },
  {
    key: 'pneumatic',
    name: ['气动', 'pneumatic'],
    keywords: ['pneumatic', 'diaphragm actuator', 'air'],
    content: STEM + path('M24 22 A16 14 0 0 1 56 22 Z'),
  },
  {
    key: 'solenoid',
    name: ['电磁', 'solenoid'],
    keywords: ['solenoid', 'SOV'],
    content: STEM + rect(29, 2, 22, 20) + label(40, 12, 'S', 11),
  },
  {
    key: 'piston',
    name: ['液压', 'hydraulic piston'],
    keywords: ['piston', 'hydraulic', 'cylinder'],
    content: STEM + rect(28, 2, 24, 20) + line(30, 12, 50, 12),
  },
];

const BODY_PARTS = [statePart('body', '阀体', 'Body')];
const ACTUATOR_PART = statePart('actuator', '执行机构', 'Actuator');

function inline(body: Body, actuator: Actuator): SymbolSpec {
  const hasActuator = actuator.content !== '';
  return {
    id: `valve-${body.key}${actuator.key === 'manual' ? '' : `-${actuator.key}`}`,
    category: 'valve',
    name: named(body.name, actuator.name),
    keywords: ['valve', '阀', ...body.keywords, ...actuator.keywords],
    size: [80, 60],
    content:
      (hasActuator ? part('actuator', ISA_COLOURS.stopped, actuator.content) : '') +
      part('body', ISA_COLOURS.stopped, BOW_TIE) +
      body.mark,
    parts: hasActuator ? [...BODY_PARTS, ACTUATOR_PART] : BODY_PARTS,
    ports: [
      { id: 'in', x: 0, y: Y },
      { id: 'out', x: 80, y: Y },
    ],
  };
}

function vertical(spec: SymbolSpec): SymbolSpec {
  const turned = turnQuarter(spec);
  return {
    ...turned,
    id: `${spec.id}-vertical`,
    name: named(spec.name, ['竖直', 'vertical']),
    keywords: [...(spec.keywords ?? []), 'vertical'],
  };
}

function angle(actuator: Actuator): SymbolSpec {
  const body =
    poly([
      [6, Y - 13],
      [40, Y],
      [6, Y + 13],
    ]) +
    poly([
      [27, 76],
      [40, Y],
      [53, 76],
    ]);
  const hasActuator = actuator.content !== '';
  return {
    id: `valve-angle${actuator.key === 'manual' ? '' : `-${actuator.key}`}`,
    category: 'valve',
    name: named(['角阀', 'Angle valve'], actuator.name),
    keywords: ['valve', '阀', 'angle', ...actuator.keywords],
    size: [60, 80],
    content:
      (hasActuator ? part('actuator', ISA_COLOURS.stopped, actuator.content) : '') +
      part('body', ISA_COLOURS.stopped, body),
    parts: hasActuator ? [...BODY_PARTS, ACTUATOR_PART] : BODY_PARTS,
    ports: [
      { id: 'in', x: 0, y: Y },
      { id: 'out', x: 40, y: 80 },
    ],
  };
}

function threeWay(actuator: Actuator): SymbolSpec {
  const base = inline(BODIES[0]!, actuator);
  return {
    ...base,
    id: `valve-three-way${actuator.key === 'manual' ? '' : `-${actuator.key}`}`,
    name: named(['三通阀', 'Three-way valve'], actuator.name),
    keywords: ['valve', '阀', 'three-way', '3-way', 'diverting', 'mixing', ...actuator.keywords],
    size: [80, 80],
    content:
      (actuator.content ? part('actuator', ISA_COLOURS.stopped, actuator.content) : '') +
      part(
        'body',
        ISA_COLOURS.stopped,
        BOW_TIE +
          poly([
            [27, 76],
            [40, Y],
            [53, 76],
          ]),
      ),
    ports: [...base.ports, { id: 'branch', x: 40, y: 80 }],
  };
}

function relief(key: string, name: readonly [string, string], top: string): SymbolSpec {
  return {
    id: `valve-${key}`,
    category: 'valve',
    name,
    keywords: ['valve', '阀', 'relief', 'safety', 'PSV', 'pressure'],
    size: [60, 80],
    content:
      part('actuator', ISA_COLOURS.stopped, top) +
      part(
        'body',
        ISA_COLOURS.stopped,
        poly([
          [40, Y],
          [60, Y - 13],
          [60, Y + 13],
        ]) +
          poly([
            [27, 76],
            [40, Y],
            [53, 76],
          ]),
      ),
    parts: [...BODY_PARTS, ACTUATOR_PART],
    ports: [
      { id: 'in', x: 40, y: 80 },
      { id: 'out', x: 60, y: Y },
    ],
  };
}

const SPRING = polyline([
  [40, Y],
  [40, 34],
  [32, 31],
  [48, 26],
  [32, 21],
  [48, 16],
  [32, 11],
  [40, 8],
  [40, 4],
]);
const WEIGHT = line(40, Y, 40, 20) + line(20, 20, 56, 20) + rect(14, 14, 10, 12);

function build(): IndustrialSymbol[] {
  const specs: SymbolSpec[] = [];
  for (const body of BODIES) {
    for (const actuator of body.actuated ? ACTUATORS : ACTUATORS.slice(0, 1)) {
      const spec = inline(body, actuator);
      specs.push(spec, vertical(spec));
    }
  }
  for (const actuator of ACTUATORS) specs.push(angle(actuator), threeWay(actuator));
  specs.push(
    relief('safety-spring', ['弹簧式安全阀', 'Spring safety valve'], SPRING),
    relief('safety-lever', ['杠杆式安全阀', 'Lever safety valve'], WEIGHT),
  );
  return specs.map(defineSymbol);
}

export const VALVE_SYMBOLS: readonly IndustrialSymbol[] = build();
