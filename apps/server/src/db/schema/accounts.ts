/**
 * The database schema (Drizzle, PostgreSQL dialect). Everything a peer node needs lives here:
 * sessions, captchas, SMS codes, rate counters and keys, so nodes stay stateless.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    username: text('username'),
    tel: text('tel'),
    email: text('email'),
    name: text('name'),
    passwordHash: text('password_hash'),
    roleType: text('role_type', { enum: ['admin', 'operation', 'company'] }).notNull(),
    accountKind: text('account_kind', { enum: ['operation', 'developer', 'terminal', 'dealer'] }).notNull(),
    accountType: text('account_type', { enum: ['personal', 'enterprise'] })
      .notNull()
      .default('personal'),
    status: text('status', { enum: ['enabled', 'disabled', 'deleted'] })
      .notNull()
      .default('enabled'),
    company: text('company'),
    licenceNumber: text('licence_number'),
    address: text('address'),
    contacts: text('contacts'),
    auths: text('auths').notNull().default(''),
    isSuperManager: boolean('is_super_manager').notNull().default(false),
    needsCompletion: boolean('needs_completion').notNull().default(false),
    /** A password someone else chose (staff add or reset): the next sign-in must replace it first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    theme: text('theme').notNull().default('light'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('accounts_username_unique')
      .on(sql`lower(${table.username})`)
      .where(sql`${table.status} <> 'deleted'`),
    uniqueIndex('accounts_tel_unique')
      .on(table.tel)
      .where(sql`${table.status} <> 'deleted'`),
  ],
);

export const companies = pgTable('companies', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  ownerAccountId: text('owner_account_id')
    .notNull()
    .references(() => accounts.id),
  licenceNumber: text('licence_number'),
  address: text('address'),
  contacts: text('contacts'),
  createdAt: createdAt(),
});

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.accountId] })],
);

/** Sessions by the SHA-256 of the cookie token; the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    companyId: text('company_id'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', {
      enum: ['logout', 'password', 'disabled', 'deleted', 'replaced', 'revoked'],
    }),
    address: text('address'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_account_idx').on(table.accountId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: text('id').primaryKey(),
    tel: text('tel').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (table) => [index('sms_codes_tel_idx').on(table.tel, table.purpose, table.createdAt)],
);

export const captchas = pgTable('captchas', {
  randstr: text('randstr').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ticketHash: text('ticket_hash'),
  ticketExpiresAt: timestamp('ticket_expires_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Nonces of encrypted sign-in bodies already seen, kept until they are too old to be replayed. */
export const loginNonces = pgTable('login_nonces', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Key pairs shared by every node (the sign-in encryption key). */
export const serverKeys = pgTable('server_keys', {
  id: text('id').primaryKey(),
  purpose: text('purpose').notNull(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters for attempt limits by account, phone or address. */
export const attemptCounters = pgTable('attempt_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
});

/** Identity checks in progress (password recovery, password reset, phone, email or question change). */
export const verifications = pgTable('verifications', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['findpwd', 'resetpwd', 'verifytel', 'email', 'question'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Small platform-wide facts that must survive restarts (e.g. which gateway is the demo's). */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
