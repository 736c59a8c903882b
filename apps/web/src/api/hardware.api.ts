/**
 * Typed calls of the device-model API (`/model/*`): hardware models with their capacity and
 * features. Paths, requests and answers are the contract's (`@lyyp/contracts/hardware`); a model is
 * a nested body, so adding and editing go as JSON.
 */
import {
  MODEL_API_PATHS,
  type HardwareModel,
  type HardwareModelOption,
  type HardwareModelPage,
  type ModelAddBody,
  type ModelEditBody,
  type ModelQueryBody,
} from '@lyyp/contracts/hardware';
import { type ApiClient, JSON_BODY } from './client.ts';
import { apiClient } from './instance.ts';

export type {
  HardwareModel,
  HardwareModelOption,
  HardwareModelPage,
  ModelAddBody,
  ModelCapacity,
  ModelEditBody,
  ModelFeatures,
} from '@lyyp/contracts/hardware';

export function createHardwareApi(client: ApiClient) {
  return {
    query: (body: ModelQueryBody) => client.post<HardwareModelPage>(MODEL_API_PATHS.query, { ...body }),
    queryAll: () => client.post<HardwareModelOption[]>(MODEL_API_PATHS.queryAll, {}),
    info: (id: string) => client.post<HardwareModel>(MODEL_API_PATHS.info, { id }),
    add: (body: ModelAddBody) => client.post<HardwareModel>(MODEL_API_PATHS.add, { ...body }, JSON_BODY),
    edit: (body: ModelEditBody) => client.post<HardwareModel>(MODEL_API_PATHS.edit, { ...body }, JSON_BODY),
    delete: (id: string) => client.post<null>(MODEL_API_PATHS.delete, { id }),
  };
}

export type HardwareApi = ReturnType<typeof createHardwareApi>;

export const hardwareApi = createHardwareApi(apiClient);
