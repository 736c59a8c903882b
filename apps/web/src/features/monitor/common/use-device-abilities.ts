/**
 * What the signed-in account may do, as the server's policy answers it (`/account/capabilities`):
 * a screen shows a button only when its action is allowed (nothing while the answer is on its way).
 * One device's screens ask about that device; a list asks once and decides each row from the
 * relations the account's codes open (`allowsOnRow`), never with a call per row.
 */
import { useQuery } from '@tanstack/react-query';
import {
  allowsOnGatewayRow,
  allowsOnPlanRow,
  allowsOnProductRow,
  allowsOnRow,
  maySharePerRow,
  type ActionName,
  type Capabilities,
  type DeviceRowFacts,
  type GatewayRowFacts,
  type InspectionPlanRowFacts,
  type ProductRowFacts,
} from '@lyyp/contracts/policy';
import { policyApi, type DeviceAbilityAction } from '../../../api/policy.api.ts';
import { useSessionStore } from '../../../app/session-store.ts';

export const deviceAbilitiesKey = (accountId: string | undefined, deviceId: string) =>
  ['device-abilities', accountId, deviceId] as const;

export function useDeviceAbilities(deviceId: string): (action: DeviceAbilityAction) => boolean {
  const accountId = useSessionStore((state) => state.user?.id);
  const { data } = useQuery({
    queryKey: deviceAbilitiesKey(accountId, deviceId),
    queryFn: () => policyApi.capabilities(deviceId),
    enabled: Boolean(deviceId),
  });
  return (action) => data?.device?.[action] === true;
}

export interface Capability {
  /** Whether the account may attempt the action at all (a screen's own buttons: bind, import). */
  may: (action: ActionName) => boolean;
  /** Whether the action is allowed on a listed device. */
  onRow: (action: ActionName, row: DeviceRowFacts) => boolean;
  /** Whether the account may share a listed device (a share lets its receiver only if it says so). */
  mayShare: (row: DeviceRowFacts) => boolean;
  /** Whether the action is allowed on a listed product (a developer's own; staff's in scope). */
  onProductRow: (action: ActionName, row: ProductRowFacts) => boolean;
  /** Whether the action is allowed on a listed inspection plan (its maker's; staff's). */
  onPlanRow: (action: ActionName, row: InspectionPlanRowFacts) => boolean;
  /** Whether the action is allowed on a listed gateway (its owner's, its developer's; staff's). */
  onGatewayRow: (action: ActionName, row: GatewayRowFacts) => boolean;
  /** The answer has arrived. */
  loaded: boolean;
}

const NOTHING: Pick<Capabilities, 'kind' | 'actions' | 'relations'> = {
  kind: 'terminal',
  actions: [],
  relations: {},
};

export function useCapabilities(): Capability {
  const accountId = useSessionStore((state) => state.user?.id) ?? '';
  const { data } = useQuery({
    queryKey: ['capabilities', accountId],
    queryFn: () => policyApi.capabilities(),
  });
  const answer = data ?? NOTHING;
  return {
    may: (action) => answer.actions.includes(action),
    onRow: (action, row) => allowsOnRow(answer, action, accountId, row),
    mayShare: (row) => maySharePerRow(answer, accountId, row),
    onProductRow: (action, row) => allowsOnProductRow(answer, action, accountId, row),
    onPlanRow: (action, row) => allowsOnPlanRow(answer, action, accountId, row),
    onGatewayRow: (action, row) => allowsOnGatewayRow(answer, action, accountId, row),
    loaded: data !== undefined,
  };
}
