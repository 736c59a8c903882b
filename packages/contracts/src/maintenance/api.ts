/**
 * The maintenance API (`/lyyp/developer/maintenance/*`): work orders, inspection plans and tasks,
 * and the operations centre's overview. Paths, bodies and answers written once: the server
 * validates with them and names them in its OpenAPI document; the console types its calls with
 * them. Bodies are form-encoded or JSON (§7); plans are nested, so JSON.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../limits.ts';
import {
  INVALID_FIELD_MESSAGE,
  addCatalogueIssue,
  optionalText,
  requiredText,
} from '../device-model/issues.ts';
import { entityId, finiteNumber, uniqueList } from '../alarm/fields.ts';
import { INSPECTION_FREQUENCIES, INSPECTION_RESULTS, INSPECTION_STATES } from './inspection.ts';
import {
  INSPECTION_DEVICES_MAX,
  INSPECTION_ITEMS_MAX,
  INSPECTION_ITEM_NAME_MAX_LENGTH,
  INSPECTION_PLAN_NAME_MAX_LENGTH,
  INSPECTION_REMARK_MAX_LENGTH,
  INSPECTORS_MAX,
  PHOTOS_MAX,
  UNIT_MAX_LENGTH,
  WORK_ORDER_COMMENT_MAX_LENGTH,
  WORK_ORDER_CONTENT_MAX_LENGTH,
  WORK_ORDER_PROBLEM_MAX_LENGTH,
} from './limits.ts';
import { SIGNAL_BANDS } from './signal.ts';
import { WORK_ORDER_ACTIONS, WORK_ORDER_AGE_BUCKETS, WORK_ORDER_STATES } from './work-order.ts';

export const MAINTENANCE_API_PATHS = {
  workOrderList: '/maintenance/workorder/list',
  workOrderExport: '/maintenance/workorder/export',
  workOrderDetail: '/maintenance/workorder/detail',
  workOrderCreate: '/maintenance/workorder/create',
  workOrderFromAlarm: '/maintenance/workorder/from-alarm',
  workOrderAct: '/maintenance/workorder/act',
  workOrderComment: '/maintenance/workorder/comment',
  assignees: '/maintenance/workorder/assignees',
  planList: '/maintenance/inspection/plan/list',
  planSave: '/maintenance/inspection/plan/save',
  planDelete: '/maintenance/inspection/plan/delete',
  taskList: '/maintenance/inspection/task/list',
  taskDetail: '/maintenance/inspection/task/detail',
  taskRecord: '/maintenance/inspection/task/record',
  taskFinish: '/maintenance/inspection/task/finish',
  taskAbort: '/maintenance/inspection/task/abort',
  overview: '/maintenance/operations/overview',
} as const;

const paging = {
  page: z.coerce.number({ error: INVALID_FIELD_MESSAGE }).int().min(1).default(1),
  pageSize: z.coerce
    .number({ error: INVALID_FIELD_MESSAGE })
    .int()
    .min(1)
    .max(100)
    .default(DEFAULT_PAGE_SIZE),
};

/** Uploaded image ids (`/file/upload`), at most PHOTOS_MAX. */
export const photoIdsSchema = uniqueList(entityId('photos'), 'photos', PHOTOS_MAX).default([]);

export const photoSchema = z.object({ id: z.string(), url: z.string() });
export type Photo = z.infer<typeof photoSchema>;

export function maintenancePageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

// Work orders --------------------------------------------------------------------------------------

export const workOrderCreateBodySchema = z.object({
  equipmentId: entityId('equipmentId'),
  problem: requiredText('problem', WORK_ORDER_PROBLEM_MAX_LENGTH),
  photos: photoIdsSchema,
});
export type WorkOrderCreateBody = z.input<typeof workOrderCreateBodySchema>;

/** One click from an alarm record: the device, the alarm, its time and value come from the record. */
export const workOrderFromAlarmBodySchema = z.object({
  alarmRecordId: entityId('alarmRecordId'),
  problem: optionalText('problem', WORK_ORDER_PROBLEM_MAX_LENGTH).default(''),
});
export type WorkOrderFromAlarmBody = z.input<typeof workOrderFromAlarmBodySchema>;

