/**
 * Device sharing (`/equipment/share/*`, §1, §5, §6): the owner, or anyone who may see a device,
 * shares it by link (also drawn as a QR code) or by password, with permission settings (top menu
 * bar, menus, data writing, sharing further). The receiver accepts and then sees the device marked
 * as shared. A share never grants more than its sharer has; a receiver shares the device further
 * only when the share allows it; revoking ends the receiver's access at once.
 */
import { z } from 'zod';
import type { Check } from '../validation/index.ts';
import { CATALOGUE_ISSUE_PREFIX, checkedString } from '../validation/index.ts';
import { idField, isoTimeSchema, requiredCheck } from '../api/common.ts';
import { snField } from '../api/gateway.ts';

export const DEVICE_SHARE_PATHS = {
  list: '/equipment/share/list',
  add: '/equipment/share/add',
  revoke: '/equipment/share/revoke',
  preview: '/equipment/share/preview',
  accept: '/equipment/share/accept',
  acceptPassword: '/equipment/share/accept-password',
} as const;

/** §6: at most 20 shares per device (open and accepted; revoked and expired ones do not count). */
export const DEVICE_SHARES_MAX = 20;
/** How long a share may be accepted, by default and at most (days). Accepted access does not expire. */
export const SHARE_LINK_TTL_DAYS_DEFAULT = 7;
export const SHARE_LINK_TTL_DAYS_MAX = 30;
/** §5: a share password is at least 4 letters or digits, no special characters. */
export const SHARE_PASSWORD_MIN_LENGTH = 4;
export const SHARE_PASSWORD_MAX_LENGTH = 16;
/** Wrong share passwords per account, and per gateway SN, within the attempt window. */
export const SHARE_PASSWORD_MAX_FAILURES = 5;
/** The console page a share link opens (`?token=`); the QR code carries the same link. */
export const SHARE_ACCEPT_ROUTE = '/monitor/share';

/**
 * §6 menu permissions: the device screens a receiver may open. The device's own configuration is
 * never shared: it is the owner's to change.
 */
export const SHARE_MENUS = {
  info: { zh: '设备信息', en: 'Device info' },
  gateway: { zh: '网关详情', en: 'Gateway detail' },
  data: { zh: '读写数据', en: 'Read/write data' },
  history: { zh: '历史数据', en: 'History data' },
  historyCurve: { zh: '历史曲线', en: 'History curve' },
  reports: { zh: '历史报表', en: 'History reports' },
  alarms: { zh: '报警记录', en: 'Alarm records' },
  realtimeCurve: { zh: '实时曲线', en: 'Real-time curve' },
  repairs: { zh: '维修记录', en: 'Repair records' },
  inspections: { zh: '巡检记录', en: 'Inspection records' },
  knowledge: { zh: '知识库', en: 'Knowledge base' },
} as const;
export type ShareMenu = keyof typeof SHARE_MENUS;
export const SHARE_MENU_KEYS = Object.keys(SHARE_MENUS) as [ShareMenu, ...ShareMenu[]];

export const SHARE_METHODS = ['link', 'password'] as const;
export type ShareMethod = (typeof SHARE_METHODS)[number];

const SHARE_PASSWORD_PATTERN = /^[A-Za-z0-9]+$/;

/** §5 share password: 4 to 16 letters or digits. */
export const checkSharePassword: Check = (value) =>
  value.length >= SHARE_PASSWORD_MIN_LENGTH &&
  value.length <= SHARE_PASSWORD_MAX_LENGTH &&
  SHARE_PASSWORD_PATTERN.test(value)
    ? null
    : { code: '2834', params: { min: SHARE_PASSWORD_MIN_LENGTH, max: SHARE_PASSWORD_MAX_LENGTH } };

