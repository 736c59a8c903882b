import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { gatewayBrokerUrl, withoutCredentials } from './broker-address.ts';

const configOf = (environment: Record<string, string>) => loadConfig({ DEMO: '0', ...environment });

describe('the broker address gateways are given', () => {
  it('never carries the platform account of MQTT_URL', () => {
    const config = configOf({ MQTT_URL: 'mqtt://platform:secret@broker.example:1883' });
    const url = gatewayBrokerUrl(config, 1883);
    expect(url).toBe('mqtt://broker.example:1883');
    expect(url).not.toContain('secret');
    expect(url).not.toContain('platform@');
  });

  it('names the public host instead of a loopback external broker', () => {
    const config = configOf({
      MQTT_URL: 'mqtts://platform:secret@127.0.0.1:8883',
      PUBLIC_URL: 'https://iot.example.com',
    });
    expect(gatewayBrokerUrl(config, 1883)).toBe('mqtts://iot.example.com:8883');
  });

  it('is the embedded broker port on the public host, never localhost when PUBLIC_URL names a host', () => {
    const config = configOf({ PUBLIC_URL: 'https://iot.example.com/console' });
    expect(gatewayBrokerUrl(config, 1885)).toBe('mqtt://iot.example.com:1885');
    expect(gatewayBrokerUrl(configOf({ HOST: '10.0.0.5' }), 1883)).toBe('mqtt://10.0.0.5:1883');
    expect(gatewayBrokerUrl(configOf({}), 1883)).toBe('mqtt://localhost:1883');
  });

  it('is GATEWAY_MQTT_URL when set, which may not carry credentials', () => {
    const config = configOf({
      MQTT_URL: 'mqtt://platform:secret@broker.internal:1883',
      GATEWAY_MQTT_URL: 'mqtts://gateways.example.com:8883',
    });
    expect(gatewayBrokerUrl(config, 1883)).toBe('mqtts://gateways.example.com:8883');
    expect(() => configOf({ GATEWAY_MQTT_URL: 'mqtt://someone:pw@gateways.example.com:1883' })).toThrow(
      ConfigError,
    );
    expect(() => configOf({ GATEWAY_MQTT_URL: 'http://gateways.example.com' })).toThrow(ConfigError);
  });

  it('strips user and password from any URL', () => {
    expect(withoutCredentials('mqtt://a:b@host:1883')).toBe('mqtt://host:1883');
    expect(withoutCredentials('wss://host:8084/mqtt')).toBe('wss://host:8084/mqtt');
  });
});
