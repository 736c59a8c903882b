/**
 * What the gateways report about the scripts they run: the newest state of each script of each
 * device (`up/script`), replaced by every report. Scripts themselves and computed variables are
 * part of the product's model document (catalogue.ts), so they travel with its version.
 */
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ScriptState } from '@lyyp/contracts/protocol';
import { devices } from './catalogue.ts';

export const scriptStates = pgTable(
  'script_states',
  {
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    scriptKey: text('script_key').notNull(),
    /** The model version the gateway ran when it reported. */
    configVersion: integer('config_version').notNull(),
    state: jsonb('state').$type<ScriptState>().notNull(),
    /** The gateway's time of the report. */
    reportTs: timestamp('report_ts', { withTimezone: true, precision: 3 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.deviceId, table.scriptKey] })],
);
