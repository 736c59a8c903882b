/**
 * The alarm and message API (`/lyyp/developer/alarm/*`, `/message/*`, `/sim/*`): paths, request
 * bodies and answers, written once. The server validates with these and documents them in its
 * OpenAPI; the console types its calls from them. Bodies are form-encoded or JSON (§7); nested
 * objects (a rule's condition, a group's recipients) are easiest sent as JSON.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../limits.ts';
import {
  INVALID_FIELD_MESSAGE,
  addCatalogueIssue,
  optionalText,
  requiredText,
} from '../device-model/issues.ts';
import { IMAGE_ADDRESS_ERROR_CODE, isImageAddress } from '../validation/url.ts';
import { ALARM_CHANNELS } from './channels.ts';
import { entityId } from './fields.ts';
import { alarmGroupSchema, notificationPreferencesSchema } from './group.ts';
import { MESSAGE_BODY_MAX_LENGTH, MESSAGE_TITLE_MAX_LENGTH, POPUP_TEXT_MAX_LENGTH } from './limits.ts';
import { characterCount } from '../validation/index.ts';
import { MESSAGE_TYPES, NOTICE_EQUIP_TYPES, messageSchema, noticeDialogItemSchema } from './message.ts';
import { ALARM_RECORD_TYPES, ALARM_STATES, alarmRecordSchema, type AlarmState } from './record.ts';
import { alarmRuleSchema, deviceStatusAlarmsSchema } from './rule.ts';
import { SIM_CARD_STATUSES, type SimCardStatus } from './sim-card.ts';

export const ALARM_API_PATHS = {
  ruleList: '/alarm/rule/list',
  ruleAdd: '/alarm/rule/add',
  ruleEdit: '/alarm/rule/edit',
  ruleDelete: '/alarm/rule/delete',
  ruleEnable: '/alarm/rule/enable',
  deviceRules: '/alarm/rule/device',
  statusAlarmsSave: '/alarm/rule/status/save',
  groupList: '/alarm/group/list',
  groupAdd: '/alarm/group/add',
  groupEdit: '/alarm/group/edit',
  groupDelete: '/alarm/group/delete',
  preferencesGet: '/alarm/preferences/get',
  preferencesSave: '/alarm/preferences/save',
  myGroups: '/alarm/preferences/groups',
  recipientSearch: '/alarm/recipient/search',
  deviceRecords: '/alarm/record/device',
  recordList: '/alarm/record/list',
  recordExport: '/alarm/record/export',
  acknowledge: '/alarm/record/acknowledge',
  recordSends: '/alarm/record/sends',
  messageList: '/message/list',
  messageUnread: '/message/unread',
  messageRead: '/message/read',
  announcementPublish: '/message/announcement/publish',
  noticeDialog: '/message/notice/dialog',
  simList: '/sim/list',
  simEdit: '/sim/edit',
  simImport: '/sim/import',
  simRenew: '/sim/renew',
} as const;

const epochMs = z.coerce.number({ error: INVALID_FIELD_MESSAGE }).int({ error: INVALID_FIELD_MESSAGE });
const paging = {
  page: z.coerce.number({ error: INVALID_FIELD_MESSAGE }).int().min(1).default(1),
  pageSize: z.coerce
    .number({ error: INVALID_FIELD_MESSAGE })
    .int()
    .min(1)
    .max(100)
    .default(DEFAULT_PAGE_SIZE),
};
const withNewId = (value: unknown) =>
  value !== null && typeof value === 'object' && !('id' in value) ? { ...value, id: 'new' } : value;

// Rules --------------------------------------------------------------------------------------------

export const productIdBodySchema = z.object({ productId: entityId('productId') });

/** A new rule: every rule field but `id`, which the platform gives. */
export const ruleAddBodySchema = z.object({
  productId: entityId('productId'),
  rule: z.preprocess(withNewId, alarmRuleSchema),
});
export const ruleEditBodySchema = z.object({ productId: entityId('productId'), rule: alarmRuleSchema });
export const ruleDeleteBodySchema = z.object({ productId: entityId('productId'), id: entityId('id') });
export const ruleEnableBodySchema = z.object({
  productId: entityId('productId'),
  id: entityId('id'),
  enabled: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
    error: INVALID_FIELD_MESSAGE,
  }),
});
export const statusAlarmsBodySchema = z.object({
  productId: entityId('productId'),
  statusAlarms: deviceStatusAlarmsSchema,
});

const capacitySchema = z.object({ used: z.number().int(), total: z.number().int() });

export const ruleListAnswerSchema = z.object({
  productId: z.string(),
  rules: z.array(alarmRuleSchema),
  statusAlarms: deviceStatusAlarmsSchema,
  /** §8/§9 capacity used/total; adding beyond it answers 1512. */
  capacity: capacitySchema,
});
export type RuleListAnswer = z.infer<typeof ruleListAnswerSchema>;

