/**
 * Typed calls of firmware (`/system/firmware/*`). Paths, requests and answers are the contract's
 * (`@lyyp/contracts/firmware`). Files are uploaded one by one with progress, then the firmware is
 * saved naming them.
 */
import {
  FIRMWARE_API_PATHS as PATHS,
  FIRMWARE_UPLOAD_FIELD,
  type FirmwareAddBody,
  type FirmwareFile,
  type FirmwareItem,
  type FirmwareListBody,
  type FirmwarePage,
} from '@lyyp/contracts/firmware';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';
import type { UploadProgress } from './upload-progress.ts';

export type { FirmwareFile, FirmwareItem, FirmwarePage, FirmwareListBody } from '@lyyp/contracts/firmware';

export function createFirmwareApi(client: ApiClient) {
  return {
    list: (query: FirmwareListBody) => client.post<FirmwarePage>(PATHS.list, { ...query }),
    add: (body: FirmwareAddBody) => client.post<FirmwareItem>(PATHS.add, { ...body }),
    remove: (id: string) => client.post<null>(PATHS.delete, { id }),
    upload: (file: File, onProgress: UploadProgress, signal?: AbortSignal) => {
      const form = new FormData();
      form.append(FIRMWARE_UPLOAD_FIELD, file, file.name);
      return client.upload<FirmwareFile>(PATHS.upload, form, {
        onUploadProgress: onProgress,
        ...(signal ? { signal } : {}),
      });
    },
  };
}

export type FirmwareApi = ReturnType<typeof createFirmwareApi>;

export const firmwareApi = createFirmwareApi(apiClient);
