import { demoBoilerModel, driverSaveSchema, driverSchema } from '@lyyp/contracts/device-model';
import { describe, expect, it } from 'vitest';
import { driverModelSettingsSchema } from '@lyyp/contracts/system';
import { applyDriverModel, createDriverValues, toDriverInput } from './driver-form.ts';

describe('driver form', () => {
  it('round-trips the demo driver unchanged', () => {
    const [driver] = demoBoilerModel().drivers;
    expect(driverSchema.parse(toDriverInput({ ...driver }))).toEqual(driver);
  });

  it('sends only the fields of the chosen protocol', () => {
    const values = {
      ...createDriverValues([]),
      name: 'PLC',
      host: '10.0.0.5',
      protocol: 'modbus-rtu' as const,
      serialPort: '/dev/ttyUSB0',
    };
    const input = toDriverInput(values);
    expect(input).not.toHaveProperty('host');
    expect(input).toMatchObject({ serialPort: '/dev/ttyUSB0', baudRate: 9600, parity: 'none' });
    expect(driverSchema.safeParse(input).success).toBe(true);
  });

  it('offers a key no other driver of the product has', () => {
    expect(createDriverValues(['slave2']).key).toBe('slave3');
    expect(createDriverValues(['slave1', 'slave3']).key).toBe('slave4');
    expect(createDriverValues(['slave1']).key).toBe('slave2');
  });

  it('takes a driver model’s protocol and settings, keeps the driver’s own address, and names the model', () => {
    const settings = driverModelSettingsSchema.parse({
      baudRate: 19200,
      parity: 'even',
      byteOrder32: 'CDAB',
    });
    const values = {
      ...createDriverValues([]),
      name: 'Meter',
      serialPort: '/dev/ttyS1',
      ...applyDriverModel({ id: 'model-1', protocol: 'modbus-rtu', settings }),
    };
    const input = driverSchema.parse(toDriverInput(values));
    expect(input).toMatchObject({
      protocol: 'modbus-rtu',
      serialPort: '/dev/ttyS1',
      baudRate: 19200,
      parity: 'even',
      byteOrder32: 'CDAB',
      driverModelId: 'model-1',
    });
  });

  it('takes the security of an OPC UA driver model and the rack, slot and PDU size of an S7 one', () => {
    const settings = driverModelSettingsSchema.parse({
      securityMode: 'Sign',
      securityPolicy: 'Basic256Sha256',
      subscribe: false,
      rack: 0,
      slot: 2,
      pduSize: 240,
    });
    expect(applyDriverModel({ id: 'ua', protocol: 'opcua', settings })).toMatchObject({
      securityMode: 'Sign',
      securityPolicy: 'Basic256Sha256',
      subscribe: false,
    });
    expect(applyDriverModel({ id: 'plc', protocol: 's7', settings })).toMatchObject({
      rack: 0,
      slot: 2,
      pduSize: 240,
    });
  });

  it('leaves out an emptied driver model', () => {
    expect(toDriverInput({ ...createDriverValues([]), name: 'PLC', driverModelId: '' })).not.toHaveProperty(
      'driverModelId',
    );
  });

  it('sends a secret only when typed, nothing to keep the stored one, and null to remove it', () => {
    const opcua = {
      ...createDriverValues([]),
      name: 'Line server',
      protocol: 'opcua' as const,
      endpointUrl: 'opc.tcp://10.0.0.9:4840',
      authentication: 'username',
      userName: 'operator',
      passwordSet: true,
    };
    const kept = toDriverInput({ ...opcua });
    expect(kept).not.toHaveProperty('password');
    expect(kept).not.toHaveProperty('passwordSet');
    expect(toDriverInput({ ...opcua, password: '' })).not.toHaveProperty('password');
    expect(toDriverInput({ ...opcua, password: 'new-one' })).toMatchObject({ password: 'new-one' });
    const removed = toDriverInput({ ...opcua, password: null });
    expect(removed).toHaveProperty('password', null);
    expect(driverSaveSchema.safeParse(removed).success).toBe(true);
  });
});
