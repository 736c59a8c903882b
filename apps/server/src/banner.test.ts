import { describe, expect, it } from 'vitest';
import { bannerText } from './banner.ts';
import { loadConfig } from './config.ts';
import { gatewayBrokerUrl } from './mqtt/broker-address.ts';

describe('the start banner', () => {
  it('shows the external broker and the gateways address without the platform account', () => {
    const config = loadConfig({
      DEMO: '0',
      MQTT_URL: 'mqtt://platform:s3cr3t-pw@broker.example:1883',
      PUBLIC_URL: 'https://iot.example.com',
    });
    const text = bannerText({
      config,
      port: 8080,
      database: 'pglite (memory)',
      // What the runtime answers; the banner must not trust it to be clean either.
      broker: {
        kind: 'external',
        port: null,
        wsPort: null,
        url: config.mqtt.url!,
        gatewayUrl: gatewayBrokerUrl(config, 1883),
      },
      demo: null,
      superManager: { username: 'admin', password: null },
    });
    expect(text).toContain('external broker mqtt://broker.example:1883');
    expect(text).toContain('Gateways    connect to mqtt://broker.example:1883');
    expect(text).not.toContain('s3cr3t-pw');
    expect(text).not.toContain('platform:');
  });

  it('tells where gateways connect to the embedded broker', () => {
    const config = loadConfig({ DEMO: '0', PUBLIC_URL: 'https://iot.example.com' });
    const text = bannerText({
      config,
      port: 8080,
      database: 'pglite (memory)',
      broker: {
        kind: 'embedded',
        port: 1884,
        wsPort: 8083,
        url: null,
        gatewayUrl: gatewayBrokerUrl(config, 1884),
      },
      demo: null,
      superManager: { username: 'admin', password: null },
    });
    expect(text).toContain('Gateways    connect to mqtt://iot.example.com:1884');
  });

  it('does not call a port busy when any free port was asked for', () => {
    const config = loadConfig({ DEMO: '0', MQTT_PORT: '0' });
    const text = bannerText({
      config,
      port: 8080,
      database: 'pglite (memory)',
      broker: {
        kind: 'embedded',
        port: 41883,
        wsPort: null,
        url: null,
        gatewayUrl: gatewayBrokerUrl(config, 41883),
      },
      demo: null,
      superManager: { username: 'admin', password: null },
    });
    expect(text).toContain('embedded broker on port 41883');
    expect(text).not.toContain('was busy');
  });
});
