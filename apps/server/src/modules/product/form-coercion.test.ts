import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { driverSchema, variableSchema } from '@lyyp/contracts/device-model';
import { coerceFormValue } from './form-coercion.ts';

describe('form text coerced to the schema types', () => {
  it('turns numbers and booleans of a nested variable into their types', () => {
    const form = {
      key: 't',
      name: 'T',
      dataType: 'short',
      decimals: '1',
      deadZone: '0.5',
      writePermission: 'false',
      stateMapping: { 1: { value: '1', text: 'on' }, 0: { value: '0', text: 'off' } },
    };
    expect(coerceFormValue(variableSchema, form)).toEqual({
      key: 't',
      name: 'T',
      dataType: 'short',
      decimals: 1,
      deadZone: 0.5,
      writePermission: false,
      stateMapping: [
        { value: 0, text: 'off' },
        { value: 1, text: 'on' },
      ],
    });
  });

  it('follows the protocol of a driver to the fields of that protocol', () => {
    const rtu = coerceFormValue(driverSchema, {
      protocol: 'modbus-rtu',
      key: 'k',
      name: 'Line 2',
      slaveId: '3',
      baudRate: '19200',
      stopBits: '2',
      serialPort: '/dev/ttyS0',
    });
    expect(rtu).toMatchObject({ slaveId: 3, baudRate: 19200, stopBits: 2, serialPort: '/dev/ttyS0' });
    expect(driverSchema.parse(rtu)).toMatchObject({
      protocol: 'modbus-rtu',
      baudRate: 19200,
      parity: 'none',
    });
    const tcp = coerceFormValue(driverSchema, {
      protocol: 'modbus-tcp',
      key: 'k',
      name: 'PLC',
      slaveId: '1',
      host: '10.0.0.1',
      port: '1502',
    });
    expect(driverSchema.parse(tcp)).toMatchObject({ port: 1502 });
  });

  it('reads an empty text as not given, or as cleared where null is allowed', () => {
    const schema = z.object({ a: z.number().optional(), b: z.string().nullable().optional(), c: z.number() });
    expect(coerceFormValue(schema, { a: '', b: '', c: '' })).toEqual({ b: null, c: '' });
  });

  it('leaves text that is not a number for the schema to refuse', () => {
    expect(coerceFormValue(z.object({ n: z.number() }), { n: '12abc' })).toEqual({ n: '12abc' });
    expect(coerceFormValue(z.object({ n: z.number() }), { n: '-1.5e2' })).toEqual({ n: -150 });
  });

  it('reads through a preprocessed schema and picks the union option the text fits', () => {
    const schema = z.object({
      item: z.preprocess((value) => value, z.object({ n: z.number(), on: z.boolean() })),
      times: z.union([z.number().int(), z.literal('forever')]),
      expected: z.union([z.literal(0), z.literal(1)]),
    });
    expect(coerceFormValue(schema, { item: { n: '2', on: 'true' }, times: '3', expected: '1' })).toEqual({
      item: { n: 2, on: true },
      times: 3,
      expected: 1,
    });
    expect(coerceFormValue(schema, { item: {}, times: 'forever', expected: '2' })).toEqual({
      item: {},
      times: 'forever',
      expected: '2',
    });
  });
});
