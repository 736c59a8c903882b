/**
 * A product with everything that belongs to it, read for an export and written by an import in
 * one transaction: the product row, its designer pages, reports, alarm groups, rules and status
 * alarms. A refused part leaves nothing behind.
 */
import { asc, eq } from 'drizzle-orm';
import type { PageFile } from '@lyyp/contracts/designer';
import type { Database } from '../../db/client.ts';
import {
  alarmGroups,
  alarmRuleSets,
  alarmRules,
  designerPages,
  products,
  reports,
} from '../../db/schema/index.ts';
import type { ProductBundle } from './product-bundle.ts';
import type { NewProductRow, ProductRow } from './product.repository.ts';

export class ProductBundleRepository {
  constructor(private readonly db: Database) {}

  async bundleOf(productId: string): Promise<ProductBundle> {
    const [pages, reportRows, groups, rules, sets] = await Promise.all([
      this.db
        .select()
        .from(designerPages)
        .where(eq(designerPages.productId, productId))
        .orderBy(asc(designerPages.sortOrder), asc(designerPages.createdAt), asc(designerPages.id)),
      this.db
        .select({ report: reports.report })
        .from(reports)
        .where(eq(reports.productId, productId))
        .orderBy(asc(reports.position), asc(reports.createdAt)),
      this.db
        .select({ group: alarmGroups.group })
        .from(alarmGroups)
        .where(eq(alarmGroups.productId, productId))
        .orderBy(asc(alarmGroups.createdAt), asc(alarmGroups.id)),
      this.db
        .select({ rule: alarmRules.rule })
        .from(alarmRules)
        .where(eq(alarmRules.productId, productId))
        .orderBy(asc(alarmRules.position), asc(alarmRules.createdAt)),
      this.db
        .select({ statusAlarms: alarmRuleSets.statusAlarms })
        .from(alarmRuleSets)
        .where(eq(alarmRuleSets.productId, productId)),
    ]);
    return {
      pages: pages.map((page) => ({
        id: page.id,
        title: page.title,
        kind: page.kind,
        isStart: page.isStart,
        sortOrder: page.sortOrder,
        content: (page.content as PageFile | null) ?? null,
      })),
      reports: reportRows.map((row) => row.report),
      alarms: {
        groups: groups.map((row) => row.group),
        rules: rules.map((row) => row.rule),
        statusAlarms: sets[0]?.statusAlarms ?? null,
      },
    };
  }

  /** The product and its bundle (already under the product's ids) created at `at`, all or nothing. */
  async insertWithBundle(product: NewProductRow, bundle: ProductBundle, at: Date): Promise<ProductRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(products).values(product).returning();
      const productId = row!.id;
      if (bundle.pages.length > 0)
        await tx.insert(designerPages).values(
          bundle.pages.map((page) => ({
            id: page.id,
            productId,
            title: page.title,
            kind: page.kind,
            isStart: page.isStart,
            sortOrder: page.sortOrder,
            content: page.content,
            checkpwd: false,
          })),
        );
      if (bundle.reports.length > 0)
        await tx
          .insert(reports)
          .values(bundle.reports.map((report, position) => ({ id: report.id, productId, position, report })));
      const { groups, rules, statusAlarms } = bundle.alarms;
      if (groups.length > 0)
        // Distinct creation times keep the groups in the document's order (the list sorts by them).
        await tx.insert(alarmGroups).values(
          groups.map((group, index) => ({
            id: group.id,
            productId,
            group,
            createdAt: new Date(at.getTime() + index),
          })),
        );
      if (rules.length > 0)
        await tx
          .insert(alarmRules)
          .values(rules.map((rule, index) => ({ id: rule.id, productId, position: index + 1, rule })));
      if (groups.length > 0 || rules.length > 0 || statusAlarms)
        await tx.insert(alarmRuleSets).values({ productId, revision: 1, statusAlarms });
      return row!;
    });
  }
}
