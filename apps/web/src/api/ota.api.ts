/**
 * Typed calls of upgrade tasks (`/product/ota/*`, the §2 product/ota/:id screen). Paths, requests
 * and answers are the contract's (`@lyyp/contracts/ota`).
 */
import {
  OTA_API_PATHS as PATHS,
  type OtaAddBody,
  type OtaFirmwareOptions,
  type OtaGatewayOptions,
  type OtaListBody,
  type OtaTaskDetail,
  type OtaTaskPage,
} from '@lyyp/contracts/ota';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';

export type {
  OtaAddBody,
  OtaFirmwareOption,
  OtaGatewayOption,
  OtaStep,
  OtaTask,
  OtaTaskDetail,
  OtaTaskPage,
} from '@lyyp/contracts/ota';

export function createOtaApi(client: ApiClient) {
  return {
    list: (query: OtaListBody) => client.post<OtaTaskPage>(PATHS.list, { ...query }),
    add: (body: OtaAddBody) => client.post<OtaTaskDetail>(PATHS.add, { ...body }),
    info: (id: string) => client.post<OtaTaskDetail>(PATHS.info, { id }),
    retry: (id: string, sn?: string) =>
      client.post<OtaTaskDetail>(PATHS.retry, { id, ...(sn ? { sn } : {}) }),
    cancel: (id: string, sn?: string) =>
      client.post<OtaTaskDetail>(PATHS.cancel, { id, ...(sn ? { sn } : {}) }),
    firmware: (productId: string) => client.post<OtaFirmwareOptions>(PATHS.firmware, { productId }),
    gateways: (productId: string) => client.post<OtaGatewayOptions>(PATHS.gateways, { productId }),
  };
}

export type OtaApi = ReturnType<typeof createOtaApi>;

export const otaApi = createOtaApi(apiClient);