export const workOrderActBodySchema = z.object({
  id: entityId('id'),
  action: z.enum(WORK_ORDER_ACTIONS, { error: INVALID_FIELD_MESSAGE }),
  /** Dispatch: who repairs (repair staff). */
  assigneeId: entityId('assigneeId').optional(),
  /** Finish: what was repaired (repair content), required. */
  content: optionalText('content', WORK_ORDER_CONTENT_MAX_LENGTH).default(''),
  comment: optionalText('comment', WORK_ORDER_COMMENT_MAX_LENGTH).default(''),
  photos: photoIdsSchema,
});
export type WorkOrderActBody = z.input<typeof workOrderActBodySchema>;

export const workOrderCommentBodySchema = z.object({
  id: entityId('id'),
  comment: requiredText('comment', WORK_ORDER_COMMENT_MAX_LENGTH),
  photos: photoIdsSchema,
});
export type WorkOrderCommentBody = z.input<typeof workOrderCommentBodySchema>;

export const workOrderIdBodySchema = z.object({ id: entityId('id') });

export const workOrderListBodySchema = z.object({
  state: z.enum(WORK_ORDER_STATES, { error: INVALID_FIELD_MESSAGE }).optional(),
  equipmentId: entityId('equipmentId').optional(),
  /** `mine`: raised by me or assigned to me. */
  mine: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
      error: INVALID_FIELD_MESSAGE,
    })
    .optional(),
  /** Number, problem or device name contains this. */
  keyword: optionalText('keyword', 50).optional(),
  /** Open orders older than this many hours (the operations centre's age buckets). */
  olderThanHours: z.coerce.number({ error: INVALID_FIELD_MESSAGE }).int().min(0).optional(),
  ...paging,
});
export type WorkOrderListBody = z.input<typeof workOrderListBodySchema>;
export type WorkOrderFilter = z.infer<typeof workOrderListBodySchema>;

export const workOrderExportBodySchema = workOrderListBodySchema.omit({ page: true, pageSize: true }).extend({
  format: z.enum(['csv', 'xlsx'], { error: INVALID_FIELD_MESSAGE }).default('xlsx'),
  timeZone: z.string().max(64).optional(),
});
export type WorkOrderExportBody = z.input<typeof workOrderExportBodySchema>;

const pointValue = z.union([z.number(), z.string(), z.boolean(), z.null()]);

