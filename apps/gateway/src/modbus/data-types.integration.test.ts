/**
 * Every data type in every byte order, read over Modbus TCP from the simulator. The registers are
 * laid down from hand-computed words, not from the codec under test.
 */
import type { ModbusDriver, VariableInput } from '@lyyp/contracts/device-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDriver, buildModel, buildVariable } from '../core/testing/model-builders.ts';
import { sharedFormulaEngine } from '../core/shared-formula-engine.ts';
import { startModbusSimulator, type ModbusSimulator } from '../simulator/index.ts';
import { createModbusAgent, type ModbusAgent } from './index.ts';

interface OrderCase {
  readonly name: string;
  readonly orders: Pick<ModbusDriver, 'byteOrder16' | 'byteOrder32' | 'byteOrder64'>;
  /** Words at offsets 0-20 of the slave: unbyte, byte, unshort, short, unint, int, float, double, long, string. */
  readonly words: readonly number[];
}

// Values: unbyte 0xAB, byte -85, unshort 0xFB2E, short -1234, unint 0xFFFFFFFE, int -2,
// float 123.456 (0x42F6E979), double 1/3 (0x3FD5555555555555), long 0x0001020304050607, string "SN-42".
const CASES: readonly OrderCase[] = [
  {
    name: 'big-endian',
    orders: { byteOrder16: 'AB', byteOrder32: 'ABCD', byteOrder64: 'ABCDEFGH' },
    words: [
      0x00ab, 0x00ab, 0xfb2e, 0xfb2e, 0xffff, 0xfffe, 0xffff, 0xfffe, 0x42f6, 0xe979, 0x3fd5, 0x5555, 0x5555,
      0x5555, 0x0001, 0x0203, 0x0405, 0x0607, 0x534e, 0x2d34, 0x3200,
    ],
  },
  {
    name: 'byte swap',
    orders: { byteOrder16: 'BA', byteOrder32: 'BADC', byteOrder64: 'BADCFEHG' },
    words: [
      0xab00, 0xab00, 0x2efb, 0x2efb, 0xffff, 0xfeff, 0xffff, 0xfeff, 0xf642, 0x79e9, 0xd53f, 0x5555, 0x5555,
      0x5555, 0x0100, 0x0302, 0x0504, 0x0706, 0x4e53, 0x342d, 0x0032,
    ],
  },
  {
    name: 'word swap',
    orders: { byteOrder16: 'AB', byteOrder32: 'CDAB', byteOrder64: 'GHEFCDAB' },
    words: [
      0x00ab, 0x00ab, 0xfb2e, 0xfb2e, 0xfffe, 0xffff, 0xfffe, 0xffff, 0xe979, 0x42f6, 0x5555, 0x5555, 0x5555,
      0x3fd5, 0x0607, 0x0405, 0x0203, 0x0001, 0x534e, 0x2d34, 0x3200,
    ],
  },
  {
    name: 'little-endian',
    orders: { byteOrder16: 'BA', byteOrder32: 'DCBA', byteOrder64: 'HGFEDCBA' },
    words: [
      0xab00, 0xab00, 0x2efb, 0x2efb, 0xfeff, 0xffff, 0xfeff, 0xffff, 0x79e9, 0xf642, 0x5555, 0x5555, 0x5555,
      0xd53f, 0x0706, 0x0504, 0x0302, 0x0100, 0x4e53, 0x342d, 0x0032,
    ],
  },
];

const LAYOUT: readonly Omit<VariableInput, 'key' | 'name'>[] = [
  { address: '0', dataType: 'unbyte' },
  { address: '1', dataType: 'byte' },
  { address: '2', dataType: 'unshort' },
  { address: '3', dataType: 'short' },
  { address: '4', dataType: 'unint' },
  { address: '6', dataType: 'int' },
  { address: '8', dataType: 'float', decimals: 3 },
  { address: '10', dataType: 'double', decimals: 6 },
  { address: '14', dataType: 'long' },
  { address: '18', dataType: 'string', stringLength: 5 },
];

