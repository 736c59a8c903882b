/** Gateways in the database: scoped lists with owner and bound device, inserts all or nothing. */
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { accounts, devices, gateways, hardwareModels, products } from '../../db/schema/index.ts';
import { allOf, visibleGatewayCondition } from '../device/visibility.repository.ts';
import type { Viewer } from '../device/viewer.ts';
import type { PageRequest } from '../product/catalogue-route.ts';
import { containsPattern } from '../product/product.repository.ts';

export type GatewayRow = typeof gateways.$inferSelect;
export type NewGatewayRow = typeof gateways.$inferInsert;
export type GatewayStatus = GatewayRow['status'];

export interface GatewayFilter {
  status?: GatewayStatus | undefined;
  /** Part of the SN. */
  sn?: string | undefined;
  /** Part of the owner's name, username or phone. */
  owner?: string | undefined;
  ownerAccountId?: string | undefined;
  developerAccountId?: string | undefined;
  firmware?: string | undefined;
  /** Part of the hardware model's name. */
  hardwareModel?: string | undefined;
  hardwareModelId?: string | undefined;
  bound?: boolean | undefined;
}

const owner = alias(accounts, 'owner');
const developer = alias(accounts, 'developer');

// A person known only by a phone number is named by it, as the viewer may see it (`ShowPhone`).
const ownerName = sql<string | null>`coalesce(${owner.name}, ${owner.username})`;
const developerName = sql<string | null>`coalesce(${developer.name}, ${developer.username})`;

/** A phone number as the viewer may see it (`phoneShownTo` in src/lib/phone-visibility.ts). */
export type ShowPhone = (phone: string | null, subjectAccountId?: string | null) => string | null;

/** A gateway as lists show it: who owns it, which device it carries, how its configuration is. */
export interface GatewayListRow {
  sn: string;
  verificationCode: string;
  status: GatewayStatus;
  signal: number | null;
  firmware: string | null;
  hardwareModelId: string;
  /** The name of its hardware model. */
  hardwareModel: string;
  remark: string | null;
  networkMode: string | null;
  gatewayMode: string | null;
  ownerAccountId: string | null;
  ownerName: string | null;
  developerAccountId: string | null;
  developerName: string | null;
  lastSeenAt: Date | null;
  configVersionReported: number;
  configSyncState: GatewayRow['configSyncState'];
  configSyncError: string | null;
  deviceId: string | null;
  deviceName: string | null;
  productId: string | null;
  madeForProductId: string | null;
  createdAt: Date;
}

const listColumns = {
  sn: gateways.sn,
  verificationCode: gateways.verificationCode,
  status: gateways.status,
  signal: gateways.signal,
  firmware: gateways.firmware,
  hardwareModelId: gateways.hardwareModelId,
  hardwareModel: hardwareModels.name,
  remark: gateways.remark,
  networkMode: gateways.networkMode,
  gatewayMode: gateways.gatewayMode,
  ownerAccountId: gateways.ownerAccountId,
  ownerName,
  developerAccountId: gateways.developerAccountId,
  developerName,
  lastSeenAt: gateways.lastSeenAt,
  configVersionReported: gateways.configVersionReported,
  configSyncState: gateways.configSyncState,
  configSyncError: gateways.configSyncError,
  deviceId: devices.id,
  deviceName: devices.name,
  productId: devices.productId,
  madeForProductId: gateways.productId,
  createdAt: gateways.createdAt,
  ownerTel: owner.tel,
  developerTel: developer.tel,
};

/** A list row with its people named as the viewer may see them; their phones go no further. */
function shownRow(
  {
    ownerTel,
    developerTel,
    ...row
  }: GatewayListRow & { ownerTel: string | null; developerTel: string | null },
  showPhone: ShowPhone,
): GatewayListRow {
  return {
    ...row,
    ownerName: row.ownerName ?? showPhone(ownerTel, row.ownerAccountId),
    developerName: row.developerName ?? showPhone(developerTel, row.developerAccountId),
  };
}

function filterConditions(filter: GatewayFilter): Array<SQL | undefined> {
  return [
    filter.status ? eq(gateways.status, filter.status) : undefined,
    filter.sn ? ilike(gateways.sn, containsPattern(filter.sn)) : undefined,
    filter.owner
      ? or(
          ilike(owner.name, containsPattern(filter.owner)),
          ilike(owner.username, containsPattern(filter.owner)),
          ilike(owner.tel, containsPattern(filter.owner)),
        )
      : undefined,
    filter.ownerAccountId ? eq(gateways.ownerAccountId, filter.ownerAccountId) : undefined,
    filter.developerAccountId ? eq(gateways.developerAccountId, filter.developerAccountId) : undefined,
    filter.firmware ? ilike(gateways.firmware, containsPattern(filter.firmware)) : undefined,
    filter.hardwareModel ? ilike(hardwareModels.name, containsPattern(filter.hardwareModel)) : undefined,
    filter.hardwareModelId ? eq(gateways.hardwareModelId, filter.hardwareModelId) : undefined,
    filter.bound === undefined ? undefined : filter.bound ? isNotNull(devices.id) : isNull(devices.id),
  ];
}

export class GatewayRepository {
  constructor(private readonly db: Database) {}

  private listQuery(where: SQL) {
    return this.db
      .select(listColumns)
      .from(gateways)
      .innerJoin(hardwareModels, eq(hardwareModels.id, gateways.hardwareModelId))
      .leftJoin(owner, eq(owner.id, gateways.ownerAccountId))
      .leftJoin(developer, eq(developer.id, gateways.developerAccountId))
      .leftJoin(devices, eq(devices.gatewaySn, gateways.sn))
      .where(where)
      .orderBy(desc(gateways.createdAt), gateways.sn);
  }

