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
});