const EXPECTED = [0xab, -85, 0xfb2e, -1234, 0xfffffffe, -2, 123.456, 0.333333, 0x0001020304050607, 'SN-42'];
const STRIDE = 40;

const variablesFor = (index: number, driverKey: string): VariableInput[] =>
  LAYOUT.map((layout) =>
    buildVariable({
      ...layout,
      key: `${layout.dataType}_${index}`,
      driverKey,
      address: String(index * STRIDE + Number(layout.address)),
    }),
  );

describe('data types and byte orders over Modbus TCP', () => {
  let simulator: ModbusSimulator;
  let agent: ModbusAgent;

  beforeAll(async () => {
    // The simulator only needs the register map: one slave holding all four layouts.
    const map = buildModel(
      CASES.flatMap((_, index) => [
        ...variablesFor(index, 'plc'),
        buildVariable({
          key: `flags_${index}`,
          address: String(index * STRIDE + 25),
          dataType: 'boolean',
          bitIndex: 0,
        }),
      ]).concat([
        buildVariable({ key: 'coil0', registerType: 'coil', address: '0', dataType: 'boolean' }),
        buildVariable({ key: 'coil9', registerType: 'coil', address: '9', dataType: 'boolean' }),
        buildVariable({ key: 'input0', registerType: 'discrete-input', address: '0', dataType: 'boolean' }),
        buildVariable({ key: 'input1', registerType: 'discrete-input', address: '1', dataType: 'boolean' }),
      ]),
    );
    simulator = await startModbusSimulator({ model: map });
    CASES.forEach((orderCase, index) => {
      simulator.device.memory.write('holding-register', index * STRIDE, orderCase.words);
    });
    simulator.device.memory.write('holding-register', 25, [0b1010]);
    simulator.device.memory.write('coil', 0, [1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    simulator.device.memory.write('discrete-input', 0, [0, 1]);

    const drivers = CASES.map((orderCase, index) =>
      buildDriver({ key: `slave${index}`, slaveId: index + 1, port: simulator.port, ...orderCase.orders }),
    );
    const bits = [0, 1, 2, 3].map((bitIndex) =>
      buildVariable({
        key: `bit${bitIndex}`,
        driverKey: 'slave0',
        address: '25',
        dataType: 'boolean',
        bitIndex,
      }),
    );
    const coils = [
      buildVariable({
        key: 'coil0',
        driverKey: 'slave0',
        registerType: 'coil',
        address: '0',
        dataType: 'boolean',
      }),
      buildVariable({
        key: 'coil9',
        driverKey: 'slave0',
        registerType: 'coil',
        address: '9',
        dataType: 'boolean',
      }),
      buildVariable({
        key: 'input0',
        driverKey: 'slave0',
        registerType: 'discrete-input',
        address: '0',
        dataType: 'boolean',
      }),
      buildVariable({
        key: 'input1',
        driverKey: 'slave0',
        registerType: 'discrete-input',
        address: '1',
        dataType: 'boolean',
      }),
    ];
    const model = buildModel(
      [...CASES.flatMap((_, index) => variablesFor(index, `slave${index}`)), ...bits, ...coils],
      drivers,
    );
    agent = createModbusAgent({ model, formulas: sharedFormulaEngine, onReport: () => undefined });
  });

  afterAll(async () => {
    await agent.stop();
    await simulator.stop();
  });

  CASES.forEach((orderCase, index) => {
    it(`decodes every data type laid out ${orderCase.name}`, async () => {
      const keys = LAYOUT.map((layout) => `${layout.dataType}_${index}`);
      const samples = await agent.readNow(keys);
      expect(samples.map((sample) => (sample.kind === 'reading' ? sample.value : sample.code))).toEqual(
        EXPECTED,
      );
    });
  });

  it('extracts bits of a register, coils and discrete inputs', async () => {
    const samples = await agent.readNow([
      'bit0',
      'bit1',
      'bit2',
      'bit3',
      'coil0',
      'coil9',
      'input0',
      'input1',
    ]);
    expect(samples.map((sample) => (sample.kind === 'reading' ? sample.value : sample.code))).toEqual([
      0, 1, 0, 1, 1, 1, 0, 1,
    ]);
  });
});
