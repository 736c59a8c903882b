/**
 * Typed calls of the fleet: the map (`/platform/map-settings`, `/equipment/map`, `/equipment/track`,
 * `/equipment/position/refresh`), the device list in bulk (groups, import, export, batch unbind)
 * and device sharing. Paths, requests and answers are the contract's (`@lyyp/contracts/fleet`).
 */
import type { SheetFormat } from '@lyyp/contracts';
import {
  DEVICE_BULK_PATHS as BULK,
  DEVICE_SHARE_PATHS as SHARE,
  FLEET_MAP_PATHS as PATHS,
  type DeviceExportRequest,
  type DeviceGroup,
  type DeviceGroupMove,
  type DeviceGroupMoveAnswer,
  type DeviceImportAnswer,
  type DeviceShare,
  type DeviceShareAdd,
  type DeviceShareCreated,
  type DeviceUnbindBatchAnswer,
  type MapDevices,
  type MapDevicesRequest,
  type MapSettings,
  type PositionRefresh,
  type PositionRefreshRequest,
  type ShareAccepted,
  type ShareAcceptPassword,
  type SharePreview,
  type Track,
  type TrackRequest,
} from '@lyyp/contracts/fleet';
import type { FileApi } from './catalogue-files.ts';
import { fileApi } from './catalogue.api.ts';
import { type ApiClient, JSON_BODY } from './client.ts';
import { apiClient } from './instance.ts';

export type {
  DeviceGroup,
  DeviceImportAnswer,
  DeviceImportRow,
  DeviceShare,
  DeviceShareAdd,
  DeviceShareCreated,
  MapDevice,
  MapDevices,
  MapSettings,
  SharePreview,
  Track,
  TrackPoint,
} from '@lyyp/contracts/fleet';

export function createFleetApi(client: ApiClient, files: FileApi) {
  return {
    mapSettings: () => client.post<MapSettings>(PATHS.settings),
    mapDevices: (filter: MapDevicesRequest = {}) => client.post<MapDevices>(PATHS.devices, { ...filter }),
    track: (request: TrackRequest) => client.post<Track>(PATHS.track, { ...request }),
    refreshPosition: (request: PositionRefreshRequest) =>
      client.post<PositionRefresh>(PATHS.refreshPosition, { ...request }),

    listGroups: () => client.post<DeviceGroup[]>(BULK.groupList),
    addGroup: (name: string) => client.post<DeviceGroup[]>(BULK.groupAdd, { name }),
    renameGroup: (id: string, name: string) => client.post<DeviceGroup[]>(BULK.groupRename, { id, name }),
    deleteGroup: (id: string) => client.post<DeviceGroup[]>(BULK.groupDelete, { id }),
    moveToGroup: (request: DeviceGroupMove) =>
      client.post<DeviceGroupMoveAnswer>(BULK.groupMove, { ...request }, JSON_BODY),
    downloadImportTemplate: (format: SheetFormat = 'xlsx') =>
      files.download(BULK.importTemplate, { format }, `device-import.${format}`),
    importDevices: (productId: string, file: Blob, fileName: string) => {
      const form = new FormData();
      form.append('productId', productId);
      form.append('file', file, fileName);
      return client.upload<DeviceImportAnswer>(BULK.import, form);
    },
    exportDevices: (request: DeviceExportRequest) =>
      files.download(BULK.export, { ...request }, `devices.${request.format ?? 'xlsx'}`),
    unbindDevices: (ids: string[]) =>
      client.post<DeviceUnbindBatchAnswer>(BULK.unbindBatch, { ids }, JSON_BODY),

    listShares: (id: string) => client.post<DeviceShare[]>(SHARE.list, { id }),
    addShare: (request: DeviceShareAdd) =>
      client.post<DeviceShareCreated>(SHARE.add, { ...request }, JSON_BODY),
    revokeShare: (id: string, shareId: string) => client.post<DeviceShare[]>(SHARE.revoke, { id, shareId }),
    previewShare: (token: string) => client.post<SharePreview>(SHARE.preview, { token }),
    acceptShare: (token: string) => client.post<ShareAccepted>(SHARE.accept, { token }),
    acceptSharePassword: (request: ShareAcceptPassword) =>
      client.post<ShareAccepted>(SHARE.acceptPassword, { ...request }),
  };
}

export type FleetApi = ReturnType<typeof createFleetApi>;

export const fleetApi = createFleetApi(apiClient, fileApi);
