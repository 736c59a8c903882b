import { describe, expect, it } from 'vitest';
import {
  DEMO_BOILER_DRIVER_KEY,
  checkWriteValue,
  demoBoilerModel,
  demoBoilerModelInput,
  deviceModelSchema,
  driverSchema,
  formatRegisterAddress,
  parseRegisterAddress,
  variableSchema,
  type VariableInput,
} from './index.ts';

/** The catalogue code and field of each issue a schema raised. */
function issuesOf(result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[]; params?: unknown }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => ({
    code: issue.message.replace('catalogue:', ''),
    path: issue.path.join('.'),
    params: issue.params,
  }));
}

const base: VariableInput = {
  key: 'waterTemperature',
  name: '出水温度',
  driverKey: 'plc',
  registerType: 'holding-register',
  address: '100',
  dataType: 'short',
};

const variable = (patch: Partial<VariableInput>) => variableSchema.safeParse({ ...base, ...patch });

describe('register addresses', () => {
  it('reads decimal, hexadecimal and PLC notation as the same protocol address', () => {
    expect(parseRegisterAddress('100', 'decimal', 'holding-register')).toEqual({ ok: true, offset: 100 });
    expect(parseRegisterAddress('0x0064', 'hex', 'holding-register')).toEqual({ ok: true, offset: 100 });
    expect(parseRegisterAddress('64', 'hex', 'holding-register')).toEqual({ ok: true, offset: 100 });
    expect(parseRegisterAddress('40101', 'plc', 'holding-register')).toEqual({ ok: true, offset: 100 });
    expect(parseRegisterAddress('400101', 'plc', 'holding-register')).toEqual({ ok: true, offset: 100 });
    expect(parseRegisterAddress('30001', 'plc', 'input-register')).toEqual({ ok: true, offset: 0 });
    expect(parseRegisterAddress('00003', 'plc', 'coil')).toEqual({ ok: true, offset: 2 });
    expect(parseRegisterAddress('465536', 'plc', 'holding-register')).toEqual({ ok: true, offset: 65535 });
  });

  it('refuses malformed addresses with 99904', () => {
    for (const [text, type, table] of [
      ['', 'decimal', 'holding-register'],
      ['65536', 'decimal', 'holding-register'],
      ['-1', 'decimal', 'holding-register'],
      ['1.5', 'decimal', 'holding-register'],
      ['0x10000', 'hex', 'holding-register'],
      ['0xG1', 'hex', 'holding-register'],
      ['30001', 'plc', 'holding-register'],
      ['40000', 'plc', 'holding-register'],
      ['465537', 'plc', 'holding-register'],
      ['4001', 'plc', 'holding-register'],
    ] as const) {
      expect(parseRegisterAddress(text, type, table), `${text} ${type}`).toEqual({
        ok: false,
        code: '99904',
      });
    }
  });

  it('formats an address back in each notation', () => {
    expect(formatRegisterAddress(100, 'plc', 'holding-register')).toBe('40101');
    expect(formatRegisterAddress(20000, 'plc', 'input-register')).toBe('320001');
    expect(formatRegisterAddress(100, 'hex', 'coil')).toBe('0x0064');
    expect(formatRegisterAddress(100, 'decimal', 'coil')).toBe('100');
  });
});

