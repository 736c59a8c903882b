/**
 * Gateway operations of a device: the remote settings the platform holds for each gateway (and
 * what the gateway last said it did with them), and the record of gateway replacements. Progress
 * of both is derived when read — from the settings command's state and from the new gateway's
 * configuration sync — never stored as a state of its own.
 */
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { GatewaySettings, MqttTlsFile, MqttTlsPart, SettingOutcome } from '@lyyp/contracts/gateway-ops';
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

/**
 * The files of a gateway's MQTT TLS connection (CA, client certificate, client key), as PEM text.
 * Secrets: only the `settings` command to the gateway carries the text; answers show `summary`.
 */
export const gatewayTlsFiles = pgTable(
  'gateway_tls_files',
  {
    sn: text('sn')
      .notNull()
      .references(() => gateways.sn, { onDelete: 'cascade' }),
    part: text('part').$type<MqttTlsPart>().notNull(),
    pem: text('pem').notNull(),
    /** What the console shows: file name, subject, fingerprint and end of validity (no secret). */
    summary: jsonb('summary').$type<MqttTlsFile>().notNull(),
    uploadedAt: moment('uploaded_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sn, table.part] })],
);

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
