/**
 * Hardware models in the database: the paged list with how many gateways and products use each,
 * conditional deletes (never a model in use or the built-in one), and the capacity lookup every
 * capacity check goes through.
 */
import { and, asc, count, eq, ilike, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  DEFAULT_HARDWARE_MODEL_ID,
  DEFAULT_MODEL_CAPACITY,
  type ModelCapacity,
} from '@lyyp/contracts/hardware';
import type { Database } from '../../db/client.ts';
import { alarmRules, gateways, hardwareModels, products, reports } from '../../db/schema/index.ts';
import type { PageRequest } from '../product/catalogue-route.ts';
import { containsPattern } from '../product/product.repository.ts';
import type { CapacitySource } from '../product/capacity.ts';

export type HardwareModelRow = typeof hardwareModels.$inferSelect;
export type NewHardwareModelRow = typeof hardwareModels.$inferInsert;

export interface HardwareModelListRow extends HardwareModelRow {
  gatewayCount: number;
  productCount: number;
}

/** What one product already holds of each kind, for refusing a model smaller than that. */
export interface ProductUsage {
  id: string;
  title: string;
  drivers: number;
  variables: number;
  scripts: number;
  reports: number;
  alarms: number;
}

const gatewayCount = sql<number>`(select count(*) from ${gateways} where ${gateways.hardwareModelId} = ${hardwareModels.id})::int`;
/** Products without a model run on the built-in one, so they count as its users too. */
const productCount = sql<number>`(select count(*) from ${products} where ${products.modelId} = ${hardwareModels.id}
  or (${products.modelId} is null and ${hardwareModels.id} = ${DEFAULT_HARDWARE_MODEL_ID}))::int`;

export class HardwareModelRepository implements CapacitySource {
  constructor(private readonly db: Database) {}

  async page(
    filter: { name?: string | undefined },
    paging: PageRequest,
  ): Promise<{ rows: HardwareModelListRow[]; total: number }> {
    const where = filter.name ? ilike(hardwareModels.name, containsPattern(filter.name)) : undefined;
    const [counted] = await this.db.select({ total: count() }).from(hardwareModels).where(where);
    const rows = await this.db
      .select({ row: hardwareModels, gatewayCount, productCount })
      .from(hardwareModels)
      .where(where)
      // The built-in model first, then by name.
      .orderBy(sql`${hardwareModels.id} = ${DEFAULT_HARDWARE_MODEL_ID} desc`, asc(hardwareModels.name))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize);
    return {
      rows: rows.map(({ row, ...counts }) => ({ ...row, ...counts })),
      total: counted?.total ?? 0,
    };
  }

  async options(): Promise<Array<{ id: string; name: string }>> {
    return this.db
      .select({ id: hardwareModels.id, name: hardwareModels.name })
      .from(hardwareModels)
      .orderBy(sql`${hardwareModels.id} = ${DEFAULT_HARDWARE_MODEL_ID} desc`, asc(hardwareModels.name));
  }

  async find(id: string): Promise<HardwareModelListRow | undefined> {
    const rows = await this.db
      .select({ row: hardwareModels, gatewayCount, productCount })
      .from(hardwareModels)
      .where(eq(hardwareModels.id, id))
      .limit(1);
    const found = rows[0];
    return found
      ? { ...found.row, gatewayCount: found.gatewayCount, productCount: found.productCount }
      : undefined;
  }

  async idOfGateway(sn: string): Promise<string | undefined> {
    const rows = await this.db
      .select({ id: gateways.hardwareModelId })
      .from(gateways)
      .where(eq(gateways.sn, sn))
      .limit(1);
    return rows[0]?.id;
  }

  /** Ids of the models with these names (sheet imports name models as people read them). */
  async idsByName(names: readonly string[]): Promise<Map<string, string>> {
    if (names.length === 0) return new Map();
    const rows = await this.db
      .select({ id: hardwareModels.id, name: hardwareModels.name })
      .from(hardwareModels)
      .where(inArray(hardwareModels.name, [...names]));
    return new Map(rows.map((row) => [row.name, row.id]));
  }

  async exists(id: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: hardwareModels.id })
      .from(hardwareModels)
      .where(eq(hardwareModels.id, id))
      .limit(1);
    return rows.length > 0;
  }

  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: hardwareModels.id })
      .from(hardwareModels)
      .where(and(eq(hardwareModels.name, name), exceptId ? ne(hardwareModels.id, exceptId) : undefined))
      .limit(1);
    return rows.length > 0;
  }

  async insert(row: NewHardwareModelRow): Promise<void> {
    await this.db.insert(hardwareModels).values(row);
  }

  async update(id: string, changes: Partial<NewHardwareModelRow>): Promise<boolean> {
    const updated = await this.db
      .update(hardwareModels)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(hardwareModels.id, id))
      .returning({ id: hardwareModels.id });
    return updated.length > 0;
  }

  /** Deletes the model unless a gateway or product refers to it (checked in the same statement). */
  async deleteUnused(id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(hardwareModels)
      .where(
        and(
          eq(hardwareModels.id, id),
          ne(hardwareModels.id, DEFAULT_HARDWARE_MODEL_ID),
          sql`not exists (select 1 from ${gateways} where ${gateways.hardwareModelId} = ${id})`,
          sql`not exists (select 1 from ${products} where ${products.modelId} = ${id})`,
        ),
      )
      .returning({ id: hardwareModels.id });
    return deleted.length > 0;
  }

  /** What each product built for this model holds now (products without one use the built-in model). */
  async usageOf(id: string): Promise<ProductUsage[]> {
    return this.db
      .select({
        id: products.id,
        title: products.title,
        drivers: sql<number>`jsonb_array_length(${products.model} -> 'drivers')::int`,
        variables: sql<number>`jsonb_array_length(${products.model} -> 'variables')::int`,
        scripts: sql<number>`coalesce(jsonb_array_length(${products.model} -> 'scripts'), 0)::int`,
        reports: sql<number>`(select count(*) from ${reports} where ${reports.productId} = ${products.id})::int`,
        alarms: sql<number>`(select count(*) from ${alarmRules} where ${alarmRules.productId} = ${products.id})::int`,
      })
      .from(products)
      .where(
        id === DEFAULT_HARDWARE_MODEL_ID
          ? sql`${products.modelId} = ${id} or ${isNull(products.modelId)}`
          : eq(products.modelId, id),
      );
  }

  /** The one capacity source: the numbers of a model, or of the built-in one. */
  async capacityOf(modelId: string | null): Promise<ModelCapacity> {
    const rows = await this.db
      .select({ id: hardwareModels.id, capacity: hardwareModels.capacity })
      .from(hardwareModels)
      .where(inArray(hardwareModels.id, [modelId ?? DEFAULT_HARDWARE_MODEL_ID, DEFAULT_HARDWARE_MODEL_ID]));
    const chosen =
      rows.find((row) => row.id === modelId) ?? rows.find((row) => row.id === DEFAULT_HARDWARE_MODEL_ID);
    return chosen?.capacity ?? DEFAULT_MODEL_CAPACITY;
  }
}
