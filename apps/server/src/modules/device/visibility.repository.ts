/**
 * Tenancy as SQL conditions, written once and used by every catalogue query. Staff see everything;
 * a developer sees the products they own and the gateways assigned to them; everybody sees the
 * devices they own or were granted (device_access), and the gateways of those devices. Developers
 * also see the devices that run their products.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { deviceAccess, devices, gateways, products } from '../../db/schema/index.ts';
import type { Viewer } from './viewer.ts';

const everything = sql`true`;

export function visibleProductCondition(viewer: Viewer): SQL {
  return viewer.staff ? everything : eq(products.ownerAccountId, viewer.accountId);
}

/** Products a viewer may bind a device to: visible ones and every published one. */
export function bindableProductCondition(viewer: Viewer): SQL {
  return viewer.staff
    ? everything
    : or(eq(products.ownerAccountId, viewer.accountId), eq(products.status, 'published'))!;
}

export function visibleDeviceCondition(viewer: Viewer): SQL {
  if (viewer.staff) return everything;
  const granted = sql`exists (select 1 from ${deviceAccess} where ${deviceAccess.deviceId} = ${devices.id} and ${deviceAccess.accountId} = ${viewer.accountId})`;
  const ownProduct = sql`exists (select 1 from ${products} where ${products.id} = ${devices.productId} and ${products.ownerAccountId} = ${viewer.accountId})`;
  return or(
    eq(devices.ownerAccountId, viewer.accountId),
    granted,
    viewer.developer ? ownProduct : undefined,
  )!;
}

export function visibleGatewayCondition(viewer: Viewer): SQL {
  if (viewer.staff) return everything;
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
