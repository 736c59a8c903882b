/**
 * A ready-made demo product: a gas-fired steam boiler with one controller on Modbus TCP. The edge
 * agent's built-in simulator serves exactly this register map, so the platform can seed a demo
 * product and a simulated device from it. Values cover every data type, both byte orders the
 * controller uses (32-bit words low word first), state mappings and writable set-points.
 *
 * Register map (protocol addresses, 0-based):
 *   input registers  0-1 water temp (float) · 2-3 return temp (float) · 4-5 steam pressure (float)
 *                    6 flue temp (short ×10) · 7 outdoor temp (short ×10) · 8 water level (unshort ×10)
 *                    9 flame (unbyte) · 10 O2 trim (byte) · 12-13 burner starts (unint)
 *                    14-15 heat output (int) · 16-19 gas total (double) · 20-23 energy total (long)
 *                    24-31 serial number (16 chars) · 32 status bits: 0 running, 1 low water,
 *                    2 over-pressure, 3 flame failure
 *   holding registers 100 temperature set-point (short ×10) · 101 operating mode · 102-103 pressure
 *                    alarm limit (float) · 104-105 maintenance interval (unint) · 106 bit 0 remote
 *                    enable · 110 firmware version (read-only)
 *   coils            0 burner enable · 1 pump command · 2 alarm reset (write-only pulse)
 *   discrete inputs  0 pump running · 1 door open
 */
import type { AlarmRuleInput } from '../alarm/rule.ts';
import type { ReportDefinitionInput } from '../report/report.ts';
import { deviceModelSchema, type DeviceModel, type DeviceModelInput } from './device-model.ts';
import type { ScriptInput } from './script.ts';
import type { VariableInput } from './variable.ts';

export const DEMO_BOILER_PRODUCT = {
  title: '燃气蒸汽锅炉（演示）',
  productModel: 'LY-BLR-2T',
  note: '内置模拟器的演示产品：温度、压力、计数器、状态与报警位、可写设定值。',
} as const;

export const DEMO_BOILER_DRIVER_KEY = 'boiler';

const onOff = (off: string, on: string) => [
  { value: 0, text: off },
  { value: 1, text: on },
];

const input = (variable: Omit<VariableInput, 'driverKey' | 'registerType'>): VariableInput => ({
  driverKey: DEMO_BOILER_DRIVER_KEY,
  registerType: 'input-register',
  ...variable,
});
const holding = (variable: Omit<VariableInput, 'driverKey' | 'registerType'>): VariableInput => ({
  driverKey: DEMO_BOILER_DRIVER_KEY,
  registerType: 'holding-register',
  ...variable,
});

