/**
 * What the runtime viewer reads bindings from: the device's live values under the keys the core's
 * `bindingKey` uses (signals by key, intermediate variables as `mvar:<key>`, system keys as
 * `key:<name>`), plus the facts behind the system keys.
 */
import type { LiveValue as ChannelValue } from '@lyyp/contracts/live';
import { createValueReader, type LiveValue, type ValueReader } from '@lyyp/designer-core';
import { readSystemValues, type SystemFacts } from '../../widgets/system-keys.ts';
import type { DeviceLiveState } from './live-values.ts';

export function buildValueMap(
  live: DeviceLiveState,
  facts: Omit<SystemFacts, 'gatewayStatus' | 'signalStrength' | 'online'> & { gatewayStatus: string },
): Record<string, LiveValue> {
  const status = live.gateway?.status ?? facts.gatewayStatus;
  const values: Record<string, LiveValue> = {};
  for (const [key, value] of Object.entries<ChannelValue>(live.values)) {
    values[key] = value;
    values[`mvar:${key}`] = value;
  }
  return {
    ...values,
    ...readSystemValues({
      ...facts,
      gatewayStatus: status,
      signalStrength: live.gateway?.signal ?? null,
      online: status === 'online' ? 1 : 0,
    }),
  };
}

export function createLiveReader(
  live: DeviceLiveState,
  facts: Parameters<typeof buildValueMap>[1],
): ValueReader {
  return createValueReader(buildValueMap(live, facts));
}
