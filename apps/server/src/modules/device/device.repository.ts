/** Devices in the database: scoped lists and details, binding and unbinding with their gateway. */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { SIGNAL_BANDS, type SignalBand } from '@lyyp/contracts/gateway';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  deviceAccess,
  deviceConfigs,
  deviceGroups,
  deviceShares,
  devices,
  gateways,
  products,
} from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import type { PageRequest } from '../product/catalogue-route.ts';
import { containsPattern, ownerNameOf } from '../product/product.repository.ts';
import { allOf, shareAllowsMenuCondition, visibleDeviceCondition } from './visibility.repository.ts';
import type { Viewer } from './viewer.ts';

export type DeviceRow = typeof devices.$inferSelect;
export type NewDeviceRow = typeof devices.$inferInsert;
export type DeviceAccessRow = typeof deviceAccess.$inferSelect;
export type DeviceChanges = Partial<
  Omit<NewDeviceRow, 'id' | 'gatewaySn' | 'productId' | 'ownerAccountId' | 'configVersion' | 'createdAt'>
>;

export interface DeviceFilter {
  /** Part of the name or the gateway SN. */
  keyword?: string | undefined;
  groupName?: string | undefined;
  /** Status of the device's gateway. */
  status?: (typeof gateways.$inferSelect)['status'] | undefined;
  productId?: string | undefined;
  signalBand?: SignalBand | 'unknown' | undefined;
  hardwareModelId?: string | undefined;
  firmware?: string | undefined;
}

/** The gateways whose signal strength lies in a §9 band (or was never reported). */
function signalBandCondition(band: SignalBand | 'unknown'): SQL | undefined {
  if (band === 'unknown') return isNull(gateways.signal);
  const index = SIGNAL_BANDS.findIndex((entry) => entry.id === band);
  const upper = SIGNAL_BANDS[index - 1]?.min;
  return allOf(
    gte(gateways.signal, SIGNAL_BANDS[index]!.min),
    upper === undefined ? undefined : lt(gateways.signal, upper),
  );
}

const sharedFlag = sql<boolean>`exists (select 1 from ${deviceAccess} where ${deviceAccess.deviceId} = ${devices.id} and ${deviceAccess.kind} = 'shared')`;

/** How many times the device's own configuration changed (0: it runs its product as it is). */
const configRevision =
  sql<number>`coalesce((select ${deviceConfigs.revision} from ${deviceConfigs} where ${deviceConfigs.deviceId} = ${devices.id}), 0)`.mapWith(
    Number,
  );

const listColumns = {
  device: devices,
  ownerName: ownerNameOf,
  gatewayStatus: gateways.status,
  signal: gateways.signal,
  lastSeenAt: gateways.lastSeenAt,
  configSyncState: gateways.configSyncState,
  productTitle: products.title,
  productModel: products.productModel,
  productModelVersion: products.modelVersion,
  configRevision,
  shared: sharedFlag,
  accessKind: deviceAccess.kind,
  accessCanWrite: deviceAccess.canWrite,
  shareTopMenu: deviceShares.topMenu,
  shareMenus: deviceShares.menus,
  shareCanReshare: deviceShares.canReshare,
};

export interface DeviceListRecord {
  device: DeviceRow;
  ownerName: string | null;
  gatewayStatus: (typeof gateways.$inferSelect)['status'];
  signal: number | null;
  lastSeenAt: Date | null;
  configSyncState: (typeof gateways.$inferSelect)['configSyncState'];
  productTitle: string;
  productModel: string;
  productModelVersion: number;
  configRevision: number;
  shared: boolean;
  /** The caller's own grant on the device, if any. */
  accessKind: DeviceAccessRow['kind'] | null;
  accessCanWrite: boolean | null;
  /** The permission settings of the share the caller's grant came from, if it came from one. */
  shareTopMenu: boolean | null;
  shareMenus: (typeof deviceShares.$inferSelect)['menus'] | null;
  shareCanReshare: boolean | null;
}

export class DeviceRepository {
  constructor(private readonly db: Database) {}

  private listQuery(viewer: Viewer, where: SQL) {
    return this.db
      .select(listColumns)
      .from(devices)
      .innerJoin(gateways, eq(gateways.sn, devices.gatewaySn))
      .innerJoin(products, eq(products.id, devices.productId))
      .leftJoin(accounts, eq(accounts.id, devices.ownerAccountId))
      .leftJoin(
        deviceAccess,
        and(eq(deviceAccess.deviceId, devices.id), eq(deviceAccess.accountId, viewer.accountId)),
      )
      .leftJoin(deviceShares, eq(deviceShares.id, deviceAccess.shareId))
      .where(where);
  }

  private filterConditions(viewer: Viewer, filter: DeviceFilter): SQL {
    return allOf(
      visibleDeviceCondition(viewer),
      filter.keyword
        ? or(
            ilike(devices.name, containsPattern(filter.keyword)),
            ilike(devices.gatewaySn, containsPattern(filter.keyword)),
          )
        : undefined,
      filter.groupName ? eq(devices.groupName, filter.groupName) : undefined,
      filter.status ? eq(gateways.status, filter.status) : undefined,
      filter.productId ? eq(devices.productId, filter.productId) : undefined,
      filter.signalBand ? signalBandCondition(filter.signalBand) : undefined,
      filter.hardwareModelId ? eq(gateways.hardwareModelId, filter.hardwareModelId) : undefined,
      filter.firmware ? eq(gateways.firmware, filter.firmware) : undefined,
    );
  }

