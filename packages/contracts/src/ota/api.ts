/**
 * The OTA task API (`/lyyp/developer/product/ota/*`, the §2 product/ota/:id tab): tasks of a
 * product, a new task, one task with each gateway's progress, retry and cancel, and the choices the
 * new-task dialog offers (firmware, the product's gateways).
 */
import { z } from 'zod';
import { pageSchema, pagingFields } from '../api/common.ts';
import { enumField, INVALID_FIELD_MESSAGE } from '../device-model/issues.ts';
import { FIRMWARE_KINDS } from '../firmware/firmware.ts';
import {
  OTA_MAX_FIRST_BATCH,
  OTA_MAX_LISTED_GATEWAYS,
  OTA_STEP_STATES,
  OTA_TARGET_MODES,
  OTA_TASK_STATES,
} from './ota.ts';

export const OTA_API_PATHS = {
  list: '/product/ota/list',
  add: '/product/ota/add',
  info: '/product/ota/info',
  retry: '/product/ota/retry',
  cancel: '/product/ota/cancel',
  firmware: '/product/ota/firmware',
  gateways: '/product/ota/gateways',
} as const;

const entityId = z.string({ error: INVALID_FIELD_MESSAGE }).trim().min(1).max(64);

export const otaListBodySchema = z.object({ productId: entityId, ...pagingFields });
export type OtaListBody = z.input<typeof otaListBodySchema>;

export const otaAddBodySchema = z.object({
  productId: entityId,
  firmwareId: entityId,
  target: enumField(OTA_TARGET_MODES),
  /** `list`: the gateways' SNs. */
  sns: z
    .array(z.string({ error: INVALID_FIELD_MESSAGE }).trim().max(32))
    .max(OTA_MAX_LISTED_GATEWAYS)
    .optional(),
  /** `version`: the gateways that run this version of the firmware's kind. */
  fromVersion: z.string({ error: INVALID_FIELD_MESSAGE }).trim().max(64).optional(),
  /** Staged rollout: how many gateways go first; 0 (or as many as there are) is all at once. */
  firstBatch: z.number({ error: INVALID_FIELD_MESSAGE }).int().min(0).max(OTA_MAX_FIRST_BATCH).default(0),
});
export type OtaAddBody = z.input<typeof otaAddBodySchema>;

export const otaTaskBodySchema = z.object({
  id: entityId,
  /** Only this gateway of the task (retry and cancel); the whole task when left out. */
  sn: z.string({ error: INVALID_FIELD_MESSAGE }).trim().max(32).optional(),
});
export type OtaTaskBody = z.input<typeof otaTaskBodySchema>;

export const otaProductBodySchema = z.object({ productId: entityId });
export type OtaProductBody = z.input<typeof otaProductBodySchema>;

export const otaFirmwareOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(FIRMWARE_KINDS),
  version: z.string(),
});
export type OtaFirmwareOption = z.infer<typeof otaFirmwareOptionSchema>;
export const otaFirmwareOptionsSchema = z.object({ list: z.array(otaFirmwareOptionSchema) });
export type OtaFirmwareOptions = z.infer<typeof otaFirmwareOptionsSchema>;

export const otaGatewayOptionSchema = z.object({
  sn: z.string(),
  deviceName: z.string(),
  status: z.string(),
  signal: z.number().nullable(),
  firmware: z.string().nullable(),
  systemFirmware: z.string().nullable(),
  /** Whether it may start an upgrade now (§9: online, signal above 65). */
  qualifies: z.boolean(),
});
export type OtaGatewayOption = z.infer<typeof otaGatewayOptionSchema>;
export const otaGatewayOptionsSchema = z.object({ list: z.array(otaGatewayOptionSchema) });
export type OtaGatewayOptions = z.infer<typeof otaGatewayOptionsSchema>;

const countsSchema = z.object({
  total: z.number().int(),
  waiting: z.number().int(),
  active: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});

export const otaTaskSchema = z.object({
  id: z.string(),
  productId: z.string(),
  firmware: otaFirmwareOptionSchema,
  target: z.enum(OTA_TARGET_MODES),
  fromVersion: z.string().nullable(),
  firstBatch: z.number().int(),
  state: z.enum(OTA_TASK_STATES),
  counts: countsSchema,
  createdAt: z.string(),
});
export type OtaTask = z.infer<typeof otaTaskSchema>;
export const otaTaskPageSchema = pageSchema(otaTaskSchema);
export type OtaTaskPage = z.infer<typeof otaTaskPageSchema>;

export const otaStepSchema = z.object({
  sn: z.string(),
  deviceName: z.string(),
  batch: z.number().int(),
  state: z.enum(OTA_STEP_STATES),
  /** Downloading: 0-100. */
  percent: z.number().int().nullable(),
  /** Why it failed: a catalogue code and its parameters. */
  code: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  /** Version it ran when the task began. */
  fromVersion: z.string().nullable(),
  /** Version it reports now. */
  currentVersion: z.string().nullable(),
  attempt: z.number().int(),
  gatewayStatus: z.string(),
  signal: z.number().nullable(),
  updatedAt: z.string(),
});
export type OtaStep = z.infer<typeof otaStepSchema>;

export const otaTaskDetailSchema = otaTaskSchema.extend({ steps: z.array(otaStepSchema) });
export type OtaTaskDetail = z.infer<typeof otaTaskDetailSchema>;
