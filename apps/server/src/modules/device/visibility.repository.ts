/**
 * Tenancy and data permission as SQL conditions, written once and used by every catalogue query,
 * the runtime and the alarm service (through `DeviceAccess`). Read from the database at each query,
 * so a role or dealer change holds on the very next request, on every node.
 *
 * - Operation staff see everything, unless their role's data permission names chosen products:
 *   then they see those products, the devices running them and the gateways of those devices.
 *   The super manager is never narrowed.
 * - A developer sees the products they own, the gateways assigned to them and the devices running
 *   their products.
 * - A certified dealer sees the devices of its customers that run a product it may serve (all
 *   products, or the chosen ones), and those products.
 * - Everybody sees the devices they own or were granted (device_access), and their gateways.
 */
import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  accountRoles,
  dealerCustomers,
  dealerProducts,
  dealers,
  deviceAccess,
  deviceShares,
  devices,
  gateways,
  products,
  roleProducts,
  roles,
} from '../../db/schema/index.ts';
import type { Viewer } from './viewer.ts';

const everything = sql`true`;

/** Whether the viewer's role limits its data permission to chosen products. */
function roleIsNarrowed(viewer: Viewer): SQL {
  return sql`exists (select 1 from ${accountRoles} inner join ${roles} on ${roles.id} = ${accountRoles.roleId} where ${accountRoles.accountId} = ${viewer.accountId} and ${roles.dataScope} = 'chosen')`;
}

/** Staff: a product id column within the role's data permission. */
function withinStaffScope(viewer: Viewer, productId: SQLWrapper): SQL {
  if (viewer.superManager) return everything;
  const chosen = sql`${productId} in (select ${roleProducts.productId} from ${roleProducts} inner join ${accountRoles} on ${accountRoles.roleId} = ${roleProducts.roleId} where ${accountRoles.accountId} = ${viewer.accountId})`;
  return sql`(not ${roleIsNarrowed(viewer)} or ${chosen})`;
}

/** Dealer: a product id column the dealer may serve (its data permission). */
function withinDealerScope(viewer: Viewer, productId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${dealers} where ${dealers.accountId} = ${viewer.accountId} and (${dealers.dataScope} = 'all' or ${productId} in (select ${dealerProducts.productId} from ${dealerProducts} where ${dealerProducts.dealerAccountId} = ${viewer.accountId})))`;
}

/** Dealer: the devices of its customers running a product it may serve. */
export function dealerDeviceCondition(viewer: Viewer): SQL {
  const ofCustomer = sql`${devices.ownerAccountId} in (select ${dealerCustomers.customerAccountId} from ${dealerCustomers} where ${dealerCustomers.dealerAccountId} = ${viewer.accountId})`;
  return and(ofCustomer, withinDealerScope(viewer, devices.productId))!;
}

/** Devices a certified dealer with debug rights may write to. */
export function dealerDebugCondition(viewer: Viewer): SQL {
  if (!viewer.dealer) return sql`false`;
  const debugs = sql`exists (select 1 from ${dealers} where ${dealers.accountId} = ${viewer.accountId} and ${dealers.canDebug})`;
  return and(debugs, dealerDeviceCondition(viewer))!;
}

export function visibleProductCondition(viewer: Viewer): SQL {
  if (viewer.staff) return withinStaffScope(viewer, products.id);
  const own = eq(products.ownerAccountId, viewer.accountId);
  return viewer.dealer ? or(own, withinDealerScope(viewer, products.id))! : own;
}

/** Products a viewer may bind a device to: visible ones and every published one. */
export function bindableProductCondition(viewer: Viewer): SQL {
  return viewer.staff
    ? withinStaffScope(viewer, products.id)
    : or(eq(products.ownerAccountId, viewer.accountId), eq(products.status, 'published'))!;
}

/** Developer: the devices running a product the viewer owns. */
export function developerDeviceCondition(viewer: Viewer): SQL {
  return sql`exists (select 1 from ${products} where ${products.id} = ${devices.productId} and ${products.ownerAccountId} = ${viewer.accountId})`;
}

export function visibleDeviceCondition(viewer: Viewer): SQL {
  if (viewer.staff) return withinStaffScope(viewer, devices.productId);
  const granted = sql`exists (select 1 from ${deviceAccess} where ${deviceAccess.deviceId} = ${devices.id} and ${deviceAccess.accountId} = ${viewer.accountId})`;
  return or(
    eq(devices.ownerAccountId, viewer.accountId),
    granted,
    viewer.developer ? developerDeviceCondition(viewer) : undefined,
    viewer.dealer ? dealerDeviceCondition(viewer) : undefined,
  )!;
}

/**
 * Leaves out the devices the viewer sees only through a share that does not name `menu` (§6 menu
 * permissions), for lists across devices; `DeviceAccess.requireDeviceMenu` is the same rule for
 * one device.
 */
export function shareAllowsMenuCondition(viewer: Viewer, menu: string): SQL | undefined {
  if (viewer.staff) return undefined;
  return sql`not exists (select 1 from ${deviceAccess} inner join ${deviceShares} on ${deviceShares.id} = ${deviceAccess.shareId}
    where ${deviceAccess.deviceId} = ${devices.id} and ${deviceAccess.accountId} = ${viewer.accountId}
    and ${devices.ownerAccountId} <> ${viewer.accountId}
    and not (${deviceShares.menus} @> ${JSON.stringify([menu])}::jsonb))`;
}

export function visibleGatewayCondition(viewer: Viewer): SQL {
  if (viewer.staff) {
    if (viewer.superManager) return everything;
    const ofScopedDevice = sql`${gateways.sn} in (select ${devices.gatewaySn} from ${devices} where ${withinStaffScope(viewer, devices.productId)})`;
    return sql`(not ${roleIsNarrowed(viewer)} or ${ofScopedDevice})`;
  }
  const ofVisibleDevice = sql`${gateways.sn} in (select ${devices.gatewaySn} from ${devices} where ${visibleDeviceCondition(viewer)})`;
  return or(
    eq(gateways.developerAccountId, viewer.accountId),
    eq(gateways.ownerAccountId, viewer.accountId),
    ofVisibleDevice,
  )!;
}

/** Combines optional filters with a visibility condition. */
export function allOf(...conditions: Array<SQL | undefined>): SQL {
  return and(...conditions) ?? everything;
}
