/**
 * Typed calls of staff device management (`/manage/equipment/*`): the list with filters and export,
 * unbinding, grants, and the device log with its export. Shapes are the contract's
 * (`@lyyp/contracts/equipment-admin`).
 */
import {
  EQUIPMENT_ADMIN_PATHS,
  type DeviceLogExport,
  type DeviceLogPage,
  type DeviceLogQuery,
  type EquipmentAuthorize,
  type EquipmentExport,
  type EquipmentGrant,
  type EquipmentPage,
  type EquipmentQuery,
} from '@lyyp/contracts/equipment-admin';
import type { FileApi } from './catalogue-files.ts';
import { type ApiClient, JSON_BODY } from './client.ts';
import { apiClient } from './instance.ts';
import { fileApi } from './catalogue.api.ts';

export type {
  DeviceLogEntry,
  DeviceLogKind,
  DeviceLogPage,
  EquipmentFilter,
  EquipmentGrant,
  EquipmentItem,
  EquipmentSimState,
} from '@lyyp/contracts/equipment-admin';

export function createEquipmentAdminApi(client: ApiClient, files: FileApi) {
  return {
    listDevices: (query: EquipmentQuery) =>
      client.post<EquipmentPage>(EQUIPMENT_ADMIN_PATHS.query, { ...query }, JSON_BODY),
    exportDevices: (query: EquipmentExport) =>
      files.download(EQUIPMENT_ADMIN_PATHS.export, { ...query }, `devices.${query.format ?? 'xlsx'}`),
    unbind: (id: string) => client.post<null>(EQUIPMENT_ADMIN_PATHS.unbind, { id }),
    grants: (id: string) => client.post<EquipmentGrant[]>(EQUIPMENT_ADMIN_PATHS.grants, { id }),
    authorize: (request: EquipmentAuthorize) =>
      client.post<EquipmentGrant[]>(EQUIPMENT_ADMIN_PATHS.authorize, { ...request }, JSON_BODY),
    revoke: (id: string, accountId: string) =>
      client.post<EquipmentGrant[]>(EQUIPMENT_ADMIN_PATHS.revoke, { id, accountId }),
    deviceLog: (query: DeviceLogQuery) =>
      client.post<DeviceLogPage>(EQUIPMENT_ADMIN_PATHS.log, { ...query }, JSON_BODY),
    exportDeviceLog: (query: DeviceLogExport) =>
      files.download(EQUIPMENT_ADMIN_PATHS.logExport, { ...query }, `device-log.${query.format ?? 'xlsx'}`),
  };
}

export type EquipmentAdminApi = ReturnType<typeof createEquipmentAdminApi>;

export const equipmentAdminApi = createEquipmentAdminApi(apiClient, fileApi);
