/**
 * Instruments in ISA-5.1 bubbles (measured variable × function, in the field or on the control
 * room panel), flow elements, and the electrical side: switches, breakers, transformers, lamps
 * and alarms. A bubble's `bubble` part takes an alarm colour (1 warning, 2 alarm).
 */
import {
  circle,
  defineSymbol,
  indicatorPart,
  ISA_COLOURS,
  label,
  lampColours,
  line,
  part,
  path,
  poly,
  rect,
  statePart,
  type IndustrialSymbol,
  type SymbolSpec,
} from './symbol-kit.ts';

const ALARM_COLOURS = [
  { symbol: '==', value: 0, color: ISA_COLOURS.stopped },
  { symbol: '==', value: 1, color: ISA_COLOURS.warning },
  { symbol: '==', value: 2, color: ISA_COLOURS.fault },
] as const;

const VARIABLES = [
  ['T', '温度', 'temperature'],
  ['P', '压力', 'pressure'],
  ['F', '流量', 'flow'],
  ['L', '液位', 'level'],
  ['A', '分析', 'analysis'],
  ['S', '转速', 'speed'],
  ['W', '重量', 'weight'],
  ['D', '密度', 'density'],
] as const;

const FUNCTIONS = [
  ['T', '变送器', 'transmitter'],
  ['I', '指示仪', 'indicator'],
  ['IC', '指示控制器', 'indicating controller'],
  ['SH', '高限开关', 'switch high'],
  ['SL', '低限开关', 'switch low'],
] as const;

const LOCATIONS = [
  ['field', '现场', 'field', ''],
  ['panel', '控制室', 'control room', line(4, 30, 56, 30)],
] as const;

function bubble(
  [variable, variableZh, variableEn]: (typeof VARIABLES)[number],
  [fn, fnZh, fnEn]: (typeof FUNCTIONS)[number],
  [location, locationZh, locationEn, mark]: (typeof LOCATIONS)[number],
): SymbolSpec {
  const tag = `${variable}${fn}`;
  const capital = variableEn[0]!.toUpperCase() + variableEn.slice(1);
  return {
    id: `instrument-${tag.toLowerCase()}-${location}`,
    category: 'instrument',
    name: [`${variableZh}${fnZh}（${tag}，${locationZh}）`, `${capital} ${fnEn} (${tag}, ${locationEn})`],
    keywords: [tag, variableEn, fnEn, 'sensor', 'instrument', '传感器', '仪表', location],
    size: [60, 70],
    content:
      part('bubble', ISA_COLOURS.stopped, circle(30, 30, 26)) +
      mark +
      label(30, location === 'panel' ? 20 : 30, tag, 14) +
      line(30, 56, 30, 70),
    parts: [statePart('bubble', '仪表圈', 'Bubble', ALARM_COLOURS)],
    ports: [{ id: 'process', x: 30, y: 70 }],
  };
}

const FLOW_ELEMENTS = [
  ['magnetic', ['电磁流量计', 'Magnetic flowmeter'], circle(40, 30, 12) + label(40, 30, 'M', 11)],
  ['vortex', ['涡街流量计', 'Vortex flowmeter'], rect(28, 18, 24, 24) + path('M32 34 q4 -8 8 0 t8 0')],
  [
    'coriolis',
    ['科里奥利流量计', 'Coriolis flowmeter'],
    path('M24 30 C24 6 56 6 56 30 C56 54 24 54 24 30 Z'),
  ],
  ['orifice', ['孔板流量计', 'Orifice plate'], line(36, 12, 36, 48) + line(44, 12, 44, 48)],
  [
    'turbine',
    ['涡轮流量计', 'Turbine flowmeter'],
    rect(26, 20, 28, 20) +
      poly([
        [34, 24],
        [46, 36],
        [46, 24],
        [34, 36],
      ]),
  ],
  [
    'ultrasonic',
    ['超声波流量计', 'Ultrasonic flowmeter'],
    rect(26, 20, 28, 20) + path('M30 26 L50 34 M30 34 L50 26'),
  ],
] as const;

function flowElement([key, name, mark]: (typeof FLOW_ELEMENTS)[number]): SymbolSpec {
  return {
    id: `flowmeter-${key}`,
    category: 'instrument',
    name,
    keywords: ['flow', 'flowmeter', 'FE', '流量', key],
    size: [80, 60],
    content: line(0, 30, 80, 30) + part('body', ISA_COLOURS.stopped, mark),
    parts: [statePart('body', '表体', 'Body', ALARM_COLOURS)],
    ports: [
      { id: 'in', x: 0, y: 30 },
      { id: 'out', x: 80, y: 30 },
    ],
  };
}

