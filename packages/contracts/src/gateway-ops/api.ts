/**
 * The gateway operations of a device (`/equipment/gateway/*`): replacing its gateway, factory reset,
 * clearing its data, the gateway's remote settings and the restart command. Requests name the
 * device (`equipmentId`) as the command paths do; commands answer as §3 async commands do.
 */
import { z } from 'zod';
import { CommandReplySchema } from '../api/command.ts';
import { SN_LENGTH, GATEWAY_CODE_LENGTH } from '../validation/rules.ts';
import {
  GATEWAY_SETTING_KEYS,
  MQTT_TLS_PARTS,
  gatewaySettingsSchema,
  settingOutcomeSchema,
} from './settings.ts';

export const GATEWAY_OPS_API_PATHS = {
  replace: '/equipment/gateway/replace',
  replacement: '/equipment/gateway/replacement',
  factoryReset: '/equipment/gateway/factoryReset',
  clearData: '/equipment/gateway/clearData',
  settings: '/equipment/gateway/settings',
  saveSettings: '/equipment/gateway/settings/save',
  restart: '/equipment/gateway/restart',
  /** Multipart, field `file`; the device and the part go in the query (`?equipmentId=…&part=ca`). */
  tlsUpload: '/equipment/gateway/settings/tls/upload',
  tlsRemove: '/equipment/gateway/settings/tls/remove',
} as const;

/** Form field of the TLS file upload that carries the file. */
export const MQTT_TLS_FILE_FIELD = 'file';
/** File name endings offered when choosing a TLS file; the content decides, not the name. */
export const MQTT_TLS_FILE_EXTENSIONS = ['.pem', '.der', '.crt', '.cer', '.key'] as const;

/**
 * An uploaded TLS file as the console sees it: never its content. Certificates show subject,
 * issuer, SHA-256 fingerprint and end of validity; a key shows only that it is stored.
 */
export const MqttTlsFileSchema = z.object({
  part: z.enum(MQTT_TLS_PARTS),
  fileName: z.string(),
  uploadedAt: z.string(),
  subject: z.string().optional(),
  issuer: z.string().optional(),
  fingerprint: z.string().optional(),
  validTo: z.string().optional(),
  /** Keys only: the algorithm (rsa, ec, ed25519 …). */
  keyType: z.string().optional(),
});
export type MqttTlsFile = z.infer<typeof MqttTlsFileSchema>;

export const GatewayTlsFileRequestSchema = z.object({
  equipmentId: z.string().min(1),
  part: z.enum(MQTT_TLS_PARTS),
});
export type GatewayTlsFileRequest = z.input<typeof GatewayTlsFileRequestSchema>;

/** The answer of removing a TLS file: whether there was one to remove. */
export interface GatewayTlsFileRemoved {
  removed: boolean;
}

/** A destructive request must say it was confirmed in the console; anything else is refused (2859). */
const confirmed = z.boolean().refine((value) => value, { message: 'catalogue:2859' });

export const GatewayOpsDeviceRequestSchema = z.object({ equipmentId: z.string().min(1) });

export const GatewayReplaceRequestSchema = z.object({
  equipmentId: z.string().min(1),
  sn: z.string().trim().length(SN_LENGTH).regex(/^\d+$/),
  verificationCode: z.string().trim().length(GATEWAY_CODE_LENGTH).regex(/^\d+$/),
  confirm: confirmed,
});
export type GatewayReplaceRequest = z.input<typeof GatewayReplaceRequestSchema>;

/** Replacement progress (§4): syncing until the new gateway runs the device's configuration. */
export const REPLACEMENT_STATES = ['syncing', 'complete', 'failed'] as const;
export type ReplacementState = (typeof REPLACEMENT_STATES)[number];

export const GatewayReplacementSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  oldSn: z.string(),
  newSn: z.string(),
  /** Derived at each request from the new gateway's configuration sync, never stored. */
  state: z.enum(REPLACEMENT_STATES),
  /** Why it failed: the new gateway's answer to the configuration. */
  error: z.string().nullable(),
  at: z.string(),
  actorName: z.string().nullable(),
});
export type GatewayReplacement = z.infer<typeof GatewayReplacementSchema>;
export const GatewayReplacementAnswerSchema = GatewayReplacementSchema.nullable();

export const GatewayFactoryResetRequestSchema = z.object({
  equipmentId: z.string().min(1),
  /** Keep the device's history, alarms, reports and commands on the platform, or remove them too. */
  keepPlatformData: z.boolean(),
  confirm: confirmed,
});
export type GatewayFactoryResetRequest = z.input<typeof GatewayFactoryResetRequestSchema>;

export const CLEAR_DATA_SCOPES = ['all', 'range'] as const;

/** Clear data: everything, or what was measured in [from, to) (epoch ms). */
export const GatewayClearDataRequestSchema = z.object({
  equipmentId: z.string().min(1),
  scope: z.enum(CLEAR_DATA_SCOPES),
  from: z.number().int().nonnegative().optional(),
  to: z.number().int().nonnegative().optional(),
  confirm: confirmed,
});
export type GatewayClearDataRequest = z.input<typeof GatewayClearDataRequestSchema>;

/** What a clear removed, by kind (docs/fleet.md names each). */
export const ClearedDataSchema = z.object({
  points: z.number().int(),
  summaries: z.number().int(),
  reportRows: z.number().int(),
  alarmRecords: z.number().int(),
  latestValues: z.number().int(),
  dataGaps: z.number().int(),
});
export type ClearedData = z.infer<typeof ClearedDataSchema>;

export const GatewaySaveSettingsRequestSchema = z.object({
  equipmentId: z.string().min(1),
  settings: gatewaySettingsSchema,
});
export type GatewaySaveSettingsRequest = z.input<typeof GatewaySaveSettingsRequestSchema>;

export const SETTINGS_SYNC_STATES = ['none', 'syncing', 'complete', 'failed'] as const;

export const GatewaySettingsAnswerSchema = z.object({
  sn: z.string(),
  /** The settings with the Wi-Fi password left empty (a secret is never answered). */
  settings: gatewaySettingsSchema,
  /** Whether the platform holds a Wi-Fi password (a save with an empty one keeps it). */
  wifiPasswordSet: z.boolean(),
  /** The last save: syncing until the gateway answers, then complete or failed (derived). */
  state: z.enum(SETTINGS_SYNC_STATES),
  /** Code of a failed save (the gateway's refusal, or 99902 when it never answered). */
  code: z.string().nullable(),
  /** The gateway's answer per setting of the last save; empty until it answered. */
  outcomes: z.array(settingOutcomeSchema),
  /** Settings accepted but in force only after a restart. */
  restartRequired: z.array(z.enum(GATEWAY_SETTING_KEYS)),
  updatedAt: z.string().nullable(),
  /** The TLS files the platform holds for the MQTT connection (sent with the next save). */
  tlsFiles: z.array(MqttTlsFileSchema).default([]),
});
export type GatewaySettingsAnswer = z.infer<typeof GatewaySettingsAnswerSchema>;

/** Commands (save, restart, factory reset) answer as §3 async commands: poll the callback with the uuid. */
export const GatewayCommandAnswerSchema = CommandReplySchema;
