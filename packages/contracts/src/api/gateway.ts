/**
 * Gateways (/gateway/*): list, details, batch creation, import and export, remark, credentials.
 * Request rules and answer shapes, shared by the server and the console.
 */
import { z } from 'zod';
import { REMARK_MAX_LENGTH, checkedString, maxLengthCheck } from '../validation/index.ts';
import { GATEWAY_STATUSES, slaveCountersSchema } from '../protocol/payloads.ts';
import {
  FIRMWARE_MAX_LENGTH,
  GATEWAY_BATCH_MAX,
  HARDWARE_MODEL_MAX_LENGTH,
  SIGNAL_BANDS,
  checkSn,
  type SignalBand,
} from '../gateway/rules.ts';
import { SHEET_FORMATS, isoTimeSchema, pageSchema, pagingFields } from './common.ts';

export const GatewayStatusSchema = z.enum(GATEWAY_STATUSES);
export const SignalBandSchema = z.enum(SIGNAL_BANDS.map((band) => band.id) as [SignalBand, ...SignalBand[]]);
export const CONFIG_SYNC_STATES = ['none', 'syncing', 'complete', 'failed'] as const;
export const ConfigSyncStateSchema = z.enum(CONFIG_SYNC_STATES);
export type ConfigSyncState = z.infer<typeof ConfigSyncStateSchema>;

/** An SN as typed: checked by the §5 rule, surrounding spaces dropped. */
export const snField = checkedString(checkSn).transform((value) => value.trim());
const remarkField = checkedString(maxLengthCheck('remark', REMARK_MAX_LENGTH));
const firmwareField = checkedString(maxLengthCheck('firmware', FIRMWARE_MAX_LENGTH));

// Requests

const filterFields = {
  status: GatewayStatusSchema.optional(),
  /** Part of the SN. */
  sn: z.string().trim().max(20).optional(),
  /** Part of the owner's name, username or phone. */
  owner: z.string().trim().max(50).optional(),
  ownerAccountId: z.string().optional(),
  developerAccountId: z.string().optional(),
  firmware: z.string().trim().max(FIRMWARE_MAX_LENGTH).optional(),
  /** Part of the hardware model's name. */
  hardwareModel: z.string().trim().max(HARDWARE_MODEL_MAX_LENGTH).optional(),
  hardwareModelId: z.string().max(64).optional(),
  /** Only gateways with (true) or without (false) a bound device. */
  bound: z.boolean().optional(),
};

export const GatewayFilterSchema = z.object(filterFields);
export type GatewayFilter = z.input<typeof GatewayFilterSchema>;

export const GatewayQueryRequestSchema = z.object({ ...pagingFields, ...filterFields });
export type GatewayQueryRequest = z.input<typeof GatewayQueryRequestSchema>;

export const GatewaySnRequestSchema = z.object({ sn: snField });

/** Either `count` new gateways with generated SNs, or the given `sns`. */
export const GatewayBatchAddRequestSchema = z
  .object({
    count: z.number().int().min(1).max(GATEWAY_BATCH_MAX).optional(),
    sns: z.array(snField).min(1).max(GATEWAY_BATCH_MAX).optional(),
    /** The gateways' hardware model; the built-in default model without one. */
    hardwareModelId: z.string().trim().min(1).max(64).optional(),
    firmware: firmwareField.optional(),
    remark: remarkField.optional(),
    /** The developer the gateways are assigned to (they see them in their gateway list). */
    developerAccountId: z.string().optional(),
    /** §3: the product the gateways are made for; recorded on each, an unknown one refused (2210). */
    productId: z.string().trim().min(1).max(64).optional(),
  })
  .refine((body) => body.count !== undefined || body.sns !== undefined, {
    message: 'catalogue:1001',
    path: ['count'],
  });
export type GatewayBatchAddRequest = z.input<typeof GatewayBatchAddRequestSchema>;

/** The text fields of an import; the sheet travels as `file` (multipart part or base64). */
export const GatewayImportFieldsSchema = z.object({ developerAccountId: z.string().optional() });

