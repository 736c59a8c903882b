/**
 * Typed calls of the runtime viewer: the pages a device offers, opening one (with its password when
 * it has one) and the device itself. Writes go through the console's command calls (`command.api.ts`).
 */
import type { DeviceDetail, OpenedPage, PageOpenRequest, PageSummary } from '@lyyp/contracts';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';

export const DESIGNER_RUNTIME_PATHS = {
  pageList: '/equipment/page/list',
  pageOpen: '/equipment/page/open',
  deviceInfo: '/equipment/info',
} as const;

/** The parts of a device the viewer shows. */
export type RuntimeDevice = Pick<DeviceDetail, 'id' | 'name' | 'product' | 'gateway'>;

export function createDesignerRuntimeApi(client: ApiClient) {
  return {
    listDevicePages: (equipmentId: string) =>
      client.post<PageSummary[]>(DESIGNER_RUNTIME_PATHS.pageList, { equipmentId }),
    openDevicePage: (body: PageOpenRequest) => client.post<OpenedPage>(DESIGNER_RUNTIME_PATHS.pageOpen, body),
    fetchDevice: (id: string) => client.post<RuntimeDevice>(DESIGNER_RUNTIME_PATHS.deviceInfo, { id }),
  };
}

export type DesignerRuntimeApi = ReturnType<typeof createDesignerRuntimeApi>;

export const designerRuntimeApi = createDesignerRuntimeApi(apiClient);
