import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deviceModelSchema } from './device-model.ts';
import { driverSchema } from './driver.ts';
import { dataTypeForOpcUa, parseNodeId } from './opcua.ts';
import { formatS7Address, parseS7Address, s7ByteCount, type S7Address } from './s7-address.ts';
import { variableSchema } from './variable.ts';

const opcUaDriver = {
  key: 'ua',
  name: 'Line 1',
  protocol: 'opcua',
  endpointUrl: 'opc.tcp://127.0.0.1:4840/UA',
};
const s7Driver = { key: 'plc', name: 'S7-1200', protocol: 's7', host: '192.168.0.10' };
const issueCodes = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message.replace('catalogue:', '')) ?? []);

describe('OPC UA NodeIds', () => {
  it.each([
    ['ns=2;s=Line1.Temp', { namespace: 2, kind: 'string', identifier: 'Line1.Temp' }],
    ['ns=2;i=1001', { namespace: 2, kind: 'numeric', identifier: '1001' }],
    ['i=2258', { namespace: null, kind: 'numeric', identifier: '2258' }],
    ['ns=3;g=72962B91-FA75-4AE6-8D28-B404DC7DAF63', { namespace: 3, kind: 'guid' }],
    ['ns=4;b=M/RbKBsRVkePCePcx24oRA==', { namespace: 4, kind: 'opaque' }],
    ['nsu=urn:lyyp:test;s=A;B', { namespaceUri: 'urn:lyyp:test', kind: 'string', identifier: 'A;B' }],
  ])('reads %s', (text, expected) => {
    expect(parseNodeId(text)).toMatchObject(expected);
  });

  it.each([
    '',
    'ns=2;x=1',
    'ns=70000;i=1',
    'ns=2;i=-1',
    'ns=2;i=4294967296',
    'ns=2;g=1234',
    'ns=2;b=@@',
    ' ns=2;i=1',
    'Line1.Temp',
  ])('refuses %j', (text) => {
    expect(parseNodeId(text)).toBeNull();
  });

  it('maps built-in types to platform types, arrays and unknown types to text', () => {
    expect(dataTypeForOpcUa(11)).toBe('double');
    expect(dataTypeForOpcUa(3)).toBe('unbyte');
    expect(dataTypeForOpcUa(6, true)).toBe('string');
    expect(dataTypeForOpcUa(13)).toBe('string');
  });
});

describe('S7 addresses', () => {
  it.each([
    ['DB1.DBX0.0', { area: 'DB', dbNumber: 1, byteOffset: 0, bitOffset: 0, width: 'bit' }],
    ['DB1.DBB2', { area: 'DB', dbNumber: 1, byteOffset: 2, width: 'byte' }],
    ['db1.dbw4', { area: 'DB', dbNumber: 1, byteOffset: 4, width: 'word' }],
    ['DB1.DBD6', { area: 'DB', dbNumber: 1, byteOffset: 6, width: 'dword' }],
    ['DB1.S10.20', { area: 'DB', byteOffset: 10, width: 'string', stringLength: 20 }],
    ['M10.1', { area: 'M', byteOffset: 10, bitOffset: 1, width: 'bit' }],
    ['MW20', { area: 'M', byteOffset: 20, width: 'word' }],
    ['I0.0', { area: 'I', width: 'bit' }],
    ['E0.3', { area: 'I', bitOffset: 3 }],
    ['Q0.1', { area: 'Q', bitOffset: 1 }],
    ['AW4', { area: 'Q', width: 'word' }],
  ])('reads %s', (text, expected) => {
    expect(parseS7Address(text)).toMatchObject(expected);
  });

  it.each([
    'DB0.DBW0',
    'DB1.DBX0.8',
    'DB1.DBW4.1',
    'M10',
    'MW20.1',
    'DB1.S10.0',
    'DB1.S10.255',
    'X1',
    'DB1.DBW70000',
    'DB1,REAL4',
  ])('refuses %j', (text) => {
    expect(parseS7Address(text)).toBeNull();
  });

  it('formats every address it reads back to the same address', () => {
    const address = fc.oneof(
      fc.record({
        area: fc.constant('DB' as const),
        dbNumber: fc.integer({ min: 1, max: 65535 }),
        byteOffset: fc.integer({ min: 0, max: 65535 }),
        bitOffset: fc.constant(0),
        width: fc.constantFrom('byte' as const, 'word' as const, 'dword' as const),
        stringLength: fc.constant(0),
      }),
      fc.record({
        area: fc.constantFrom('DB' as const, 'M' as const, 'I' as const, 'Q' as const),
        dbNumber: fc.integer({ min: 1, max: 65535 }),
        byteOffset: fc.integer({ min: 0, max: 65535 }),
        bitOffset: fc.integer({ min: 0, max: 7 }),
        width: fc.constant('bit' as const),
        stringLength: fc.constant(0),
      }),
      fc.record({
        area: fc.constant('DB' as const),
        dbNumber: fc.integer({ min: 1, max: 65535 }),
        byteOffset: fc.integer({ min: 0, max: 65535 }),
        bitOffset: fc.constant(0),
        width: fc.constant('string' as const),
        stringLength: fc.integer({ min: 1, max: 254 }),
      }),
    );
    fc.assert(
      fc.property(address, (generated) => {
        const expected: S7Address = generated.area === 'DB' ? generated : { ...generated, dbNumber: 0 };
        expect(parseS7Address(formatS7Address(expected))).toEqual(expected);
      }),
    );
  });

  it('counts a string with its two header bytes', () => {
    const address = parseS7Address('DB1.S10.20');
    expect(address && s7ByteCount(address)).toBe(22);
  });
});

