/**
 * Communication protocols, register types and driver models (§2 system/protocol).
 *
 * The protocols are the ones the edge agent speaks (`PROTOCOLS` of the device model: Modbus TCP,
 * Modbus RTU, OPC UA and Siemens S7). Modbus variables name a data table (`REGISTER_TYPE_DEFINITIONS`)
 * and a register address; OPC UA variables a NodeId; S7 variables a Siemens address whose width
 * gives the table. All are built in, because a protocol the agent cannot run would only mislead. What a developer
 * adds are driver models: a named kind of slave (a meter, a PLC family) over one of those protocols,
 * with the settings it ships with. A product's driver may name the driver model it was made from;
 * a driver model a product's driver names cannot be deleted (§8 "protocol in use").
 */
import { z } from 'zod';
import { idField, isoTimeSchema, requiredText } from '../api/common.ts';
import { checkedString, maxLengthCheck, NAME_MAX_LENGTH } from '../validation/index.ts';
import {
  BAUD_RATES,
  DATA_BITS,
  DEFAULT_MODBUS_TCP_PORT,
  DEFAULT_S7_PDU_SIZE,
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_TIMEOUT_MS,
  PARITIES,
  POLL_INTERVAL_MAX_MS,
  POLL_INTERVAL_MIN_MS,
  PROTOCOLS,
  S7_PDU_SIZES,
  S7_RACK_MAX,
  S7_SLOT_MAX,
  STOP_BITS,
  TIMEOUT_MAX_MS,
  TIMEOUT_MIN_MS,
  type Protocol,
} from '../device-model/driver.ts';
import { addCatalogueIssue } from '../device-model/issues.ts';
import { OPCUA_SECURITY_MODES, OPCUA_SECURITY_POLICIES } from '../device-model/opcua.ts';
import { BYTE_ORDERS_16, BYTE_ORDERS_32, BYTE_ORDERS_64 } from '../device-model/byte-order.ts';
import { ADDRESS_TYPES, addressTypesOf, type AddressType } from '../device-model/address.ts';
import { REGISTER_TYPES, type RegisterType } from '../device-model/register-types.ts';

export const PROTOCOL_API_PATHS = {
  list: '/system/protocol/list',
  driverModels: '/system/driverModel/list',
  addDriverModel: '/system/driverModel/add',
  editDriverModel: '/system/driverModel/edit',
  deleteDriverModel: '/system/driverModel/delete',
} as const;

export interface ProtocolDefinition {
  readonly id: Protocol;
  readonly label: { readonly zh: string; readonly en: string };
  /** How the agent reaches the slave. */
  readonly transport: 'network' | 'serial';
  /** Modbus data tables a variable chooses from; none for protocols whose address says it all. */
  readonly registerTypes: readonly RegisterType[];
  /** Address notations of its variables (the first is the default). */
  readonly addressTypes: readonly AddressType[];
  /** How an address is written, for people. */
  readonly addressSyntax: { readonly zh: string; readonly en: string };
  /** Addresses as a developer would type them. */
  readonly examples: readonly string[];
}

const MODBUS_SYNTAX = {
  zh: '十进制 0-65535、十六进制 0x0000-0xFFFF，或 PLC 地址（0xxxx 线圈、1xxxx 离散输入、3xxxx 输入寄存器、4xxxx 保持寄存器）',
  en: 'Decimal 0-65535, hexadecimal 0x0000-0xFFFF, or PLC notation (0xxxx coils, 1xxxx discrete inputs, 3xxxx input registers, 4xxxx holding registers)',
};
const MODBUS_EXAMPLES = ['100', '0x0064', '40001', '30001'];

/** The built-in protocols as a registry: one entry per protocol the agent runs. */
export const PROTOCOL_DEFINITIONS: { readonly [K in Protocol]: ProtocolDefinition & { id: K } } = {
  'modbus-tcp': {
    id: 'modbus-tcp',
    label: { zh: 'Modbus TCP', en: 'Modbus TCP' },
    transport: 'network',
    registerTypes: REGISTER_TYPES,
    addressTypes: addressTypesOf('modbus'),
    addressSyntax: MODBUS_SYNTAX,
    examples: MODBUS_EXAMPLES,
  },
  'modbus-rtu': {
    id: 'modbus-rtu',
    label: { zh: 'Modbus RTU', en: 'Modbus RTU' },
    transport: 'serial',
    registerTypes: REGISTER_TYPES,
    addressTypes: addressTypesOf('modbus'),
    addressSyntax: MODBUS_SYNTAX,
    examples: MODBUS_EXAMPLES,
  },
  opcua: {
    id: 'opcua',
    label: { zh: 'OPC UA', en: 'OPC UA' },
    transport: 'network',
    registerTypes: [],
    addressTypes: addressTypesOf('opcua'),
    addressSyntax: {
      zh: 'NodeId：ns=<命名空间>;i=<数字> | s=<字符串> | g=<GUID> | b=<Base64>',
      en: 'NodeId: ns=<namespace>;i=<number> | s=<text> | g=<GUID> | b=<base64>',
    },
    examples: [
      'ns=2;s=Line1.Temp',
      'ns=2;i=1001',
      'ns=3;g=72962b91-fa75-4ae6-8d28-b404dc7daf63',
      'ns=4;b=M/RbKBsRVkePCePcx24oRA==',
    ],
  },
  s7: {
    id: 's7',
    label: { zh: '西门子 S7', en: 'Siemens S7' },
    transport: 'network',
    registerTypes: [],
    addressTypes: addressTypesOf('s7'),
    addressSyntax: {
      zh: 'DB<n>.DBX<字节>.<位> / DBB / DBW / DBD，DB<n>.S<字节>.<长度>；M、I、Q 区：M10.1、MB10、MW20、MD24',
      en: 'DB<n>.DBX<byte>.<bit> / DBB / DBW / DBD, DB<n>.S<byte>.<length>; M, I, Q areas: M10.1, MB10, MW20, MD24',
    },
    examples: [
      'DB1.DBX0.0',
      'DB1.DBB2',
      'DB1.DBW4',
      'DB1.DBD6',
      'DB1.S10.20',
      'M10.1',
      'MW20',
      'I0.0',
      'Q0.1',
    ],
  },
};

