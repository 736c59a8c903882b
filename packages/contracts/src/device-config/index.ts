/**
 * Per-device configuration (`@lyyp/contracts/device-config`): a device runs its product's model
 * with its own driver addresses (host, port, unit id, serial port), so sites whose PLCs sit at
 * different addresses share one product. What a device sets is stored as overrides of the product;
 * the effective model is the product's with the overrides applied, and its version grows with
 * either. The address rules are the driver schema's own fields.
 */
import { z } from 'zod';
import type { DeviceModel, Driver } from '../device-model/index.ts';
import { PROTOCOLS, modbusRtuDriverSchema, modbusTcpDriverSchema } from '../device-model/index.ts';
import { INVALID_FIELD_MESSAGE } from '../device-model/issues.ts';
import { idField } from '../api/common.ts';
import type { ErrorCode } from '../errors/catalogue.ts';

export const DEVICE_CONFIG_API_PATHS = {
  info: '/equipment/config/info',
  save: '/equipment/config/save',
  copy: '/equipment/config/copy',
} as const;

/** The address settings a device may set for itself, with the protocol each belongs to. */
export const DRIVER_ADDRESS_FIELDS = {
  host: 'modbus-tcp',
  port: 'modbus-tcp',
  slaveId: 'any',
  serialPort: 'modbus-rtu',
} as const;
export type DriverAddressField = keyof typeof DRIVER_ADDRESS_FIELDS;
export const DRIVER_ADDRESS_FIELD_NAMES = Object.keys(DRIVER_ADDRESS_FIELDS) as DriverAddressField[];

/** At most this many devices receive a copy in one request. */
export const CONFIG_COPY_MAX_TARGETS = 100;

/** One driver's own address; a field left out follows the product. */
export const driverOverrideSchema = z.object({
  key: z.string({ error: INVALID_FIELD_MESSAGE }).min(1, { error: INVALID_FIELD_MESSAGE }).max(50),
  host: modbusTcpDriverSchema.shape.host.optional(),
  port: modbusTcpDriverSchema.shape.port.unwrap().optional(),
  slaveId: modbusTcpDriverSchema.shape.slaveId.optional(),
  serialPort: modbusRtuDriverSchema.shape.serialPort.optional(),
});
export type DriverOverride = z.infer<typeof driverOverrideSchema>;

/** What a device sets for itself over its product's model, as stored. */
export const deviceConfigOverridesSchema = z.object({
  drivers: z.array(driverOverrideSchema).default([]),
});
export type DeviceConfigOverrides = z.infer<typeof deviceConfigOverridesSchema>;

export const EMPTY_DEVICE_CONFIG: DeviceConfigOverrides = { drivers: [] };

/** The version a device's gateway runs: it grows when either the product model or the device's own settings change. */
export function effectiveConfigVersion(modelVersion: number, deviceRevision: number): number {
  return modelVersion + deviceRevision;
}

function fieldApplies(driver: Driver, field: DriverAddressField): boolean {
  const protocol = DRIVER_ADDRESS_FIELDS[field];
  return protocol === 'any' || protocol === driver.protocol;
}

/** The model a device's gateway runs: the product's, with the device's driver addresses. */
export function applyDeviceConfig(model: DeviceModel, overrides: DeviceConfigOverrides): DeviceModel {
  if (overrides.drivers.length === 0) return model;
  const byKey = new Map(overrides.drivers.map((driver) => [driver.key, driver]));
  return {
    ...model,
    drivers: model.drivers.map((driver) => {
      const own = byKey.get(driver.key);
      if (!own) return driver;
      const merged: Record<string, unknown> = { ...driver };
      for (const field of DRIVER_ADDRESS_FIELD_NAMES) {
        if (own[field] !== undefined && fieldApplies(driver, field)) merged[field] = own[field];
      }
      return merged as Driver;
    }),
  };
}

export interface ConfigProblem {
  code: ErrorCode;
  params: Record<string, string | number>;
}

/**
 * Checks a device's settings against its product's model and keeps only what differs from it.
 * A driver the product does not have (2601) or a setting its protocol has not (2602) is refused.
 */
