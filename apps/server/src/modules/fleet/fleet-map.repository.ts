/** Devices on the map: one scoped query of positions and derived statuses; the device's position. */
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alarmRecords, deviceAccess, devices, gateways } from '../../db/schema/index.ts';
import { containsPattern } from '../product/product.repository.ts';
import { allOf, visibleDeviceCondition } from '../device/visibility.repository.ts';
import type { Viewer } from '../device/viewer.ts';

export interface MapDeviceRow {
  id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  gatewayStatus: (typeof gateways.$inferSelect)['status'];
  /** An active variable alarm (offline and power-off alarms show as the gateway's status). */
  alarmActive: boolean;
  /** The caller's own grant on the device, if any. */
  accessKind: (typeof deviceAccess.$inferSelect)['kind'] | null;
}

export interface MapDeviceFilter {
  keyword?: string | undefined;
  groupName?: string | undefined;
}

const alarmActive = sql<boolean>`exists (select 1 from ${alarmRecords} where ${alarmRecords.deviceId} = ${devices.id} and ${alarmRecords.type} = 'variable' and ${alarmRecords.releasedAt} is null)`;

export class FleetMapRepository {
  constructor(private readonly db: Database) {}

  /** Every device the viewer may see that matches the filter, positioned or not. */
  async mapDevices(viewer: Viewer, filter: MapDeviceFilter): Promise<MapDeviceRow[]> {
    return this.db
      .select({
        id: devices.id,
        name: devices.name,
        latitude: devices.latitude,
        longitude: devices.longitude,
        address: devices.address,
        gatewayStatus: gateways.status,
        alarmActive,
        accessKind: deviceAccess.kind,
      })
      .from(devices)
      .innerJoin(gateways, eq(gateways.sn, devices.gatewaySn))
      .leftJoin(
        deviceAccess,
        and(eq(deviceAccess.deviceId, devices.id), eq(deviceAccess.accountId, viewer.accountId)),
      )
      .where(
        allOf(
          visibleDeviceCondition(viewer),
          filter.keyword
            ? or(
                ilike(devices.name, containsPattern(filter.keyword)),
                ilike(devices.gatewaySn, containsPattern(filter.keyword)),
              )
            : undefined,
          filter.groupName ? eq(devices.groupName, filter.groupName) : undefined,
        ),
      );
  }

  async setPosition(deviceId: string, position: { latitude: number; longitude: number }, at: Date) {
    await this.db
      .update(devices)
      .set({ latitude: position.latitude, longitude: position.longitude, updatedAt: at })
      .where(eq(devices.id, deviceId));
  }
}
