/**
 * A device's own configuration over its product's model (docs/device-configuration.md): the
 * driver addresses it sets for itself, and a revision that grows with every change so the
 * version its gateway runs grows with it. No row means the device runs its product as it is.
 */
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DeviceConfigOverrides } from '@lyyp/contracts/device-config';
import { accounts } from './accounts.ts';
import { devices } from './catalogue.ts';

export const deviceConfigs = pgTable('device_configs', {
  deviceId: text('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  overrides: jsonb('overrides').$type<DeviceConfigOverrides>().notNull(),
  revision: integer('revision').notNull().default(0),
  updatedBy: text('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
});
