/**
 * The fleet map's rules: which devices show where and in which status (derived at each request
 * from the gateway's status and active alarms, never stored), a device's track from its position
 * variables, and the manual position refresh within its daily quota.
 */
import { CatalogueError, checkQueryRange, latitudeField, longitudeField } from '@lyyp/contracts';
import {
  MAP_DEVICE_STATUSES,
  POSITION_REFRESH_DAILY_QUOTA,
  TRACK_POINTS_MAX,
  TRACK_RANGE_DAYS_MAX,
  type MapDeviceStatus,
  type MapDevices,
  type MapDevicesRequest,
  type MapSettings,
  type PositionRefresh,
  type Track,
  type TrackPoint,
} from '@lyyp/contracts/fleet';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { Caller } from '../device/viewer.ts';
import { viewerOf } from '../device/viewer.ts';
import type { HistoryQueries } from '../telemetry/history-queries.repository.ts';
import type { RuntimeRepository } from '../telemetry/runtime.repository.ts';
import type { FleetMapRepository, MapDeviceRow } from './fleet-map.repository.ts';

export interface FleetMapServiceDeps {
  repository: FleetMapRepository;
  access: DeviceAccess;
  runtime: RuntimeRepository;
  history: HistoryQueries;
  /** Counts refreshes per account and device in a one-day window. */
  refreshLimiter: AttemptLimiter;
  settings: { tileUrl: string | null; attribution: string | null; maxZoom: number };
  now: () => number;
}

interface PositionVariables {
  latitudeKey: string;
  longitudeKey: string;
}

/** The status a marker shows: an online device with an active variable alarm is in alarm. */
export function mapStatusOf(row: Pick<MapDeviceRow, 'gatewayStatus' | 'alarmActive'>): MapDeviceStatus {
  return row.gatewayStatus === 'online' && row.alarmActive ? 'alarm' : row.gatewayStatus;
}

/** A latitude and longitude pair read from two stored values, when both are usable. */
function positionOf(latitude: unknown, longitude: unknown): { lat: number; lng: number } | null {
  const lat = typeof latitude === 'string' ? Number(latitude) : latitude;
  const lng = typeof longitude === 'string' ? Number(longitude) : longitude;
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  return latitudeField.safeParse(lat).success && longitudeField.safeParse(lng).success ? { lat, lng } : null;
}

/** At most `max` points, evenly spread, the first and last always kept. */
export function thinTrack(points: readonly TrackPoint[], max: number): TrackPoint[] {
  if (points.length <= max) return [...points];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, index) => points[Math.round(index * step)]!);
}

export class FleetMapService {
  constructor(private readonly deps: FleetMapServiceDeps) {}

  settings(): MapSettings {
    const { tileUrl, attribution, maxZoom } = this.deps.settings;
    return { tileUrl, attribution, maxZoom, positionRefreshDailyQuota: POSITION_REFRESH_DAILY_QUOTA };
  }

  async devices(caller: Caller, filter: MapDevicesRequest): Promise<MapDevices> {
    const rows = await this.deps.repository.mapDevices(viewerOf(caller.account), filter);
    const counts = Object.fromEntries(MAP_DEVICE_STATUSES.map((status) => [status, 0])) as Record<
      MapDeviceStatus,
      number
    >;
    const list: MapDevices['list'] = [];
    let total = 0;
    for (const row of rows) {
      const status = mapStatusOf(row);
      if (filter.status && status !== filter.status) continue;
      total += 1;
      if (row.latitude === null || row.longitude === null) continue;
      counts[status] += 1;
      list.push({
        id: row.id,
        name: row.name,
        lat: row.latitude,
        lng: row.longitude,
        status,
        address: row.address,
        shared: row.accessKind === 'shared',
      });
    }
    return { list, total, located: list.length, counts };
  }

  /** The device's positions in the range from its two position variables, oldest first. */
  async track(caller: Caller, request: PositionVariables & { id: string; start: number; end: number }) {
    const device = await this.deps.access.requireVisibleDevice(caller.account, request.id);
    await this.checkVariables(device.id, request);
    const violation = checkQueryRange(request, TRACK_RANGE_DAYS_MAX);
    if (violation) throw new CatalogueError(violation.code, violation.params);
    const rows = await this.deps.history.points(
      device.id,
      [request.latitudeKey, request.longitudeKey],
      request.start,
      request.end + 1,
    );
    // Stored values change only beyond their dead zone, so one coordinate may stay unstored while
    // the other moves: each time either changes, the other's last value still holds.
    const points: TrackPoint[] = [];
    let latitude: unknown;
    let longitude: unknown;
    for (let index = 0; index < rows.length; index += 1) {
      const row = rows[index]!;
      if (!row.error) {
        if (row.key === request.latitudeKey) latitude = row.num ?? row.text;
        else longitude = row.num ?? row.text;
      }
      if (rows[index + 1]?.ts === row.ts) continue;
      const position = positionOf(latitude, longitude);
      if (position) points.push({ t: row.ts, ...position });
    }
    const answer: Track = {
      points: thinTrack(points, TRACK_POINTS_MAX),
      thinned: points.length > TRACK_POINTS_MAX,
    };
    return answer;
  }

  /**
   * Takes the device's latest position from its position variables as its map position. Each
   * refresh counts against the account's daily quota for the device, reserved before anything is
   * read; a refresh that finds no usable position gives its attempt back.
   */
  async refreshPosition(
    caller: Caller,
    request: PositionVariables & { id: string },
  ): Promise<PositionRefresh> {
    const device = await this.deps.access.requireVisibleDevice(caller.account, request.id);
    await this.deps.access.authorize(caller.account, 'device.refreshPosition', device);
    await this.checkVariables(device.id, request);
    const key = `position-refresh:${caller.account.id}:${device.id}`;
    const reservation = await this.deps.refreshLimiter
      .reserve([{ key, limit: POSITION_REFRESH_DAILY_QUOTA }])
      .catch((error: unknown) => {
        if (error instanceof CatalogueError && error.code === '1128') throw new CatalogueError('2551');
        throw error;
      });
    try {
      const latest = await this.deps.runtime.latestValuesOf(device.id);
      const latitude = latest.find((value) => value.key === request.latitudeKey);
      const longitude = latest.find((value) => value.key === request.longitudeKey);
      const position = positionOf(latitude?.value, longitude?.value);
      if (!latitude || !longitude || !position || latitude.error || longitude.error) {
        throw new CatalogueError('2552', {
          field: !latitude || latitude.error ? request.latitudeKey : request.longitudeKey,
        });
      }
      const at = new Date(Math.max(latitude.ts.getTime(), longitude.ts.getTime()));
      await this.deps.repository.setPosition(
        device.id,
        { latitude: position.lat, longitude: position.lng },
        new Date(this.deps.now()),
      );
      return {
        ...position,
        at: at.toISOString(),
        remaining: Math.max(0, POSITION_REFRESH_DAILY_QUOTA - reservation.countOf(key)),
      };
    } catch (error) {
      await reservation.release();
      throw error;
    }
  }

  private async checkVariables(deviceId: string, request: PositionVariables) {
    if (request.latitudeKey === request.longitudeKey) throw new CatalogueError('2553');
    const context = await this.deps.runtime.deviceContextById(deviceId);
    if (!context) throw new CatalogueError('1003');
    const keys = new Set(context.model.variables.map((variable) => variable.key));
    for (const field of [request.latitudeKey, request.longitudeKey]) {
      if (!keys.has(field)) throw new CatalogueError('2554', { field });
    }
  }
}
