/**
 * The device list in bulk (`/equipment/group/*`, `/equipment/import*`, `/equipment/export`,
 * `/equipment/unbind/batch`): named device groups of an owner, moving devices between them, binding
 * many devices from a sheet with a result per row, the list as a sheet, and unbinding several
 * devices at once.
 */
import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../validation/index.ts';
import { SHEET_FORMATS, idField, requiredText } from '../api/common.ts';
import { DeviceQueryRequestSchema } from '../api/device.ts';

export const DEVICE_BULK_PATHS = {
  groupList: '/equipment/group/list',
  groupAdd: '/equipment/group/add',
  groupRename: '/equipment/group/rename',
  groupDelete: '/equipment/group/delete',
  groupMove: '/equipment/group/move',
  importTemplate: '/equipment/import/template',
  import: '/equipment/import',
  export: '/equipment/export',
  unbindBatch: '/equipment/unbind/batch',
} as const;

/** Groups one account may keep (value ours: the list filter stays a short menu). */
export const DEVICE_GROUPS_MAX = 200;
/** Devices one move, batch unbind or export names at most. */
export const DEVICE_BATCH_MAX = 500;
/** Rows one import binds at most; a larger fleet is imported in several files. */
export const DEVICE_IMPORT_MAX_ROWS = 500;
/** Rows an export writes at most (the visible filters narrow it). */
export const DEVICE_EXPORT_MAX_ROWS = 10_000;

const deviceIds = z.array(idField).min(1).max(DEVICE_BATCH_MAX);

// Groups

export const DeviceGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Devices in the group. */
  deviceCount: z.number().int(),
  createdAt: z.string(),
});
export type DeviceGroup = z.infer<typeof DeviceGroupSchema>;
export const DeviceGroupListSchema = z.array(DeviceGroupSchema);

export const DeviceGroupAddSchema = z.object({ name: requiredText('name', NAME_MAX_LENGTH) });
export type DeviceGroupAdd = z.input<typeof DeviceGroupAddSchema>;
export const DeviceGroupRenameSchema = z.object({ id: idField, name: requiredText('name', NAME_MAX_LENGTH) });
export type DeviceGroupRename = z.input<typeof DeviceGroupRenameSchema>;
export const DeviceGroupIdSchema = z.object({ id: idField });

/** Moves devices into a group, or out of every group when `groupId` is left out. */
export const DeviceGroupMoveSchema = z.object({ ids: deviceIds, groupId: idField.optional() });
export type DeviceGroupMove = z.input<typeof DeviceGroupMoveSchema>;
export const DeviceGroupMoveAnswerSchema = z.object({ moved: z.number().int() });
export type DeviceGroupMoveAnswer = z.infer<typeof DeviceGroupMoveAnswerSchema>;

// Import

/** The columns of an import sheet, by field, with the header names a person sees. */
export const DEVICE_IMPORT_COLUMNS = [
  { field: 'sn', zh: 'SN', en: 'SN', required: true },
  { field: 'verificationCode', zh: '验证码', en: 'Verification code', required: true },
  { field: 'name', zh: '设备名称', en: 'Device name', required: true },
  { field: 'remark', zh: '备注', en: 'Remark', required: false },
  { field: 'groupName', zh: '分组', en: 'Group', required: false },
  { field: 'sortNumber', zh: '排序号', en: 'Sort number', required: false },
] as const;
export type DeviceImportField = (typeof DEVICE_IMPORT_COLUMNS)[number]['field'];

/** The product every imported device runs; the sheet comes beside it as `file` (multipart). */
export const DeviceImportFieldsSchema = z.object({ productId: idField });

export const DEVICE_IMPORT_ROW_STATUSES = ['bound', 'refused'] as const;
export const DeviceImportRowSchema = z.object({
  /** Row number as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  sn: z.string(),
  status: z.enum(DEVICE_IMPORT_ROW_STATUSES),
  deviceId: z.string().nullable(),
  /** Why a row was refused: the catalogue's code, its text in the caller's language, the field. */
  code: z.string().nullable(),
  message: z.string().nullable(),
  field: z.string().nullable(),
});
export type DeviceImportRow = z.infer<typeof DeviceImportRowSchema>;
export const DeviceImportAnswerSchema = z.object({
  bound: z.number().int(),
  refused: z.number().int(),
  rows: z.array(DeviceImportRowSchema),
});
export type DeviceImportAnswer = z.infer<typeof DeviceImportAnswerSchema>;

export const DeviceImportTemplateSchema = z.object({
  format: z.enum(SHEET_FORMATS).default('xlsx'),
});

// Export and batch unbind

/** The list's filters (paging aside) and the sheet format. */
export const DeviceExportRequestSchema = DeviceQueryRequestSchema.omit({ page: true, pageSize: true }).extend(
  {
    format: z.enum(SHEET_FORMATS).default('xlsx'),
  },
);
export type DeviceExportRequest = z.input<typeof DeviceExportRequestSchema>;

export const DeviceBatchRequestSchema = z.object({ ids: deviceIds });
export type DeviceBatchRequest = z.input<typeof DeviceBatchRequestSchema>;
export const DeviceUnbindBatchAnswerSchema = z.object({ unbound: z.number().int() });
export type DeviceUnbindBatchAnswer = z.infer<typeof DeviceUnbindBatchAnswerSchema>;
