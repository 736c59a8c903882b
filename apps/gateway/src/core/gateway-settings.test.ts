import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GATEWAY_SETTINGS,
  TRAFFIC_SAVING_IDLE_MS,
  type GatewaySettings,
} from '@lyyp/contracts/gateway-ops';
import {
  ANTI_TAMPER_OFFLINE_MS,
  PLAIN_HOST,
  ViewerWatch,
  planSettings,
  writesBlocked,
} from './gateway-settings.ts';

const wanted: GatewaySettings = {
  ...DEFAULT_GATEWAY_SETTINGS,
  mode: 'router',
  wifi: { enabled: true, role: 'client', ssid: 'site', password: 'abc12xyz' },
  mqtt: { url: 'mqtt://10.0.0.2:1883', keepAliveSeconds: 30 },
  trafficSaving: true,
  reportIntervalSeconds: 3,
  antiTamper: true,
  basePositioning: true,
};

describe('remote settings on a plain host', () => {
  it('answers for every setting: applied, in force after a restart, or unsupported', () => {
    const { outcomes } = planSettings(DEFAULT_GATEWAY_SETTINGS, wanted, PLAIN_HOST);
    expect(Object.fromEntries(outcomes.map((outcome) => [outcome.key, outcome.status]))).toEqual({
      mode: 'restart-required',
      wan: 'applied',
      wlan: 'applied',
      wifi: 'unsupported',
      lan: 'applied',
      mqtt: 'restart-required',
      trafficSaving: 'applied',
      reportIntervalSeconds: 'applied',
      antiTamper: 'applied',
      basePositioning: 'unsupported',
      dormant: 'applied',
    });
    expect(outcomes.find((outcome) => outcome.key === 'wifi')?.code).toBe('2860');
  });

  it('keeps the running value of what it cannot apply, and takes the rest', () => {
    const { accepted } = planSettings(DEFAULT_GATEWAY_SETTINGS, wanted, PLAIN_HOST);
    expect(accepted.wifi).toEqual(DEFAULT_GATEWAY_SETTINGS.wifi);
    expect(accepted.basePositioning).toBe(false);
    expect(accepted).toMatchObject({ mode: 'router', reportIntervalSeconds: 3, trafficSaving: true });
  });

  it('applies network settings on a host that owns its network', () => {
    const { outcomes } = planSettings(DEFAULT_GATEWAY_SETTINGS, wanted, { network: true, positioning: true });
    expect(outcomes.filter((outcome) => outcome.status === 'unsupported')).toEqual([]);
  });
});

describe('smart traffic saving', () => {
  it('stops live data after ten idle minutes and resumes it at the next hint', () => {
    const watch = new ViewerWatch(0);
    const saving = { ...DEFAULT_GATEWAY_SETTINGS, trafficSaving: true, reportIntervalSeconds: 2 };
    expect(watch.liveStopped(saving, TRAFFIC_SAVING_IDLE_MS - 1)).toBe(false);
    expect(watch.liveStopped(saving, TRAFFIC_SAVING_IDLE_MS)).toBe(true);
    // History is gathered under the same rule, watched or not.
    expect(watch.batchDelayMs(saving)).toBe(2000);
    watch.seen(TRAFFIC_SAVING_IDLE_MS + 5);
    expect(watch.liveStopped(saving, TRAFFIC_SAVING_IDLE_MS + 10)).toBe(false);
    // A hint older than the last one does not shorten the watch.
    watch.seen(1);
    expect(watch.liveStopped(saving, 2 * TRAFFIC_SAVING_IDLE_MS)).toBe(false);
    expect(watch.liveStopped(saving, 2 * TRAFFIC_SAVING_IDLE_MS + 5)).toBe(true);
    // Without traffic saving nobody's absence matters.
    expect(watch.liveStopped({ ...saving, trafficSaving: false }, 10 * TRAFFIC_SAVING_IDLE_MS)).toBe(false);
  });
});

describe('anti-tamper', () => {
  it('stops writes only after the platform was away long enough, and only when on', () => {
    expect(writesBlocked(true, 0, ANTI_TAMPER_OFFLINE_MS - 1)).toBe(false);
    expect(writesBlocked(true, 0, ANTI_TAMPER_OFFLINE_MS)).toBe(true);
    expect(writesBlocked(false, 0, ANTI_TAMPER_OFFLINE_MS)).toBe(false);
    expect(writesBlocked(true, null, ANTI_TAMPER_OFFLINE_MS)).toBe(false);
  });
});
