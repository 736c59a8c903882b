/**
 * A product driver: how the gateway reaches one device — a Modbus slave (protocol, slave id,
 * endpoint, byte and word order), an OPC UA server (endpoint URL, security, user) or a Siemens S7
 * controller (address, rack and slot or TSAPs, PDU size) — and how often and how patiently it asks.
 */
import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../validation/index.ts';
import type { ProtocolFamily } from './address.ts';
import { BYTE_ORDERS_16, BYTE_ORDERS_32, BYTE_ORDERS_64 } from './byte-order.ts';
import {
  INVALID_FIELD_MESSAGE,
  addCatalogueIssue,
  boundedNumber,
  enumField,
  identifier,
  optionalText,
  requiredText,
} from './issues.ts';
import { OPCUA_AUTHENTICATIONS, OPCUA_SECURITY_MODES, OPCUA_SECURITY_POLICIES } from './opcua.ts';

export const PROTOCOLS = ['modbus-tcp', 'modbus-rtu', 'opcua', 's7'] as const;
export type Protocol = (typeof PROTOCOLS)[number];
export const MODBUS_PROTOCOLS = ['modbus-tcp', 'modbus-rtu'] as const satisfies readonly Protocol[];
export type ModbusProtocol = (typeof MODBUS_PROTOCOLS)[number];

/** Which address notations (and so which gateway side) a protocol's variables use. */
export const PROTOCOL_FAMILY: { readonly [K in Protocol]: ProtocolFamily } = {
  'modbus-tcp': 'modbus',
  'modbus-rtu': 'modbus',
  opcua: 'opcua',
  s7: 's7',
};

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

export const DEFAULT_S7_PORT = 102;
export const S7_RACK_MAX = 7;
export const S7_SLOT_MAX = 31;
export const S7_PDU_SIZES = [240, 480, 960] as const;
export const DEFAULT_S7_PDU_SIZE = 480;
export const OPCUA_ENDPOINT_MAX_LENGTH = 512;
export const OPCUA_USER_MAX_LENGTH = 128;
export const OPCUA_PASSWORD_MAX_LENGTH = 128;
/** PEM text of a user certificate or private key (one certificate, one key: a few KB). */
export const OPCUA_PEM_MAX_LENGTH = 16_384;
const PEM_CERTIFICATE = /^-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+-----END CERTIFICATE-----\s*$/;
const PEM_PRIVATE_KEY = /^-----BEGIN PRIVATE KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END PRIVATE KEY-----\s*$/;
/** Fastest publishing interval the agent asks an OPC UA server for. */
export const OPCUA_PUBLISHING_INTERVAL_MIN_MS = 50;
/** A TSAP as four hex digits: connection type and rack/slot (0x0100 local, 0x0200/0x0300 remote, 0x4D57 LOGO). */
const TSAP = /^[0-9A-Fa-f]{4}$/;
const OPCUA_ENDPOINT = /^opc\.tcp:\/\/([^/:\s]+|\[[0-9A-Fa-f:]+\])(:\d{1,5})?(\/\S*)?$/;

/** Whether a text is an OPC UA TCP endpoint (`opc.tcp://host:4840/path`). */
export function isOpcUaEndpoint(value: string): boolean {
  const match = OPCUA_ENDPOINT.exec(value);
  if (!match || value.length > OPCUA_ENDPOINT_MAX_LENGTH) return false;
  const port = match[2] ? Number(match[2].slice(1)) : 4840;
  const host = (match[1] ?? '').replace(/^\[|\]$/g, '');
  return port >= 1 && port <= 65535 && (isHost(host) || host === 'localhost');
}
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

