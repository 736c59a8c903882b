/**
 * Communication protocols, register types and driver models (§2 system/protocol).
 *
 * The protocols are the ones the edge agent speaks (`PROTOCOLS` of the device model: Modbus TCP
 * and Modbus RTU) and their register types are the Modbus data tables (`REGISTER_TYPE_DEFINITIONS`);
 * both are built in, because a protocol the agent cannot run would only mislead. What a developer
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
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_TIMEOUT_MS,
  PARITIES,
  POLL_INTERVAL_MAX_MS,
  POLL_INTERVAL_MIN_MS,
  PROTOCOLS,
  STOP_BITS,
  TIMEOUT_MAX_MS,
  TIMEOUT_MIN_MS,
  type Protocol,
} from '../device-model/driver.ts';
import { BYTE_ORDERS_16, BYTE_ORDERS_32, BYTE_ORDERS_64 } from '../device-model/byte-order.ts';
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
  readonly registerTypes: readonly RegisterType[];
}

/** The built-in protocols as a registry: one entry per protocol the agent runs. */
export const PROTOCOL_DEFINITIONS: { readonly [K in Protocol]: ProtocolDefinition & { id: K } } = {
  'modbus-tcp': {
    id: 'modbus-tcp',
    label: { zh: 'Modbus TCP', en: 'Modbus TCP' },
    transport: 'network',
    registerTypes: REGISTER_TYPES,
  },
  'modbus-rtu': {
    id: 'modbus-rtu',
    label: { zh: 'Modbus RTU', en: 'Modbus RTU' },
    transport: 'serial',
    registerTypes: REGISTER_TYPES,
  },
};

export const PROTOCOL_LIST = PROTOCOLS.map((id) => PROTOCOL_DEFINITIONS[id]);

export const DRIVER_MODEL_DESCRIPTION_MAX_LENGTH = 100;

/** What a driver model fills in when a driver is made from it. */
export const driverModelSettingsSchema = z.object({
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
  driverModelCount: z.number().int().min(0),
});
export type ProtocolItem = z.infer<typeof protocolSchema>;
export const protocolsSchema = z.array(protocolSchema);
