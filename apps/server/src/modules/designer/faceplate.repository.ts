/**
 * Faceplate templates in the database, one row per template of a product (migration 0044). The
 * template itself is one JSON document, checked by `FaceplateTemplateSchema` before it is stored;
 * a new version replaces the stored one only if that is still the version it follows (one
 * statement, so of two editors saving the same version exactly one wins).
 */
import { and, desc, eq } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { FaceplateTemplate } from '@lyyp/contracts/designer';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';

export const designerFaceplates = pgTable(
  'designer_faceplates',
  {
    id: text('id').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    version: integer('version').notNull(),
    template: jsonb('template').$type<FaceplateTemplate>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'designer_faceplates_pk', columns: [table.productId, table.id] })],
);

export class FaceplateRepository {
  constructor(private readonly db: Database) {}

  async list(productId: string): Promise<FaceplateTemplate[]> {
    const rows = await this.db
      .select({ template: designerFaceplates.template })
      .from(designerFaceplates)
      .where(eq(designerFaceplates.productId, productId))
      .orderBy(desc(designerFaceplates.updatedAt), designerFaceplates.id);
    return rows.map((row) => row.template);
  }

  async count(productId: string): Promise<number> {
    const rows = await this.db
      .select({ id: designerFaceplates.id })
      .from(designerFaceplates)
      .where(eq(designerFaceplates.productId, productId));
    return rows.length;
  }

  /** Stores a first version; false when the product already has a template with that id. */
  async insert(productId: string, template: FaceplateTemplate): Promise<boolean> {
    const rows = await this.db
      .insert(designerFaceplates)
      .values({ id: template.id, productId, title: template.title, version: template.version, template })
      .onConflictDoNothing()
      .returning({ id: designerFaceplates.id });
    return rows.length === 1;
  }

  /** Stores a new version if the stored one is the version it follows; false when it is not (or gone). */
  async replace(productId: string, template: FaceplateTemplate): Promise<boolean> {
    const rows = await this.db
      .update(designerFaceplates)
      .set({ title: template.title, version: template.version, template, updatedAt: new Date() })
      .where(
        and(
          eq(designerFaceplates.productId, productId),
          eq(designerFaceplates.id, template.id),
          eq(designerFaceplates.version, template.version - 1),
        ),
      )
      .returning({ id: designerFaceplates.id });
    return rows.length === 1;
  }

  async exists(productId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: designerFaceplates.id })
      .from(designerFaceplates)
      .where(and(eq(designerFaceplates.productId, productId), eq(designerFaceplates.id, id)))
      .limit(1);
    return rows.length === 1;
  }

  async remove(productId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(designerFaceplates)
      .where(and(eq(designerFaceplates.productId, productId), eq(designerFaceplates.id, id)))
      .returning({ id: designerFaceplates.id });
    return rows.length === 1;
  }
}
