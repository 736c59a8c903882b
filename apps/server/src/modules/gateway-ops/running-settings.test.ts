import { describe, expect, it } from 'vitest';
import type { SettingOutcome } from '@lyyp/contracts/gateway-ops';
import type { StatusPayload } from '@lyyp/contracts/protocol';
import { MQTT_FALLBACK_CODE, reconcileOutcomes } from './running-settings.ts';

const saved = { mode: 'router', mqtt: { url: 'mqtt://user:pw@iot.example.com:1883' } };
const pending: SettingOutcome[] = [
  { key: 'mode', status: 'restart-required' },
  { key: 'mqtt', status: 'restart-required' },
  { key: 'wan', status: 'applied' },
];
const status = (patch: Partial<StatusPayload>): StatusPayload => ({ status: 'online', ts: 1, ...patch });

describe('settings in force after the agent started', () => {
  it('stays restart-required while the agent still runs the settings it started with', () => {
    const before = status({ gatewayMode: 'standard', mqtt: { url: 'mqtt://10.0.0.1:1883' } });
    expect(reconcileOutcomes(pending, saved, before)).toBe(pending);
  });

  it('shows the settings applied once the agent reports running them after its restart', () => {
    const after = status({ gatewayMode: 'router', mqtt: { url: 'mqtt://iot.example.com:1883' } });
    expect(reconcileOutcomes(pending, saved, after)).toEqual([
      { key: 'mode', status: 'applied' },
      { key: 'mqtt', status: 'applied' },
      { key: 'wan', status: 'applied' },
    ]);
  });

  it('shows the MQTT setting failed when the agent went back to the last address that worked', () => {
    const fellBack = status({
      gatewayMode: 'router',
      mqtt: {
        url: 'mqtt://10.0.0.1:1883',
        failed: { url: 'mqtt://iot.example.com:1883', reason: 'getaddrinfo ENOTFOUND', at: 5 },
      },
    });
    expect(reconcileOutcomes(pending, saved, fellBack)).toEqual([
      { key: 'mode', status: 'applied' },
      { key: 'mqtt', status: 'failed', code: MQTT_FALLBACK_CODE },
      { key: 'wan', status: 'applied' },
    ]);
  });
});