const baseFields = {
  key: identifier('key').describe(
    'Identifier of the driver within the product, referenced by variables (driverKey): a letter or underscore, then letters, digits or underscores; at most 50 characters.',
  ),
  name: requiredText('name', NAME_MAX_LENGTH).describe(
    `Name shown to people; 1-${NAME_MAX_LENGTH} characters, no emoji.`,
  ),
  pollIntervalMs: boundedNumber('pollIntervalMs', {
    min: POLL_INTERVAL_MIN_MS,
    max: POLL_INTERVAL_MAX_MS,
    integer: true,
  })
    .default(DEFAULT_POLL_INTERVAL_MS)
    .describe(
      `Milliseconds between poll cycles of the driver's periodic variables (OPC UA: the subscription's publishing interval), ${POLL_INTERVAL_MIN_MS}-${POLL_INTERVAL_MAX_MS}.`,
    ),
  timeoutMs: boundedNumber('timeoutMs', { min: TIMEOUT_MIN_MS, max: TIMEOUT_MAX_MS, integer: true })
    .default(DEFAULT_TIMEOUT_MS)
    .describe(
      `Milliseconds one request may wait for the answer, ${TIMEOUT_MIN_MS}-${TIMEOUT_MAX_MS}; after 3 timeouts in a row the gateway reopens the connection.`,
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
};

const hostField = z.string({ error: INVALID_FIELD_MESSAGE }).superRefine((value, context) => {
  if (!value.trim()) addCatalogueIssue(context, '1001', { field: 'host' });
  else if (!isHost(value)) addCatalogueIssue(context, '1002', { field: 'host' });
});

const commonFields = {
  ...baseFields,
  slaveId: boundedNumber('slaveId', { min: SLAVE_ID_MIN, max: SLAVE_ID_MAX, integer: true }).describe(
    `Modbus unit identifier of the slave, ${SLAVE_ID_MIN}-${SLAVE_ID_MAX}.`,
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

/** The fields of an OPC UA driver as stored (the secrets included: the gateway needs them). */
export const opcUaDriverShape = {
  ...baseFields,
  protocol: z.literal('opcua').describe('OPC UA: the gateway is a client of an OPC UA server (opc.tcp).'),
  endpointUrl: z
    .string({ error: INVALID_FIELD_MESSAGE })
    .superRefine((value, context) => {
      if (!value.trim()) addCatalogueIssue(context, '1001', { field: 'endpointUrl' });
      else if (!isOpcUaEndpoint(value)) addCatalogueIssue(context, '1002', { field: 'endpointUrl' });
    })
    .describe(
      `Endpoint URL of the server, opc.tcp://host:port/path (at most ${OPCUA_ENDPOINT_MAX_LENGTH} characters).`,
    ),
  securityMode: enumField(OPCUA_SECURITY_MODES)
    .default('None')
    .describe(
      'None, Sign (messages signed) or SignAndEncrypt (signed and encrypted); Sign and SignAndEncrypt need the server to trust the gateway certificate.',
    ),
  securityPolicy: enumField(OPCUA_SECURITY_POLICIES)
    .default('None')
    .describe(`Security policy: ${OPCUA_SECURITY_POLICIES.join(', ')}; None only with security mode None.`),
  authentication: enumField(OPCUA_AUTHENTICATIONS)
    .default('anonymous')
    .describe(
      'anonymous; username (user name and password sent to the server); or certificate (a user certificate and its private key).',
    ),
  userName: optionalText('userName', OPCUA_USER_MAX_LENGTH)
    .optional()
    .describe(`User name for username authentication, at most ${OPCUA_USER_MAX_LENGTH} characters.`),
  password: z
    .string({ error: INVALID_FIELD_MESSAGE })
    .max(OPCUA_PASSWORD_MAX_LENGTH, { error: INVALID_FIELD_MESSAGE })
    .optional()
    .describe(
      `Password for username authentication, at most ${OPCUA_PASSWORD_MAX_LENGTH} characters. Write-only: answers carry passwordSet instead.`,
    ),
  userCertificate: z
    .string({ error: INVALID_FIELD_MESSAGE })
    .max(OPCUA_PEM_MAX_LENGTH, { error: INVALID_FIELD_MESSAGE })
    .optional()
    .describe(
      'Certificate authentication: the user certificate as PEM (what /product/opcua/certificate answers for a pem or der file).',
    ),
  userPrivateKey: z
    .string({ error: INVALID_FIELD_MESSAGE })
    .max(OPCUA_PEM_MAX_LENGTH, { error: INVALID_FIELD_MESSAGE })
    .optional()
    .describe(
      "Certificate authentication: the certificate's private key as PKCS#8 PEM (what /product/opcua/privateKey answers). Write-only: answers carry userPrivateKeySet instead.",
    ),
  subscribe: z
    .boolean({ error: INVALID_FIELD_MESSAGE })
    .default(true)
    .describe(
      'Read periodic variables by subscription (monitored items); the gateway polls instead where the server refuses subscriptions, or when false.',
    ),
};

/**
 * The rules across OPC UA fields. The password and the private key are secrets: answers never carry
 * them (driver-secrets.ts), and an exported product leaves them out, so a stored driver may lack
 * them — the gateway then answers 1746 for its variables until they are entered again.
 */
function checkOpcUaDriver(
  driver: {
    securityMode: string;
    securityPolicy: string;
    authentication: string;
    userName?: string | undefined;
    userCertificate?: string | undefined;
    userPrivateKey?: string | null | undefined;
  },
  context: z.core.$RefinementCtx,
): void {
  if ((driver.securityMode === 'None') !== (driver.securityPolicy === 'None'))
    addCatalogueIssue(context, '1002', { field: 'securityPolicy' }, ['securityPolicy']);
  if (driver.authentication === 'username' && !driver.userName?.trim())
    addCatalogueIssue(context, '1001', { field: 'userName' }, ['userName']);
  if (driver.authentication === 'certificate') {
    if (!driver.userCertificate)
      addCatalogueIssue(context, '1001', { field: 'userCertificate' }, ['userCertificate']);
    else if (!PEM_CERTIFICATE.test(driver.userCertificate))
      addCatalogueIssue(context, '1770', {}, ['userCertificate']);
    if (driver.userPrivateKey && !PEM_PRIVATE_KEY.test(driver.userPrivateKey))
      addCatalogueIssue(context, '1771', {}, ['userPrivateKey']);
  }
}

export const opcUaDriverSchema = z.object(opcUaDriverShape).superRefine(checkOpcUaDriver);

/**
 * An OPC UA driver as a save request sends it: a secret left out keeps the stored one, null (or
 * empty) removes it (driver-secrets.ts, mergeDriverSecrets).
 */
export const opcUaDriverSaveSchema = z
  .object({
    ...opcUaDriverShape,
    password: opcUaDriverShape.password
      .unwrap()
      .nullable()
      .optional()
      .describe('The new password; left out keeps the stored one, null or empty removes it.'),
    userPrivateKey: opcUaDriverShape.userPrivateKey
      .unwrap()
      .nullable()
      .optional()
      .describe('A new private key (PKCS#8 PEM); left out keeps the stored one, null or empty removes it.'),
  })
  .superRefine(checkOpcUaDriver);

export const s7DriverSchema = z
  .object({
    ...baseFields,
    protocol: z.literal('s7').describe('Siemens S7 (S7comm over ISO-on-TCP, port 102).'),
    host: hostField.describe(`IPv4 address, IPv6 address or host name of the controller.`),
    port: boundedNumber('port', { min: 1, max: 65535, integer: true })
      .default(DEFAULT_S7_PORT)
      .describe(`TCP port, 1-65535 (ISO-on-TCP: ${DEFAULT_S7_PORT}).`),
    rack: boundedNumber('rack', { min: 0, max: S7_RACK_MAX, integer: true })
      .default(0)
      .describe(`Rack of the CPU, 0-${S7_RACK_MAX} (S7-1200/1500: 0).`),
    slot: boundedNumber('slot', { min: 0, max: S7_SLOT_MAX, integer: true })
      .default(1)
      .describe(`Slot of the CPU, 0-${S7_SLOT_MAX} (S7-1200/1500: 1, S7-300: 2).`),
    localTsap: z
      .string({ error: INVALID_FIELD_MESSAGE })
      .regex(TSAP, { error: INVALID_FIELD_MESSAGE })
      .optional()
      .describe(
        'Local TSAP as 4 hex digits (S7-200 SMART: 0200, LOGO: 0100); set with remoteTsap instead of rack and slot.',
      ),
    remoteTsap: z
      .string({ error: INVALID_FIELD_MESSAGE })
      .regex(TSAP, { error: INVALID_FIELD_MESSAGE })
      .optional()
      .describe('Remote TSAP as 4 hex digits (S7-200 SMART: 0201, LOGO: 0200).'),
    pduSize: z
      .literal(S7_PDU_SIZES, { error: INVALID_FIELD_MESSAGE })
      .default(DEFAULT_S7_PDU_SIZE)
      .describe(
        `PDU size the gateway proposes (${S7_PDU_SIZES.join(', ')} bytes); the controller may answer with a smaller one, which then applies.`,
      ),
  })
  .superRefine((driver, context) => {
    if ((driver.localTsap === undefined) !== (driver.remoteTsap === undefined))
      addCatalogueIssue(
        context,
        '1001',
        { field: driver.localTsap === undefined ? 'localTsap' : 'remoteTsap' },
        [driver.localTsap === undefined ? 'localTsap' : 'remoteTsap'],
      );
  });

export const driverSchema = z.discriminatedUnion(
  'protocol',
  [modbusTcpDriverSchema, modbusRtuDriverSchema, opcUaDriverSchema, s7DriverSchema],
  { error: INVALID_FIELD_MESSAGE },
);

export type ModbusTcpDriver = z.infer<typeof modbusTcpDriverSchema>;
export type ModbusRtuDriver = z.infer<typeof modbusRtuDriverSchema>;
export type ModbusDriver = ModbusTcpDriver | ModbusRtuDriver;
export type OpcUaDriver = z.infer<typeof opcUaDriverSchema>;
export type S7Driver = z.infer<typeof s7DriverSchema>;

export function isModbusDriver(driver: Driver): driver is ModbusDriver {
  return PROTOCOL_FAMILY[driver.protocol] === 'modbus';
}
export type Driver = z.infer<typeof driverSchema>;

/** A driver in a save request (/product/driver/save): OPC UA secrets may be kept or removed. */
export const driverSaveSchema = z.discriminatedUnion(
  'protocol',
  [modbusTcpDriverSchema, modbusRtuDriverSchema, opcUaDriverSaveSchema, s7DriverSchema],
  { error: INVALID_FIELD_MESSAGE },
);
export type DriverSave = z.infer<typeof driverSaveSchema>;
export type DriverSaveInput = z.input<typeof driverSaveSchema>;
export type DriverInput = z.input<typeof driverSchema>;
