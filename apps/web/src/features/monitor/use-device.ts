/** The device a detail screen shows, and the variables of its model, shared by its tabs. */
import type { Variable } from '@lyyp/contracts/device-model';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { DeviceDetail } from '../../api/catalogue.types.ts';
import { listLiveKeys, type LiveDeviceState } from './live-values.ts';

export const deviceQueryKey = (id: string) => ['devices', 'detail', id] as const;

export function useDevice(id: string) {
  return useQuery({
    queryKey: deviceQueryKey(id),
    queryFn: () => catalogueApi.fetchDevice(id),
    enabled: Boolean(id),
  });
}

export function useDeviceVariables(device: DeviceDetail | undefined) {
  return useQuery({
    queryKey: ['devices', 'variables', device?.id, device?.product.modelVersion],
    queryFn: () => catalogueApi.fetchDeviceVariables({ id: device!.id }),
    enabled: Boolean(device),
  });
}

/** A variable as the screens list it: its definition when known, else only the key the live channel names. */
export interface DeviceVariable {
  key: string;
  name: string;
  definition: Variable | undefined;
}

/** The device's variables in model order, or, without the model, the keys the live channel lists. */
export function useVariableList(
  variables: Variable[] | null | undefined,
  live: LiveDeviceState,
): DeviceVariable[] {
  const liveKeys = listLiveKeys(live).join('\n');
  return useMemo(() => {
    if (variables)
      return variables.map((variable) => ({ key: variable.key, name: variable.name, definition: variable }));
    return liveKeys
      .split('\n')
      .filter(Boolean)
      .sort()
      .map((key) => ({ key, name: key, definition: undefined }));
  }, [variables, liveKeys]);
}