describe('variable schema (§3, §5)', () => {
  it('accepts a complete variable and fills the defaults', () => {
    const parsed = variableSchema.parse(base);
    expect(parsed).toMatchObject({
      kind: 'device',
      addressType: 'decimal',
      readWrite: 'read-only',
      decimals: 0,
      deadZone: 0,
      stateMapping: [],
      collectionMode: 'periodic',
      writePermission: true,
    });
  });

  it('limits formulas to 200 characters and refuses blank ones', () => {
    expect(variable({ collectionFormula: 'x'.repeat(200) }).success).toBe(true);
    expect(issuesOf(variable({ collectionFormula: 'x'.repeat(201) }))).toEqual([
      { code: '1137', path: 'collectionFormula', params: { field: 'collectionFormula', max: 200 } },
    ]);
    expect(issuesOf(variable({ writeFormula: '   ' }))).toEqual([
      { code: '1001', path: 'writeFormula', params: { field: 'writeFormula' } },
    ]);
  });

  it('requires upper limits above lower limits', () => {
    expect(variable({ collectionLowerLimit: 0, collectionUpperLimit: 100 }).success).toBe(true);
    expect(variable({ collectionLowerLimit: 5 }).success).toBe(true);
    expect(issuesOf(variable({ collectionLowerLimit: 10, collectionUpperLimit: 10 }))).toEqual([
      { code: '1002', path: 'collectionUpperLimit', params: { field: 'collectionUpperLimit' } },
    ]);
    expect(issuesOf(variable({ writeLowerLimit: 50, writeUpperLimit: 20 }))).toEqual([
      { code: '1002', path: 'writeUpperLimit', params: { field: 'writeUpperLimit' } },
    ]);
  });

  it('keeps state mappings to 100 entries with unique values and real text', () => {
    const entries = (count: number) =>
      Array.from({ length: count }, (_, value) => ({ value, text: `s${value}` }));
    expect(variable({ stateMapping: entries(100) }).success).toBe(true);
    expect(issuesOf(variable({ stateMapping: entries(101) }))[0]?.code).toBe('1002');
    expect(
      issuesOf(
        variable({
          stateMapping: [
            { value: 1, text: 'on' },
            { value: 1, text: 'again' },
          ],
        }),
      ),
    ).toEqual([{ code: '1002', path: 'stateMapping.1.value', params: { field: 'stateMapping.value' } }]);
    expect(issuesOf(variable({ stateMapping: [{ value: 0, text: '   ' }] }))).toEqual([
      { code: '1001', path: 'stateMapping.0.text', params: { field: 'stateMapping.text' } },
    ]);
  });

  it('checks decimals, dead zone and identifiers', () => {
    expect(variable({ decimals: 6 }).success).toBe(true);
    expect(issuesOf(variable({ decimals: 7 }))[0]).toMatchObject({ code: '1002', path: 'decimals' });
    expect(issuesOf(variable({ decimals: 1.5 }))[0]).toMatchObject({ code: '1002', path: 'decimals' });
    expect(issuesOf(variable({ deadZone: -1 }))[0]).toMatchObject({ code: '1002', path: 'deadZone' });
    expect(issuesOf(variable({ key: '1abc' }))[0]).toMatchObject({ code: '1002', path: 'key' });
    expect(issuesOf(variable({ name: '' }))[0]).toMatchObject({ code: '1001', path: 'name' });
    expect(issuesOf(variable({ name: '一'.repeat(21) }))[0]).toMatchObject({ code: '1137', path: 'name' });
    expect(issuesOf(variable({ dataType: 'word' as never }))[0]).toMatchObject({
      code: '1002',
      path: 'dataType',
    });
  });

  it('places the data type in a table that can hold it', () => {
    expect(issuesOf(variable({ registerType: 'coil', dataType: 'float' }))).toEqual([
      { code: '1722', path: 'dataType', params: {} },
    ]);
    expect(variable({ registerType: 'coil', dataType: 'boolean', address: '0' }).success).toBe(true);
    expect(issuesOf(variable({ dataType: 'boolean' }))).toEqual([
      { code: '1001', path: 'bitIndex', params: { field: 'bitIndex' } },
    ]);
    expect(variable({ dataType: 'boolean', bitIndex: 15 }).success).toBe(true);
    expect(issuesOf(variable({ dataType: 'boolean', bitIndex: 16 }))[0]).toMatchObject({
      code: '1002',
      path: 'bitIndex',
    });
    expect(issuesOf(variable({ dataType: 'string' }))).toEqual([
      { code: '1001', path: 'stringLength', params: { field: 'stringLength' } },
    ]);
    expect(issuesOf(variable({ dataType: 'string', stringLength: 16, collectionFormula: 'x' }))).toEqual([
      { code: '1722', path: 'collectionFormula', params: {} },
    ]);
  });

  it('refuses a writable variable in a read-only table and a malformed address', () => {
    expect(issuesOf(variable({ registerType: 'input-register', readWrite: 'read-write' }))).toEqual([
      { code: '99905', path: 'readWrite', params: {} },
    ]);
    expect(issuesOf(variable({ address: '4x01' }))).toEqual([{ code: '99904', path: 'address', params: {} }]);
    expect(issuesOf(variable({ address: '65535', dataType: 'float' }))).toEqual([
      { code: '99904', path: 'address', params: {} },
    ]);
    expect(issuesOf(variable({ address: undefined }))).toEqual([
      { code: '99904', path: 'address', params: {} },
    ]);
  });

  it('lets computed variables go without a register, but not without their formula', () => {
    const computed = {
      key: 'efficiency',
      name: '效率',
      kind: 'intermediate',
      dataType: 'float',
      formula: 'output / input',
    } as const;
    expect(variableSchema.safeParse(computed).success).toBe(true);
    expect(issuesOf(variableSchema.safeParse({ ...computed, formula: undefined }))).toEqual([
      { code: '1001', path: 'formula', params: { field: 'formula' } },
    ]);
  });

  it('refuses a formula on a variable that is not computed, and on a text', () => {
    expect(issuesOf(variable({ formula: 'a + 1' }))).toEqual([
      { code: '1002', path: 'formula', params: { field: 'formula' } },
    ]);
    const text = { key: 'label', name: '标签', kind: 'summary', dataType: 'string', stringLength: 8 };
    expect(issuesOf(variableSchema.safeParse({ ...text, formula: 'a' }))).toEqual([
      { code: '1722', path: 'formula', params: {} },
    ]);
  });
});