export const workOrderItemSchema = z.object({
  id: z.string(),
  number: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  alarmRecordId: z.string().nullable(),
  alarmName: z.string().nullable(),
  alarmValue: pointValue,
  alarmAt: z.number().int().nullable(),
  problem: z.string(),
  content: z.string(),
  state: z.enum(WORK_ORDER_STATES),
  creatorId: z.string(),
  creatorName: z.string(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  photos: z.array(photoSchema),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** What the caller may do now (buttons). */
  actions: z.array(z.enum(WORK_ORDER_ACTIONS)),
});
export type WorkOrderItem = z.infer<typeof workOrderItemSchema>;

export const WORK_ORDER_EVENT_KINDS = ['created', ...WORK_ORDER_ACTIONS, 'comment'] as const;
export type WorkOrderEventKind = (typeof WORK_ORDER_EVENT_KINDS)[number];

export const workOrderEventSchema = z.object({
  id: z.string(),
  kind: z.enum(WORK_ORDER_EVENT_KINDS),
  byId: z.string().nullable(),
  byName: z.string(),
  at: z.number().int(),
  comment: z.string(),
  /** Dispatch: who it went to. */
  assigneeName: z.string().nullable(),
  photos: z.array(photoSchema),
});
export type WorkOrderEvent = z.infer<typeof workOrderEventSchema>;

export const workOrderDetailSchema = workOrderItemSchema.extend({ timeline: z.array(workOrderEventSchema) });
export type WorkOrderDetail = z.infer<typeof workOrderDetailSchema>;

/** People who may repair or inspect a device: its owner, accounts granted it, operation staff. */
export const assigneesBodySchema = z.object({ equipmentId: entityId('equipmentId') });
export const assigneeSchema = z.object({ id: z.string(), name: z.string() });
export const assigneesAnswerSchema = z.array(assigneeSchema);
export type Assignee = z.infer<typeof assigneeSchema>;

// Inspection plans ---------------------------------------------------------------------------------

export const inspectionItemSchema = z
  .object({
    id: entityId('items.id'),
    name: requiredText('items.name', INSPECTION_ITEM_NAME_MAX_LENGTH),
    /** `check`: looked at, normal or not; `reading`: a number read off, with its expected range. */
    kind: z.enum(['check', 'reading'], { error: INVALID_FIELD_MESSAGE }),
    unit: optionalText('items.unit', UNIT_MAX_LENGTH).default(''),
    low: finiteNumber.nullable().default(null),
    high: finiteNumber.nullable().default(null),
  })
  .superRefine((item, context) => {
    if (item.low !== null && item.high !== null && item.low >= item.high)
      addCatalogueIssue(context, '2415', { item: item.name }, ['low']);
  });
export type InspectionItem = z.infer<typeof inspectionItemSchema>;

export const inspectionScheduleSchema = z.object({
  frequency: z.enum(INSPECTION_FREQUENCIES, { error: INVALID_FIELD_MESSAGE }),
  weekday: z.number({ error: INVALID_FIELD_MESSAGE }).int().min(1).max(7).optional(),
  monthDay: z.number({ error: INVALID_FIELD_MESSAGE }).int().min(1).max(28).optional(),
  utcOffsetMinutes: z.number({ error: INVALID_FIELD_MESSAGE }).int().min(-720).max(840).default(480),
});

export const inspectionPlanSchema = z.object({
  id: entityId('id').optional(),
  name: requiredText('name', INSPECTION_PLAN_NAME_MAX_LENGTH),
  deviceIds: uniqueList(entityId('deviceIds'), 'deviceIds', INSPECTION_DEVICES_MAX).refine(
    (ids) => ids.length > 0,
    { error: 'catalogue:2416' },
  ),
  items: z
    .array(inspectionItemSchema, { error: INVALID_FIELD_MESSAGE })
    .max(INSPECTION_ITEMS_MAX, { error: INVALID_FIELD_MESSAGE })
    .refine((items) => items.length > 0, { error: 'catalogue:2416' })
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
      error: INVALID_FIELD_MESSAGE,
    }),
  schedule: inspectionScheduleSchema,
  inspectorIds: uniqueList(entityId('inspectorIds'), 'inspectorIds', INSPECTORS_MAX).refine(
    (ids) => ids.length > 0,
    { error: 'catalogue:2416' },
  ),
  enabled: z.boolean({ error: INVALID_FIELD_MESSAGE }).default(true),
});
export type InspectionPlanInput = z.input<typeof inspectionPlanSchema>;
export type InspectionPlanBody = z.infer<typeof inspectionPlanSchema>;

export const inspectionPlanItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  devices: z.array(z.object({ id: z.string(), name: z.string() })),
  items: z.array(inspectionItemSchema),
  schedule: inspectionScheduleSchema,
  inspectors: z.array(z.object({ id: z.string(), name: z.string() })),
  enabled: z.boolean(),
  /** Who made the plan: the maker edits it (with staff whose scope holds every device of it). */
  ownerAccountId: z.string(),
  createdAt: z.number().int(),
});
export type InspectionPlanItem = z.infer<typeof inspectionPlanItemSchema>;

export const planSaveBodySchema = z.object({ plan: inspectionPlanSchema });
export const planIdBodySchema = z.object({ id: entityId('id') });
export const planListAnswerSchema = z.array(inspectionPlanItemSchema);

// Inspection tasks ---------------------------------------------------------------------------------

