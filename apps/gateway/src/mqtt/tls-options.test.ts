import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mqttTlsOptions } from './tls-options.ts';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'testing', 'tls', name), 'utf8');

describe('TLS options of the MQTT connection', () => {
  const ca = fixture('ca.pem');
  const cert = fixture('client.pem');
  const key = fixture('client.key');

  it('uses the files only for TLS addresses', () => {
    expect(mqttTlsOptions('mqtt://10.0.0.2:1883', { ca, cert, key })).toBeNull();
    expect(mqttTlsOptions('ws://10.0.0.2:8083', { ca })).toBeNull();
    expect(mqttTlsOptions('mqtts://10.0.0.2:8883', undefined)).toBeNull();
    expect(mqttTlsOptions('wss://10.0.0.2/mqtt', {})).toBeNull();
  });

  it('trusts each certificate of a CA chain and presents the client pair', () => {
    const chain = `${ca}\n${ca}`;
    const options = mqttTlsOptions('MQTTS://10.0.0.2:8883', { ca: chain, cert, key });
    expect(options?.ca).toEqual([ca.trim(), ca.trim()]);
    expect(options).toMatchObject({ cert, key, rejectUnauthorized: true });
  });

  it('leaves out half a client pair, keeping the CA', () => {
    expect(mqttTlsOptions('mqtts://h:8883', { ca, cert })).toEqual({
      ca: [ca.trim()],
      rejectUnauthorized: true,
    });
    expect(mqttTlsOptions('mqtts://h:8883', { key })).toBeNull();
  });
});
