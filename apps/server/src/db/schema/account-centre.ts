/**
 * The account centre's own records: security events of an account (sign-ins are the sessions
 * table's), security questions, the avatar, feedback with staff answers, and orders of paid
 * services with their invoice requests.
 */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** What an account did to its own security (password, phone, email, questions, checks, profile). */
export const accountEvents = pgTable(
  'account_events',
  {
    id: text('id').primaryKey(),
    at: moment('at').notNull().defaultNow(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    address: text('address'),
    detail: jsonb('detail').$type<Record<string, string>>(),
  },
  (table) => [index('account_events_account_idx').on(table.accountId, table.at)],
);

/** Security questions by preset key; answers kept as scrypt hashes of the normalised text. */
export const securityQuestions = pgTable(
  'security_questions',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    answerHash: text('answer_hash').notNull(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.position] })],
);

export const accountProfiles = pgTable('account_profiles', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  avatarUrl: text('avatar_url'),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

export const feedback = pgTable(
  'feedback',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['fault', 'suggestion', 'question', 'other'] }).notNull(),
    content: text('content').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    reply: text('reply'),
    repliedBy: text('replied_by').references(() => accounts.id, { onDelete: 'set null' }),
    repliedAt: moment('replied_at'),
  },
  (table) => [
    index('feedback_account_idx').on(table.accountId, table.createdAt),
    index('feedback_created_idx').on(table.createdAt),
  ],
);

/** Paid services of an account (SIM data plans, platform services), recorded when paid. */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['sim-plan', 'service'] }).notNull(),
    title: text('title').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('CNY'),
    paidAt: moment('paid_at').notNull(),
  },
  (table) => [index('orders_account_idx').on(table.accountId, table.paidAt)],
);

/** One invoice request per order. */
export const invoiceRequests = pgTable('invoice_requests', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  taxNumber: text('tax_number'),
  email: text('email').notNull(),
  status: text('status', { enum: ['requested', 'issued'] })
    .notNull()
    .default('requested'),
  requestedAt: moment('requested_at').notNull().defaultNow(),
  issuedAt: moment('issued_at'),
});
