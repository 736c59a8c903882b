/**
 * Typed calls of per-device configuration (`/equipment/config/*`): a device's driver addresses
 * beside its product's, saving them, and copying them to other devices. Paths, requests and answers
 * are the contract's (`@lyyp/contracts/device-config`); driver lists are nested, so they go as JSON.
 */
import {
  DEVICE_CONFIG_API_PATHS,
  DEVICE_TEMPLATE_API_PATHS,
  type DeviceConfigAnswer,
  type DeviceConfigCopyAnswer,
  type DriverOverride,
  type TemplateBatchAnswer,
  type TemplateDiffAnswer,
  type TemplateInfoAnswer,
  type TemplateListAnswer,
} from '@lyyp/contracts/device-config';
import { type ApiClient, JSON_BODY } from './client.ts';
import { apiClient } from './instance.ts';

export type {
  DeviceConfigAnswer,
  DeviceConfigCopyAnswer,
  DeviceConfigDriver,
  DriverAddressField,
  DriverOverride,
  TemplateBatchAnswer,
  TemplateDevice,
  TemplateDiffRow,
  TemplateInfoAnswer,
  TemplateSummary,
} from '@lyyp/contracts/device-config';

export function createDeviceConfigApi(client: ApiClient) {
  return {
    fetch: (deviceId: string) =>
      client.post<DeviceConfigAnswer>(DEVICE_CONFIG_API_PATHS.info, { id: deviceId }),
    save: (deviceId: string, drivers: DriverOverride[]) =>
      client.post<DeviceConfigAnswer>(DEVICE_CONFIG_API_PATHS.save, { id: deviceId, drivers }, JSON_BODY),
    copy: (deviceId: string, targetIds: string[]) =>
      client.post<DeviceConfigCopyAnswer>(
        DEVICE_CONFIG_API_PATHS.copy,
        { id: deviceId, targetIds },
        JSON_BODY,
      ),

    listTemplates: () => client.post<TemplateListAnswer>(DEVICE_TEMPLATE_API_PATHS.list),
    addTemplate: (name: string, productId: string, fromDeviceId?: string) =>
      client.post<TemplateInfoAnswer>(
        DEVICE_TEMPLATE_API_PATHS.add,
        { name, productId, ...(fromDeviceId ? { fromDeviceId } : {}) },
        JSON_BODY,
      ),
    fetchTemplate: (id: string) => client.post<TemplateInfoAnswer>(DEVICE_TEMPLATE_API_PATHS.info, { id }),
    saveTemplateVersion: (id: string, drivers: DriverOverride[]) =>
      client.post<TemplateInfoAnswer>(DEVICE_TEMPLATE_API_PATHS.saveVersion, { id, drivers }, JSON_BODY),
    diffTemplate: (id: string, from: number, to: number) =>
      client.post<TemplateDiffAnswer>(DEVICE_TEMPLATE_API_PATHS.diff, { id, from, to }, JSON_BODY),
    rollbackTemplate: (id: string, version: number) =>
      client.post<TemplateInfoAnswer>(DEVICE_TEMPLATE_API_PATHS.rollback, { id, version }, JSON_BODY),
    bindTemplate: (id: string, deviceIds: string[]) =>
      client.post<TemplateBatchAnswer>(DEVICE_TEMPLATE_API_PATHS.bind, { id, deviceIds }, JSON_BODY),
    unbindTemplate: (deviceIds: string[]) =>
      client.post<TemplateBatchAnswer>(DEVICE_TEMPLATE_API_PATHS.unbind, { deviceIds }, JSON_BODY),
    syncTemplate: (id: string, options: { version?: number; deviceIds?: string[] } = {}) =>
      client.post<TemplateBatchAnswer>(DEVICE_TEMPLATE_API_PATHS.sync, { id, ...options }, JSON_BODY),
  };
}

export type DeviceConfigApi = ReturnType<typeof createDeviceConfigApi>;

export const deviceConfigApi = createDeviceConfigApi(apiClient);
