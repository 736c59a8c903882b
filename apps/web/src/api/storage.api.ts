/**
 * History storage: a product's and a device's points, bytes, oldest point and retention policy,
 * and the fleet's storage by period. Requests and answers are the contract's
 * (`@lyyp/contracts`, src/api/storage.ts).
 */
import {
  STORAGE_PATHS,
  type DeviceStorage,
  type FleetStorage,
  type ProductStorage,
  type RetentionPolicy,
} from '@lyyp/contracts';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';

export type { DeviceStorage, FleetStorage, ProductStorage, RetentionPolicy } from '@lyyp/contracts';

const JSON_BODY = { encoding: 'json' } as const;

export function createStorageApi(client: ApiClient) {
  return {
    product: (productId: string) => client.post<ProductStorage>(STORAGE_PATHS.product, { productId }),
    setProductPolicy: (productId: string, policy: RetentionPolicy | null) =>
      client.post<ProductStorage>(STORAGE_PATHS.productPolicy, { productId, policy }, JSON_BODY),
    device: (equipmentId: string) => client.post<DeviceStorage>(STORAGE_PATHS.device, { equipmentId }),
    setDevicePolicy: (equipmentId: string, policy: RetentionPolicy | null) =>
      client.post<DeviceStorage>(STORAGE_PATHS.devicePolicy, { equipmentId, policy }, JSON_BODY),
    fleet: () => client.post<FleetStorage>(STORAGE_PATHS.fleet, {}),
  };
}

export const storageApi = createStorageApi(apiClient);
