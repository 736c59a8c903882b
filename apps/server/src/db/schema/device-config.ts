/**
 * A device's own configuration over its product's model (docs/device-configuration.md): the
 * driver addresses it sets for itself, and a revision that grows with every change so the
 * version its gateway runs grows with it. No row means the device runs its product as it is.
 */
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DeviceConfigOverrides } from '@lyyp/contracts/device-config';
import { accounts } from './accounts.ts';
import { devices, products } from './catalogue.ts';

/** A named device configuration of one product, owned by the account that made it. */
export const deviceTemplates = pgTable(
  'device_templates',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    ownerAccountId: text('owner_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    latestVersion: integer('latest_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [uniqueIndex('device_templates_owner_name_idx').on(table.ownerAccountId, table.name)],
);

/** Every version of a template, kept: diffs and rollbacks read them. */
export const deviceTemplateVersions = pgTable(
  'device_template_versions',
  {
    templateId: text('template_id')
      .notNull()
      .references(() => deviceTemplates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    overrides: jsonb('overrides').$type<DeviceConfigOverrides>().notNull(),
    restoredFrom: integer('restored_from'),
    createdBy: text('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.templateId, table.version] })],
);

export const deviceConfigs = pgTable(
  'device_configs',
  {
    deviceId: text('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    overrides: jsonb('overrides').$type<DeviceConfigOverrides>().notNull(),
    revision: integer('revision').notNull().default(0),
    updatedBy: text('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
    /** The template the device is bound to: its configuration changes only through it. */
    templateId: text('template_id').references(() => deviceTemplates.id, { onDelete: 'set null' }),
    /** The template version last synced to the device (null: bound, never synced). */
    templateVersion: integer('template_version'),
  },
  (table) => [index('device_configs_template_idx').on(table.templateId)],
);