export const GatewayExportRequestSchema = z.object({
  format: z.enum(SHEET_FORMATS).default('xlsx'),
  /** Chosen gateways; without them, every gateway the filter matches. */
  sns: z.array(z.string()).max(10_000).optional(),
  ...filterFields,
});

export const GatewayRemarkRequestSchema = z.object({ sn: snField, remark: remarkField.nullable() });

export const GatewayDeleteRequestSchema = z.object({
  sns: z.array(snField).min(1).max(GATEWAY_BATCH_MAX),
});

// Answers

/** A gateway as lists show it: who owns it, which device it carries, how its configuration is. */
export const GatewayViewSchema = z.object({
  sn: z.string(),
  status: GatewayStatusSchema,
  signal: z.number().nullable(),
  signalBand: SignalBandSchema.nullable(),
  firmware: z.string().nullable(),
  hardwareModelId: z.string(),
  /** The name of its hardware model. */
  hardwareModel: z.string(),
  remark: z.string().nullable(),
  networkMode: z.string().nullable(),
  gatewayMode: z.string().nullable(),
  ownerAccountId: z.string().nullable(),
  ownerName: z.string().nullable(),
  developerAccountId: z.string().nullable(),
  developerName: z.string().nullable(),
  lastSeenAt: isoTimeSchema.nullable(),
  configVersionReported: z.number().int(),
  configSyncState: ConfigSyncStateSchema,
  configSyncError: z.string().nullable(),
  device: z.object({ id: z.string(), name: z.string(), productId: z.string() }).nullable(),
  /** §3: the product the gateway was made for, as its batch named it (null: none named). */
  madeForProductId: z.string().nullable().optional(),
  createdAt: isoTimeSchema,
  /** Operation staff only: printed on the gateway label. */
  verificationCode: z.string().optional(),
});
export type GatewayView = z.infer<typeof GatewayViewSchema>;

export const GatewayPageSchema = pageSchema(GatewayViewSchema);

/** One gateway with its link counters and the product of its device (/gateway/info). */
export const GatewayDetailSchema = GatewayViewSchema.extend({
  lastSeq: z.number().int(),
  rejectedMessages: z.number().int(),
  slaveCounters: z.array(slaveCountersSchema),
  product: z.object({ id: z.string(), title: z.string(), productModel: z.string() }).nullable(),
});
export type GatewayDetail = z.infer<typeof GatewayDetailSchema>;

/** A new gateway's credentials: shown once, to be printed or handed to the installer. */
export const GatewayCreatedSchema = z.object({
  sn: z.string(),
  verificationCode: z.string(),
  secret: z.string(),
});
export type GatewayCreated = z.infer<typeof GatewayCreatedSchema>;

export const GatewayImportAnswerSchema = z.object({
  imported: z.number().int(),
  generatedSecrets: z.number().int(),
});
export type GatewayImportAnswer = z.infer<typeof GatewayImportAnswerSchema>;

/** What the edge agent signs in with (/gateway/credentials). */
export const GatewayCredentialsSchema = z.object({
  sn: z.string(),
  secret: z.string(),
  mqtt: z.object({
    url: z.string(),
    clientId: z.string(),
    username: z.string(),
    password: z.string(),
    publish: z.array(z.string()),
    subscribe: z.array(z.string()),
  }),
});
export type GatewayCredentials = z.infer<typeof GatewayCredentialsSchema>;

/**
 * A new secret (/gateway/rotateSecret): the old one is refused from now on and a connection signed
 * in with it is closed; the agent is restarted with the new one (`GATEWAY_SECRET`).
 */
export const GatewaySecretRotatedSchema = GatewayCredentialsSchema.extend({
  /** Whether a connection of the gateway was closed (the embedded broker; an external one is told by its admin). */
  disconnected: z.boolean(),
});
export type GatewaySecretRotated = z.infer<typeof GatewaySecretRotatedSchema>;

/** Bound or unknown SNs are kept and named, so a person sees which ones need unbinding first. */
export const GatewayDeleteAnswerSchema = z.object({
  deleted: z.array(z.string()),
  kept: z.array(z.string()),
});
export type GatewayDeleteAnswer = z.infer<typeof GatewayDeleteAnswerSchema>;
