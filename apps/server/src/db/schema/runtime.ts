/**
 * What the platform records as things run: latest values, commands with their audit, and gaps.
 * History points live in the day-partitioned `points` table keyed by (series, time), created by a
 * hand-written migration (drizzle-kit does not declare partitioned tables) and reached through the
 * history repository; `point_series` names each series' device and variable key.
 */
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { devices } from './catalogue.ts';

export type StoredValue = number | string | boolean | null;

export const latestValues = pgTable(
  'latest_values',
  {
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    ts: timestamp('ts', { withTimezone: true, precision: 3 }).notNull(),
    value: jsonb('value').$type<StoredValue>(),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.deviceId, table.key] })],
);

/** A series of history points: one device's one variable, numbered for the points to refer to. */
export const pointSeries = pgTable(
  'point_series',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deviceId: text('device_id').notNull(),
    key: text('key').notNull(),
  },
  (table) => [uniqueIndex('point_series_device_key').on(table.deviceId, table.key)],
);

/** Every read and write command, its outcome, and for writes the audit: who, what, old and new. */
export const commands = pgTable(
  'commands',
  {
    uuid: text('uuid').primaryKey(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    gatewaySn: text('gateway_sn').notNull(),
    op: text('op', { enum: ['read', 'write', 'restart', 'settings', 'factory-reset', 'browse'] }).notNull(),
    key: text('key'),
    value: jsonb('value').$type<StoredValue>(),
    previous: jsonb('previous').$type<StoredValue>(),
    status: text('status', { enum: ['pending', 'success', 'failure'] })
      .notNull()
      .default('pending'),
    code: text('code'),
    message: text('message'),
    result: jsonb('result').$type<StoredValue>(),
    createdBy: text('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('commands_device_idx').on(table.deviceId, table.createdAt)],
);

/** Points a gateway could not keep (buffer overflow), recorded so history shows an explicit gap. */
export const dataGaps = pgTable(
  'data_gaps',
  {
    id: text('id').primaryKey(),
    gatewaySn: text('gateway_sn').notNull(),
    fromTs: timestamp('from_ts', { withTimezone: true }).notNull(),
    toTs: timestamp('to_ts', { withTimezone: true }).notNull(),
    lost: integer('lost').notNull(),
    seq: bigint('seq', { mode: 'number' }),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    /** The device the gateway measured for when it reported the gap (null in gaps reported before). */
    deviceId: text('device_id'),
    /** Variables that lost points; null: the gateway did not say, every variable did. */
    keys: jsonb('keys').$type<string[]>(),
  },
  (table) => [
    index('data_gaps_gateway_idx').on(table.gatewaySn, table.fromTs),
    index('data_gaps_device_idx').on(table.deviceId, table.fromTs),
    // A resent upload reports its gap again; it is recorded once.
    uniqueIndex('data_gaps_once').on(table.gatewaySn, table.seq, table.fromTs, table.toTs),
  ],
);

/**
 * Minute summaries of numeric history (min, max, number of points, first and last value with their
 * times, sum, time-integral), kept with every stored batch so curves over long ranges read thousands of rows
 * instead of millions and periodic reports never read raw points. Only points stored for the first
 * time are added, so a point delivered twice counts once.
 */
export const pointsRollup = pgTable(
  'points_rollup',
  {
    deviceId: text('device_id').notNull(),
    key: text('key').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    min: doublePrecision('v_min').notNull(),
    max: doublePrecision('v_max').notNull(),
    count: integer('n').notNull(),
    first: doublePrecision('v_first').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true, precision: 3 }).notNull(),
    last: doublePrecision('v_last').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true, precision: 3 }).notNull(),
    sum: doublePrecision('v_sum').notNull(),
    /**
     * The time-integral of the value from the first point to the last (value × milliseconds), each
     * value holding until the next point: with first/last and their times, what a time-weighted
     * average needs (docs/reports.md).
     */
    area: doublePrecision('v_area').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.deviceId, table.key, table.minute] })],
);
