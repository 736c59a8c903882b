import { describe, expect, it } from 'vitest';
import { DEFAULT_GATEWAY_SETTINGS } from '@lyyp/contracts/gateway-ops';
import { checkSettings } from './settings-form.ts';

describe('remote settings form', () => {
  it('puts each §5 refusal on its field, in the reader’s language, with the field’s label', () => {
    const values = {
      ...DEFAULT_GATEWAY_SETTINGS,
      wan: { addressing: 'static', ip: '10.0.0.5', subnet: '255.255.255.0', gateway: '10.0.9.1', dns: '' },
    };
    const zh = checkSettings(values, 'zh-CN');
    expect(zh).toEqual({
      ok: false,
      errors: [{ name: ['wan', 'gateway'], errors: ['WAN 网关：IP 地址、子网掩码与网关必须在同一网段'] }],
    });
    const en = checkSettings(values, 'en-US');
    expect(en.ok ? null : en.errors[0]?.errors[0]).toBe(
      'WAN gateway: the IP address, subnet mask and gateway must be in one segment',
    );
  });

  it('passes settings that follow the rules', () => {
    expect(checkSettings(DEFAULT_GATEWAY_SETTINGS, 'en-US')).toEqual({
      ok: true,
      settings: DEFAULT_GATEWAY_SETTINGS,
    });
  });

  it('refuses a subscription topic outside the gateway’s own topics on its field, knowing the SN', () => {
    const values = {
      ...DEFAULT_GATEWAY_SETTINGS,
      mqtt: { url: '', keepAliveSeconds: 60, subscribeTopic: 'plant/#' },
    };
    // Without the SN only the filter's form can be checked.
    expect(checkSettings(values, 'en-US').ok).toBe(true);
    const refused = checkSettings(values, 'en-US', '100000000042');
    expect(refused.ok ? null : refused.errors[0]).toEqual({
      name: ['mqtt', 'subscribeTopic'],
      errors: [
        'The subscription topic must lie under the gateway’s own topics, gw/100000000042/down/, and not overlap the protocol’s topics',
      ],
    });
    const own = { ...values, mqtt: { ...values.mqtt, subscribeTopic: 'gw/100000000042/down/meter/+' } };
    expect(checkSettings(own, 'en-US', '100000000042').ok).toBe(true);
  });
});
