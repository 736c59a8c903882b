/**
 * Report definitions as stored (a revision each: an edit computes the report again from the start),
 * and the devices and products reports read. The first layer of `ReportRepository`.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DeviceModel } from '@lyyp/contracts/device-model';
import type { ReportDefinition } from '@lyyp/contracts/report';
import type { Database } from '../../db/client.ts';
import { devices, gateways, products, reportProgress, reports } from '../../db/schema/index.ts';
import { visibleDeviceCondition, visibleProductCondition } from '../device/visibility.repository.ts';
import type { Viewer } from '../device/viewer.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface StoredReport {
  readonly productId: string;
  readonly revision: number;
  readonly report: ReportDefinition;
}

export interface ReportDeviceRow {
  readonly id: string;
  readonly name: string;
  readonly group: string;
  readonly productId: string;
  readonly productTitle: string;
  readonly online: boolean;
}

export class ReportDefinitionRepository {
  constructor(protected readonly db: Database) {}

  /** The rows of a raw statement. */
  protected async rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(await this.db.execute(query));
  }

  // Definitions --------------------------------------------------------------------------------------

  async reportsOf(productId: string): Promise<ReportDefinition[]> {
    const rows = await this.db
      .select({ report: reports.report })
      .from(reports)
      .where(eq(reports.productId, productId))
      .orderBy(asc(reports.position), asc(reports.createdAt));
    return rows.map((row) => row.report);
  }

  async storedReportsOf(productId: string): Promise<StoredReport[]> {
    return this.db
      .select({ productId: reports.productId, revision: reports.revision, report: reports.report })
      .from(reports)
      .where(eq(reports.productId, productId))
      .orderBy(asc(reports.position), asc(reports.createdAt));
  }

  async storedReport(reportId: string): Promise<StoredReport | undefined> {
    const [row] = await this.db
      .select({ productId: reports.productId, revision: reports.revision, report: reports.report })
      .from(reports)
      .where(eq(reports.id, reportId));
    return row;
  }

  /** Every enabled report of every product (the sweep's work list). */
  async enabledReports(): Promise<StoredReport[]> {
    return this.db
      .select({ productId: reports.productId, revision: reports.revision, report: reports.report })
      .from(reports)
      .where(sql`(${reports.report} ->> 'enabled')::boolean`);
  }

  async countReports(productId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: count() })
      .from(reports)
      .where(eq(reports.productId, productId));
    return row?.count ?? 0;
  }

  async insertReport(productId: string, report: ReportDefinition): Promise<void> {
    const position = await this.countReports(productId);
    await this.db.insert(reports).values({ id: report.id, productId, position, report });
  }

  /** Replaces a report; its computed rows and progress go, so it is computed again from the start. */
  async updateReport(productId: string, report: ReportDefinition): Promise<boolean> {
    const updated = await this.db
      .update(reports)
      .set({ report, revision: sql`${reports.revision} + 1`, updatedAt: new Date() })
      .where(and(eq(reports.id, report.id), eq(reports.productId, productId)))
      .returning({ id: reports.id });
    if (updated.length === 0) return false;
    await this.db.execute(sql`delete from report_rows where report_id = ${report.id}`);
    await this.db.delete(reportProgress).where(eq(reportProgress.reportId, report.id));
    return true;
  }

  async deleteReport(productId: string, reportId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(reports)
      .where(and(eq(reports.id, reportId), eq(reports.productId, productId)))
      .returning({ id: reports.id });
    return deleted.length > 0;
  }

  // Devices ------------------------------------------------------------------------------------------

  async deviceIdsOfProduct(productId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.productId, productId));
    return rows.map((row) => row.id);
  }

  /** The devices a person may see, with group, product and whether the gateway is online. */
  async visibleDevices(viewer: Viewer, productId?: string): Promise<ReportDeviceRow[]> {
    const rows = await this.db
      .select({
        id: devices.id,
        name: devices.name,
        group: devices.groupName,
        productId: devices.productId,
        productTitle: products.title,
        status: gateways.status,
      })
      .from(devices)
      .innerJoin(products, eq(products.id, devices.productId))
      .innerJoin(gateways, eq(gateways.sn, devices.gatewaySn))
      .where(and(visibleDeviceCondition(viewer), productId ? eq(devices.productId, productId) : undefined))
      .orderBy(asc(devices.name));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      group: row.group ?? '',
      productId: row.productId,
      productTitle: row.productTitle,
      online: row.status === 'online',
    }));
  }

  /** The device model of each product. */
  async modelsOf(productIds: readonly string[]): Promise<Map<string, DeviceModel>> {
    if (productIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: products.id, model: products.model })
      .from(products)
      .where(inArray(products.id, [...productIds]));
    return new Map(rows.map((row) => [row.id, row.model]));
  }

  /** The product of each device. */
  async productsOfDevices(deviceIds: readonly string[]): Promise<Map<string, string>> {
    if (deviceIds.length === 0) return new Map();
    const rows = await this.rows<{ id: string; p: string }>(
      sql`select id, product_id as p from devices where id = any(${sql.param(deviceIds)}::text[])`,
    );
    return new Map(rows.map((row) => [row.id, row.p]));
  }

  /** Products the viewer may see, with how many reports each defines, by title. */
  async reportProducts(viewer: Viewer): Promise<Array<{ id: string; title: string; reports: number }>> {
    const rows = await this.db
      .select({
        id: products.id,
        title: products.title,
        // Qualified by hand: inside a select list the ORM writes columns without their table.
        reports: sql<number>`(select count(*)::int from reports r where r.product_id = "products"."id")`,
      })
      .from(products)
      .where(visibleProductCondition(viewer))
      .orderBy(asc(products.title));
    return rows.map((row) => ({ ...row, reports: Number(row.reports) }));
  }
}
