/**
 * Devices (/equipment/*): binding, the list, details, editing, unbinding and the variables of a
 * device's model. The §3 device fields carry their §5 rules.
 */
import { z } from 'zod';
import {
  ADDRESS_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  NAME_MAX_LENGTH,
  CATALOGUE_ISSUE_PREFIX,
  REMARK_MAX_LENGTH,
  checkedString,
} from '../validation/index.ts';
import { checkGatewayCode } from '../gateway/rules.ts';
import {
  DEVICE_NAME_MAX_LENGTH,
  DEVICE_NUMBER_MAX_LENGTH,
  WARRANTY_MONTHS_MAX,
  checkDate,
  checkIccid,
} from '../device/index.ts';
import { variableSchema } from '../device-model/index.ts';
import {
  idField,
  isoTimeSchema,
  latitudeField,
  limitedText,
  longitudeField,
  pageSchema,
  pagingFields,
  requiredText,
} from './common.ts';
import { ConfigSyncStateSchema, GatewayStatusSchema, SignalBandSchema, snField } from './gateway.ts';
import { ProductStatusSchema } from './product.ts';
import { SHARE_MENU_KEYS } from '../fleet/share.ts';

/** Largest sort number (a PostgreSQL integer). */
export const SORT_NUMBER_MAX = 2_147_483_647;

/** §3 device fields a person types, shared by binding and editing. */
const deviceFields = {
  name: requiredText('name', DEVICE_NAME_MAX_LENGTH),
  groupName: limitedText('groupName', NAME_MAX_LENGTH),
  address: limitedText('address', ADDRESS_MAX_LENGTH),
  longitude: longitudeField,
  latitude: latitudeField,
  iccid: checkedString(checkIccid),
  remark: limitedText('remark', REMARK_MAX_LENGTH),
  deviceNumber: limitedText('deviceNumber', DEVICE_NUMBER_MAX_LENGTH),
  factoryDate: checkedString(checkDate('factoryDate')),
  installDate: checkedString(checkDate('installDate')),
  warrantyMonths: z.number().int().min(0).max(WARRANTY_MONTHS_MAX),
  manufacturer: limitedText('manufacturer', COMPANY_NAME_MAX_LENGTH),
  /** Larger is higher in lists; a positive integer (§3, §5). */
  /** A positive whole number; anything else is refused with the sort number's own message (2827). */
  sortNumber: z.number({ error: `${CATALOGUE_ISSUE_PREFIX}2827` }).superRefine((value, context) => {
    if (Number.isInteger(value) && value >= 1 && value <= SORT_NUMBER_MAX) return;
    context.addIssue({
      code: 'custom',
      message: `${CATALOGUE_ISSUE_PREFIX}2827`,
      params: { field: 'sortNumber' },
    });
  }),
};

const optionalFields = {
  groupName: deviceFields.groupName.optional(),
  address: deviceFields.address.optional(),
  longitude: deviceFields.longitude.optional(),
  latitude: deviceFields.latitude.optional(),
  iccid: deviceFields.iccid.optional(),
  remark: deviceFields.remark.optional(),
  deviceNumber: deviceFields.deviceNumber.optional(),
  factoryDate: deviceFields.factoryDate.optional(),
  installDate: deviceFields.installDate.optional(),
  warrantyMonths: deviceFields.warrantyMonths.optional(),
  manufacturer: deviceFields.manufacturer.optional(),
  sortNumber: deviceFields.sortNumber.optional(),
};

// Requests

/** Binds the gateway with this SN and verification code to a new device of the product. */
export const DeviceAddRequestSchema = z.object({
  name: deviceFields.name,
  sn: snField,
  verificationCode: checkedString(checkGatewayCode).transform((value) => value.trim()),
  productId: idField,
  ...optionalFields,
});
export type DeviceAddRequest = z.input<typeof DeviceAddRequestSchema>;

/** Fields left out stay; an empty value clears an optional one. */
export const DeviceEditRequestSchema = z.object({
  id: idField,
  name: deviceFields.name.optional(),
  groupName: deviceFields.groupName.nullable().optional(),
  address: deviceFields.address.nullable().optional(),
  longitude: deviceFields.longitude.nullable().optional(),
  latitude: deviceFields.latitude.nullable().optional(),
  iccid: deviceFields.iccid.nullable().optional(),
  remark: deviceFields.remark.nullable().optional(),
  deviceNumber: deviceFields.deviceNumber.nullable().optional(),
  factoryDate: deviceFields.factoryDate.nullable().optional(),
  installDate: deviceFields.installDate.nullable().optional(),
  warrantyMonths: deviceFields.warrantyMonths.nullable().optional(),
  manufacturer: deviceFields.manufacturer.nullable().optional(),
  sortNumber: deviceFields.sortNumber.optional(),
});
export type DeviceEditRequest = z.input<typeof DeviceEditRequestSchema>;

