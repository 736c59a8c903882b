/**
 * Driver models in the database. Product drivers name a driver model inside the product's model
 * JSON (`drivers[].driverModelId`), so "in use" is a query over that JSON, and the delete checks it
 * in the same statement.
 */
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Protocol } from '@lyyp/contracts/device-model';
import type { Database } from '../../db/client.ts';
import { driverModels, products } from '../../db/schema/index.ts';

export type DriverModelRow = typeof driverModels.$inferSelect;
export type NewDriverModelRow = typeof driverModels.$inferInsert;
export type DriverModelListRow = DriverModelRow & { productCount: number };

/** Products with at least one driver made from the driver model whose id `id` yields. */
const productsUsing = (id: SQL | string) => sql`(select count(*) from ${products}
  where exists (select 1 from jsonb_array_elements(${products.model} -> 'drivers') as driver
    where driver ->> 'driverModelId' = ${id}))::int`;

const productCount = sql<number>`${productsUsing(sql`${driverModels.id}`)}`;

export class DriverModelRepository {
  constructor(private readonly db: Database) {}

  async list(protocol: Protocol | undefined): Promise<DriverModelListRow[]> {
    const rows = await this.db
      .select({ row: driverModels, productCount })
      .from(driverModels)
      .where(protocol ? eq(driverModels.protocol, protocol) : undefined)
      .orderBy(asc(driverModels.protocol), asc(driverModels.name));
    return rows.map(({ row, productCount: used }) => ({ ...row, productCount: used }));
  }

  async find(id: string): Promise<DriverModelListRow | undefined> {
    const rows = await this.db
      .select({ row: driverModels, productCount })
      .from(driverModels)
      .where(eq(driverModels.id, id))
      .limit(1);
    const found = rows[0];
    return found ? { ...found.row, productCount: found.productCount } : undefined;
  }

  async protocolOf(id: string): Promise<Protocol | undefined> {
    const rows = await this.db
      .select({ protocol: driverModels.protocol })
      .from(driverModels)
      .where(eq(driverModels.id, id))
      .limit(1);
    return rows[0]?.protocol;
  }

  async existingIds(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: driverModels.id })
      .from(driverModels)
      .where(inArray(driverModels.id, [...ids]));
    return rows.map((row) => row.id);
  }

  async countsByProtocol(): Promise<Map<Protocol, number>> {
    const rows = await this.db
      .select({ protocol: driverModels.protocol, total: sql<number>`count(*)::int` })
      .from(driverModels)
      .groupBy(driverModels.protocol);
    return new Map(rows.map((row) => [row.protocol, row.total]));
  }

  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: driverModels.id })
      .from(driverModels)
      .where(and(eq(driverModels.name, name), exceptId ? ne(driverModels.id, exceptId) : undefined))
      .limit(1);
    return rows.length > 0;
  }

  async insert(row: NewDriverModelRow): Promise<void> {
    await this.db.insert(driverModels).values(row);
  }

  async update(id: string, changes: Partial<NewDriverModelRow>): Promise<boolean> {
    const updated = await this.db
      .update(driverModels)
      .set(changes)
      .where(eq(driverModels.id, id))
      .returning({ id: driverModels.id });
    return updated.length > 0;
  }

  /** Deletes the driver model unless a product's driver names it (checked in the same statement). */
  async deleteUnused(id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(driverModels)
      .where(and(eq(driverModels.id, id), sql`${productsUsing(id)} = 0`))
      .returning({ id: driverModels.id });
    return deleted.length > 0;
  }
}
