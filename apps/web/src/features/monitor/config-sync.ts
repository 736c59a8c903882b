/**
 * §4 "sync: platform and gateway match or not". They match when the configuration last sent to the
 * gateway is the product's current model and the gateway reports running that version.
 */
import type { ConfigSyncState, DeviceDetail } from '../../api/catalogue.types.ts';

export interface ConfigMatch {
  match: boolean;
  state: ConfigSyncState;
  /** Version the device should run (last sent) and version the gateway reports. */
  sent: number;
  reported: number;
}

export function describeConfigMatch(
  device: Pick<DeviceDetail, 'configVersion' | 'configCurrent' | 'gateway'>,
  live: { state: ConfigSyncState } | null,
): ConfigMatch {
  const state = live?.state ?? device.gateway.configSyncState;
  const reported = device.gateway.configVersionReported;
  return {
    match:
      device.configCurrent && reported === device.configVersion && state !== 'syncing' && state !== 'failed',
    state,
    sent: device.configVersion,
    reported,
  };
}
