/**
 * Designer pages in the database: pages by id and by product (the policy decides on the product), the versioned save
 * (one statement, so of two saves of the same version exactly one wins), and changes to a
 * product's list of pages made one at a time under a lock on the product row.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PageFile } from '@lyyp/contracts/designer';
import type { Database } from '../../db/client.ts';
import { designerPages, products } from '../../db/schema/index.ts';
import type { OrderedPage, PageKind } from './page-order.ts';

export type DesignerPageRow = typeof designerPages.$inferSelect;
export type NewDesignerPageRow = typeof designerPages.$inferInsert;

/** A page as lists show it: no content. */
export interface PageSummary extends OrderedPage {
  title: string;
  checkpwd: boolean;
  version: number;
  updatedAt: Date;
}

/** What a save changes; the version grows by one in the same statement. */
export interface PageContentChange {
  content: PageFile;
  title: string;
  checkpwd: boolean;
  /** Undefined keeps the stored hash. */
  passwordHash?: string | null;
}

const summaryColumns = {
  id: designerPages.id,
  title: designerPages.title,
  kind: designerPages.kind,
  isStart: designerPages.isStart,
  sortOrder: designerPages.sortOrder,
  checkpwd: designerPages.checkpwd,
  version: designerPages.version,
  updatedAt: designerPages.updatedAt,
};

const listOrder = [asc(designerPages.sortOrder), asc(designerPages.createdAt), asc(designerPages.id)];

/** The pages of one product while its row is locked: structure changes of that product wait for each other. */
export class ProductPages {
  constructor(
    private readonly tx: Database,
    readonly productId: string,
  ) {}

  async list(): Promise<PageSummary[]> {
    return this.tx
      .select(summaryColumns)
      .from(designerPages)
      .where(eq(designerPages.productId, this.productId))
      .orderBy(...listOrder);
  }

  async insert(row: Omit<NewDesignerPageRow, 'productId'>): Promise<DesignerPageRow> {
    const [created] = await this.tx
      .insert(designerPages)
      .values({ ...row, productId: this.productId })
      .returning();
    return created!;
  }

  async setKind(id: string, kind: PageKind): Promise<void> {
    await this.tx
      .update(designerPages)
      .set({ kind, updatedAt: new Date() })
      .where(and(eq(designerPages.id, id), eq(designerPages.productId, this.productId)));
  }

  /** Makes `id` the start page and every other page of the product not; undefined clears them all. */
  async setStart(id: string | undefined): Promise<void> {
    await this.tx
      .update(designerPages)
      .set({ isStart: id === undefined ? sql`false` : sql`${designerPages.id} = ${id}` })
      .where(eq(designerPages.productId, this.productId));
  }

  async remove(id: string): Promise<void> {
    await this.tx
      .delete(designerPages)
      .where(and(eq(designerPages.id, id), eq(designerPages.productId, this.productId)));
  }
}

export class DesignerPageRepository {
  constructor(private readonly db: Database) {}

  /** A page by id; who may act on it is decided on its product by the policy. */
  async findById(id: string): Promise<DesignerPageRow | undefined> {
    const rows = await this.db.select().from(designerPages).where(eq(designerPages.id, id)).limit(1);
    return rows[0];
  }

  /** A page of a product (the runtime has checked the product through the device). */
  async findInProduct(productId: string, id: string): Promise<DesignerPageRow | undefined> {
    const rows = await this.db
      .select()
      .from(designerPages)
      .where(and(eq(designerPages.id, id), eq(designerPages.productId, productId)))
      .limit(1);
    return rows[0];
  }

  async listSummaries(productId: string): Promise<PageSummary[]> {
    return this.db
      .select(summaryColumns)
      .from(designerPages)
      .where(eq(designerPages.productId, productId))
      .orderBy(...listOrder);
  }

  /** Pages in the order a viewer meets them: the start page first, then list order. */
  async listForViewers(productId: string): Promise<PageSummary[]> {
    return this.db
      .select(summaryColumns)
      .from(designerPages)
      .where(eq(designerPages.productId, productId))
      .orderBy(desc(designerPages.isStart), ...listOrder);
  }

  /**
   * Runs `work` in a transaction holding the product row locked (the caller was authorized on the
   * product); undefined when the product is gone. Errors thrown by `work` roll everything back.
   */
  async withProductPages<T>(
    productId: string,
    work: (pages: ProductPages) => Promise<T>,
  ): Promise<{ value: T } | undefined> {
    return this.db.transaction(async (tx) => {
      const locked = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, productId))
        .for('update');
      if (locked.length === 0) return undefined;
      return { value: await work(new ProductPages(tx, productId)) };
    });
  }

  /** Stores new content if the page is still at `expectedVersion`; undefined when it is not (or is gone). */
  async saveContent(
    id: string,
    expectedVersion: number,
    change: PageContentChange,
  ): Promise<DesignerPageRow | undefined> {
    const [updated] = await this.db
      .update(designerPages)
      .set({
        content: change.content,
        title: change.title,
        checkpwd: change.checkpwd,
        ...(change.passwordHash !== undefined ? { passwordHash: change.passwordHash } : {}),
        version: sql`${designerPages.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(designerPages.id, id), eq(designerPages.version, expectedVersion)))
      .returning();
    return updated;
  }

  /** A new title is a change of the page: its version grows, so an open designer reloads before saving. */
  async rename(id: string, title: string): Promise<DesignerPageRow | undefined> {
    const [updated] = await this.db
      .update(designerPages)
      .set({ title, version: sql`${designerPages.version} + 1`, updatedAt: new Date() })
      .where(eq(designerPages.id, id))
      .returning();
    return updated;
  }
}
