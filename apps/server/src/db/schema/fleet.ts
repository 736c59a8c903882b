/**
 * The fleet in bulk: named device groups of an owner, and device shares (a link or a password that
 * one receiver accepts). A device's `group_name` is its group's name, kept in step by the group
 * repository, so every list, report and map filter that groups by name keeps working.
 */
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ShareMenu } from '@lyyp/contracts/fleet';
import { accounts } from './accounts.ts';
import { devices } from './catalogue.ts';

export const deviceGroups = pgTable(
  'device_groups',
  {
    id: text('id').primaryKey(),
    ownerAccountId: text('owner_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('device_groups_owner_name').on(table.ownerAccountId, table.name)],
);

export const deviceShares = pgTable(
  'device_shares',
  {
    id: text('id').primaryKey(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    sharerAccountId: text('sharer_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['link', 'password'] }).notNull(),
    /** SHA-256 of a link share's token (the token itself is shown once, when the share is made). */
    tokenHash: text('token_hash'),
    /** scrypt hash of a password share's password. */
    passwordHash: text('password_hash'),
    topMenu: boolean('top_menu').notNull(),
    menus: jsonb('menus').$type<ShareMenu[]>().notNull(),
    canWrite: boolean('can_write').notNull(),
    /** Whether the receiver may share the device further (never unless the sharer chose it). */
    canReshare: boolean('can_reshare').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    receiverAccountId: text('receiver_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('device_shares_device_idx').on(table.deviceId),
    uniqueIndex('device_shares_token').on(table.tokenHash),
  ],
);
