/**
 * The policy's answer to the console (`/account/capabilities`): the actions the account may
 * attempt and a device's allowed actions, so screens show exactly the buttons the server allows.
 */
import { CAPABILITIES_PATH, type Capabilities, type CapabilitiesRequest } from '@lyyp/contracts/policy';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';

export type {
  Capabilities,
  DeviceAbilityAction,
  InspectionPlanAbilityAction,
  ProductAbilityAction,
} from '@lyyp/contracts/policy';

export function createPolicyApi(client: ApiClient) {
  return {
    capabilities: (equipmentId?: string) =>
      client.post<Capabilities>(CAPABILITIES_PATH, equipmentId ? { equipmentId } : {}),
    /** The answer with the abilities of the product or inspection plan the request names. */
    about: (request: CapabilitiesRequest) => client.post<Capabilities>(CAPABILITIES_PATH, request),
  };
}

export const policyApi = createPolicyApi(apiClient);
