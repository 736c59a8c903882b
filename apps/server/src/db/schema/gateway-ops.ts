/**
 * Gateway operations of a device: the remote settings the platform holds for each gateway (and
 * what the gateway last said it did with them), and the record of gateway replacements. Progress
 * of both is derived when read — from the settings command's state and from the new gateway's
 * configuration sync — never stored as a state of its own.
 */
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { GatewaySettings, SettingOutcome } from '@lyyp/contracts/gateway-ops';
import { accounts } from './accounts.ts';
import { devices, gateways } from './catalogue.ts';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** One row per gateway whose settings were ever saved; a gateway without one runs the factory settings. */
export const gatewaySettings = pgTable('gateway_settings', {
  sn: text('sn')
    .primaryKey()
    .references(() => gateways.sn, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<GatewaySettings>().notNull(),
  /** The command that sent them (`commands.uuid`); its state is the save's state. */
  commandUuid: text('command_uuid'),
  /** The gateway's answer per setting to that command; null until it answered. */
  outcomes: jsonb('outcomes').$type<SettingOutcome[]>(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

/** A device moved from one gateway to another; history, alarms, pages and shares stay with the device. */
export const gatewayReplacements = pgTable(
  'gateway_replacements',
  {
    id: text('id').primaryKey(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    oldSn: text('old_sn').notNull(),
    newSn: text('new_sn').notNull(),
    actorAccountId: text('actor_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    at: moment('at').notNull(),
  },
  (table) => [index('gateway_replacements_device_idx').on(table.deviceId, table.at)],
);
