import { demoBoilerModel, driverSchema, variableSchema } from '@lyyp/contracts/device-model';
import { describe, expect, it } from 'vitest';
import {
  createVariableValues,
  defaultAddressType,
  isWritableTable,
  listAddressTypes,
  listDataTypes,
  listRelevantFields,
  toFormValues,
  toVariableInput,
} from './variable-form.ts';

const model = demoBoilerModel();
const byKey = (key: string) => model.variables.find((variable) => variable.key === key)!;

describe('variable form', () => {
  it('round-trips every variable of the demo model unchanged', () => {
    for (const variable of model.variables) {
      expect(variableSchema.parse(toVariableInput(toFormValues(variable)))).toEqual(variable);
    }
  });

  it('asks for a bit index only for a bit inside a 16-bit register', () => {
    expect(listRelevantFields(toFormValues(byKey('running'))).has('bitIndex')).toBe(true);
    expect(listRelevantFields(toFormValues(byKey('burnerEnable'))).has('bitIndex')).toBe(false);
  });

  it('drops inputs that no longer apply, so a changed data type still saves', () => {
    const values = { ...toFormValues(byKey('running')), dataType: 'float' as const, stateMapping: [] };
    const input = toVariableInput(values);
    expect(input.bitIndex).toBeUndefined();
    expect(variableSchema.safeParse(input).success).toBe(true);
  });

  it('keeps scaling away from strings and write settings away from read-only variables', () => {
    const serial = listRelevantFields(toFormValues(byKey('serialNumber')));
    expect(serial.has('stringLength')).toBe(true);
    expect(serial.has('collectionFormula')).toBe(false);
    expect(serial.has('stateMapping')).toBe(false);
    const temperature = listRelevantFields(toFormValues(byKey('waterTemperature')));
    expect(temperature.has('writeUpperLimit')).toBe(false);
    expect(listRelevantFields(toFormValues(byKey('temperatureSetpoint'))).has('writeUpperLimit')).toBe(true);
  });

  it('leaves register placement out for variables that are not read from a device', () => {
    const input = toVariableInput({
      ...createVariableValues(model.drivers),
      key: 'sum',
      name: '合计',
      kind: 'summary',
      address: '3',
      formula: 'sum + 1',
    });
    expect(input.formula).toBe('sum + 1');
    expect(input.address).toBeUndefined();
    expect(input.driverKey).toBeUndefined();
    expect(variableSchema.safeParse(input).success).toBe(true);
  });

  it('offers only the data types and writes a register table can hold', () => {
    expect(listDataTypes({ kind: 'device', registerType: 'coil' })).toEqual(['boolean']);
    expect(listDataTypes({ kind: 'device', registerType: 'holding-register' })).toContain('string');
    expect(isWritableTable({ kind: 'device', registerType: 'input-register' })).toBe(false);
    expect(isWritableTable({ kind: 'internal', registerType: 'input-register' })).toBe(true);
  });

  it('turns cleared inputs into "not given" and keeps the mapping rows as typed', () => {
    const input = toVariableInput({
      ...createVariableValues(model.drivers),
      key: 'mode',
      name: '模式',
      address: ' 40 ',
      writeLowerLimit: null,
      stateMapping: [
        { value: 1, text: '开' },
        { value: null, text: '' },
      ],
    });
    expect(input.address).toBe('40');
    expect(input.writeLowerLimit).toBeUndefined();
    expect(input.stateMapping).toEqual([
      { value: 1, text: '开' },
      { value: undefined, text: '' },
    ]);
  });
});

describe('variables of OPC UA and S7 drivers', () => {
  const opcua = driverSchema.parse({
    key: 'ua',
    name: 'Line',
    protocol: 'opcua',
    endpointUrl: 'opc.tcp://10.0.0.5:4840',
  });
  const s7 = driverSchema.parse({ key: 'plc', name: 'PLC', protocol: 's7', host: '10.0.0.6' });

  it('takes the driver notation and sends no Modbus table, an OPC UA sampling interval instead', () => {
    const values = createVariableValues([opcua]);
    expect(values.addressType).toBe('node-id');
    const input = toVariableInput({
      ...values,
      key: 'temp',
      name: 'Temp',
      address: 'ns=2;s=Line1.Temp',
      samplingIntervalMs: 250,
    });
    expect(input).not.toHaveProperty('registerType');
    expect(input).toMatchObject({ addressType: 'node-id', samplingIntervalMs: 250 });
    expect(variableSchema.safeParse(input).success).toBe(true);
    expect(listAddressTypes(s7)).toEqual(['s7']);
    expect(defaultAddressType(undefined)).toBe('decimal');
  });
});
