/** Products in the database: scoped reads, plain writes, and the versioned update of the model. */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DeviceModel } from '@lyyp/contracts/device-model';
import type { Database } from '../../db/client.ts';
import { accounts, devices, products } from '../../db/schema/index.ts';
import { allOf, bindableProductCondition, visibleProductCondition } from '../device/visibility.repository.ts';
import type { Viewer } from '../device/viewer.ts';
import type { PageRequest } from './catalogue-route.ts';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type ProductStatus = ProductRow['status'];

export interface ProductFilter {
  keyword?: string | undefined;
  status?: ProductStatus | undefined;
  ownerAccountId?: string | undefined;
}

/** A product as lists show it: no model, but how much of it there is. */
export interface ProductSummary {
  id: string;
  title: string;
  productModel: string;
  imgUrl: string | null;
  note: string | null;
  modelId: string | null;
  latitude: number | null;
  longitude: number | null;
  status: ProductStatus;
  modelVersion: number;
  ownerAccountId: string;
  ownerName: string | null;
  driverCount: number;
  variableCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Characters LIKE treats specially are matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * An owner's name or user name. Never the phone number: an account known only by its phone is
 * shown by the phone as the viewer may see it (`phoneShownTo`, masked for developers and dealers).
 */
export const ownerNameOf = sql<string | null>`coalesce(${accounts.name}, ${accounts.username})`;

const summaryColumns = {
  id: products.id,
  title: products.title,
  productModel: products.productModel,
  imgUrl: products.imgUrl,
  note: products.note,
  modelId: products.modelId,
  latitude: products.latitude,
  longitude: products.longitude,
  status: products.status,
  modelVersion: products.modelVersion,
  ownerAccountId: products.ownerAccountId,
  ownerName: ownerNameOf,
  ownerTel: accounts.tel,
  driverCount: sql<number>`jsonb_array_length(${products.model} -> 'drivers')::int`,
  variableCount: sql<number>`jsonb_array_length(${products.model} -> 'variables')::int`,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

export class ProductRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<ProductRow | undefined> {
    const rows = await this.db.select().from(products).where(eq(products.id, id)).limit(1);
    return rows[0];
  }

  async findVisible(viewer: Viewer, id: string): Promise<ProductRow | undefined> {
    const rows = await this.db
      .select()
      .from(products)
      .where(allOf(eq(products.id, id), visibleProductCondition(viewer)))
      .limit(1);
    return rows[0];
  }

  async findBindable(viewer: Viewer, id: string): Promise<ProductRow | undefined> {
    const rows = await this.db
      .select()
      .from(products)
      .where(allOf(eq(products.id, id), bindableProductCondition(viewer)))
      .limit(1);
    return rows[0];
  }

  async page(
    viewer: Viewer,
    filter: ProductFilter,
    paging: PageRequest,
  ): Promise<{ rows: Array<ProductSummary & { ownerTel: string | null }>; total: number }> {
    const conditions: Array<SQL | undefined> = [visibleProductCondition(viewer)];
    if (filter.keyword) {
      const pattern = containsPattern(filter.keyword);
      conditions.push(or(ilike(products.title, pattern), ilike(products.productModel, pattern)));
    }
    if (filter.status) conditions.push(eq(products.status, filter.status));
    if (filter.ownerAccountId) conditions.push(eq(products.ownerAccountId, filter.ownerAccountId));
    const where = allOf(...conditions);
    const [counted] = await this.db.select({ total: count() }).from(products).where(where);
    const rows = await this.db
      .select(summaryColumns)
      .from(products)
      .leftJoin(accounts, eq(accounts.id, products.ownerAccountId))
      .where(where)
      .orderBy(desc(products.updatedAt), products.id)
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize);
    return { rows, total: counted?.total ?? 0 };
  }

  /** Products a viewer can pick from: visible ones, and published ones to bind devices to. */
  async listSelectable(
    viewer: Viewer,
    status?: ProductStatus,
  ): Promise<Array<Pick<ProductSummary, 'id' | 'title' | 'productModel' | 'status' | 'ownerAccountId'>>> {
    return this.db
      .select({
        id: products.id,
        title: products.title,
        productModel: products.productModel,
        status: products.status,
        ownerAccountId: products.ownerAccountId,
      })
      .from(products)
      .where(allOf(bindableProductCondition(viewer), status ? eq(products.status, status) : undefined))
      .orderBy(products.title, products.id);
  }

  async insert(row: NewProductRow): Promise<ProductRow> {
    const [created] = await this.db.insert(products).values(row).returning();
    return created!;
  }

  async update(
    id: string,
    changes: Partial<Omit<NewProductRow, 'id' | 'model' | 'modelVersion'>>,
  ): Promise<ProductRow | undefined> {
    const [updated] = await this.db
      .update(products)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning();
    return updated;
  }

  /**
   * Stores a new model if nobody changed it since `expectedVersion` was read, and advances the
   * version in the same statement. Undefined means another change won: read again and retry.
   */
  async updateModel(
    id: string,
    expectedVersion: number,
    model: DeviceModel,
  ): Promise<ProductRow | undefined> {
    const [updated] = await this.db
      .update(products)
      .set({ model, modelVersion: sql`${products.modelVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(products.id, id), eq(products.modelVersion, expectedVersion)))
      .returning();
    return updated;
  }

  /** Deletes a product no device uses; false when a device uses it (checked in the same statement). */
  async deleteUnused(id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(products)
      .where(
        and(
          eq(products.id, id),
          sql`not exists (select 1 from ${devices} where ${devices.productId} = ${products.id})`,
        ),
      )
      .returning({ id: products.id });
    return deleted.length > 0;
  }

  async countDevices(id: string): Promise<number> {
    const [counted] = await this.db.select({ total: count() }).from(devices).where(eq(devices.productId, id));
    return counted?.total ?? 0;
  }
}
