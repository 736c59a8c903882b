import { describe, expect, it } from 'vitest';
import { deviceModelSchema, type DeviceModel } from '../device-model/index.ts';
import {
  applyDeviceConfig,
  describeDeviceConfig,
  effectiveConfigVersion,
  normaliseDeviceConfig,
} from './index.ts';

const model: DeviceModel = deviceModelSchema.parse({
  drivers: [
    { key: 'plc', name: 'PLC', protocol: 'modbus-tcp', host: '192.168.1.10', slaveId: 1 },
    { key: 'meter', name: 'Meter', protocol: 'modbus-rtu', serialPort: '/dev/ttyUSB0', slaveId: 3 },
  ],
});

describe('per-device configuration', () => {
  it('applies only the address settings each protocol has', () => {
    const effective = applyDeviceConfig(model, {
      drivers: [
        { key: 'plc', host: '10.0.0.5', serialPort: '/dev/ttyS9' },
        { key: 'meter', slaveId: 7, host: 'ignored' },
        { key: 'gone', slaveId: 2 },
      ],
    });
    expect(effective.drivers[0]).toMatchObject({ host: '10.0.0.5', port: 502, slaveId: 1 });
    expect(effective.drivers[0]).not.toHaveProperty('serialPort');
    expect(effective.drivers[1]).toMatchObject({ serialPort: '/dev/ttyUSB0', slaveId: 7 });
    expect(effective.drivers[1]).not.toHaveProperty('host');
    expect(deviceModelSchema.safeParse(effective).success).toBe(true);
    // The product's model is not touched.
    expect(model.drivers[0]).toMatchObject({ host: '192.168.1.10' });
  });

  it('keeps only what differs and refuses unknown drivers and foreign settings', () => {
    expect(
      normaliseDeviceConfig(model, {
        drivers: [
          { key: 'plc', host: '192.168.1.10', port: 1502 },
          { key: 'meter', slaveId: 3 },
        ],
      }),
    ).toEqual({ ok: true, overrides: { drivers: [{ key: 'plc', port: 1502 }] } });
    expect(normaliseDeviceConfig(model, { drivers: [{ key: 'nope', slaveId: 2 }] })).toMatchObject({
      ok: false,
      problem: { code: '2601', params: { driver: 'nope' } },
    });
    expect(
      normaliseDeviceConfig(model, {
        drivers: [
          { key: 'plc', slaveId: 2 },
          { key: 'plc', slaveId: 3 },
        ],
      }),
    ).toMatchObject({
      ok: false,
      problem: { code: '2601' },
    });
    expect(normaliseDeviceConfig(model, { drivers: [{ key: 'meter', port: 502 }] })).toMatchObject({
      ok: false,
      problem: { code: '2602', params: { field: 'drivers.0.port' } },
    });
  });

  it('shows product beside device, field by field', () => {
    const [plc, meter] = describeDeviceConfig(model, { drivers: [{ key: 'meter', slaveId: 7 }] });
    expect(plc!.addresses.every((row) => !row.differs)).toBe(true);
    expect(meter!.addresses).toEqual([
      { field: 'slaveId', product: 3, device: 7, differs: true },
      { field: 'serialPort', product: '/dev/ttyUSB0', device: '/dev/ttyUSB0', differs: false },
    ]);
  });

  it('grows the version with either the product or the device', () => {
    expect(effectiveConfigVersion(4, 0)).toBe(4);
    expect(effectiveConfigVersion(5, 0)).toBeGreaterThan(effectiveConfigVersion(4, 0));
    expect(effectiveConfigVersion(4, 1)).toBeGreaterThan(effectiveConfigVersion(4, 0));
  });
});