export function normaliseDeviceConfig(
  model: DeviceModel,
  overrides: DeviceConfigOverrides,
): { ok: true; overrides: DeviceConfigOverrides } | { ok: false; problem: ConfigProblem } {
  const drivers = new Map(model.drivers.map((driver) => [driver.key, driver]));
  const seen = new Set<string>();
  const kept: DriverOverride[] = [];
  for (const [index, own] of overrides.drivers.entries()) {
    const driver = drivers.get(own.key);
    if (!driver || seen.has(own.key))
      return {
        ok: false,
        problem: { code: '2601', params: { field: `drivers.${index}.key`, driver: own.key } },
      };
    seen.add(own.key);
    const differing: DriverOverride = { key: own.key };
    for (const field of DRIVER_ADDRESS_FIELD_NAMES) {
      const value = own[field];
      if (value === undefined) continue;
      if (!fieldApplies(driver, field))
        return { ok: false, problem: { code: '2602', params: { field: `drivers.${index}.${field}` } } };
      const productValue = (driver as Record<string, unknown>)[field];
      if (value !== productValue) (differing as Record<string, unknown>)[field] = value;
    }
    if (Object.keys(differing).length > 1) kept.push(differing);
  }
  return { ok: true, overrides: { drivers: kept } };
}

/** One address setting of one driver: the product's value, the device's, and whether they differ. */
export const driverAddressRowSchema = z.object({
  field: z.enum(['host', 'port', 'slaveId', 'serialPort']),
  product: z.union([z.string(), z.number()]),
  device: z.union([z.string(), z.number()]),
  differs: z.boolean(),
});

export const deviceConfigDriverSchema = z.object({
  key: z.string(),
  name: z.string(),
  protocol: z.enum(PROTOCOLS),
  addresses: z.array(driverAddressRowSchema),
});
export type DeviceConfigDriver = z.infer<typeof deviceConfigDriverSchema>;

/** The address settings of each driver, product beside device. */
export function describeDeviceConfig(
  model: DeviceModel,
  overrides: DeviceConfigOverrides,
): DeviceConfigDriver[] {
  const effective = applyDeviceConfig(model, overrides);
  return model.drivers.map((driver, index) => {
    const own = effective.drivers[index] as Record<string, unknown>;
    const base = driver as Record<string, unknown>;
    return {
      key: driver.key,
      name: driver.name,
      protocol: driver.protocol,
      addresses: DRIVER_ADDRESS_FIELD_NAMES.filter((field) => fieldApplies(driver, field)).map((field) => ({
        field,
        product: base[field] as string | number,
        device: own[field] as string | number,
        differs: base[field] !== own[field],
      })),
    };
  });
}

// Requests and answers -----------------------------------------------------------------------------

export const deviceConfigInfoBodySchema = z.object({ id: idField });

/** Replaces the device's own settings; a driver or field left out follows the product again. */
export const deviceConfigSaveBodySchema = z.object({
  id: idField,
  drivers: z.array(driverOverrideSchema).max(64).default([]),
});
export type DeviceConfigSaveBody = z.input<typeof deviceConfigSaveBodySchema>;

export const deviceConfigCopyBodySchema = z.object({
  id: idField,
  targetIds: z.array(idField).min(1).max(CONFIG_COPY_MAX_TARGETS),
});
export type DeviceConfigCopyBody = z.input<typeof deviceConfigCopyBodySchema>;

/** queued: not sent yet (the gateway is offline or asleep; it gets it when it comes back). */
const syncStateSchema = z.enum(['queued', 'syncing', 'complete', 'failed']);

export const deviceConfigAnswerSchema = z.object({
  deviceId: z.string(),
  productId: z.string(),
  productModelVersion: z.number().int(),
  /** How many times the device's own settings changed. */
  revision: z.number().int(),
  /** The version its gateway should run (`effectiveConfigVersion`). */
  version: z.number().int(),
  /** Whether any setting differs from the product. */
  customised: z.boolean(),
  drivers: z.array(deviceConfigDriverSchema),
  /** The gateway's sync state for this version (derived from the gateway's last report). */
  syncState: syncStateSchema,
  reportedVersion: z.number().int(),
  updatedAt: z.string().nullable(),
  /** The template the device is bound to: its configuration changes only through it. */
  templateId: z.string().nullable(),
  templateVersion: z.number().int().nullable(),
});
export type DeviceConfigAnswer = z.infer<typeof deviceConfigAnswerSchema>;

export const configCopyResultSchema = z.object({
  id: z.string(),
  /** `syncing` when copied and pushed; `failed` with the catalogue code when refused. */
  state: z.enum(['syncing', 'failed']),
  code: z.string().nullable(),
});
export const deviceConfigCopyAnswerSchema = z.object({
  results: z.array(configCopyResultSchema),
  copied: z.number().int(),
  failed: z.number().int(),
});
export type DeviceConfigCopyAnswer = z.infer<typeof deviceConfigCopyAnswerSchema>;

// Templates ----------------------------------------------------------------------------------------

export const DEVICE_TEMPLATE_API_PATHS = {
  list: '/equipment/template/list',
  add: '/equipment/template/add',
  info: '/equipment/template/info',
  saveVersion: '/equipment/template/version/save',
  diff: '/equipment/template/diff',
  rollback: '/equipment/template/rollback',
  bind: '/equipment/template/bind',
  unbind: '/equipment/template/unbind',
  sync: '/equipment/template/sync',
} as const;

