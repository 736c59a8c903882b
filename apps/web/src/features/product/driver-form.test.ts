import { demoBoilerModel, driverSchema } from '@lyyp/contracts/device-model';
import { describe, expect, it } from 'vitest';
import { createDriverValues, toDriverInput } from './driver-form.ts';

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
});
