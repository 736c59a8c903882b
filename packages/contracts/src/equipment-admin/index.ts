/**
 * Staff device management (`/manage/equipment`, `/manage/equipment/:id/log`): the device list with
 * its filters and export, authorising a device to accounts and revoking, and the device log (writes
 * from the command audit, configuration pushes and syncs, binding, status changes). Written once;
 * the server validates with these and the console types its calls with them.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../limits.ts';
import { INVALID_FIELD_MESSAGE } from '../device-model/issues.ts';
import { entityId } from '../alarm/fields.ts';
import { SIM_CARD_STATUSES, type SimCardStatus } from '../alarm/sim-card.ts';

export const EQUIPMENT_ADMIN_PATHS = {
  query: '/manage/equipment/query',
  export: '/manage/equipment/export',
  unbind: '/manage/equipment/unbind',
  grants: '/manage/equipment/grants',
  authorize: '/manage/equipment/authorize',
  revoke: '/manage/equipment/revoke',
  log: '/manage/equipment/log',
  logExport: '/manage/equipment/log/export',
} as const;

/** Most rows one export holds (the alarm export's limit). */
export const EQUIPMENT_EXPORT_MAX_ROWS = 50_000;

const paging = {
  page: z.coerce.number({ error: INVALID_FIELD_MESSAGE }).int().min(1).default(1),
  pageSize: z.coerce
    .number({ error: INVALID_FIELD_MESSAGE })
    .int()
    .min(1)
    .max(100)
    .default(DEFAULT_PAGE_SIZE),
};
const epochMs = z.coerce.number({ error: INVALID_FIELD_MESSAGE }).int({ error: INVALID_FIELD_MESSAGE });
const optionalFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: INVALID_FIELD_MESSAGE })
    .optional()
    .transform((value) => value || undefined);

export const GATEWAY_STATES = ['online', 'offline', 'dormant', 'power-off'] as const;

/** SIM state filter: the card statuses, plus `none` for a device without a known card. */
export const EQUIPMENT_SIM_STATES = [...(Object.keys(SIM_CARD_STATUSES) as SimCardStatus[]), 'none'] as const;
export type EquipmentSimState = (typeof EQUIPMENT_SIM_STATES)[number];

export const equipmentFilterSchema = z.object({
  productId: optionalFilter(64),
  /** Part of the gateway SN. */
  gatewaySn: optionalFilter(12),
  status: z.enum(GATEWAY_STATES, { error: INVALID_FIELD_MESSAGE }).optional(),
  /** Part of the owner's username, name or phone. */
  owner: optionalFilter(50),
  groupName: optionalFilter(50),
  simState: z.enum(EQUIPMENT_SIM_STATES, { error: INVALID_FIELD_MESSAGE }).optional(),
});
export type EquipmentFilter = z.input<typeof equipmentFilterSchema>;

export const equipmentQuerySchema = equipmentFilterSchema.extend(paging);
export type EquipmentQuery = z.input<typeof equipmentQuerySchema>;

export const equipmentExportSchema = equipmentFilterSchema.extend({
  format: z.enum(['csv', 'xlsx'], { error: INVALID_FIELD_MESSAGE }).default('xlsx'),
});
export type EquipmentExport = z.input<typeof equipmentExportSchema>;

export const equipmentItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  gatewaySn: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  groupName: z.string().nullable(),
  ownerAccountId: z.string(),
  ownerName: z.string().nullable(),
  ownerTel: z.string().nullable(),
  gatewayStatus: z.enum(GATEWAY_STATES),
  lastSeenAt: z.string().nullable(),
  iccid: z.string().nullable(),
  simState: z.enum(EQUIPMENT_SIM_STATES),
  /** Accounts the device is authorised or shared to. */
  grantCount: z.number().int(),
  createdAt: z.string(),
});
export type EquipmentItem = z.infer<typeof equipmentItemSchema>;

