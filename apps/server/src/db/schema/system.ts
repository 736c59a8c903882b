/**
 * The remaining system screens: app versions (one latest per identifier, enforced by a partial
 * unique index), versioned agreement and privacy texts with who accepted which, and driver models
 * (named kinds of slave over a built-in protocol; product drivers name them inside the product's
 * model JSON, so "in use" is a query over that JSON, see the system module's repository).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AgreementKind, DriverModelSettings } from '@lyyp/contracts/system';
import type { Protocol } from '@lyyp/contracts/device-model';
import { accounts } from './accounts.ts';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const appVersions = pgTable(
  'app_versions',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    version: text('version').notNull(),
    identifier: text('identifier').notNull(),
    enterprise: text('enterprise').notNull().default(''),
    iosUrl: text('ios_url').notNull().default(''),
    androidUrl: text('android_url').notNull().default(''),
    description: text('description').notNull().default(''),
    latest: boolean('latest').notNull().default(false),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('app_versions_identifier_version_unique').on(table.identifier, table.version),
    uniqueIndex('app_versions_one_latest')
      .on(table.identifier)
      .where(sql`${table.latest}`),
  ],
);

export const agreementVersions = pgTable(
  'agreement_versions',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<AgreementKind>().notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    publishedBy: text('published_by').references(() => accounts.id, { onDelete: 'set null' }),
    publishedAt: moment('published_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('agreement_versions_kind_version_unique').on(table.kind, table.version),
    index('agreement_versions_kind_published_idx').on(table.kind, table.publishedAt),
  ],
);

export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    agreementVersionId: text('agreement_version_id')
      .notNull()
      .references(() => agreementVersions.id),
    acceptedAt: moment('accepted_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.agreementVersionId] }),
    index('agreement_acceptances_version_idx').on(table.agreementVersionId),
  ],
);

export const driverModels = pgTable(
  'driver_models',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    protocol: text('protocol').$type<Protocol>().notNull(),
    description: text('description').notNull().default(''),
    settings: jsonb('settings').$type<DriverModelSettings>().notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('driver_models_name_unique').on(table.name)],
);
