/**
 * App packages of version maintenance (`@lyyp/contracts/system` app-file.ts): uploaded with a
 * progress bar and answered with their public address, which the version's link then names.
 */
import { APP_FILE_API_PATHS, APP_FILE_FIELD, type AppFile } from '@lyyp/contracts/system';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';
import type { UploadProgress } from './upload-progress.ts';

export type { AppFile } from '@lyyp/contracts/system';

export function createAppFileApi(client: ApiClient) {
  return {
    upload: (file: File, onProgress: UploadProgress, signal?: AbortSignal) => {
      const form = new FormData();
      form.append(APP_FILE_FIELD, file, file.name);
      return client.upload<AppFile>(APP_FILE_API_PATHS.upload, form, {
        onUploadProgress: onProgress,
        ...(signal ? { signal } : {}),
      });
    },
  };
}

export const appFileApi = createAppFileApi(apiClient);