describe('driver schema', () => {
  const tcp = { key: 'plc', name: 'PLC', protocol: 'modbus-tcp', host: '192.168.1.10', slaveId: 1 } as const;
  const rtu = {
    key: 'meter',
    name: '电表',
    protocol: 'modbus-rtu',
    serialPort: '/dev/ttyUSB0',
    slaveId: 3,
  } as const;

  it('fills defaults for TCP and RTU drivers', () => {
    expect(driverSchema.parse(tcp)).toMatchObject({
      port: 502,
      pollIntervalMs: 1000,
      timeoutMs: 1000,
      byteOrder32: 'ABCD',
    });
    expect(driverSchema.parse(rtu)).toMatchObject({
      baudRate: 9600,
      dataBits: 8,
      parity: 'none',
      stopBits: 1,
    });
  });

  it('keeps slave ids within 1-247 and endpoints well formed', () => {
    expect(issuesOf(driverSchema.safeParse({ ...tcp, slaveId: 0 }))[0]).toMatchObject({
      code: '1002',
      path: 'slaveId',
    });
    expect(issuesOf(driverSchema.safeParse({ ...tcp, slaveId: 248 }))[0]).toMatchObject({
      code: '1002',
      path: 'slaveId',
    });
    expect(issuesOf(driverSchema.safeParse({ ...tcp, host: '300.1.1.1' }))[0]).toMatchObject({
      code: '1002',
      path: 'host',
    });
    expect(driverSchema.safeParse({ ...tcp, host: 'plc-1.plant.local' }).success).toBe(true);
    expect(issuesOf(driverSchema.safeParse({ ...tcp, port: 70000 }))[0]).toMatchObject({
      code: '1002',
      path: 'port',
    });
    expect(issuesOf(driverSchema.safeParse({ ...rtu, baudRate: 1000 }))[0]).toMatchObject({
      code: '1002',
      path: 'baudRate',
    });
    expect(issuesOf(driverSchema.safeParse({ ...rtu, serialPort: '' }))[0]).toMatchObject({
      code: '1001',
      path: 'serialPort',
    });
    expect(issuesOf(driverSchema.safeParse({ ...tcp, byteOrder32: 'ACBD' }))[0]).toMatchObject({
      code: '1002',
      path: 'byteOrder32',
    });
    expect(issuesOf(driverSchema.safeParse({ ...tcp, protocol: 'opc-ua' }))[0]?.code).toBe('1002');
  });
});

describe('device model', () => {
  it('requires unique keys and known drivers', () => {
    const driver = { key: 'plc', name: 'PLC', protocol: 'modbus-tcp', host: '10.0.0.2', slaveId: 1 } as const;
    const result = deviceModelSchema.safeParse({
      drivers: [driver, driver],
      variables: [base, base, { ...base, key: 'other', driverKey: 'missing' }],
    });
    expect(issuesOf(result).map((issue) => issue.path)).toEqual([
      'drivers.1.key',
      'variables.1.key',
      'variables.2.driverKey',
    ]);
  });

  it('ships a valid demo boiler with every data type', () => {
    const model = demoBoilerModel({ port: 1502 });
    expect(model.drivers[0]).toMatchObject({ key: DEMO_BOILER_DRIVER_KEY, port: 1502 });
    const types = new Set(model.variables.map((item) => item.dataType));
    expect([...types].sort()).toEqual(
      [
        'boolean',
        'byte',
        'double',
        'float',
        'int',
        'long',
        'short',
        'string',
        'unbyte',
        'unint',
        'unshort',
      ].sort(),
    );
    expect(
      model.variables.some((item) => item.readWrite === 'read-write' && item.writeLowerLimit !== undefined),
    ).toBe(true);
  });
});