export const equipmentPageSchema = z.object({
  list: z.array(equipmentItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type EquipmentPage = z.infer<typeof equipmentPageSchema>;

export const equipmentIdSchema = z.object({ id: entityId('id') });

/** Authorise a device to an account, found by username or phone (§6). */
export const equipmentAuthorizeSchema = z.object({
  id: entityId('id'),
  account: z.string().trim().min(1, { error: 'catalogue:1001' }).max(50, { error: INVALID_FIELD_MESSAGE }),
  canWrite: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
      error: INVALID_FIELD_MESSAGE,
    })
    .default(false),
});
export type EquipmentAuthorize = z.input<typeof equipmentAuthorizeSchema>;

export const equipmentRevokeSchema = z.object({ id: entityId('id'), accountId: entityId('accountId') });

export const equipmentGrantSchema = z.object({
  accountId: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  tel: z.string().nullable(),
  kind: z.enum(['authorized', 'shared']),
  canWrite: z.boolean(),
  createdAt: z.string(),
});
export type EquipmentGrant = z.infer<typeof equipmentGrantSchema>;
export const equipmentGrantListSchema = z.array(equipmentGrantSchema);

// Device log ---------------------------------------------------------------------------------------

/**
 * What a device log entry records. Writes come from the command audit; the rest, scripts' writes on
 * the gateway included, from device events.
 */
export const DEVICE_LOG_KINDS = {
  write: { zh: '写入', en: 'Write' },
  'script-write': { zh: '脚本写入', en: 'Script write' },
  bind: { zh: '绑定', en: 'Bind' },
  unbind: { zh: '解绑', en: 'Unbind' },
  status: { zh: '状态变化', en: 'Status change' },
  'config-push': { zh: '配置下发', en: 'Configuration push' },
  'config-sync': { zh: '配置同步', en: 'Configuration sync' },
  authorize: { zh: '授权', en: 'Authorise' },
  revoke: { zh: '取消授权', en: 'Revoke' },
  share: { zh: '分享', en: 'Share' },
  'share-accept': { zh: '接受分享', en: 'Share accepted' },
  'share-revoke': { zh: '撤销分享', en: 'Share revoked' },
  replace: { zh: '更换网关', en: 'Gateway replaced' },
  'factory-reset': { zh: '恢复出厂', en: 'Factory reset' },
  'clear-data': { zh: '清除数据', en: 'Data cleared' },
  settings: { zh: '网关设置', en: 'Gateway settings' },
} as const;
export type DeviceLogKind = keyof typeof DEVICE_LOG_KINDS;
export const DEVICE_LOG_KIND_CODES = Object.keys(DEVICE_LOG_KINDS) as [DeviceLogKind, ...DeviceLogKind[]];

/** A time range of at most 30 days (§5, `checkQueryRange`). */
export const deviceLogQuerySchema = z.object({
  id: entityId('id'),
  start: epochMs,
  end: epochMs,
  kind: z.enum(DEVICE_LOG_KIND_CODES, { error: INVALID_FIELD_MESSAGE }).optional(),
  ...paging,
});
export type DeviceLogQuery = z.input<typeof deviceLogQuerySchema>;

export const deviceLogExportSchema = deviceLogQuerySchema.omit({ page: true, pageSize: true }).extend({
  format: z.enum(['csv', 'xlsx'], { error: INVALID_FIELD_MESSAGE }).default('xlsx'),
  timeZone: z.string().max(64).optional(),
});
export type DeviceLogExport = z.input<typeof deviceLogExportSchema>;

export const deviceLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(DEVICE_LOG_KIND_CODES),
  /** Who did it, when a person did. */
  actorName: z.string().nullable(),
  /** The variable written. */
  variable: z.string().nullable(),
  previous: z.unknown(),
  value: z.unknown(),
  /** Writes: pending, success or failure with the result code; status: the new gateway status. */
  status: z.string().nullable(),
  code: z.string().nullable(),
  detail: z.string().nullable(),
});
export type DeviceLogEntry = z.infer<typeof deviceLogEntrySchema>;

export const deviceLogPageSchema = z.object({
  device: z.object({ id: z.string(), name: z.string(), gatewaySn: z.string() }),
  list: z.array(deviceLogEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DeviceLogPage = z.infer<typeof deviceLogPageSchema>;
