import { describe, expect, it } from 'vitest';
import { catalogueCodeOf, classifyModbusError, ModbusRequestError } from './modbus-errors.ts';
import { buildPoint } from './testing/model-builders.ts';
import { mergeBit, planWrite } from './write-planner.ts';

describe('write planning', () => {
  const setpoint = buildPoint({
    key: 'setpoint',
    dataType: 'short',
    address: '100',
    readWrite: 'read-write',
    collectionFormula: 'x / 10',
    writeFormula: 'x * 10',
    writeLowerLimit: 30,
    writeUpperLimit: 95,
  });

  it('applies the write formula and writes one register with function 06', () => {
    const result = planWrite(setpoint, '72.5');
    expect(result).toMatchObject({
      ok: true,
      plan: { kind: 'values', functionCode: 6, start: 100, values: [725], value: 72.5, raw: 725 },
    });
  });

  it('writes multi-register values with function 16 in the driver byte order', () => {
    const point = buildPoint(
      { key: 'limit', dataType: 'float', readWrite: 'read-write' },
      { byteOrder32: 'CDAB' },
    );
    expect(planWrite(point, 123.456)).toMatchObject({
      ok: true,
      plan: { functionCode: 16, values: [0xe979, 0x42f6] },
    });
  });

  it('writes coils with function 05 and register bits as read-modify-write', () => {
    const coil = buildPoint({
      key: 'pump',
      registerType: 'coil',
      dataType: 'boolean',
      readWrite: 'read-write',
    });
    expect(planWrite(coil, 1)).toMatchObject({ ok: true, plan: { functionCode: 5, values: [1] } });
    const bit = buildPoint({ key: 'remote', dataType: 'boolean', bitIndex: 4, readWrite: 'read-write' });
    const result = planWrite(bit, 'true');
    expect(result).toMatchObject({
      ok: true,
      plan: { kind: 'register-bit', functionCode: 6, bitIndex: 4, bit: 1 },
    });
    if (!result.ok || result.plan.kind !== 'register-bit') throw new Error('expected a bit plan');
    expect(mergeBit(result.plan, 0xff00)).toBe(0xff10);
  });

  it('refuses values beyond the write limits with 2003', () => {
    expect(planWrite(setpoint, 95.1)).toEqual({ ok: false, code: '2003' });
    expect(planWrite(setpoint, 10)).toEqual({ ok: false, code: '2003' });
  });

  it('refuses raw values the data type cannot carry with 2003', () => {
    const point = buildPoint({
      key: 'speed',
      dataType: 'short',
      readWrite: 'read-write',
      writeFormula: 'x * 1000',
    });
    expect(planWrite(point, 40)).toEqual({ ok: false, code: '2003' });
  });

  it('refuses read-only variables, tables and missing permission', () => {
    expect(planWrite(buildPoint({ key: 'temp' }), 1)).toEqual({ ok: false, code: '2004' });
    expect(
      planWrite(buildPoint({ key: 'di', registerType: 'discrete-input', dataType: 'boolean' }), 1),
    ).toEqual({ ok: false, code: '99905' });
    expect(
      planWrite(buildPoint({ key: 'locked', readWrite: 'read-write', writePermission: false }), 1),
    ).toEqual({ ok: false, code: '1202' });
    expect(planWrite(setpoint, '')).toEqual({ ok: false, code: '1403' });
  });

  it('fails writes whose formula the engine does not support with 1617000', () => {
    const point = buildPoint({ key: 'odd', readWrite: 'read-write', writeFormula: 'noSuchFunction(x)' });
    expect(planWrite(point, 3)).toEqual({ ok: false, code: '1617000' });
  });

  it('encodes strings NUL-padded with 16', () => {
    const point = buildPoint({ key: 'tag', dataType: 'string', stringLength: 6, readWrite: 'read-write' });
    expect(planWrite(point, 'AB')).toMatchObject({
      ok: true,
      plan: { functionCode: 16, values: [0x4142, 0, 0] },
    });
  });
});

describe('failure mapping', () => {
  it('maps Modbus exceptions to the Modbus-style codes and the write failure codes', () => {
    const exception = (exceptionCode: number) => ({ kind: 'exception', exceptionCode }) as const;
    expect(catalogueCodeOf(exception(1), 'read')).toBe('1731');
    expect(catalogueCodeOf(exception(2), 'read')).toBe('1732');
    expect(catalogueCodeOf(exception(2), 'write')).toBe('1721');
    expect(catalogueCodeOf(exception(3), 'write')).toBe('2003');
    expect(catalogueCodeOf(exception(4), 'write')).toBe('1711');
    expect(catalogueCodeOf(exception(6), 'read')).toBe('1735');
    expect(catalogueCodeOf(exception(6), 'write')).toBe('1712');
    expect(catalogueCodeOf(exception(8), 'read')).toBe('1736');
    expect(catalogueCodeOf(exception(10), 'read')).toBe('1737');
    expect(catalogueCodeOf(exception(11), 'read')).toBe('1738');
    expect(catalogueCodeOf(exception(42), 'read')).toBe('90099');
    expect(catalogueCodeOf({ kind: 'timeout' }, 'read')).toBe('1740');
    expect(catalogueCodeOf({ kind: 'timeout' }, 'write')).toBe('1715');
    expect(catalogueCodeOf({ kind: 'connection' }, 'write')).toBe('99901');
  });

  it('classifies what the Modbus client throws', () => {
    const exception = Object.assign(new Error('Modbus exception 2: Illegal data address'), { modbusCode: 2 });
    expect(classifyModbusError(exception)).toEqual({ kind: 'exception', exceptionCode: 2 });
    expect(
      classifyModbusError({ name: 'TransactionTimedOutError', message: 'Timed out', errno: 'ETIMEDOUT' }),
    ).toEqual({ kind: 'timeout' });
    expect(
      classifyModbusError(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
      ),
    ).toEqual({
      kind: 'connection',
    });
    expect(classifyModbusError({ message: 'Port Not Open', errno: 'ECONNREFUSED' })).toEqual({
      kind: 'connection',
    });
    expect(classifyModbusError(new Error('CRC error'))).toEqual({ kind: 'malformed' });
    expect(classifyModbusError(new ModbusRequestError({ kind: 'timeout' }, 'late'))).toEqual({
      kind: 'timeout',
    });
    expect(classifyModbusError('weird')).toEqual({ kind: 'unknown' });
  });
});
