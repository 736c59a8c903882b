/**
 * OTA upgrade tasks (docs/ota.md): a task brings chosen gateways of a product to a firmware; each
 * gateway has one step row. The rows hold what was last heard; what is shown is derived from them,
 * the version the gateway reports and the clock (`deriveStepState` in @lyyp/contracts/ota).
 */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { OtaStepState, OtaTargetMode } from '@lyyp/contracts/ota';
import { accounts } from './accounts.ts';
import { gateways, products } from './catalogue.ts';
import { firmware } from './firmware.ts';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const otaTasks = pgTable(
  'ota_tasks',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** A firmware used by a task cannot be deleted (2503). */
    firmwareId: text('firmware_id')
      .notNull()
      .references(() => firmware.id, { onDelete: 'restrict' }),
    target: text('target').$type<OtaTargetMode>().notNull(),
    fromVersion: text('from_version'),
    /** Gateways in the first batch; 0: one batch. */
    firstBatch: integer('first_batch').notNull().default(0),
    cancelledAt: moment('cancelled_at'),
    createdBy: text('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [index('ota_tasks_product_idx').on(table.productId, table.createdAt)],
);

export const otaTaskGateways = pgTable(
  'ota_task_gateways',
  {
    taskId: text('task_id')
      .notNull()
      .references(() => otaTasks.id, { onDelete: 'cascade' }),
    sn: text('sn')
      .notNull()
      .references(() => gateways.sn, { onDelete: 'cascade' }),
    batch: integer('batch').notNull().default(1),
    state: text('state').$type<OtaStepState>().notNull().default('waiting'),
    percent: integer('percent'),
    code: text('code'),
    params: jsonb('params').$type<Record<string, string | number>>(),
    fromVersion: text('from_version'),
    /** Grows with each retry; reports of an earlier attempt change nothing. */
    attempt: integer('attempt').notNull().default(1),
    /** Last news of the step (a report, its start, a retry). */
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.sn] }),
    index('ota_task_gateways_sn_idx').on(table.sn, table.state),
  ],
);