const DEMO_BOILER_VARIABLES: VariableInput[] = [
  input({
    key: 'waterTemperature',
    name: '出水温度',
    address: '0',
    dataType: 'float',
    unit: '℃',
    decimals: 1,
    deadZone: 0.2,
    collectionLowerLimit: 0,
    collectionUpperLimit: 110,
  }),
  input({
    key: 'returnTemperature',
    name: '回水温度',
    address: '2',
    dataType: 'float',
    unit: '℃',
    decimals: 1,
    deadZone: 0.2,
  }),
  input({
    key: 'steamPressure',
    name: '蒸汽压力',
    address: '4',
    dataType: 'float',
    unit: 'MPa',
    decimals: 3,
    deadZone: 0.005,
    collectionLowerLimit: 0,
    collectionUpperLimit: 1.25,
  }),
  input({
    key: 'flueTemperature',
    name: '排烟温度',
    address: '6',
    dataType: 'short',
    unit: '℃',
    decimals: 1,
    collectionFormula: 'x / 10',
  }),
  input({
    key: 'outdoorTemperature',
    name: '室外温度',
    address: '7',
    dataType: 'short',
    unit: '℃',
    decimals: 1,
    collectionFormula: 'x / 10',
  }),
  input({
    key: 'waterLevel',
    name: '汽包水位',
    address: '8',
    dataType: 'unshort',
    unit: '%',
    decimals: 1,
    collectionFormula: 'x / 10',
    collectionLowerLimit: 25,
    collectionUpperLimit: 85,
  }),
  input({ key: 'flameIntensity', name: '火焰强度', address: '9', dataType: 'unbyte', unit: '%' }),
  input({ key: 'oxygenTrim', name: '氧量修正', address: '10', dataType: 'byte', unit: '%' }),
  input({ key: 'burnerStarts', name: '点火次数', address: '12', dataType: 'unint', unit: '次' }),
  input({ key: 'heatOutput', name: '瞬时热功率', address: '14', dataType: 'int', unit: 'kW', deadZone: 5 }),
  input({
    key: 'gasTotal',
    name: '累计燃气量',
    address: '16',
    dataType: 'double',
    unit: 'm³',
    decimals: 2,
    deadZone: 0.5,
  }),
  input({ key: 'energyTotal', name: '累计热量', address: '20', dataType: 'long', unit: 'kWh' }),
  input({
    key: 'serialNumber',
    name: '设备序列号',
    address: '24',
    dataType: 'string',
    stringLength: 16,
    collectionMode: 'on-demand',
  }),
  input({
    key: 'running',
    name: '运行状态',
    address: '32',
    dataType: 'boolean',
    bitIndex: 0,
    stateMapping: onOff('停止', '运行'),
  }),
  input({
    key: 'lowWaterAlarm',
    name: '低水位报警',
    address: '32',
    dataType: 'boolean',
    bitIndex: 1,
    stateMapping: onOff('正常', '报警'),
  }),
  input({
    key: 'overPressureAlarm',
    name: '超压报警',
    address: '32',
    dataType: 'boolean',
    bitIndex: 2,
    stateMapping: onOff('正常', '报警'),
  }),
  input({
    key: 'flameFailure',
    name: '熄火报警',
    address: '32',
    dataType: 'boolean',
    bitIndex: 3,
    stateMapping: onOff('正常', '报警'),
  }),
  holding({
    key: 'temperatureSetpoint',
    name: '出水温度设定',
    address: '100',
    dataType: 'short',
    unit: '℃',
    decimals: 1,
    readWrite: 'read-write',
    collectionFormula: 'x / 10',
    writeFormula: 'x * 10',
    writeLowerLimit: 30,
    writeUpperLimit: 95,
  }),
  holding({
    key: 'operatingMode',
    name: '运行模式',
    address: '101',
    dataType: 'unshort',
    readWrite: 'read-write',
    writeLowerLimit: 0,
    writeUpperLimit: 3,
    stateMapping: [
      { value: 0, text: '停机' },
      { value: 1, text: '手动' },
      { value: 2, text: '自动' },
      { value: 3, text: '节能' },
    ],
  }),
  holding({
    key: 'pressureAlarmLimit',
    name: '超压报警值',
    address: '102',
    dataType: 'float',
    unit: 'MPa',
    decimals: 2,
    readWrite: 'read-write',
    writeLowerLimit: 0.1,
    writeUpperLimit: 1.6,
  }),
  holding({
    key: 'maintenanceHours',
    name: '保养间隔',
    address: '104',
    dataType: 'unint',
    unit: 'h',
    readWrite: 'read-write',
    writeLowerLimit: 100,
    writeUpperLimit: 20000,
  }),
  holding({
    key: 'remoteEnable',
    name: '远程使能',
    address: '106',
    dataType: 'boolean',
    bitIndex: 0,
    readWrite: 'read-write',
    stateMapping: onOff('本地', '远程'),
  }),
  holding({
    key: 'firmwareVersion',
    name: '固件版本',
    address: '110',
    dataType: 'unshort',
    collectionMode: 'on-demand',
  }),
  {
    key: 'burnerEnable',
    name: '燃烧器使能',
    driverKey: DEMO_BOILER_DRIVER_KEY,
    registerType: 'coil',
    address: '0',
    dataType: 'boolean',
    readWrite: 'read-write',
    stateMapping: onOff('关', '开'),
  },
  {
    key: 'pumpCommand',
    name: '循环泵启停',
    driverKey: DEMO_BOILER_DRIVER_KEY,
    registerType: 'coil',
    address: '1',
    dataType: 'boolean',
    readWrite: 'read-write',
    stateMapping: onOff('停止', '启动'),
  },
  {
    key: 'alarmReset',
    name: '报警复位',
    driverKey: DEMO_BOILER_DRIVER_KEY,
    registerType: 'coil',
    address: '2',
    dataType: 'boolean',
    readWrite: 'write-only',
  },
  {
    key: 'pumpRunning',
    name: '循环泵运行',
    driverKey: DEMO_BOILER_DRIVER_KEY,
    registerType: 'discrete-input',
    address: '0',
    dataType: 'boolean',
    stateMapping: onOff('停止', '运行'),
  },
  {
    key: 'doorOpen',
    name: '炉门状态',
    driverKey: DEMO_BOILER_DRIVER_KEY,
    registerType: 'discrete-input',
    address: '1',
    dataType: 'boolean',
    stateMapping: onOff('关闭', '打开'),
  },
];