const CONTACT = statePart('contact', '触点', 'Contact');
const TERMINALS = [
  { id: 'line', x: 30, y: 0 },
  { id: 'load', x: 30, y: 80 },
];

/** Electrical devices drawn upright in 60 × 80, line above and load below. */
const ELECTRICAL: readonly (readonly [string, readonly [string, string], string, ...string[]])[] = [
  [
    'switch-toggle',
    ['开关', 'Switch'],
    line(30, 0, 30, 26) + line(30, 54, 30, 80) + circle(30, 54, 3) + line(30, 54, 44, 28),
    'switch',
    'isolator',
  ],
  [
    'switch-push-button',
    ['按钮', 'Push button'],
    line(30, 0, 30, 30) +
      line(30, 50, 30, 80) +
      line(18, 40, 42, 40) +
      line(30, 40, 30, 22) +
      line(24, 22, 36, 22),
    'push button',
    'start',
    'stop',
  ],
  [
    'switch-selector',
    ['选择开关', 'Selector switch'],
    line(30, 0, 30, 26) + circle(30, 40, 12) + line(30, 40, 40, 32) + line(30, 52, 30, 80),
    'selector',
    'hand off auto',
  ],
  [
    'switch-limit',
    ['限位开关', 'Limit switch'],
    line(30, 0, 30, 26) +
      line(30, 54, 30, 80) +
      line(30, 54, 44, 30) +
      poly([
        [44, 30],
        [52, 26],
        [50, 36],
      ]),
    'limit',
    'position',
  ],
  [
    'switch-float',
    ['浮球开关', 'Float switch'],
    line(30, 0, 30, 26) + line(30, 54, 30, 80) + line(30, 54, 44, 30) + circle(50, 24, 6),
    'float',
    'level switch',
  ],
  [
    'switch-pressure',
    ['压力开关', 'Pressure switch'],
    line(30, 0, 30, 26) + line(30, 54, 30, 80) + line(30, 54, 44, 30) + path('M44 30 h10 v-8 h-10 z'),
    'pressure switch',
  ],
  [
    'breaker-mcb',
    ['微型断路器', 'Miniature circuit breaker'],
    line(30, 0, 30, 26) + line(30, 54, 30, 80) + line(30, 54, 44, 28) + path('M26 22 L34 30 M34 22 L26 30'),
    'breaker',
    'MCB',
  ],
  [
    'breaker-mccb',
    ['塑壳断路器', 'Moulded-case breaker'],
    rect(16, 20, 28, 40) + line(30, 0, 30, 20) + line(30, 60, 30, 80) + line(30, 52, 40, 30),
    'breaker',
    'MCCB',
  ],
  [
    'breaker-acb',
    ['框架断路器', 'Air circuit breaker'],
    rect(12, 16, 36, 48) + line(30, 0, 30, 16) + line(30, 64, 30, 80) + rect(22, 30, 16, 20),
    'breaker',
    'ACB',
  ],
  [
    'breaker-disconnector',
    ['隔离开关', 'Disconnector'],
    line(30, 0, 30, 26) + line(30, 54, 30, 80) + line(30, 54, 44, 28) + line(22, 26, 38, 26),
    'disconnector',
    'isolator',
  ],
  [
    'breaker-fuse',
    ['熔断器', 'Fuse'],
    line(30, 0, 30, 20) + rect(22, 20, 16, 40) + line(30, 20, 30, 60) + line(30, 60, 30, 80),
    'fuse',
  ],
  [
    'breaker-contactor',
    ['接触器', 'Contactor'],
    line(30, 0, 30, 26) + line(30, 54, 30, 80) + line(30, 54, 44, 28) + path('M24 26 A6 6 0 0 1 36 26'),
    'contactor',
    'starter',
  ],
  [
    'transformer-two-winding',
    ['双绕组变压器', 'Transformer'],
    circle(30, 30, 16) + circle(30, 50, 16) + line(30, 0, 30, 14) + line(30, 66, 30, 80),
    'transformer',
    'power',
  ],
  [
    'transformer-three-winding',
    ['三绕组变压器', 'Three-winding transformer'],
    circle(24, 30, 14) + circle(36, 30, 14) + circle(30, 50, 14) + line(30, 0, 30, 16) + line(30, 64, 30, 80),
    'transformer',
    'three winding',
  ],
  [
    'transformer-auto',
    ['自耦变压器', 'Autotransformer'],
    circle(30, 40, 18) + line(30, 0, 30, 22) + line(30, 58, 30, 80) + path('M30 40 L46 20'),
    'transformer',
    'auto',
  ],
  [
    'transformer-current',
    ['电流互感器', 'Current transformer'],
    circle(30, 40, 12) + line(30, 0, 30, 80),
    'CT',
    'current',
  ],
  [
    'transformer-voltage',
    ['电压互感器', 'Voltage transformer'],
    circle(30, 34, 12) + circle(30, 50, 12) + line(30, 0, 30, 22) + line(30, 62, 30, 80),
    'VT',
    'PT',
    'voltage',
  ],
];

