/**
 * Typed calls of the runtime viewer: the pages a device offers, opening one (with its password when
 * it has one) and the device itself. Writes go through the console's command calls (`command.api.ts`).
 */
import type { PageBinds } from '@lyyp/contracts/designer';
import type { ApiClient } from './client.ts';
import type { PageSummary } from './designer.api.ts';
import { apiClient } from './instance.ts';

export const DESIGNER_RUNTIME_PATHS = {
  pageList: '/equipment/page/list',
  pageOpen: '/equipment/page/open',
  deviceInfo: '/equipment/info',
} as const;

export interface OpenedPage {
  con: Record<string, unknown>;
  widgets: unknown[];
  bind: PageBinds;
}

/** The parts of a device the viewer shows. */
export interface RuntimeDevice {
  id: string;
  name: string;
  product: { id: string; title: string };
  gateway: { sn: string; status: string };
}

export function createDesignerRuntimeApi(client: ApiClient) {
  return {
    listDevicePages: (equipmentId: string) =>
      client.post<PageSummary[]>(DESIGNER_RUNTIME_PATHS.pageList, { equipmentId }),
    openDevicePage: (body: { equipmentId: string; pageId: string; password?: string }) =>
      client.post<OpenedPage>(DESIGNER_RUNTIME_PATHS.pageOpen, body),
    fetchDevice: (id: string) => client.post<RuntimeDevice>(DESIGNER_RUNTIME_PATHS.deviceInfo, { id }),
  };
}

export type DesignerRuntimeApi = ReturnType<typeof createDesignerRuntimeApi>;

export const designerRuntimeApi = createDesignerRuntimeApi(apiClient);