/**
 * Variables the gateway computes or keeps (§3 types): the supply/return temperature difference,
 * the highest steam pressure seen (a summary: it reads its own previous value), the burner's run
 * hours counted by a script, and the shutdown request the shutdown script acts on.
 */
const DEMO_BOILER_COMPUTED_VARIABLES: VariableInput[] = [
  {
    key: 'temperatureRise',
    name: '供回水温差',
    kind: 'intermediate',
    dataType: 'float',
    unit: '℃',
    decimals: 1,
    deadZone: 0.2,
    formula: 'waterTemperature - returnTemperature',
  },
  {
    key: 'peakPressure',
    name: '最高蒸汽压力',
    kind: 'summary',
    dataType: 'float',
    unit: 'MPa',
    decimals: 3,
    formula: 'max(peakPressure, steamPressure)',
  },
  {
    key: 'runHours',
    name: '燃烧器运行小时',
    kind: 'internal',
    dataType: 'double',
    unit: 'h',
    decimals: 2,
    deadZone: 0.01,
    // Reset or set after a burner change.
    readWrite: 'read-write',
  },
  {
    key: 'shutdownRequest',
    name: '停炉请求',
    kind: 'internal',
    dataType: 'boolean',
    readWrite: 'read-write',
    stateMapping: onOff('无', '停炉中'),
  },
];

/** Interval of the run-hour counter, in seconds. */
const RUN_HOUR_INTERVAL_SECONDS = 10;

/** The demo product's edge scripts: a run-hour counter and a staged shutdown sequence. */
const DEMO_BOILER_SCRIPTS: ScriptInput[] = [
  {
    key: 'runHourCounter',
    name: '运行小时计数',
    policy: 'periodic',
    intervalSeconds: RUN_HOUR_INTERVAL_SECONDS,
    code: [
      '// Adds the interval to runHours while the burner runs (status bit 0).',
      "if (read('running') === 1) {",
      `  write('runHours', (read('runHours') || 0) + ${RUN_HOUR_INTERVAL_SECONDS} / 3600);`,
      '}',
    ].join('\n'),
  },
  {
    key: 'shutdownSequence',
    name: '停炉顺序',
    policy: 'condition',
    condition: 'shutdownRequest == 1',
    frequency: 'repeat',
    intervalSeconds: 5,
    code: [
      '// Burner off first; the circulation pump keeps running until the water is below 60 ℃.',
      "if (read('burnerEnable') === 1) {",
      "  write('burnerEnable', 0);",
      "  log('burner off');",
      "} else if (read('waterTemperature') < 60) {",
      "  write('pumpCommand', 0);",
      "  write('shutdownRequest', 0);",
      "  log('pump off, shutdown complete');",
      '} else {',
      "  log('cooling down, water at', read('waterTemperature'));",
      '}',
    ].join('\n'),
  },
];