/** What a share lets its receiver do (§6). */
export const SharePermissionsSchema = z.object({
  /** Whether the receiver sees the device page's top menu bar (its pages and actions). */
  topMenu: z.boolean().default(true),
  /** The device screens the receiver may open. */
  menus: z
    .array(z.enum(SHARE_MENU_KEYS))
    .max(SHARE_MENU_KEYS.length)
    .default([...SHARE_MENU_KEYS]),
  /** Whether the receiver may write values; only a sharer who may write can give it. */
  canWrite: z.boolean().default(false),
  /** Whether the receiver may share the device further (with no more than this share gives). */
  canReshare: z.boolean().default(false),
});
export type SharePermissions = z.infer<typeof SharePermissionsSchema>;

// Requests

export const DeviceShareAddSchema = z.object({
  id: idField,
  method: z.enum(SHARE_METHODS),
  /** Required for a password share, refused for a link share. */
  password: checkedString(requiredCheck('password'), checkSharePassword).optional(),
  /** Outside 1 … SHARE_LINK_TTL_DAYS_MAX whole days: refused with 1144, never moved into range. */
  expiresInDays: z
    .number({ error: `${CATALOGUE_ISSUE_PREFIX}1002` })
    .superRefine((value, context) => {
      if (Number.isInteger(value) && value >= 1 && value <= SHARE_LINK_TTL_DAYS_MAX) return;
      context.addIssue({
        code: 'custom',
        message: `${CATALOGUE_ISSUE_PREFIX}1144`,
        params: { max: SHARE_LINK_TTL_DAYS_MAX },
      });
    })
    .default(SHARE_LINK_TTL_DAYS_DEFAULT),
  ...SharePermissionsSchema.shape,
});
export type DeviceShareAdd = z.input<typeof DeviceShareAddSchema>;

export const DeviceShareListSchema = z.object({ id: idField });
export const DeviceShareRevokeSchema = z.object({ id: idField, shareId: idField });
export const ShareTokenSchema = z.object({ token: z.string().trim().min(1).max(128) });
export const ShareAcceptPasswordSchema = z.object({
  sn: snField,
  password: checkedString(requiredCheck('password'), checkSharePassword),
});
export type ShareAcceptPassword = z.input<typeof ShareAcceptPasswordSchema>;

// Answers

export const SHARE_STATES = ['open', 'accepted', 'expired', 'revoked'] as const;
export type ShareState = (typeof SHARE_STATES)[number];

export const DeviceShareSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  method: z.enum(SHARE_METHODS),
  /** Derived at each request from acceptance, revocation and expiry. */
  state: z.enum(SHARE_STATES),
  sharerAccountId: z.string(),
  sharerName: z.string().nullable(),
  receiverAccountId: z.string().nullable(),
  receiverName: z.string().nullable(),
  topMenu: z.boolean(),
  menus: z.array(z.enum(SHARE_MENU_KEYS)),
  canWrite: z.boolean(),
  canReshare: z.boolean(),
  expiresAt: isoTimeSchema,
  acceptedAt: isoTimeSchema.nullable(),
  revokedAt: isoTimeSchema.nullable(),
  createdAt: isoTimeSchema,
});
export type DeviceShare = z.infer<typeof DeviceShareSchema>;
export const DeviceShareListAnswerSchema = z.array(DeviceShareSchema);

/**
 * A new share: the link token is shown once, here, and stored only as a hash. A password share
 * has no token: the receiver types the gateway SN and the password.
 */
export const DeviceShareCreatedSchema = z.object({
  share: DeviceShareSchema,
  token: z.string().nullable(),
});
export type DeviceShareCreated = z.infer<typeof DeviceShareCreatedSchema>;

/** What a receiver sees before accepting a link. */
export const SharePreviewSchema = z.object({
  deviceName: z.string(),
  sharerName: z.string().nullable(),
  topMenu: z.boolean(),
  menus: z.array(z.enum(SHARE_MENU_KEYS)),
  canWrite: z.boolean(),
  canReshare: z.boolean(),
  expiresAt: isoTimeSchema,
});
export type SharePreview = z.infer<typeof SharePreviewSchema>;

export const ShareAcceptedSchema = z.object({ deviceId: z.string(), deviceName: z.string() });
export type ShareAccepted = z.infer<typeof ShareAcceptedSchema>;
