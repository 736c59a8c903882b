import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GATEWAY_SETTINGS,
  changedSettingKeys,
  commaListItems,
  gatewaySettingsSchema,
  hasRepeatedRun,
  inOneSegment,
  isDomainName,
  prefixLengthOf,
  type GatewaySettings,
} from './index.ts';
import { GatewayClearDataRequestSchema, GatewayReplaceRequestSchema } from './api.ts';

function issuesOf(settings: unknown) {
  const parsed = gatewaySettingsSchema.safeParse(settings);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const withChange = (change: Partial<GatewaySettings>) => ({ ...DEFAULT_GATEWAY_SETTINGS, ...change });

describe('network formats (§5)', () => {
  it('reads subnet masks as contiguous prefixes that leave room for hosts', () => {
    expect(prefixLengthOf('255.255.255.0')).toBe(24);
    expect(prefixLengthOf('255.255.252.0')).toBe(22);
    expect(prefixLengthOf('255.255.255.252')).toBe(30);
    expect(prefixLengthOf('255.0.255.0')).toBeNull();
    expect(prefixLengthOf('255.255.255.255')).toBeNull();
    expect(prefixLengthOf('0.0.0.0')).toBeNull();
  });

  it('puts an address and its gateway in one segment only when both are hosts of it', () => {
    expect(inOneSegment('192.168.1.10', '192.168.1.1', '255.255.255.0')).toBe(true);
    expect(inOneSegment('192.168.1.10', '192.168.2.1', '255.255.255.0')).toBe(false);
    expect(inOneSegment('192.168.1.10', '192.168.2.1', '255.255.252.0')).toBe(true);
    expect(inOneSegment('192.168.1.10', '192.168.1.255', '255.255.255.0')).toBe(false);
    expect(inOneSegment('192.168.1.0', '192.168.1.1', '255.255.255.0')).toBe(false);
    expect(inOneSegment('192.168.1.1', '192.168.1.1', '255.255.255.0')).toBe(false);
  });

  it('knows domain names, runs of one character and comma lists', () => {
    expect(isDomainName('iot.example.com')).toBe(true);
    expect(isDomainName('localhost')).toBe(true);
    expect(isDomainName('-bad.example.com')).toBe(false);
    expect(isDomainName('example')).toBe(false);
    expect(isDomainName('example.c0m')).toBe(false);
    expect(hasRepeatedRun('pass1234')).toBe(false);
    expect(hasRepeatedRun('passs123')).toBe(true);
    expect(commaListItems('8.8.8.8， 1.1.1.1,,')).toEqual(['8.8.8.8', '1.1.1.1']);
  });
});

describe('gateway settings', () => {
  it('accepts the factory settings', () => {
    expect(issuesOf(DEFAULT_GATEWAY_SETTINGS)).toEqual([]);
  });

  it('refuses a static WAN whose gateway lies in another segment, naming the field', () => {
    const settings = withChange({
      wan: { addressing: 'static', ip: '10.0.0.5', subnet: '255.255.255.0', gateway: '10.0.1.1', dns: '' },
    });
    expect(issuesOf(settings)).toEqual([{ path: 'wan.gateway', message: 'catalogue:2853' }]);
  });

  it('refuses malformed addresses, masks and DNS lists with their own codes', () => {
    const wan = {
      addressing: 'static' as const,
      ip: '10.0.0.5',
      subnet: '255.255.255.0',
      gateway: '10.0.0.1',
    };
    expect(issuesOf(withChange({ wan: { ...wan, ip: '10.0.0.256', dns: '' } }))).toEqual([
      { path: 'wan.ip', message: 'catalogue:2851' },
    ]);
    expect(issuesOf(withChange({ wan: { ...wan, subnet: '255.0.255.0', dns: '' } }))).toEqual([
      { path: 'wan.subnet', message: 'catalogue:2852' },
    ]);
    expect(issuesOf(withChange({ wan: { ...wan, dns: '8.8.8.8, dns.example.com' } }))).toEqual([
      { path: 'wan.dns', message: 'catalogue:2856' },
    ]);
    expect(
      issuesOf(withChange({ lan: { ip: '192.168.1.255', subnet: '255.255.255.0', dhcpServer: true } })),
    ).toEqual([{ path: 'lan.ip', message: 'catalogue:2853' }]);
  });

  it('checks the MQTT address with the URL rule and its host as a domain or IP', () => {
    const mqtt = (url: string) => withChange({ mqtt: { url, keepAliveSeconds: 60 } });
    expect(issuesOf(mqtt('mqtts://iot.example.com:8883'))).toEqual([]);
    expect(issuesOf(mqtt('mqtt://10.1.2.3:1883'))).toEqual([]);
    expect(issuesOf(mqtt('javascript:alert(1)'))).toEqual([{ path: 'mqtt.url', message: 'catalogue:1650' }]);
    expect(issuesOf(mqtt('mqtt://bad_host:1883'))).toEqual([{ path: 'mqtt.url', message: 'catalogue:2854' }]);
    // No broker user or password: it would be shown back with the settings.
    expect(issuesOf(mqtt('mqtts://gw:secret@iot.example.com:8883'))).toEqual([
      { path: 'mqtt.url', message: 'catalogue:1650' },
    ]);
  });

  it('asks a Wi-Fi password of 8-63 characters without a character repeated in a row', () => {
    const wifi = (password: string) =>
      withChange({ wifi: { enabled: true, role: 'client', ssid: 'site', password } });
    expect(issuesOf(wifi('short'))).toEqual([{ path: 'wifi.password', message: 'catalogue:2857' }]);
    expect(issuesOf(wifi('abc1111xyz'))).toEqual([{ path: 'wifi.password', message: 'catalogue:2855' }]);
    expect(issuesOf(wifi('abc12xyz'))).toEqual([]);
    // Empty keeps the password the platform holds; the server checks there is one.
    expect(issuesOf(wifi(''))).toEqual([]);
  });

  it('keeps the change-report interval within 1-60 s', () => {
    expect(issuesOf(withChange({ reportIntervalSeconds: 0 }))).toHaveLength(1);
    expect(issuesOf(withChange({ reportIntervalSeconds: 5 }))).toEqual([]);
  });

  it('names the settings a save changes', () => {
    expect(
      changedSettingKeys(DEFAULT_GATEWAY_SETTINGS, withChange({ mode: 'router', antiTamper: true })),
    ).toEqual(['mode', 'antiTamper']);
  });
});

describe('operation requests', () => {
  it('refuse an unconfirmed replacement or clear', () => {
    const replace = GatewayReplaceRequestSchema.safeParse({
      equipmentId: 'd',
      sn: '123456789012',
      verificationCode: '123456',
      confirm: false,
    });
    expect(replace.success ? null : replace.error.issues[0]?.message).toBe('catalogue:2859');
    expect(
      GatewayClearDataRequestSchema.safeParse({ equipmentId: 'd', scope: 'all', confirm: true }).success,
    ).toBe(true);
  });
});

describe('comparing stored settings', () => {
  it('ignores the order keys come back in from the database', () => {
    const stored = JSON.parse(
      '{"lan":{"subnet":"255.255.255.0","dhcpServer":true,"ip":"192.168.1.1"},"mode":"standard"}',
    ) as Partial<GatewaySettings>;
    expect(changedSettingKeys(DEFAULT_GATEWAY_SETTINGS, { ...DEFAULT_GATEWAY_SETTINGS, ...stored })).toEqual(
      [],
    );
  });
});