/** The rules a device is checked against (its product's), as the device's management wizard shows them. */
export const deviceRulesBodySchema = z.object({ equipmentId: entityId('equipmentId') });
export const deviceRulesAnswerSchema = z.object({
  deviceId: z.string(),
  productId: z.string(),
  rules: z.array(alarmRuleSchema),
  statusAlarms: deviceStatusAlarmsSchema,
  /** The product's alarm groups by name only: who receives them is not the device viewer's to see. */
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type DeviceRulesAnswer = z.infer<typeof deviceRulesAnswerSchema>;

// Groups -------------------------------------------------------------------------------------------

export const groupAddBodySchema = z.object({
  productId: entityId('productId'),
  group: z.preprocess(withNewId, alarmGroupSchema),
});
export const groupEditBodySchema = z.object({ productId: entityId('productId'), group: alarmGroupSchema });
export const groupDeleteBodySchema = ruleDeleteBodySchema;
export const groupListAnswerSchema = z.object({ productId: z.string(), groups: z.array(alarmGroupSchema) });

// Preferences --------------------------------------------------------------------------------------

export const preferencesSaveBodySchema = z.object({ preferences: notificationPreferencesSchema });
export const preferencesAnswerSchema = notificationPreferencesSchema;

// Records ------------------------------------------------------------------------------------------

export const ALARM_STATE_CODES = Object.keys(ALARM_STATES) as [AlarmState, ...AlarmState[]];

export const deviceRecordsBodySchema = z.object({
  equipmentId: entityId('equipmentId'),
  state: z.enum(ALARM_STATE_CODES, { error: INVALID_FIELD_MESSAGE }).optional(),
  ...paging,
});

/** Alarms across every device the caller may see; a time range of at most 30 days (§5). */
export const recordListBodySchema = z.object({
  start: epochMs,
  end: epochMs,
  state: z.enum(ALARM_STATE_CODES, { error: INVALID_FIELD_MESSAGE }).optional(),
  /** `active`: unresolved (either acknowledgement); `cleared`: released. */
  activity: z.enum(['active', 'cleared'], { error: INVALID_FIELD_MESSAGE }).optional(),
  equipmentId: entityId('equipmentId').optional(),
  groupId: entityId('groupId').optional(),
  type: z.enum(ALARM_RECORD_TYPES, { error: INVALID_FIELD_MESSAGE }).optional(),
  ...paging,
});
export type RecordListBody = z.infer<typeof recordListBodySchema>;

export const recordExportBodySchema = recordListBodySchema.omit({ page: true, pageSize: true }).extend({
  format: z.enum(['csv', 'xlsx'], { error: INVALID_FIELD_MESSAGE }).default('xlsx'),
  timeZone: z.string().max(64).optional(),
});

export const recordIdBodySchema = z.object({ id: entityId('id') });

/** Columns of the alarm list export, with the header in each language (the request's is used). */
export const ALARM_EXPORT_COLUMNS = [
  { field: 'device', zh: '设备', en: 'Device' },
  { field: 'name', zh: '报警名称', en: 'Alarm' },
  { field: 'type', zh: '类型', en: 'Type' },
  { field: 'message', zh: '报警内容', en: 'Message' },
  { field: 'value', zh: '报警值', en: 'Value' },
  { field: 'raisedAt', zh: '报警时间', en: 'Raised' },
  { field: 'releasedAt', zh: '解除时间', en: 'Released' },
  { field: 'releaseReason', zh: '解除原因', en: 'Release reason' },
  { field: 'state', zh: '状态', en: 'State' },
  { field: 'acknowledgedBy', zh: '确认人', en: 'Acknowledged by' },
  { field: 'acknowledgedAt', zh: '确认时间', en: 'Acknowledged' },
  { field: 'comment', zh: '确认备注', en: 'Comment' },
  { field: 'late', zh: '补传', en: 'Late' },
] as const;
export type AlarmExportColumn = (typeof ALARM_EXPORT_COLUMNS)[number]['field'];

/** A record as lists show it: the record, its ISA-18.2 state and the device's name. */
export const alarmRecordItemSchema = alarmRecordSchema.extend({
  state: z.enum(ALARM_STATE_CODES),
  deviceName: z.string(),
  acknowledgedByName: z.string().nullable(),
  /** The knowledge-base article its rule links ("what to do"), if the rule links one that exists. */
  article: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type AlarmRecordItem = z.infer<typeof alarmRecordItemSchema>;

export function pageAnswerSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const acknowledgeAnswerSchema = z.object({
  acknowledged: z.array(z.string()),
  /** Records already acknowledged (2108), left as they were. */
  alreadyAcknowledged: z.array(z.string()),
});

export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const;

/** One planned send of a record with each attempt: why a message did or did not arrive. */
export const notificationSendSchema = z.object({
  id: z.string(),
  kind: z.enum(['alarm', 'release']),
  channel: z.enum(ALARM_CHANNELS),
  groupId: z.string(),
  accountId: z.string().nullable(),
  occurrence: z.number().int(),
  dueAt: z.number().int(),
  status: z.enum(NOTIFICATION_STATUSES),
  sentAt: z.number().int().nullable(),
  attempts: z.array(
    z.object({
      attempt: z.number().int(),
      at: z.number().int(),
      result: z.enum(['sent', 'failed', 'cancelled']),
      error: z.string().nullable(),
    }),
  ),
});
export type NotificationSend = z.infer<typeof notificationSendSchema>;

// Messages -----------------------------------------------------------------------------------------

export const messageListBodySchema = z.object({
  type: z.enum(MESSAGE_TYPES, { error: INVALID_FIELD_MESSAGE }).optional(),
  status: z.enum(['unread', 'read'], { error: INVALID_FIELD_MESSAGE }).optional(),
  ...paging,
});

export const unreadAnswerSchema = z.object({
  byType: z.record(z.enum(MESSAGE_TYPES), z.number().int()),
  /** The header's pop-up alert count (§9): unread alarm, expiration and announcement messages. */
  popup: z.number().int(),
});

export const announcementBodySchema = z
  .object({
    title: requiredText('title', MESSAGE_TITLE_MAX_LENGTH),
    body: optionalText('body', MESSAGE_BODY_MAX_LENGTH).default(''),
    /** Also show it in the notice dialog after sign-in. */
    popup: z
      .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
      .default(false),
    equipType: z.enum(NOTICE_EQUIP_TYPES, { error: INVALID_FIELD_MESSAGE }).default('api'),
    imgUrl: optionalText('imgUrl', 500)
      .superRefine((value, context) => {
        if (!isImageAddress(value)) addCatalogueIssue(context, IMAGE_ADDRESS_ERROR_CODE, { field: 'imgUrl' });
      })
      .default(''),
  })
  .superRefine((announcement, context) => {
    // A pop-up shows its whole text at once: §5 keeps it to 100 characters.
    if (announcement.popup && characterCount(announcement.body) > POPUP_TEXT_MAX_LENGTH)
      addCatalogueIssue(context, '1137', { field: 'body', max: POPUP_TEXT_MAX_LENGTH }, ['body']);
  });

export const messageItemSchema = messageSchema;
export const noticeDialogAnswerSchema = z.array(noticeDialogItemSchema);

// SIM cards ----------------------------------------------------------------------------------------

export const SIM_STATUS_CODES = Object.keys(SIM_CARD_STATUSES) as [SimCardStatus, ...SimCardStatus[]];
const ICCID = /^[0-9A-Fa-f]{19,20}$/;

export const iccidField = z.string({ error: INVALID_FIELD_MESSAGE }).refine((value) => ICCID.test(value), {
  error: INVALID_FIELD_MESSAGE,
});

export const simListBodySchema = z.object({
  status: z.enum(SIM_STATUS_CODES, { error: INVALID_FIELD_MESSAGE }).optional(),
  keyword: z.string().max(64).optional(),
  ...paging,
});
export const simEditBodySchema = z.object({
  iccid: iccidField,
  expiresAt: epochMs.nullable().optional(),
  shutdown: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
    .optional(),
  operator: optionalText('operator', 20).optional(),
  remark: optionalText('remark', 20).optional(),
});
/** A data-plan renewal is at most three years at once; the amount is what the customer paid, in fen. */
export const SIM_RENEW_MAX_MONTHS = 36;
export const SIM_RENEW_MAX_AMOUNT_CENTS = 100_000_000;
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: INVALID_FIELD_MESSAGE })
    .int({ error: INVALID_FIELD_MESSAGE })
    .min(min, { error: INVALID_FIELD_MESSAGE })
    .max(max, { error: INVALID_FIELD_MESSAGE });
export const simRenewBodySchema = z.object({
  iccid: iccidField,
  months: wholeNumber(1, SIM_RENEW_MAX_MONTHS),
  amountCents: wholeNumber(0, SIM_RENEW_MAX_AMOUNT_CENTS),
});
export type SimRenewBody = z.input<typeof simRenewBodySchema>;
/** The plan's new end, and the order recorded for the owner of the device using the card (if any). */
export const simRenewAnswerSchema = z.object({
  expiresAt: z.number().int(),
  orderId: z.string().nullable(),
});
export type SimRenewAnswer = z.infer<typeof simRenewAnswerSchema>;

export const simCardItemSchema = z.object({
  iccid: z.string(),
  status: z.enum(SIM_STATUS_CODES),
  expiresAt: z.number().int().nullable(),
  daysLeft: z.number().int().nullable(),
  shutdown: z.boolean(),
  operator: z.string().nullable(),
  remark: z.string().nullable(),
  deviceId: z.string().nullable(),
  deviceName: z.string().nullable(),
});
export type SimCardItem = z.infer<typeof simCardItemSchema>;
export const simImportAnswerSchema = z.object({ imported: z.number().int() });

/** Columns of the SIM card sheet operation staff import (header in Chinese or English). */
export const SIM_SHEET_COLUMNS = [
  { field: 'iccid', zh: 'ICCID', en: 'ICCID' },
  { field: 'expiresAt', zh: '到期日期', en: 'Expiry date' },
  { field: 'operator', zh: '运营商', en: 'Operator' },
  { field: 'shutdown', zh: '停机', en: 'Shut down' },
  { field: 'remark', zh: '备注', en: 'Remark' },
] as const;