  async page(
    viewer: Viewer,
    filter: GatewayFilter,
    paging: PageRequest,
    showPhone: ShowPhone,
  ): Promise<{ rows: GatewayListRow[]; total: number }> {
    const where = allOf(visibleGatewayCondition(viewer), ...filterConditions(filter));
    const [counted] = await this.db
      .select({ total: count() })
      .from(gateways)
      .innerJoin(hardwareModels, eq(hardwareModels.id, gateways.hardwareModelId))
      .leftJoin(owner, eq(owner.id, gateways.ownerAccountId))
      .leftJoin(devices, eq(devices.gatewaySn, gateways.sn))
      .where(where);
    const rows = await this.listQuery(where)
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize);
    return { rows: rows.map((row) => shownRow(row, showPhone)), total: counted?.total ?? 0 };
  }

  /** Rows for an export: the chosen SNs, or everything the filter matches, up to `limit`. */
  async listForExport(
    viewer: Viewer,
    selection: { sns?: readonly string[] | undefined; filter: GatewayFilter },
    limit: number,
    showPhone: ShowPhone,
  ): Promise<GatewayListRow[]> {
    const chosen =
      selection.sns && selection.sns.length > 0
        ? [inArray(gateways.sn, [...selection.sns])]
        : filterConditions(selection.filter);
    const rows = await this.listQuery(allOf(visibleGatewayCondition(viewer), ...chosen)).limit(limit);
    return rows.map((row) => shownRow(row, showPhone));
  }

  async findVisibleListRow(
    viewer: Viewer,
    sn: string,
    showPhone: ShowPhone,
  ): Promise<GatewayListRow | undefined> {
    const rows = await this.listQuery(allOf(visibleGatewayCondition(viewer), eq(gateways.sn, sn))).limit(1);
    return rows[0] && shownRow(rows[0], showPhone);
  }

  /** Any gateway by SN, whoever owns it: binding and broker sign-in look gateways up this way. */
  async findBySn(sn: string): Promise<GatewayRow | undefined> {
    const rows = await this.db.select().from(gateways).where(eq(gateways.sn, sn)).limit(1);
    return rows[0];
  }

  /** The name of a gateway's hardware model. */
  async hardwareModelNameOf(sn: string): Promise<string | undefined> {
    const rows = await this.db
      .select({ name: hardwareModels.name })
      .from(gateways)
      .innerJoin(hardwareModels, eq(hardwareModels.id, gateways.hardwareModelId))
      .where(eq(gateways.sn, sn))
      .limit(1);
    return rows[0]?.name;
  }

  async findVisible(viewer: Viewer, sn: string): Promise<GatewayRow | undefined> {
    const rows = await this.db
      .select()
      .from(gateways)
      .where(allOf(visibleGatewayCondition(viewer), eq(gateways.sn, sn)))
      .limit(1);
    return rows[0];
  }

  async productOf(sn: string): Promise<{ id: string; title: string; productModel: string } | undefined> {
    const rows = await this.db
      .select({ id: products.id, title: products.title, productModel: products.productModel })
      .from(devices)
      .innerJoin(products, eq(products.id, devices.productId))
      .where(eq(devices.gatewaySn, sn))
      .limit(1);
    return rows[0];
  }

  async secretsOf(sns: readonly string[]): Promise<Map<string, string>> {
    if (sns.length === 0) return new Map();
    const rows = await this.db
      .select({ sn: gateways.sn, secret: gateways.secret })
      .from(gateways)
      .where(inArray(gateways.sn, [...sns]));
    return new Map(rows.map((row) => [row.sn, row.secret]));
  }

  async existingSns(sns: readonly string[]): Promise<Set<string>> {
    if (sns.length === 0) return new Set();
    const rows = await this.db
      .select({ sn: gateways.sn })
      .from(gateways)
      .where(inArray(gateways.sn, [...sns]));
    return new Set(rows.map((row) => row.sn));
  }

  /** Inserts every row or none (a duplicate SN fails the whole batch with SQLSTATE 23505). */
  async insertAll(rows: readonly NewGatewayRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (let start = 0; start < rows.length; start += 500) {
        await tx.insert(gateways).values(rows.slice(start, start + 500));
      }
    });
  }

  async updateSecret(sn: string, secret: string): Promise<void> {
    await this.db.update(gateways).set({ secret, updatedAt: new Date() }).where(eq(gateways.sn, sn));
  }

  async updateRemark(sn: string, remark: string | null): Promise<void> {
    await this.db.update(gateways).set({ remark, updatedAt: new Date() }).where(eq(gateways.sn, sn));
  }

  /** Deletes gateways no device is bound to; answers the SNs deleted. */
  async deleteUnbound(sns: readonly string[]): Promise<string[]> {
    const deleted = await this.db
      .delete(gateways)
      .where(
        and(
          inArray(gateways.sn, [...sns]),
          sql`not exists (select 1 from ${devices} where ${devices.gatewaySn} = ${gateways.sn})`,
        ),
      )
      .returning({ sn: gateways.sn });
    return deleted.map((row) => row.sn);
  }

  async accountKind(accountId: string): Promise<string | undefined> {
    const rows = await this.db
      .select({ kind: accounts.accountKind })
      .from(accounts)
      .where(and(eq(accounts.id, accountId), eq(accounts.status, 'enabled')))
      .limit(1);
    return rows[0]?.kind;
  }
}