function electrical([id, name, drawing, ...keywords]: (typeof ELECTRICAL)[number]): SymbolSpec {
  return {
    id,
    category: 'electrical',
    name,
    keywords: ['electrical', '电气', ...keywords],
    size: [60, 80],
    content: part('contact', ISA_COLOURS.stopped, drawing),
    parts: [CONTACT],
    ports: TERMINALS,
  };
}

const LAMPS = [
  ['red', '红', '#e53935'],
  ['green', '绿', '#43a047'],
  ['yellow', '黄', '#fdd835'],
  ['blue', '蓝', '#1e88e5'],
  ['white', '白', '#f5f5f5'],
  ['amber', '琥珀', ISA_COLOURS.warning],
] as const;

function lamp([key, zh, colour]: (typeof LAMPS)[number]): SymbolSpec {
  return {
    id: `lamp-${key}`,
    category: 'alarm',
    name: [`${zh}色指示灯`, `${key[0]!.toUpperCase()}${key.slice(1)} pilot lamp`],
    keywords: ['lamp', 'light', 'pilot', 'indicator', '指示灯', key],
    size: [50, 50],
    content:
      part('lamp', ISA_COLOURS.stopped, circle(25, 25, 20)) + line(11, 11, 39, 39) + line(39, 11, 11, 39),
    parts: [statePart('lamp', '灯', 'Lamp', lampColours(colour))],
    ports: [],
  };
}

const WAVES = `<g data-part="waves" fill="none">${path('M48 14 q8 12 0 24 M54 8 q12 18 0 36')}</g>`;
const ALARM_PARTS = [
  statePart('alarm', '报警器', 'Alarm', lampColours(ISA_COLOURS.fault)),
  indicatorPart('waves', '声光', 'Sounding'),
];

const ALARMS: readonly (readonly [string, readonly [string, string], string, ...string[]])[] = [
  [
    'alarm-horn',
    ['报警喇叭', 'Horn'],
    poly([
      [6, 18],
      [18, 18],
      [38, 6],
      [38, 46],
      [18, 34],
      [6, 34],
    ]),
    'horn',
    'sounder',
  ],
  [
    'alarm-bell',
    ['电铃', 'Bell'],
    path('M10 40 H42 L36 32 V20 A10 10 0 0 0 16 20 V32 Z') + circle(26, 44, 3),
    'bell',
  ],
  ['alarm-siren', ['警笛', 'Siren'], path('M8 44 V26 A18 18 0 0 1 44 26 V44 Z'), 'siren'],
  [
    'alarm-beacon',
    ['警示灯', 'Beacon'],
    path('M12 44 V22 A14 14 0 0 1 40 22 V44 Z') + rect(8, 44, 36, 6),
    'beacon',
    'strobe',
    'flashing',
  ],
  [
    'alarm-annunciator',
    ['报警光字牌', 'Annunciator'],
    rect(4, 8, 44, 36) + line(4, 26, 48, 26),
    'annunciator',
    'window',
  ],
];

function alarm([id, name, drawing, ...keywords]: (typeof ALARMS)[number]): SymbolSpec {
  return {
    id,
    category: 'alarm',
    name,
    keywords: ['alarm', '报警', ...keywords],
    size: [70, 52],
    content: part('alarm', ISA_COLOURS.stopped, drawing) + WAVES,
    parts: ALARM_PARTS,
    ports: [],
  };
}

export const INSTRUMENT_SYMBOLS: readonly IndustrialSymbol[] = [
  ...VARIABLES.flatMap((variable) =>
    FUNCTIONS.flatMap((fn) => LOCATIONS.map((location) => bubble(variable, fn, location))),
  ),
  ...FLOW_ELEMENTS.map(flowElement),
  ...ELECTRICAL.map(electrical),
  ...LAMPS.map(lamp),
  ...ALARMS.map(alarm),
].map(defineSymbol);
