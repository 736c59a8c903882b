import { describe, expect, it } from 'vitest';
import type { DeviceConfigDriver } from '../../api/device-config.api.ts';
import {
  describeDriverAddress,
  differsFromProduct,
  draftOf,
  overridesOf,
  productDraftOf,
} from './config-draft.ts';

const drivers: DeviceConfigDriver[] = [
  {
    key: 'plc',
    name: 'PLC',
    protocol: 'modbus-tcp',
    addresses: [
      { field: 'host', product: '192.168.1.10', device: '10.0.0.5', differs: true },
      { field: 'port', product: 502, device: 502, differs: false },
      { field: 'slaveId', product: 1, device: 1, differs: false },
    ],
  },
  {
    key: 'meter',
    name: 'Meter',
    protocol: 'modbus-rtu',
    addresses: [
      { field: 'slaveId', product: 3, device: 3, differs: false },
      { field: 'serialPort', product: '/dev/ttyUSB0', device: '/dev/ttyUSB0', differs: false },
    ],
  },
];

describe('configuration draft', () => {
  it('starts from what the device runs and sends only what differs from the product', () => {
    const draft = draftOf(drivers);
    expect(overridesOf(drivers, draft)).toEqual([{ key: 'plc', host: '10.0.0.5' }]);
    draft.meter!.serialPort = ' /dev/ttyS1 ';
    draft.plc!.slaveId = 4;
    expect(overridesOf(drivers, draft)).toEqual([
      { key: 'plc', host: '10.0.0.5', slaveId: 4 },
      { key: 'meter', serialPort: '/dev/ttyS1' },
    ]);
  });

  it('treats an emptied input as following the product, and reset sends nothing', () => {
    const draft = draftOf(drivers);
    draft.plc!.host = '';
    expect(differsFromProduct('192.168.1.10', '')).toBe(false);
    expect(overridesOf(drivers, draft)).toEqual([]);
    expect(overridesOf(drivers, productDraftOf(drivers))).toEqual([]);
  });

  it('writes where each driver reaches its slave on this device, and whether that is the product’s', () => {
    expect(describeDriverAddress(drivers[0]!)).toEqual({ text: '10.0.0.5:502 #1', differs: true });
    expect(describeDriverAddress(drivers[1]!)).toEqual({ text: '/dev/ttyUSB0 #3', differs: false });
  });
});