export const PROTOCOL_LIST = PROTOCOLS.map((id) => PROTOCOL_DEFINITIONS[id]);

export const DRIVER_MODEL_DESCRIPTION_MAX_LENGTH = 100;

/** What a driver model fills in when a driver is made from it. */
export const driverModelSettingsSchema = z
  .object({
    pollIntervalMs: z
      .number()
      .int()
      .min(POLL_INTERVAL_MIN_MS)
      .max(POLL_INTERVAL_MAX_MS)
      .default(DEFAULT_POLL_INTERVAL_MS),
    timeoutMs: z.number().int().min(TIMEOUT_MIN_MS).max(TIMEOUT_MAX_MS).default(DEFAULT_TIMEOUT_MS),
    byteOrder16: z.enum(BYTE_ORDERS_16).default('AB'),
    byteOrder32: z.enum(BYTE_ORDERS_32).default('ABCD'),
    byteOrder64: z.enum(BYTE_ORDERS_64).default('ABCDEFGH'),
    /** Modbus TCP. */
    port: z.number().int().min(1).max(65535).default(DEFAULT_MODBUS_TCP_PORT),
    /** Modbus RTU line settings. */
    baudRate: z.literal(BAUD_RATES).default(9600),
    dataBits: z.literal(DATA_BITS).default(8),
    parity: z.enum(PARITIES).default('none'),
    stopBits: z.literal(STOP_BITS).default(1),
    /** OPC UA: the security a server of this kind expects, and whether it is read by subscription. */
    securityMode: z.enum(OPCUA_SECURITY_MODES).default('None'),
    securityPolicy: z.enum(OPCUA_SECURITY_POLICIES).default('None'),
    subscribe: z.boolean().default(true),
    /** Siemens S7: where the CPU sits in its rack (S7-1200/1500: 0/1; S7-300: 0/2) and the PDU asked for. */
    rack: z.number().int().min(0).max(S7_RACK_MAX).default(0),
    slot: z.number().int().min(0).max(S7_SLOT_MAX).default(1),
    pduSize: z.literal(S7_PDU_SIZES).default(DEFAULT_S7_PDU_SIZE),
  })
  .superRefine((settings, context) => {
    // Signing and encrypting go together with a policy; "None" with none (as on a driver).
    if ((settings.securityMode === 'None') !== (settings.securityPolicy === 'None'))
      addCatalogueIssue(context, '1002', { field: 'settings.securityPolicy' }, ['securityPolicy']);
  });
export type DriverModelSettings = z.infer<typeof driverModelSettingsSchema>;

const driverModelFields = {
  name: requiredText('name', NAME_MAX_LENGTH),
  protocol: z.enum(PROTOCOLS),
  description: checkedString(maxLengthCheck('description', DRIVER_MODEL_DESCRIPTION_MAX_LENGTH)).optional(),
  settings: driverModelSettingsSchema.default(driverModelSettingsSchema.parse({})),
};

export const driverModelAddBodySchema = z.object(driverModelFields);
export type DriverModelAddBody = z.input<typeof driverModelAddBodySchema>;

export const driverModelEditBodySchema = z.object({ ...driverModelFields, id: idField });
export type DriverModelEditBody = z.input<typeof driverModelEditBodySchema>;

export const driverModelIdBodySchema = z.object({ id: idField });
export type DriverModelIdBody = z.input<typeof driverModelIdBodySchema>;

export const driverModelListBodySchema = z.object({ protocol: z.enum(PROTOCOLS).optional() });
export type DriverModelListBody = z.input<typeof driverModelListBodySchema>;

export const driverModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  protocol: z.enum(PROTOCOLS),
  description: z.string(),
  settings: driverModelSettingsSchema,
  /** Products with a driver made from it (one in use cannot be deleted). */
  productCount: z.number().int().min(0),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
});
export type DriverModel = z.infer<typeof driverModelSchema>;
export const driverModelsSchema = z.array(driverModelSchema);

/** A built-in protocol as the screen lists it: its register types and how many driver models use it. */
export const protocolSchema = z.object({
  id: z.enum(PROTOCOLS),
  transport: z.enum(['network', 'serial']),
  builtIn: z.literal(true),
  registerTypes: z.array(z.enum(REGISTER_TYPES)),
  addressTypes: z.array(z.enum(ADDRESS_TYPES)),
  addressSyntax: z.object({ zh: z.string(), en: z.string() }),
  examples: z.array(z.string()),
  driverModelCount: z.number().int().min(0),
});
export type ProtocolItem = z.infer<typeof protocolSchema>;
export const protocolsSchema = z.array(protocolSchema);
