/**
 * Administration (§6): staff-created roles with their data permission, which role each account
 * holds, dealers with their products and customers, enterprise certification requests, and the
 * audit of administrative actions. Built-in roles live in @lyyp/contracts, not here: an account
 * holding one has its id in `account_roles.role_id` and no row in `roles`.
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
import { accounts } from './accounts.ts';
import { products } from './catalogue.ts';

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

export const roles = pgTable(
  'roles',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    audience: text('audience', { enum: ['operation', 'developer'] }).notNull(),
    /** Menu permission codes, comma-separated like an account's `auths`. */
    permissions: text('permissions').notNull().default(''),
    dataScope: text('data_scope', { enum: ['all', 'chosen'] })
      .notNull()
      .default('all'),
    createdBy: text('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (table) => [uniqueIndex('roles_name_unique').on(sql`lower(${table.name})`)],
);

export const roleProducts = pgTable(
  'role_products',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.productId] })],
);

/** The role an account holds; no row: the account's own codes apply. */
export const accountRoles = pgTable(
  'account_roles',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roleId: text('role_id').notNull(),
    assignedBy: text('assigned_by').references(() => accounts.id, { onDelete: 'set null' }),
    assignedAt: at('assigned_at'),
  },
  (table) => [index('account_roles_role_idx').on(table.roleId)],
);

export const dealers = pgTable('dealers', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  organisationId: text('organisation_id').notNull().unique(),
  dataScope: text('data_scope', { enum: ['all', 'chosen'] })
    .notNull()
    .default('chosen'),
  canDebug: boolean('can_debug').notNull().default(false),
  certifiedBy: text('certified_by').references(() => accounts.id, { onDelete: 'set null' }),
  certifiedAt: at('certified_at'),
});

export const dealerProducts = pgTable(
  'dealer_products',
  {
    dealerAccountId: text('dealer_account_id')
      .notNull()
      .references(() => dealers.accountId, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.dealerAccountId, table.productId] })],
);

export const dealerCustomers = pgTable(
  'dealer_customers',
  {
    dealerAccountId: text('dealer_account_id')
      .notNull()
      .references(() => dealers.accountId, { onDelete: 'cascade' }),
    customerAccountId: text('customer_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.dealerAccountId, table.customerAccountId] }),
    index('dealer_customers_customer_idx').on(table.customerAccountId),
  ],
);

export const certificationRequests = pgTable(
  'certification_requests',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    company: text('company').notNull(),
    licenceNumber: text('licence_number').notNull(),
    address: text('address').notNull(),
    contacts: text('contacts').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    submittedAt: at('submitted_at'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('certification_requests_one_pending')
      .on(table.accountId)
      .where(sql`${table.status} = 'pending'`),
    index('certification_requests_account_idx').on(table.accountId, table.submittedAt),
  ],
);

/**
 * Administrative actions (create, disable, delete, role change, certification decisions …), kept for
 * the account's operation log. Ids are plain text so an entry outlives the accounts it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    at: at('at'),
    actorAccountId: text('actor_account_id'),
    subjectAccountId: text('subject_account_id'),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    address: text('address'),
  },
  (table) => [
    index('audit_events_subject_idx').on(table.subjectAccountId, table.at),
    index('audit_events_actor_idx').on(table.actorAccountId, table.at),
  ],
);