export const DeviceQueryRequestSchema = z.object({
  ...pagingFields,
  /** Part of the device name or the gateway SN. */
  keyword: z.string().trim().max(50).optional(),
  groupName: z.string().optional(),
  /** Status of the device's gateway. */
  status: GatewayStatusSchema.optional(),
  productId: z.string().optional(),
  /** §9 band of the gateway's signal strength; unknown: never reported. */
  signalBand: z.union([SignalBandSchema, z.literal('unknown')]).optional(),
  /** The gateway's hardware model. */
  hardwareModelId: z.string().max(64).optional(),
  /** The firmware version the gateway reports. */
  firmware: z.string().max(64).optional(),
});
export type DeviceQueryRequest = z.input<typeof DeviceQueryRequestSchema>;

export const DeviceIdRequestSchema = z.object({ id: idField });

// Answers

export const DEVICE_ACCESS_KINDS = ['owner', 'staff', 'authorized', 'shared', 'developer'] as const;
export type DeviceAccessKind = (typeof DEVICE_ACCESS_KINDS)[number];

/** A device as stored: what binding and editing answer. */
export const DeviceRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  groupName: z.string().nullable(),
  gatewaySn: z.string(),
  productId: z.string(),
  ownerAccountId: z.string(),
  address: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  iccid: z.string().nullable(),
  remark: z.string().nullable(),
  deviceNumber: z.string().nullable(),
  factoryDate: z.string().nullable(),
  installDate: z.string().nullable(),
  warrantyMonths: z.number().int().nullable(),
  manufacturer: z.string().nullable(),
  sortNumber: z.number().int(),
  /** Configuration version last pushed to the gateway. */
  configVersion: z.number().int(),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
});
export type DeviceRecord = z.infer<typeof DeviceRecordSchema>;

/** A device as lists show it: with its gateway's state, its product and what the caller may do. */
export const DeviceViewSchema = DeviceRecordSchema.extend({
  ownerName: z.string().nullable(),
  gatewayStatus: GatewayStatusSchema,
  signal: z.number().nullable(),
  signalBand: SignalBandSchema.nullable(),
  lastSeenAt: isoTimeSchema.nullable(),
  configSyncState: ConfigSyncStateSchema,
  /** Whether the pushed configuration is the product's current model. */
  configCurrent: z.boolean(),
  productTitle: z.string(),
  productModel: z.string(),
  shared: z.boolean(),
  access: z.object({ kind: z.enum(DEVICE_ACCESS_KINDS), canWrite: z.boolean() }),
  /** §6 share permission settings, when the caller sees the device through a share. */
  sharePermissions: z
    .object({
      topMenu: z.boolean(),
      menus: z.array(z.enum(SHARE_MENU_KEYS)),
      /** Whether the share lets the caller share the device further. */
      canReshare: z.boolean(),
    })
    .nullable(),
});
export type DeviceView = z.infer<typeof DeviceViewSchema>;

export const DevicePageSchema = pageSchema(DeviceViewSchema);

export const DeviceGatewaySchema = z.object({
  sn: z.string(),
  status: GatewayStatusSchema,
  signal: z.number().nullable(),
  signalBand: SignalBandSchema.nullable(),
  firmware: z.string().nullable(),
  hardwareModel: z.string().nullable(),
  networkMode: z.string().nullable(),
  gatewayMode: z.string().nullable(),
  lastSeenAt: isoTimeSchema.nullable(),
  configVersionReported: z.number().int(),
  configSyncState: ConfigSyncStateSchema,
  configSyncError: z.string().nullable(),
});
export type DeviceGateway = z.infer<typeof DeviceGatewaySchema>;

/** A device with its gateway and product (/equipment/info). */
export const DeviceDetailSchema = DeviceViewSchema.extend({
  gateway: DeviceGatewaySchema,
  product: z.object({
    id: z.string(),
    title: z.string(),
    productModel: z.string(),
    imgUrl: z.string().nullable(),
    status: ProductStatusSchema,
    modelVersion: z.number().int(),
  }),
});
export type DeviceDetail = z.infer<typeof DeviceDetailSchema>;

export const DeviceGroupsSchema = z.array(z.string());

/** The variables of a device's model, for everyone who may see the device (/equipment/variables). */
export const DeviceVariablesSchema = z.object({
  list: z.array(variableSchema),
  drivers: z.array(z.object({ key: z.string(), name: z.string(), pollIntervalMs: z.number().int() })),
});
export type DeviceVariables = z.infer<typeof DeviceVariablesSchema>;
