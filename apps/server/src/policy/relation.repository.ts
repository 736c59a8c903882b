/**
 * The facts the policy's relations are decided from, read from the database at each decision (a
 * role, grant or dealer change holds on the very next request, on every node). The scope rules
 * themselves are the SQL conditions of visibility.repository.ts; nothing here restates them.
 */
import { and, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  deviceAccess,
  deviceShares,
  devices,
  gateways,
  inspectionPlans,
  products,
} from '../db/schema/index.ts';
import {
  dealerDebugCondition,
  dealerDeviceCondition,
  developerDeviceCondition,
  visibleDeviceCondition,
  visibleGatewayCondition,
  visibleProductCondition,
} from '../modules/device/visibility.repository.ts';
import type { Viewer } from '../modules/device/viewer.ts';

/** How an account comes to a device through device_access: its write right and, for a share, its menus. */
export interface DeviceGrantFacts {
  /** An authorization (every menu, may share further) or a share (what the share says). */
  readonly kind: 'authorized' | 'shared';
  readonly canWrite: boolean;
  /** The menus of the share it came through; null for an authorization (every menu). */
  readonly shareMenus: readonly string[] | null;
  /** Whether the share it came through lets the receiver share the device further. */
  readonly canReshare: boolean;
}

export type DeviceCondition = 'visible' | 'developerOfProduct' | 'dealerOfCustomer' | 'dealerWithDebug';

export class PolicyRelationRepository {
  constructor(private readonly db: Database) {}

  async deviceMeets(viewer: Viewer, deviceId: string, condition: DeviceCondition): Promise<boolean> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.id, deviceId), this.deviceCondition(viewer, condition)))
      .limit(1);
    return rows.length > 0;
  }

  async deviceGrant(deviceId: string, accountId: string): Promise<DeviceGrantFacts | null> {
    const rows = await this.db
      .select({
        kind: deviceAccess.kind,
        canWrite: deviceAccess.canWrite,
        shareMenus: deviceShares.menus,
        canReshare: deviceShares.canReshare,
      })
      .from(deviceAccess)
      .leftJoin(deviceShares, eq(deviceShares.id, deviceAccess.shareId))
      .where(and(eq(deviceAccess.deviceId, deviceId), eq(deviceAccess.accountId, accountId)))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    // A share's grant whose share row is gone opens no menu and shares nothing further.
    if (row.kind === 'shared')
      return {
        kind: 'shared',
        canWrite: row.canWrite,
        shareMenus: row.shareMenus ?? [],
        canReshare: row.canReshare ?? false,
      };
    return { kind: 'authorized', canWrite: row.canWrite, shareMenus: null, canReshare: false };
  }

  async gatewayVisible(viewer: Viewer, sn: string): Promise<boolean> {
    const rows = await this.db
      .select({ sn: gateways.sn })
      .from(gateways)
      .where(and(eq(gateways.sn, sn), visibleGatewayCondition(viewer)))
      .limit(1);
    return rows.length > 0;
  }

  /** Whether none of the devices (those that still exist) lies outside what the viewer sees. */
  async devicesAllVisible(viewer: Viewer, deviceIds: readonly string[]): Promise<boolean> {
    if (deviceIds.length === 0) return true;
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(inArray(devices.id, [...deviceIds]), not(visibleDeviceCondition(viewer))))
      .limit(1);
    return rows.length === 0;
  }

  async productVisible(viewer: Viewer, productId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), visibleProductCondition(viewer)))
      .limit(1);
    return rows.length > 0;
  }

  /** A product's owner (its developer), or undefined when there is no such product. */
  async productOwner(productId: string): Promise<{ ownerAccountId: string | null } | undefined> {
    const [row] = await this.db
      .select({ ownerAccountId: products.ownerAccountId })
      .from(products)
      .where(eq(products.id, productId))
      .limit(1);
    return row;
  }

  /** What the policy needs of an inspection plan: its maker, devices and inspectors. */
  async inspectionPlan(
    planId: string,
  ): Promise<{ ownerAccountId: string; deviceIds: string[]; inspectorIds: string[] } | undefined> {
    const [row] = await this.db
      .select({
        ownerAccountId: inspectionPlans.ownerAccountId,
        deviceIds: inspectionPlans.deviceIds,
        inspectorIds: inspectionPlans.inspectorIds,
      })
      .from(inspectionPlans)
      .where(eq(inspectionPlans.id, planId))
      .limit(1);
    return row;
  }

  private deviceCondition(viewer: Viewer, condition: DeviceCondition): SQL {
    switch (condition) {
      case 'visible':
        return visibleDeviceCondition(viewer);
      case 'developerOfProduct':
        return developerDeviceCondition(viewer);
      case 'dealerOfCustomer':
        return viewer.dealer ? dealerDeviceCondition(viewer) : sql`false`;
      case 'dealerWithDebug':
        return dealerDebugCondition(viewer);
    }
  }
}