export interface DemoBoilerEndpoint {
  readonly host?: string;
  readonly port?: number;
  readonly slaveId?: number;
  readonly pollIntervalMs?: number;
  readonly timeoutMs?: number;
}

/** The demo model as a developer would import it, pointed at a given simulator endpoint. */
export function demoBoilerModelInput(endpoint: DemoBoilerEndpoint = {}): DeviceModelInput {
  return {
    drivers: [
      {
        key: DEMO_BOILER_DRIVER_KEY,
        name: '锅炉控制器',
        protocol: 'modbus-tcp',
        host: endpoint.host ?? '127.0.0.1',
        port: endpoint.port ?? 502,
        slaveId: endpoint.slaveId ?? 1,
        pollIntervalMs: endpoint.pollIntervalMs ?? 1000,
        timeoutMs: endpoint.timeoutMs ?? 1000,
        byteOrder16: 'AB',
        byteOrder32: 'CDAB',
        byteOrder64: 'ABCDEFGH',
      },
    ],
    variables: [...DEMO_BOILER_VARIABLES, ...DEMO_BOILER_COMPUTED_VARIABLES].map((variable) => ({
      ...variable,
    })),
    scripts: DEMO_BOILER_SCRIPTS.map((script) => ({ ...script })),
  };
}

/** The demo model, validated and with every default filled in. */
export function demoBoilerModel(endpoint: DemoBoilerEndpoint = {}): DeviceModel {
  return deviceModelSchema.parse(demoBoilerModelInput(endpoint));
}

/**
 * The demo product's alarm rules: its three alarm bits (low water, over-pressure, flame failure)
 * and a high water temperature, all told to the given groups in the app. Ids are given when the
 * demo is seeded.
 */
export function demoBoilerAlarmRules(groupIds: readonly string[]): Omit<AlarmRuleInput, 'id'>[] {
  const bitAlarm = (name: string, variableKey: string, message: string) => ({
    name,
    variableKey,
    condition: { operator: 'bit' as const, bit: 0, expected: 1 as const },
    groupIds: [...groupIds],
    pushMethods: ['app' as const],
    message,
  });
  return [
    bitAlarm('低水位', 'lowWaterAlarm', '{device}：汽包水位过低，燃烧器已闭锁'),
    bitAlarm('超压', 'overPressureAlarm', '{device}：蒸汽压力超过报警限值'),
    bitAlarm('熄火', 'flameFailure', '{device}：燃烧器熄火，请检查点火与燃气'),
    {
      name: '出水温度过高',
      variableKey: 'waterTemperature',
      condition: { operator: 'gt', limit: { kind: 'value', value: 90 } },
      deadBand: 2,
      filterCount: 3,
      groupIds: [...groupIds],
      pushMethods: ['app'],
      message: '{device}：出水温度 {value}{unit}，超过 {limit}{unit}',
    },
  ];
}

/**
 * The demo product's history reports: hourly consumption (gas and heat as differences of their
 * counters, with the mean water temperature and the peak steam pressure) and the heat produced
 * while the burner runs (condition mode). Ids are given when the demo is seeded.
 */
export function demoBoilerReports(): Omit<ReportDefinitionInput, 'id'>[] {
  return [
    {
      name: '能耗小时报表',
      type: 'consumption',
      storageMode: 'periodic',
      intervalMinutes: 60,
      variables: [
        { key: 'gasTotal', aggregation: 'difference' },
        { key: 'energyTotal', aggregation: 'difference' },
        { key: 'waterTemperature', aggregation: 'average' },
        { key: 'steamPressure', aggregation: 'max' },
      ],
    },
    {
      name: '运行产热报表',
      type: 'production',
      storageMode: 'condition',
      storage: 'interval',
      intervalMinutes: 60,
      condition: { variableKey: 'running', operator: '==', value: 1 },
      variables: [
        { key: 'energyTotal', aggregation: 'difference' },
        { key: 'heatOutput', aggregation: 'average' },
      ],
    },
  ];
}
