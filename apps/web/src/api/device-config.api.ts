/**
 * Typed calls of per-device configuration (`/equipment/config/*`): a device's driver addresses
 * beside its product's, saving them, and copying them to other devices. Paths, requests and answers
 * are the contract's (`@lyyp/contracts/device-config`); driver lists are nested, so they go as JSON.
 */
import {
  DEVICE_CONFIG_API_PATHS,
  type DeviceConfigAnswer,
  type DeviceConfigCopyAnswer,
  type DriverOverride,
} from '@lyyp/contracts/device-config';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';

export type {
  DeviceConfigAnswer,
  DeviceConfigCopyAnswer,
  DeviceConfigDriver,
  DriverAddressField,
  DriverOverride,
} from '@lyyp/contracts/device-config';

const JSON_BODY = { encoding: 'json' } as const;

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
  };
}

export type DeviceConfigApi = ReturnType<typeof createDeviceConfigApi>;

export const deviceConfigApi = createDeviceConfigApi(apiClient);
