/** Designer pages of products (§3 Designer page, Configuration page) and uploaded files. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { products } from './catalogue.ts';

export const designerPages = pgTable(
  'designer_pages',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Main pages open from the device; child pages open from other pages (§3 Configuration page). */
    kind: text('kind', { enum: ['main', 'child'] })
      .notNull()
      .default('main'),
    isStart: boolean('is_start').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The saved page file `{ con, widgets, bind }`, validated by the designer's page schema. */
    content: jsonb('content').$type<Record<string, unknown>>(),
    checkpwd: boolean('checkpwd').notNull().default(false),
    /** scrypt hash of the page password; the password itself is never stored or sent back. */
    passwordHash: text('password_hash'),
    /** Grows with every save; a save against an older version is refused (two editors). */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('designer_pages_product_idx').on(table.productId, table.sortOrder),
    // At most one start page per product, whatever two editors do at the same moment.
    uniqueIndex('designer_pages_one_start')
      .on(table.productId)
      .where(sql`${table.isStart}`),
  ],
);

/** Uploaded files (page images, product pictures); the bytes live under DATA_DIR/files. */
export const files = pgTable('files', {
  id: text('id').primaryKey(),
  ownerAccountId: text('owner_account_id').references(() => accounts.id),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