  /** Devices sorted as §3 says: larger sort number first, then by name. */
  async page(
    viewer: Viewer,
    filter: DeviceFilter,
    paging: PageRequest,
  ): Promise<{ rows: DeviceListRecord[]; total: number }> {
    const where = this.filterConditions(viewer, filter);
    const [counted] = await this.db
      .select({ total: count() })
      .from(devices)
      .innerJoin(gateways, eq(gateways.sn, devices.gatewaySn))
      .where(where);
    const rows = await this.listQuery(viewer, where)
      .orderBy(desc(devices.sortNumber), asc(devices.name), asc(devices.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize);
    return { rows, total: counted?.total ?? 0 };
  }

  async findVisibleRecord(viewer: Viewer, id: string): Promise<DeviceListRecord | undefined> {
    const rows = await this.listQuery(
      viewer,
      allOf(visibleDeviceCondition(viewer), eq(devices.id, id)),
    ).limit(1);
    return rows[0];
  }

  async findVisible(viewer: Viewer, id: string): Promise<DeviceRow | undefined> {
    const rows = await this.db
      .select()
      .from(devices)
      .where(allOf(visibleDeviceCondition(viewer), eq(devices.id, id)))
      .limit(1);
    return rows[0];
  }

  /**
   * Which of these devices the viewer sees, and with `menu` among what a share lets them open (the
   * rule of `DeviceAccess.allowsDeviceMenu`, for many devices in one query).
   */
  async visibleWithMenu(viewer: Viewer, ids: readonly string[], menu: string): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(
        allOf(
          visibleDeviceCondition(viewer),
          shareAllowsMenuCondition(viewer, menu),
          inArray(devices.id, [...ids]),
        ),
      );
    return new Set(rows.map((row) => row.id));
  }

  async findById(id: string): Promise<DeviceRow | undefined> {
    const rows = await this.db.select().from(devices).where(eq(devices.id, id)).limit(1);
    return rows[0];
  }

  async findByGatewaySn(sn: string): Promise<DeviceRow | undefined> {
    const rows = await this.db.select().from(devices).where(eq(devices.gatewaySn, sn)).limit(1);
    return rows[0];
  }

  /** Every device running a product: whose gateways need the product's new configuration. */
  async listByProduct(productId: string): Promise<DeviceRow[]> {
    return this.db.select().from(devices).where(eq(devices.productId, productId)).orderBy(devices.id);
  }

  /** Whether the device meets a condition of the access policy (visibility.repository.ts). */
  async meets(deviceId: string, condition: SQL): Promise<boolean> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.id, deviceId), condition))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * The device screens a share lets `accountId` open, when the account sees the device through a
   * share; null when it sees it any other way (its grant then opens every screen).
   */
  async shareMenusOf(
    deviceId: string,
    accountId: string,
  ): Promise<{ topMenu: boolean; menus: string[] } | null> {
    const rows = await this.db
      .select({ topMenu: deviceShares.topMenu, menus: deviceShares.menus })
      .from(deviceAccess)
      .innerJoin(deviceShares, eq(deviceShares.id, deviceAccess.shareId))
      .where(and(eq(deviceAccess.deviceId, deviceId), eq(deviceAccess.accountId, accountId)))
      .limit(1);
    return rows[0] ?? null;
  }

  async accessOf(deviceId: string, accountId: string): Promise<DeviceAccessRow | undefined> {
    const rows = await this.db
      .select()
      .from(deviceAccess)
      .where(and(eq(deviceAccess.deviceId, deviceId), eq(deviceAccess.accountId, accountId)))
      .limit(1);
    return rows[0];
  }

  async groups(viewer: Viewer): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ groupName: devices.groupName })
      .from(devices)
      .where(allOf(visibleDeviceCondition(viewer), isNotNull(devices.groupName)))
      .orderBy(devices.groupName);
    return rows.map((row) => row.groupName!);
  }

  /**
   * Binds a device to its gateway and makes the device's owner the gateway's owner, together. A
   * gateway already bound fails with SQLSTATE 23505 (devices.gateway_sn is unique).
   */
  async bind(row: NewDeviceRow): Promise<DeviceRow> {
    return this.db.transaction(async (tx) => {
      const [device] = await tx.insert(devices).values(row).returning();
      await tx
        .update(gateways)
        .set({ ownerAccountId: row.ownerAccountId, updatedAt: new Date() })
        .where(eq(gateways.sn, row.gatewaySn));
      return device!;
    });
  }

  async update(id: string, changes: DeviceChanges): Promise<DeviceRow | undefined> {
    const [updated] = await this.db
      .update(devices)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(devices.id, id))
      .returning();
    return updated;
  }

  /** Removes the device (grants, latest values and commands go with it) and frees its gateway. */
  async unbind(device: Pick<DeviceRow, 'id' | 'gatewaySn'>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(devices).where(eq(devices.id, device.id));
      await tx
        .update(gateways)
        .set({ ownerAccountId: null, updatedAt: new Date() })
        .where(eq(gateways.sn, device.gatewaySn));
    });
  }

  /** Keeps a group of the owner under this name (devices name their group; see fleet/device-group). */
  async ensureGroup(ownerAccountId: string, name: string): Promise<void> {
    await this.db
      .insert(deviceGroups)
      .values({ id: newId(), ownerAccountId, name })
      .onConflictDoNothing({ target: [deviceGroups.ownerAccountId, deviceGroups.name] });
  }

  /** Grants an account access to a device (authorisation or share). */
  async grant(row: typeof deviceAccess.$inferInsert): Promise<void> {
    await this.db
      .insert(deviceAccess)
      .values(row)
      .onConflictDoUpdate({
        target: [deviceAccess.deviceId, deviceAccess.accountId],
        set: { kind: row.kind, canWrite: row.canWrite ?? false, shareId: row.shareId ?? null },
      });
  }
}