export const taskListBodySchema = z.object({
  state: z.enum(INSPECTION_STATES, { error: INVALID_FIELD_MESSAGE }).optional(),
  equipmentId: entityId('equipmentId').optional(),
  planId: entityId('planId').optional(),
  mine: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
      error: INVALID_FIELD_MESSAGE,
    })
    .optional(),
  ...paging,
});
export type TaskListBody = z.input<typeof taskListBodySchema>;
export type TaskFilter = z.infer<typeof taskListBodySchema>;

export const itemResultSchema = z.object({
  itemId: z.string(),
  result: z.enum(INSPECTION_RESULTS),
  reading: z.number().nullable(),
  remark: z.string(),
  photos: z.array(photoSchema),
  /** The work order an abnormal item raised. */
  workOrderId: z.string().nullable(),
  recordedAt: z.number().int(),
});
export type ItemResult = z.infer<typeof itemResultSchema>;

export const inspectionTaskItemSchema = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  periodStart: z.number().int(),
  dueAt: z.number().int(),
  state: z.enum(INSPECTION_STATES),
  result: z.enum(INSPECTION_RESULTS).nullable(),
  inspectorId: z.string().nullable(),
  inspectorName: z.string().nullable(),
  remark: z.string(),
  startedAt: z.number().int().nullable(),
  finishedAt: z.number().int().nullable(),
  /** The caller is one of the plan's inspectors. */
  canAct: z.boolean(),
});
export type InspectionTaskItem = z.infer<typeof inspectionTaskItemSchema>;

export const inspectionTaskDetailSchema = inspectionTaskItemSchema.extend({
  items: z.array(inspectionItemSchema),
  results: z.array(itemResultSchema),
});
export type InspectionTaskDetail = z.infer<typeof inspectionTaskDetailSchema>;

export const taskIdBodySchema = z.object({ id: entityId('id') });

export const taskRecordBodySchema = z.object({
  id: entityId('id'),
  itemId: entityId('itemId'),
  result: z.enum(INSPECTION_RESULTS, { error: INVALID_FIELD_MESSAGE }),
  reading: finiteNumber.nullable().default(null),
  remark: optionalText('remark', INSPECTION_REMARK_MAX_LENGTH).default(''),
  photos: photoIdsSchema,
});
export type TaskRecordBody = z.input<typeof taskRecordBodySchema>;

export const taskCloseBodySchema = z.object({
  id: entityId('id'),
  remark: optionalText('remark', INSPECTION_REMARK_MAX_LENGTH).default(''),
});
export type TaskCloseBody = z.input<typeof taskCloseBodySchema>;

// Operations centre --------------------------------------------------------------------------------

const countBy = z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() }));

export const GATEWAY_HEALTH_STATES = ['online', 'offline', 'dormant', 'power-off'] as const;

export const operationsOverviewSchema = z.object({
  at: z.number().int(),
  fleet: z.object({
    total: z.number().int(),
    byStatus: z.record(z.enum(GATEWAY_HEALTH_STATES), z.number().int()),
    byProduct: countBy,
    byHardwareModel: countBy,
    byFirmware: countBy,
  }),
  signal: z.record(z.enum([...SIGNAL_BANDS.map((band) => band.key), 'unknown'] as const), z.number().int()),
  /** Gateways whose messages were refused or whose configuration failed to apply. */
  communicationErrors: z.array(
    z.object({
      sn: z.string(),
      deviceId: z.string(),
      deviceName: z.string(),
      rejectedMessages: z.number().int(),
      configSyncFailed: z.boolean(),
    }),
  ),
  expiringSims: z.array(
    z.object({
      iccid: z.string(),
      deviceId: z.string(),
      deviceName: z.string(),
      expiresAt: z.number().int(),
      expired: z.boolean(),
    }),
  ),
  activeAlarms: z.number().int(),
  workOrders: z.object({
    byState: z.record(z.enum(WORK_ORDER_STATES), z.number().int()),
    openByAge: z.record(z.enum(WORK_ORDER_AGE_BUCKETS.map((bucket) => bucket.key)), z.number().int()),
  }),
  inspections: z.object({ byState: z.record(z.enum(INSPECTION_STATES), z.number().int()) }),
});
export type OperationsOverview = z.infer<typeof operationsOverviewSchema>;