describe('OPC UA and S7 drivers', () => {
  it('accepts an OPC UA driver with defaults, and needs a policy exactly when the mode secures', () => {
    expect(driverSchema.parse(opcUaDriver)).toMatchObject({ securityMode: 'None', subscribe: true });
    expect(
      issueCodes(
        driverSchema.safeParse({ ...opcUaDriver, securityMode: 'SignAndEncrypt', securityPolicy: 'None' }),
      ),
    ).toEqual(['1002']);
    expect(driverSchema.safeParse({ ...opcUaDriver, endpointUrl: 'http://x' }).success).toBe(false);
    expect(issueCodes(driverSchema.safeParse({ ...opcUaDriver, authentication: 'username' }))).toEqual([
      '1001',
    ]);
  });

  it('accepts an S7 driver by rack and slot or by a TSAP pair, never half a pair', () => {
    expect(driverSchema.parse(s7Driver)).toMatchObject({ port: 102, rack: 0, slot: 1, pduSize: 480 });
    expect(driverSchema.safeParse({ ...s7Driver, localTsap: '0200', remoteTsap: '0201' }).success).toBe(true);
    expect(issueCodes(driverSchema.safeParse({ ...s7Driver, localTsap: '0200' }))).toEqual(['1001']);
    expect(driverSchema.safeParse({ ...s7Driver, pduSize: 300 }).success).toBe(false);
  });
});

describe('variables of OPC UA and S7 drivers', () => {
  const variable = (fields: Record<string, unknown>) =>
    issueCodes(variableSchema.safeParse({ key: 'v', name: 'V', driverKey: 'd', ...fields }));

  it('checks NodeIds and needs no Modbus table', () => {
    expect(variable({ addressType: 'node-id', address: 'ns=2;s=Line1.Temp', dataType: 'double' })).toEqual(
      [],
    );
    expect(variable({ addressType: 'node-id', address: 'Line1.Temp', dataType: 'double' })).toEqual([
      '99904',
    ]);
    expect(
      variable({ addressType: 'node-id', address: 'ns=2;i=1', dataType: 'double', registerType: 'coil' }),
    ).toEqual(['1002']);
  });

  it('checks S7 addresses against the data type their width holds', () => {
    expect(variable({ addressType: 's7', address: 'DB1.DBD6', dataType: 'float' })).toEqual([]);
    expect(variable({ addressType: 's7', address: 'DB1.DBW4', dataType: 'float' })).toEqual(['1722']);
    expect(
      variable({ addressType: 's7', address: 'DB1.S10.20', dataType: 'string', stringLength: 20 }),
    ).toEqual([]);
    expect(
      variable({ addressType: 's7', address: 'DB1.S10.20', dataType: 'string', stringLength: 21 }),
    ).toEqual(['1002']);
    expect(
      variable({ addressType: 's7', address: 'I0.0', dataType: 'boolean', readWrite: 'read-write' }),
    ).toEqual(['99905']);
    expect(variable({ addressType: 's7', address: 'DB1.DBW', dataType: 'short' })).toEqual(['99904']);
  });

  it('refuses a notation of another protocol than its driver', () => {
    const model = (addressType: string, address: string) =>
      deviceModelSchema.safeParse({
        drivers: [opcUaDriver, s7Driver],
        variables: [{ key: 'v', name: 'V', driverKey: 'ua', addressType, address, dataType: 'short' }],
      });
    expect(model('node-id', 'ns=2;i=1').success).toBe(true);
    expect(issueCodes(model('s7', 'DB1.DBW4'))).toEqual(['1002']);
  });
});
