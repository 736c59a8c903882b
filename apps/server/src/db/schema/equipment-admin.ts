/**
 * Device events the command audit does not hold: binding and unbinding, gateway status changes,
 * configuration pushes and sync results, authorisations. Kept by gateway SN and without a foreign
 * key, so a device's history outlives the device (an unbind deletes it). `onceKey` makes an event
 * that several nodes hear over the bus stored once.
 */
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const deviceEvents = pgTable(
  'device_events',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    gatewaySn: text('gateway_sn').notNull(),
    deviceId: text('device_id'),
    kind: text('kind', {
      enum: [
        'bind',
        'unbind',
        'status',
        'config-push',
        'config-sync',
        'authorize',
        'revoke',
        'share',
        'share-accept',
        'share-revoke',
        'replace',
        'factory-reset',
        'clear-data',
        'settings',
        'script-write',
      ],
    }).notNull(),
    actorAccountId: text('actor_account_id'),
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>(),
    onceKey: text('once_key').notNull(),
  },
  (table) => [
    index('device_events_gateway_idx').on(table.gatewaySn, table.at),
    uniqueIndex('device_events_once').on(table.onceKey),
  ],
);
