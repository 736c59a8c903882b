/**
 * What the signed-in account may do to one device, as the server's policy answers it: a screen
 * shows a button only when its action is allowed (nothing while the answer is on its way).
 */
import { useQuery } from '@tanstack/react-query';
import { policyApi, type DeviceAbilityAction } from '../../../api/policy.api.ts';

export function useDeviceAbilities(deviceId: string): (action: DeviceAbilityAction) => boolean {
  const { data } = useQuery({
    queryKey: ['device-abilities', deviceId],
    queryFn: () => policyApi.capabilities(deviceId),
  });
  return (action) => data?.device?.[action] === true;
}
