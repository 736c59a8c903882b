/**
 * The driver form: the fields every Modbus driver has, plus those of its protocol (host and port
 * for TCP; serial port, baud rate, data bits, parity and stop bits for RTU), as a table per
 * protocol. Fields of the other protocol are left out of what is checked and sent.
 */
import {
  DEFAULT_MODBUS_TCP_PORT,
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_TIMEOUT_MS,
  type DriverInput,
  type Protocol,
} from '@lyyp/contracts/device-model';

export type DriverFormValues = Partial<Record<string, unknown>> & { protocol?: Protocol };

const COMMON_FIELDS = [
  'key',
  'name',
  'protocol',
  'slaveId',
  'pollIntervalMs',
  'timeoutMs',
  'byteOrder16',
  'byteOrder32',
  'byteOrder64',
] as const;

export const PROTOCOL_FIELDS: Readonly<Record<Protocol, readonly string[]>> = {
  'modbus-tcp': ['host', 'port'],
  'modbus-rtu': ['serialPort', 'baudRate', 'dataBits', 'parity', 'stopBits'],
};

export const DRIVER_FIELDS: readonly string[] = [
  ...COMMON_FIELDS,
  ...new Set(Object.values(PROTOCOL_FIELDS).flat()),
];

export function toDriverInput(values: DriverFormValues): DriverInput {
  const protocol = values.protocol ?? 'modbus-tcp';
  const fields = [...COMMON_FIELDS, ...PROTOCOL_FIELDS[protocol]];
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field];
    if (value === null || value === undefined) continue;
    input[field] = typeof value === 'string' && field !== 'name' ? value.trim() : value;
  }
  return input as DriverInput;
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
  };
}
