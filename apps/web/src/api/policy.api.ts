/**
 * The policy's answer to the console (`/account/capabilities`): the actions the account may
 * attempt and a device's allowed actions, so screens show exactly the buttons the server allows.
 */
import { CAPABILITIES_PATH, type Capabilities } from '@lyyp/contracts/policy';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';

export type { Capabilities, DeviceAbilityAction } from '@lyyp/contracts/policy';

export function createPolicyApi(client: ApiClient) {
  return {
    capabilities: (equipmentId?: string) =>
      client.post<Capabilities>(CAPABILITIES_PATH, equipmentId ? { equipmentId } : {}),
  };
}

export const policyApi = createPolicyApi(apiClient);
