/**
 * The product knowledge base: articles per product. `body` is the sanitised HTML that is shown;
 * `body_text` is its plain text, kept beside it so that search is one ILIKE over title and text
 * that reads the same on PGlite and PostgreSQL and works for Chinese (no word splitting needed).
 * Attachments are files of the file store (`files`), listed here with the name they were uploaded as.
 */
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { products } from './catalogue.ts';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export interface StoredKnowledgeAttachment {
  id: string;
  name: string;
  size: number;
}

export const knowledgeArticles = pgTable(
  'knowledge_articles',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    bodyText: text('body_text').notNull(),
    attachments: jsonb('attachments').$type<StoredKnowledgeAttachment[]>().notNull().default([]),
    authorAccountId: text('author_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [index('knowledge_articles_product_idx').on(table.productId, table.updatedAt)],
);
