/**
 * Work orders, inspection plans and inspection tasks. What two nodes could race on is decided by
 * the database: work order numbers come from a per-day counter updated in one statement, an alarm
 * has at most one open work order (a partial unique index), a state change is conditional on the
 * state read, and a schedule period gives each device exactly one task (a unique index that the
 * generating insert skips on conflict).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  InspectionItem,
  InspectionResult,
  InspectionSchedule,
  InspectionStoredState,
  WorkOrderEventKind,
  WorkOrderState,
} from '@lyyp/contracts/maintenance';
import { accounts } from './accounts.ts';
import { alarmRecords } from './alarms.ts';
import { devices } from './catalogue.ts';
import type { StoredValue } from './runtime.ts';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** The last work order number given out per business day (`YYYYMMDD`). */
export const workOrderSequences = pgTable('work_order_sequences', {
  day: text('day').primaryKey(),
  last: integer('last').notNull(),
});

export const workOrders = pgTable(
  'work_orders',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull().unique(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The alarm it was raised from, with the alarm's name, value and time as they were. */
    alarmRecordId: text('alarm_record_id').references(() => alarmRecords.id, { onDelete: 'set null' }),
    alarmName: text('alarm_name'),
    alarmValue: jsonb('alarm_value').$type<StoredValue>(),
    alarmAt: moment('alarm_at'),
    /** The inspection task item that raised it. */
    inspectionTaskId: text('inspection_task_id'),
    problem: text('problem').notNull(),
    content: text('content').notNull().default(''),
    state: text('state').$type<WorkOrderState>().notNull().default('pending'),
    creatorId: text('creator_id')
      .notNull()
      .references(() => accounts.id),
    assigneeId: text('assignee_id').references(() => accounts.id, { onDelete: 'set null' }),
    photoIds: jsonb('photo_ids').$type<string[]>().notNull().default([]),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('work_orders_device_idx').on(table.deviceId, table.createdAt),
    index('work_orders_state_idx').on(table.state, table.createdAt),
    uniqueIndex('work_orders_one_open_per_alarm')
      .on(table.alarmRecordId)
      .where(sql`${table.state} not in ('finished', 'ended')`),
  ],
);

/** The timeline of an order: its creation, every transition and every comment. */
export const workOrderEvents = pgTable(
  'work_order_events',
  {
    id: text('id').primaryKey(),
    workOrderId: text('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<WorkOrderEventKind>().notNull(),
    byId: text('by_id').references(() => accounts.id, { onDelete: 'set null' }),
    at: moment('at').notNull(),
    comment: text('comment').notNull().default(''),
    assigneeId: text('assignee_id').references(() => accounts.id, { onDelete: 'set null' }),
    photoIds: jsonb('photo_ids').$type<string[]>().notNull().default([]),
  },
  (table) => [index('work_order_events_order_idx').on(table.workOrderId, table.at)],
);

export const inspectionPlans = pgTable('inspection_plans', {
  id: text('id').primaryKey(),
  ownerAccountId: text('owner_account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  deviceIds: jsonb('device_ids').$type<string[]>().notNull(),
  items: jsonb('items').$type<InspectionItem[]>().notNull(),
  schedule: jsonb('schedule').$type<InspectionSchedule>().notNull(),
  inspectorIds: jsonb('inspector_ids').$type<string[]>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: moment('created_at').notNull().defaultNow(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

/** A recorded checklist item of a task. */
export interface StoredItemResult {
  itemId: string;
  result: InspectionResult;
  reading: number | null;
  remark: string;
  photoIds: string[];
  workOrderId: string | null;
  recordedAt: number;
}

export const inspectionTasks = pgTable(
  'inspection_tasks',
  {
    id: text('id').primaryKey(),
    planId: text('plan_id')
      .notNull()
      .references(() => inspectionPlans.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    periodStart: moment('period_start').notNull(),
    /** The end of the schedule's period: open after it means overdue (derived, never stored). */
    dueAt: moment('due_at').notNull(),
    state: text('state').$type<InspectionStoredState>().notNull().default('not-started'),
    result: text('result').$type<InspectionResult>(),
    /** The inspector who started it. */
    inspectorId: text('inspector_id').references(() => accounts.id, { onDelete: 'set null' }),
    remark: text('remark').notNull().default(''),
    results: jsonb('results').$type<StoredItemResult[]>().notNull().default([]),
    startedAt: moment('started_at'),
    finishedAt: moment('finished_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('inspection_tasks_once').on(table.planId, table.deviceId, table.periodStart),
    index('inspection_tasks_device_idx').on(table.deviceId, table.periodStart),
    index('inspection_tasks_state_idx').on(table.state, table.dueAt),
  ],
);