describe('write value check (§5)', () => {
  const setpoint = variableSchema.parse({
    ...base,
    readWrite: 'read-write',
    writeLowerLimit: 30,
    writeUpperLimit: 95,
  });

  it('accepts values within the write limits, typed or as text', () => {
    expect(checkWriteValue(setpoint, 60)).toEqual({ ok: true, value: 60 });
    expect(checkWriteValue(setpoint, ' 95 ')).toEqual({ ok: true, value: 95 });
  });

  it('refuses with the catalogue code a person would see', () => {
    expect(checkWriteValue(setpoint, 96)).toEqual({ ok: false, violation: { code: '2003' } });
    expect(checkWriteValue(setpoint, 29.9)).toEqual({ ok: false, violation: { code: '2003' } });
    expect(checkWriteValue(setpoint, '')).toEqual({ ok: false, violation: { code: '1403' } });
    expect(checkWriteValue(setpoint, 'warm')).toEqual({ ok: false, violation: { code: '1722' } });
    expect(checkWriteValue({ ...setpoint, readWrite: 'read-only' }, 60)).toEqual({
      ok: false,
      violation: { code: '2004' },
    });
    expect(checkWriteValue({ ...setpoint, writePermission: false }, 60)).toEqual({
      ok: false,
      violation: { code: '1202' },
    });
  });

  it('checks bits and strings by their own measure', () => {
    const bit = {
      ...setpoint,
      dataType: 'boolean',
      writeLowerLimit: undefined,
      writeUpperLimit: undefined,
    } as const;
    expect(checkWriteValue(bit, true)).toEqual({ ok: true, value: 1 });
    expect(checkWriteValue(bit, 2)).toEqual({ ok: false, violation: { code: '2003' } });
    const text = { ...bit, dataType: 'string', stringLength: 4 } as const;
    expect(checkWriteValue(text, 'AB12')).toEqual({ ok: true, value: 'AB12' });
    expect(checkWriteValue(text, 'AB123')).toEqual({ ok: false, violation: { code: '2003' } });
  });
});

describe('scripts in the model', () => {
  const script = { key: 'counter', name: '计数', policy: 'periodic', code: "log('x')" } as const;
  const modelWith = (scripts: unknown[]) =>
    deviceModelSchema.safeParse({ ...demoBoilerModelInput(), scripts });

  it('fills the defaults and accepts the demo scripts', () => {
    expect(demoBoilerModel().scripts.map((item) => item.key)).toEqual(['runHourCounter', 'shutdownSequence']);
    const parsed = modelWith([script]);
    expect(parsed.success && parsed.data.scripts[0]).toMatchObject({
      enabled: true,
      intervalSeconds: 60,
      frequency: 'once',
      watch: [],
    });
  });

  it('needs a condition, watched variables and code by policy, and known watched keys', () => {
    expect(issuesOf(modelWith([{ ...script, policy: 'condition' }]))).toEqual([
      { code: '1001', path: 'scripts.0.condition', params: { field: 'condition' } },
    ]);
    expect(issuesOf(modelWith([{ ...script, policy: 'data-change' }]))).toEqual([
      { code: '1001', path: 'scripts.0.watch', params: { field: 'watch' } },
    ]);
    expect(issuesOf(modelWith([{ ...script, code: '  ' }]))).toEqual([
      { code: '1001', path: 'scripts.0.code', params: { field: 'code' } },
    ]);
    expect(issuesOf(modelWith([{ ...script, policy: 'data-change', watch: ['nothing'] }]))).toEqual([
      { code: '2353', path: 'scripts.0.watch.0', params: { key: 'nothing' } },
    ]);
    expect(issuesOf(modelWith([script, script]))).toEqual([
      { code: '1002', path: 'scripts.1.key', params: { field: 'scripts.key' } },
    ]);
  });
});
