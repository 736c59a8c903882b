/**
 * Hardware models: kinds of gateway with what one gateway may run and what it has. Gateways refer
 * to one (the built-in `default` row, which the migration creates, when nothing else is known) and a
 * product's `model_id` names the model its configuration is built for.
 */
import { jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ModelCapacity, ModelFeatures } from '@lyyp/contracts/hardware';

export const hardwareModels = pgTable(
  'hardware_models',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    capacity: jsonb('capacity').$type<ModelCapacity>().notNull(),
    features: jsonb('features').$type<ModelFeatures>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('hardware_models_name_idx').on(table.name)],
);
