/**
 * Typed calls of the runtime viewer: the pages a device offers, opening one (with its password when
 * it has one), the device itself, and writing a value through the §7 command flow.
 */
import type { CommandReply } from '@lyyp/contracts/commands';
import type { PageBinds } from '@lyyp/contracts/designer';
import type { ApiClient } from './client.ts';
import type { PageSummary } from './designer.api.ts';
import { apiClient } from './instance.ts';

export const DESIGNER_RUNTIME_PATHS = {
  pageList: '/equipment/page/list',
  pageOpen: '/equipment/page/open',
  deviceInfo: '/equipment/info',
  commandWrite: '/equipment/command/write',
  commandCallback: '/bluetooth/equipment/multi/callback',
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

export type WriteReply = CommandReply<{ value?: unknown }>;

export function createDesignerRuntimeApi(client: ApiClient) {
  return {
    listDevicePages: (equipmentId: string) =>
      client.post<PageSummary[]>(DESIGNER_RUNTIME_PATHS.pageList, { equipmentId }),
    openDevicePage: (body: { equipmentId: string; pageId: string; password?: string }) =>
      client.post<OpenedPage>(DESIGNER_RUNTIME_PATHS.pageOpen, body),
    fetchDevice: (id: string) => client.post<RuntimeDevice>(DESIGNER_RUNTIME_PATHS.deviceInfo, { id }),
    postWrite: (body: { equipmentId: string; key: string; value: string | number | boolean }) =>
      client.post<WriteReply>(DESIGNER_RUNTIME_PATHS.commandWrite, body),
    pollCommand: (uuid: string) => client.post<WriteReply>(DESIGNER_RUNTIME_PATHS.commandCallback, { uuid }),
  };
}

export type DesignerRuntimeApi = ReturnType<typeof createDesignerRuntimeApi>;

export const designerRuntimeApi = createDesignerRuntimeApi(apiClient);
