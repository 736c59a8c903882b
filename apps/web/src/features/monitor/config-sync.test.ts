import { describe, expect, it } from 'vitest';
import type { DeviceDetail } from '../../api/catalogue.types.ts';
import { describeConfigMatch } from './config-sync.ts';

const device = (
  configVersion: number,
  reported: number,
  configCurrent = true,
  state: DeviceDetail['gateway']['configSyncState'] = 'complete',
) =>
  ({
    configVersion,
    configCurrent,
    gateway: { configVersionReported: reported, configSyncState: state },
  }) as Pick<DeviceDetail, 'configVersion' | 'configCurrent' | 'gateway'>;

describe('platform and gateway configuration', () => {
  it('match when the gateway runs the version sent and that is the current model', () => {
    expect(describeConfigMatch(device(3, 3), null)).toEqual({
      match: true,
      state: 'complete',
      sent: 3,
      reported: 3,
    });
  });

  it('do not match when the gateway runs an older version or the model changed since', () => {
    expect(describeConfigMatch(device(3, 2), null).match).toBe(false);
    expect(describeConfigMatch(device(3, 3, false), null).match).toBe(false);
  });

  it('follow the live sync state: syncing or failed is not a match yet', () => {
    expect(describeConfigMatch(device(3, 3), { state: 'syncing' })).toMatchObject({
      match: false,
      state: 'syncing',
    });
    expect(describeConfigMatch(device(3, 3, true, 'failed'), null).match).toBe(false);
  });
});
