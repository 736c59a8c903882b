/**
 * Hardware models (§2 system/hardware) and the §7 device-model paths (`/model/*`).
 *
 * A hardware model is a kind of gateway: how much one gateway of it may run (drivers, variables,
 * reports, scripts, alarm rules — §9 "counts per gateway depend on the model") and what it has
 * (4G, Wi-Fi, GPS or base-station positioning, serial and LAN ports). It is also the "device model"
 * of §3/§7: a product's `modelId` names the model its configuration is built for, and that model's
 * numbers are the product's capacity. Every gateway refers to one; the built-in default model
 * stands in for gateways and products that name none.
 */
import { z } from 'zod';
import { checkedString, maxLengthCheck } from '../validation/index.ts';
import { idField, isoTimeSchema, pageSchema, pagingFields, requiredText } from '../api/common.ts';
import { snField } from '../api/gateway.ts';
import { HARDWARE_MODEL_MAX_LENGTH } from '../gateway/rules.ts';
import { ALARM_RULE_DEFAULT_CAPACITY } from '../alarm/limits.ts';
import { REPORT_DEFAULT_CAPACITY } from '../report/limits.ts';
import { DEFAULT_SCRIPT_CAPACITY } from '../device-model/script.ts';

/** Paths of the device-model API, relative to `API_PREFIX` (§7: exactly these names). */
export const MODEL_API_PATHS = {
  query: '/model/query',
  queryAll: '/model/queryAll',
  add: '/model/add',
  edit: '/model/edit',
  delete: '/model/delete',
  queryBySn: '/model/queryBySn',
  info: '/model/info',
} as const;

/** The built-in model: existing gateways and products without a model run on its numbers. */
export const DEFAULT_HARDWARE_MODEL_ID = 'default';

/** What one gateway may run, by kind (§9). */
export const CAPACITY_KINDS = ['drivers', 'variables', 'reports', 'scripts', 'alarms'] as const;
export type CapacityKind = (typeof CAPACITY_KINDS)[number];

/** Numbers of the built-in model: what every product had before models carried their own. */
export const DEFAULT_MODEL_CAPACITY: Readonly<Record<CapacityKind, number>> = {
  drivers: 16,
  variables: 1000,
  reports: REPORT_DEFAULT_CAPACITY,
  scripts: DEFAULT_SCRIPT_CAPACITY,
  alarms: ALARM_RULE_DEFAULT_CAPACITY,
};

/** The largest number a model may give each kind (a sanity bound, far above any real gateway). */
export const MODEL_CAPACITY_MAX: Readonly<Record<CapacityKind, number>> = {
  drivers: 256,
  variables: 100_000,
  reports: 1000,
  scripts: 1000,
  alarms: 10_000,
};

export const MODEL_PORTS_MAX = 16;
export const MODEL_DESCRIPTION_MAX_LENGTH = 100;

const capacityShape = Object.fromEntries(
  CAPACITY_KINDS.map((kind) => [kind, z.number().int().min(1).max(MODEL_CAPACITY_MAX[kind])]),
) as Record<CapacityKind, z.ZodNumber>;

export const modelCapacitySchema = z.object(capacityShape);
export type ModelCapacity = z.infer<typeof modelCapacitySchema>;

/** Feature flags and port counts (§2 "capacity and feature flags"). */
export const modelFeaturesSchema = z.object({
  cellular: z.boolean(),
  wifi: z.boolean(),
  gps: z.boolean(),
  baseStation: z.boolean(),
  serialPorts: z.number().int().min(0).max(MODEL_PORTS_MAX),
  lanPorts: z.number().int().min(0).max(MODEL_PORTS_MAX),
});
export type ModelFeatures = z.infer<typeof modelFeaturesSchema>;

export const MODEL_FEATURE_FLAGS = ['cellular', 'wifi', 'gps', 'baseStation'] as const;

const nameField = requiredText('name', HARDWARE_MODEL_MAX_LENGTH);
const descriptionField = checkedString(maxLengthCheck('description', MODEL_DESCRIPTION_MAX_LENGTH));

// Requests

export const modelQueryBodySchema = z.object({
  ...pagingFields,
  /** Part of the name. */
  name: z.string().trim().max(HARDWARE_MODEL_MAX_LENGTH).optional(),
});
export type ModelQueryBody = z.input<typeof modelQueryBodySchema>;

export const modelAddBodySchema = z.object({
  name: nameField,
  description: descriptionField.optional(),
  capacity: modelCapacitySchema,
  features: modelFeaturesSchema,
});
export type ModelAddBody = z.input<typeof modelAddBodySchema>;

export const modelEditBodySchema = modelAddBodySchema.extend({ id: idField });
export type ModelEditBody = z.input<typeof modelEditBodySchema>;

export const modelIdBodySchema = z.object({ id: idField });
export type ModelIdBody = z.input<typeof modelIdBodySchema>;

export const modelSnBodySchema = z.object({ sn: snField });
export type ModelSnBody = z.input<typeof modelSnBodySchema>;

// Answers

export const hardwareModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  capacity: modelCapacitySchema,
  features: modelFeaturesSchema,
  /** The built-in model: cannot be deleted. */
  builtIn: z.boolean(),
  /** Gateways and products that refer to it (a model in use cannot be deleted). */
  gatewayCount: z.number().int(),
  productCount: z.number().int(),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
});
export type HardwareModel = z.infer<typeof hardwareModelSchema>;

export const hardwareModelPageSchema = pageSchema(hardwareModelSchema);
export type HardwareModelPage = z.infer<typeof hardwareModelPageSchema>;

/** `queryAll`: every model, for pickers (product form, gateway batch). */
export const hardwareModelOptionSchema = z.object({ id: z.string(), name: z.string(), builtIn: z.boolean() });
export type HardwareModelOption = z.infer<typeof hardwareModelOptionSchema>;
export const hardwareModelOptionsSchema = z.array(hardwareModelOptionSchema);
