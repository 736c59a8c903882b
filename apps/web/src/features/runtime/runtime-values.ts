/**
 * What the runtime viewer reads bindings from: the device's live values under the keys the core's
 * `bindingKey` uses (signals by key, intermediate variables as `mvar:<key>`, system keys as
 * `key:<name>`), plus the facts behind the system keys.
 */
import type { LiveValue as ChannelValue } from '@lyyp/contracts/live';
import type { LiveValue } from '@lyyp/designer-core';
import { readSystemValues, type SystemFacts } from '../../widgets/system-keys.ts';
import type { DeviceLiveState } from './live-values.ts';

/** What the system keys say about the device besides its live state. */
export type DeviceFacts = Omit<SystemFacts, 'gatewayStatus' | 'signalStrength' | 'online'> & {
  gatewayStatus: string;
};

export function buildValueMap(live: DeviceLiveState, facts: DeviceFacts): Record<string, LiveValue> {
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
