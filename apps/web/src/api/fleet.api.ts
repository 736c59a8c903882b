/**
 * Typed calls of the fleet map (`/platform/map-settings`, `/equipment/map`, `/equipment/track`,
 * `/equipment/position/refresh`). Paths, requests and answers are the contract's
 * (`@lyyp/contracts/fleet`).
 */
import {
  FLEET_MAP_PATHS as PATHS,
  type MapDevices,
  type MapDevicesRequest,
  type MapSettings,
  type PositionRefresh,
  type PositionRefreshRequest,
  type Track,
  type TrackRequest,
} from '@lyyp/contracts/fleet';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';

export type { MapDevice, MapDevices, MapSettings, Track, TrackPoint } from '@lyyp/contracts/fleet';

export function createFleetApi(client: ApiClient) {
  return {
    mapSettings: () => client.post<MapSettings>(PATHS.settings),
    mapDevices: (filter: MapDevicesRequest = {}) => client.post<MapDevices>(PATHS.devices, { ...filter }),
    track: (request: TrackRequest) => client.post<Track>(PATHS.track, { ...request }),
    refreshPosition: (request: PositionRefreshRequest) =>
      client.post<PositionRefresh>(PATHS.refreshPosition, { ...request }),
  };
}

export type FleetApi = ReturnType<typeof createFleetApi>;

export const fleetApi = createFleetApi(apiClient);