export const TEMPLATE_NAME_MAX_LENGTH = 50;
/** At most this many devices in one bind, unbind or staged sync request. */
export const TEMPLATE_BATCH_MAX = 1000;

const templateName = z
  .string({ error: INVALID_FIELD_MESSAGE })
  .trim()
  .min(1, { error: INVALID_FIELD_MESSAGE })
  .max(TEMPLATE_NAME_MAX_LENGTH, { error: INVALID_FIELD_MESSAGE });
const versionField = z.coerce.number().int().min(1);
const deviceIdsField = z.array(idField).min(1).max(TEMPLATE_BATCH_MAX);

/** A new template of a product: empty, or starting from a device's own settings. */
export const templateAddBodySchema = z.object({
  name: templateName,
  productId: idField,
  fromDeviceId: idField.optional(),
});
export const templateIdBodySchema = z.object({ id: idField });
export const templateSaveVersionBodySchema = z.object({
  id: idField,
  drivers: z.array(driverOverrideSchema).max(64).default([]),
});
export const templateDiffBodySchema = z.object({ id: idField, from: versionField, to: versionField });
export const templateRollbackBodySchema = z.object({ id: idField, version: versionField });
export const templateBindBodySchema = z.object({ id: idField, deviceIds: deviceIdsField });
export const templateUnbindBodySchema = z.object({ deviceIds: deviceIdsField });
/** Pushes a version (the newest when left out) to the template's devices, or to some first (staged). */
export const templateSyncBodySchema = z.object({
  id: idField,
  version: versionField.optional(),
  deviceIds: deviceIdsField.optional(),
});

export const templateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  latestVersion: z.number().int(),
  deviceCount: z.number().int(),
  updatedAt: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;
export const templateListAnswerSchema = z.object({ list: z.array(templateSummarySchema) });
export type TemplateListAnswer = z.infer<typeof templateListAnswerSchema>;

export const templateVersionSchema = z.object({
  version: z.number().int(),
  drivers: z.array(deviceConfigDriverSchema),
  createdAt: z.string(),
  /** The version this one restored, when it was a rollback. */
  restoredFrom: z.number().int().nullable(),
});
export const templateDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  gatewaySn: z.string(),
  gatewayStatus: z.string(),
  /** The template version the device last received (null: bound, never synced). */
  templateVersion: z.number().int().nullable(),
  /**
   * Where the gateway stands with that version: `complete` only once it reported it applied. Null
   * while the device received no version of the template (it runs its own configuration).
   */
  syncState: syncStateSchema.nullable(),
});
export type TemplateDevice = z.infer<typeof templateDeviceSchema>;
export const templateInfoAnswerSchema = templateSummarySchema.extend({
  versions: z.array(templateVersionSchema),
  devices: z.array(templateDeviceSchema),
});
export type TemplateInfoAnswer = z.infer<typeof templateInfoAnswerSchema>;

export const templateDiffRowSchema = z.object({
  driverKey: z.string(),
  field: z.enum(['host', 'port', 'slaveId', 'serialPort']),
  from: z.union([z.string(), z.number()]),
  to: z.union([z.string(), z.number()]),
});
export type TemplateDiffRow = z.infer<typeof templateDiffRowSchema>;
export const templateDiffAnswerSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  changes: z.array(templateDiffRowSchema),
});
export type TemplateDiffAnswer = z.infer<typeof templateDiffAnswerSchema>;

export const templateDeviceResultSchema = z.object({
  id: z.string(),
  state: z.enum(['queued', 'syncing', 'bound', 'unbound', 'failed']),
  code: z.string().nullable(),
});
export const templateBatchAnswerSchema = z.object({
  version: z.number().int().nullable(),
  results: z.array(templateDeviceResultSchema),
});
export type TemplateBatchAnswer = z.infer<typeof templateBatchAnswerSchema>;

/** What changes, setting by setting, between two versions' effective addresses. */
export function diffDeviceConfigs(
  model: DeviceModel,
  from: DeviceConfigOverrides,
  to: DeviceConfigOverrides,
): TemplateDiffRow[] {
  const before = describeDeviceConfig(model, from);
  const after = describeDeviceConfig(model, to);
  const changes: TemplateDiffRow[] = [];
  before.forEach((driver, index) => {
    driver.addresses.forEach((row, rowIndex) => {
      const next = after[index]?.addresses[rowIndex];
      if (next && next.device !== row.device)
        changes.push({ driverKey: driver.key, field: row.field, from: row.device, to: next.device });
    });
  });
  return changes;
}
