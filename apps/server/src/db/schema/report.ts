/**
 * History reports and the hierarchical history summaries.
 *
 * Report definitions have their own table keyed by product (like alarm rules): editing one must not
 * raise the model version, which re-sends the configuration to every gateway of the product.
 * Computation state is per (report, device): `computed_until` moves forward in the same transaction
 * that stores the rows of the windows before it, with the progress row locked, so each window is
 * stored exactly once however many nodes run. `history_dirty` is the invalidation log written at
 * ingest: which (device, hour) got points, and whether some came late; a sweep refreshes the hour
 * and day summaries from the minute summaries and recomputes report windows already computed.
 */
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ReportDefinition } from '@lyyp/contracts/report';
import { devices, products } from './catalogue.ts';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** One report of a product (`reportDefinitionSchema`), in the order the console lists them. */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    report: jsonb('report').$type<ReportDefinition>().notNull(),
    /** Grows with every edit; progress of an older revision is computed again from the start. */
    revision: integer('revision').notNull().default(1),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [index('reports_product_idx').on(table.productId, table.position)],
);

/** How far a report is computed for a device: every window before `computed_until` is stored. */
export const reportProgress = pgTable(
  'report_progress',
  {
    reportId: text('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    computedUntil: moment('computed_until').notNull(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.deviceId] })],
);

/**
 * A stored report row: a window's start (periodic, interval storage) or an event's moment (change,
 * single storage), with mergeable statistics per listed variable (`CellStats`): cell i is the
 * variable `keys[i]`, its sample count `n[i]` and row i of the `stats` matrix (first, first time,
 * last, last time, min, max, sum, difference; times as epoch milliseconds). Building a JSON object
 * per cell was nearly all the cost of computing a report; typed arrays take about a quarter less
 * room, and the matrix lets the computation aggregate a cell's statistics in one step.
 *
 * No foreign keys: their checks took about a tenth of the time of computing a span. Rows
 * are written only in the transaction that holds their (report, device) progress row, which has
 * both keys, and triggers of migration 0031 delete the rows of a deleted report or device, however
 * it is deleted (directly, or with its product or owner).
 */
export const reportRows = pgTable(
  'report_rows',
  {
    reportId: text('report_id').notNull(),
    deviceId: text('device_id').notNull(),
    at: moment('at').notNull(),
    keys: text('keys').array().notNull(),
    n: integer('n').array().notNull(),
    stats: doublePrecision('stats').array().array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.deviceId, table.at] })],
);

/** The invalidation log of ingest: a (device, hour) got points; `late` when some came late. */
export const historyDirty = pgTable(
  'history_dirty',
  {
    deviceId: text('device_id').notNull(),
    hour: moment('hour').notNull(),
    late: boolean('late').notNull().default(false),
    markedAt: moment('marked_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceId, table.hour] }),
    index('history_dirty_hour_idx').on(table.hour),
  ],
);

/**
 * The statistics every summary level keeps beside min, max and count: the first and last value
 * with their times, the sum and the time-integral, so periodic reports (difference, first, last,
 * time-weighted average) and coarser
 * levels are computed from summaries instead of raw points.
 */
const summaryStatistics = () => ({
  vFirst: doublePrecision('v_first').notNull(),
  firstAt: moment('first_at').notNull(),
  vLast: doublePrecision('v_last').notNull(),
  lastAt: moment('last_at').notNull(),
  vSum: doublePrecision('v_sum').notNull(),
  /** Time-integral from the first point to the last, value × ms (`points_rollup.v_area`). */
  vArea: doublePrecision('v_area').notNull().default(0),
});

/** Hour summaries of numeric history, refreshed from the minute summaries (`points_rollup`). */
export const pointsHour = pgTable(
  'points_hour',
  {
    deviceId: text('device_id').notNull(),
    key: text('key').notNull(),
    hour: moment('hour').notNull(),
    vMin: doublePrecision('v_min').notNull(),
    vMax: doublePrecision('v_max').notNull(),
    n: integer('n').notNull(),
    ...summaryStatistics(),
  },
  (table) => [primaryKey({ columns: [table.deviceId, table.key, table.hour] })],
);

/** Day summaries (UTC days), refreshed from the hour summaries. */
export const pointsDay = pgTable(
  'points_day',
  {
    deviceId: text('device_id').notNull(),
    key: text('key').notNull(),
    day: moment('day').notNull(),
    vMin: doublePrecision('v_min').notNull(),
    vMax: doublePrecision('v_max').notNull(),
    n: integer('n').notNull(),
    ...summaryStatistics(),
  },
  (table) => [primaryKey({ columns: [table.deviceId, table.key, table.day] })],
);
