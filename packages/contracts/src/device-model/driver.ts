/**
 * A product driver: how the gateway reaches one Modbus slave (protocol, slave id, endpoint), how
 * often and how patiently it asks, and how the slave orders bytes and words.
 */
import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../validation/index.ts';
import { BYTE_ORDERS_16, BYTE_ORDERS_32, BYTE_ORDERS_64 } from './byte-order.ts';
import {
  INVALID_FIELD_MESSAGE,
  addCatalogueIssue,
  boundedNumber,
  enumField,
  identifier,
  requiredText,
} from './issues.ts';

export const PROTOCOLS = ['modbus-tcp', 'modbus-rtu'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

export const SLAVE_ID_MIN = 1;
export const SLAVE_ID_MAX = 247;
export const POLL_INTERVAL_MIN_MS = 100;
export const POLL_INTERVAL_MAX_MS = 86_400_000;
export const DEFAULT_POLL_INTERVAL_MS = 1000;
export const TIMEOUT_MIN_MS = 20;
export const TIMEOUT_MAX_MS = 60_000;
export const DEFAULT_TIMEOUT_MS = 1000;
export const DEFAULT_MODBUS_TCP_PORT = 502;
export const SERIAL_PORT_MAX_LENGTH = 64;
export const HOST_MAX_LENGTH = 253;

export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export const DATA_BITS = [7, 8] as const;
export const PARITIES = ['none', 'even', 'odd'] as const;
export const STOP_BITS = [1, 2] as const;
export type BaudRate = (typeof BAUD_RATES)[number];
export type Parity = (typeof PARITIES)[number];

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const HOSTNAME =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const IPV6 = /^[0-9A-Fa-f:]+$/;

/** An IPv4 address, an IPv6 address or a host name. */
export function isHost(value: string): boolean {
  if (IPV4.test(value)) return true;
  if (value.includes(':')) return IPV6.test(value) && value.split(':').length >= 3;
  return !/^[\d.]+$/.test(value) && HOSTNAME.test(value);
}

/** Serial device paths as the operating system names them: /dev/ttyUSB0, COM3. */
const SERIAL_PORT = /^[A-Za-z0-9_./\\:-]+$/;

/** One of a fixed list of numbers (baud rates, data bits, stop bits). */
const oneOf = <const T extends readonly [number, ...number[]]>(values: T) =>
  z.literal(values, { error: INVALID_FIELD_MESSAGE });

const commonFields = {
  key: identifier('key').describe(
    'Identifier of the driver within the product, referenced by variables (driverKey): a letter or underscore, then letters, digits or underscores; at most 50 characters.',
  ),
  name: requiredText('name', NAME_MAX_LENGTH).describe(
    `Name shown to people; 1-${NAME_MAX_LENGTH} characters, no emoji.`,
  ),
  slaveId: boundedNumber('slaveId', { min: SLAVE_ID_MIN, max: SLAVE_ID_MAX, integer: true }).describe(
    `Modbus unit identifier of the slave, ${SLAVE_ID_MIN}-${SLAVE_ID_MAX}.`,
  ),
  pollIntervalMs: boundedNumber('pollIntervalMs', {
    min: POLL_INTERVAL_MIN_MS,
    max: POLL_INTERVAL_MAX_MS,
    integer: true,
  })
    .default(DEFAULT_POLL_INTERVAL_MS)
    .describe(
      `Milliseconds between poll cycles of the slave's periodic variables, ${POLL_INTERVAL_MIN_MS}-${POLL_INTERVAL_MAX_MS}.`,
    ),
  timeoutMs: boundedNumber('timeoutMs', { min: TIMEOUT_MIN_MS, max: TIMEOUT_MAX_MS, integer: true })
    .default(DEFAULT_TIMEOUT_MS)
    .describe(
      `Milliseconds one request may wait for the answer, ${TIMEOUT_MIN_MS}-${TIMEOUT_MAX_MS}; after 3 timeouts in a row the gateway reopens the connection.`,
    ),
  byteOrder16: enumField(BYTE_ORDERS_16)
    .default('AB')
    .describe(
      'Byte order inside one register, for 8- and 16-bit values and strings: AB = high byte first, BA = low byte first.',
    ),
  byteOrder32: enumField(BYTE_ORDERS_32)
    .default('ABCD')
    .describe(
      'Byte order of 32-bit values (unint, int, float) over two registers: ABCD big-endian, CDAB low word first, BADC bytes swapped, DCBA little-endian.',
    ),
  driverModelId: z
    .string({ error: INVALID_FIELD_MESSAGE })
    .trim()
    .min(1, { error: INVALID_FIELD_MESSAGE })
    .max(64, { error: INVALID_FIELD_MESSAGE })
    .optional()
    .describe(
      'Driver model (system/protocol) the driver was made from, of the same protocol; a driver model that a driver names cannot be deleted.',
    ),
  byteOrder64: enumField(BYTE_ORDERS_64)
    .default('ABCDEFGH')
    .describe(
      'Byte order of 64-bit values (long, double) over four registers: ABCDEFGH big-endian, GHEFCDAB low word first, BADCFEHG bytes swapped, HGFEDCBA little-endian.',
    ),
};

export const modbusTcpDriverSchema = z.object({
  ...commonFields,
  protocol: z.literal('modbus-tcp').describe('Modbus TCP: the slave is reached over the network.'),
  host: z
    .string({ error: INVALID_FIELD_MESSAGE })
    .superRefine((value, context) => {
      if (!value.trim()) addCatalogueIssue(context, '1001', { field: 'host' });
      else if (!isHost(value)) addCatalogueIssue(context, '1002', { field: 'host' });
    })
    .describe(
      `IPv4 address, IPv6 address or host name of the slave (at most ${HOST_MAX_LENGTH} characters).`,
    ),
  port: boundedNumber('port', { min: 1, max: 65535, integer: true })
    .default(DEFAULT_MODBUS_TCP_PORT)
    .describe(`TCP port of the slave, 1-65535 (Modbus: ${DEFAULT_MODBUS_TCP_PORT}).`),
});

export const modbusRtuDriverSchema = z.object({
  ...commonFields,
  protocol: z
    .literal('modbus-rtu')
    .describe('Modbus RTU: the slave is on a serial line; slaves on one port share it.'),
  serialPort: z
    .string({ error: INVALID_FIELD_MESSAGE })
    .superRefine((value, context) => {
      if (!value.trim()) addCatalogueIssue(context, '1001', { field: 'serialPort' });
      else if (value.length > SERIAL_PORT_MAX_LENGTH)
        addCatalogueIssue(context, '1137', { field: 'serialPort', max: SERIAL_PORT_MAX_LENGTH });
      else if (!SERIAL_PORT.test(value)) addCatalogueIssue(context, '1002', { field: 'serialPort' });
    })
    .describe(
      `Serial device on the gateway (/dev/ttyUSB0, COM3), at most ${SERIAL_PORT_MAX_LENGTH} characters. Drivers on one port must use the same line settings.`,
    ),
  baudRate: oneOf(BAUD_RATES)
    .default(9600)
    .describe(`Line speed: ${BAUD_RATES.join(', ')}.`),
  dataBits: oneOf(DATA_BITS).default(8).describe('Data bits per character: 7 or 8.'),
  parity: enumField(PARITIES).default('none').describe('Parity: none, even or odd.'),
  stopBits: oneOf(STOP_BITS).default(1).describe('Stop bits: 1 or 2.'),
});

export const driverSchema = z.discriminatedUnion('protocol', [modbusTcpDriverSchema, modbusRtuDriverSchema], {
  error: INVALID_FIELD_MESSAGE,
});

export type ModbusTcpDriver = z.infer<typeof modbusTcpDriverSchema>;
export type ModbusRtuDriver = z.infer<typeof modbusRtuDriverSchema>;
export type Driver = z.infer<typeof driverSchema>;
export type DriverInput = z.input<typeof driverSchema>;
