/**
 * The driver form: the fields every driver has, plus those of its protocol (Modbus: slave id and
 * byte orders, host and port for TCP, the serial line for RTU; OPC UA: endpoint, security and
 * user; S7: host, rack and slot or TSAPs, PDU size), as a table per protocol. Fields of the other
 * protocols are left out of what is checked and sent.
 */
import {
  DEFAULT_MODBUS_TCP_PORT,
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_S7_PDU_SIZE,
  DEFAULT_S7_PORT,
  DEFAULT_TIMEOUT_MS,
  type DriverSaveInput,
  type Protocol,
} from '@lyyp/contracts/device-model';
import type { DriverModel } from '@lyyp/contracts/system';

export type DriverFormValues = Partial<Record<string, unknown>> & { protocol?: Protocol };

const COMMON_FIELDS = ['key', 'name', 'protocol', 'pollIntervalMs', 'timeoutMs', 'driverModelId'] as const;

/** Fields of every Modbus driver. */
export const MODBUS_FIELDS = ['slaveId', 'byteOrder16', 'byteOrder32', 'byteOrder64'] as const;

export const PROTOCOL_FIELDS: Readonly<Record<Protocol, readonly string[]>> = {
  'modbus-tcp': ['host', 'port', ...MODBUS_FIELDS],
  'modbus-rtu': ['serialPort', 'baudRate', 'dataBits', 'parity', 'stopBits', ...MODBUS_FIELDS],
  opcua: [
    'endpointUrl',
    'securityMode',
    'securityPolicy',
    'authentication',
    'userName',
    'password',
    'userCertificate',
    'userPrivateKey',
    'subscribe',
  ],
  s7: ['host', 'port', 'rack', 'slot', 'localTsap', 'remoteTsap', 'pduSize'],
};

/** Default port of each network protocol, set when the protocol changes. */
export const DEFAULT_PORTS: Partial<Record<Protocol, number>> = {
  'modbus-tcp': DEFAULT_MODBUS_TCP_PORT,
  s7: DEFAULT_S7_PORT,
};

export const DRIVER_FIELDS: readonly string[] = [
  ...COMMON_FIELDS,
  ...new Set(Object.values(PROTOCOL_FIELDS).flat()),
];

/**
 * Secrets of an OPC UA driver are never shown: the form holds a new one, nothing (the stored one is
 * kept) or null (the person removed it), and sends exactly that.
 */
export const SECRET_FIELDS: readonly string[] = ['password', 'userPrivateKey'];

export function toDriverInput(values: DriverFormValues): DriverSaveInput {
  const protocol = values.protocol ?? 'modbus-tcp';
  const fields = [...COMMON_FIELDS, ...PROTOCOL_FIELDS[protocol]];
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field];
    if (value === null && SECRET_FIELDS.includes(field)) input[field] = null;
    if (value === null || value === undefined) continue;
    // No driver model chosen: the field is left out rather than sent empty.
    if (
      (field === 'driverModelId' ||
        field.endsWith('Tsap') ||
        field === 'userName' ||
        field === 'password' ||
        field === 'userCertificate' ||
        field === 'userPrivateKey') &&
      value === ''
    )
      continue;
    input[field] = typeof value === 'string' && field !== 'name' ? value.trim() : value;
  }
  return input as DriverSaveInput;
}

/** A new driver: Modbus TCP on the standard port, polled every second, with the first free slave key. */
export function createDriverValues(existingKeys: readonly string[]): DriverFormValues {
  let index = existingKeys.length + 1;
  while (existingKeys.includes(`slave${index}`)) index += 1;
  return {
    key: `slave${index}`,
    protocol: 'modbus-tcp',
    slaveId: 1,
    port: DEFAULT_MODBUS_TCP_PORT,
    pollIntervalMs: DEFAULT_POLL_INTERVAL_MS,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    byteOrder16: 'AB',
    byteOrder32: 'ABCD',
    byteOrder64: 'ABCDEFGH',
    baudRate: 9600,
    dataBits: 8,
    parity: 'none',
    stopBits: 1,
    endpointUrl: 'opc.tcp://',
    securityMode: 'None',
    securityPolicy: 'None',
    authentication: 'anonymous',
    subscribe: true,
    rack: 0,
    slot: 1,
    pduSize: DEFAULT_S7_PDU_SIZE,
  };
}

/**
 * The values a driver takes from a driver model (system/protocol): its protocol, the settings of
 * that protocol, and the model's id; the driver's own name, key, slave id and address are kept.
 */
export function applyDriverModel(model: Pick<DriverModel, 'id' | 'protocol' | 'settings'>): DriverFormValues {
  const { settings } = model;
  const common = {
    driverModelId: model.id,
    protocol: model.protocol,
    pollIntervalMs: settings.pollIntervalMs,
    timeoutMs: settings.timeoutMs,
    byteOrder16: settings.byteOrder16,
    byteOrder32: settings.byteOrder32,
    byteOrder64: settings.byteOrder64,
  };
  const timing = {
    driverModelId: model.id,
    protocol: model.protocol,
    pollIntervalMs: settings.pollIntervalMs,
    timeoutMs: settings.timeoutMs,
  };
  if (model.protocol === 'opcua')
    return {
      ...timing,
      securityMode: settings.securityMode,
      securityPolicy: settings.securityPolicy,
      subscribe: settings.subscribe,
    };
  if (model.protocol === 's7')
    return { ...timing, rack: settings.rack, slot: settings.slot, pduSize: settings.pduSize };
  return model.protocol === 'modbus-tcp'
    ? { ...common, port: settings.port }
    : {
        ...common,
        baudRate: settings.baudRate,
        dataBits: settings.dataBits,
        parity: settings.parity,
        stopBits: settings.stopBits,
      };
}
