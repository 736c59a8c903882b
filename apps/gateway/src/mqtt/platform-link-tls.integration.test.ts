/**
 * The link over TLS against an Aedes broker on a TLS listener that trusts only the test CA and
 * demands a client certificate from it; and the additional subscription topic of the MQTT
 * settings. Waits are for events, never for time.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import { Aedes } from 'aedes';
import { afterEach, describe, expect, it } from 'vitest';
import type { MqttTls } from '@lyyp/contracts/gateway-ops';
import { Conditions } from '../core/testing/conditions.ts';
import { PlatformLink } from './platform-link.ts';

const SN = '100000000042';
const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'testing', 'tls', name), 'utf8');

describe('platform link over TLS', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function tlsBroker(): Promise<{ url: string; broker: Aedes }> {
    const broker = new Aedes();
    await broker.listen();
    const server = tls.createServer(
      {
        key: fixture('server.key'),
        cert: fixture('server.pem'),
        ca: fixture('ca.pem'),
        requestCert: true,
        rejectUnauthorized: true,
      },
      (socket) => broker.handle(socket),
    );
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          broker.close();
        }),
    );
    const { port } = server.address() as { port: number };
    return { url: `mqtts://127.0.0.1:${port}`, broker };
  }

  function open(url: string, options: { tls?: MqttTls; subscribeTopic?: string }) {
    const conditions = new Conditions();
    const logs: string[] = [];
    const received: Array<{ topic: string; text: string }> = [];
    let connected = false;
    const link = new PlatformLink({
      url,
      sn: SN,
      secret: 'secret',
      reconnect: { initialMs: 20, maxMs: 40 },
      ...options,
      onLog: (_level, message) => {
        logs.push(message);
        conditions.check();
      },
      handlers: {
        onConnected: () => {
          connected = true;
          conditions.check();
        },
        onDisconnected: () => undefined,
        onAck: () => undefined,
        onConfig: () => undefined,
        onConfigCleared: () => undefined,
        onCommand: () => undefined,
        onSubscribed: (topic, payload) => {
          received.push({ topic, text: payload.toString('utf8') });
          conditions.check();
        },
      },
    });
    closers.push(() => link.stop());
    link.start();
    return {
      logs,
      received,
      connected: () => connected,
      until: (condition: () => boolean) => conditions.until(condition),
    };
  }

  it('connects with the CA and client pair it was given, and only with them', async () => {
    const { url } = await tlsBroker();
    const refused = open(url, { tls: { ca: fixture('ca.pem') } });
    // Without a client certificate the broker ends the handshake: the link says why and retries.
    await refused.until(() => refused.logs.some((line) => line.startsWith('platform connection:')));
    expect(refused.connected()).toBe(false);

    const trusted = open(url, {
      tls: { ca: fixture('ca.pem'), cert: fixture('client.pem'), key: fixture('client.key') },
    });
    await trusted.until(trusted.connected);
  });

  it('refuses a broker whose certificate the given CA did not sign', async () => {
    const { url } = await tlsBroker();
    // The client's own certificate is no CA: the server certificate cannot be verified.
    const link = open(url, {
      tls: { ca: fixture('client.pem'), cert: fixture('client.pem'), key: fixture('client.key') },
    });
    await link.until(() => link.logs.some((line) => /certificate/i.test(line)));
    expect(link.connected()).toBe(false);
  });

  it('subscribes to the additional topic and hands over what arrives on it', async () => {
    const { url, broker } = await tlsBroker();
    const link = open(url, {
      tls: { ca: fixture('ca.pem'), cert: fixture('client.pem'), key: fixture('client.key') },
      subscribeTopic: `gw/${SN}/down/meter/#`,
    });
    await link.until(() => link.logs.some((line) => line === `subscribed to gw/${SN}/down/meter/#`));
    const publish = (topic: string, text: string) =>
      new Promise<void>((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(text), qos: 0, retain: false, dup: false },
          (error) => (error ? reject(error) : resolve()),
        ),
      );
    await publish(`gw/${SN}/down/other/1`, 'not for it');
    await publish(`gw/${SN}/down/meter/1`, '{"reading":5}');
    await link.until(() => link.received.length > 0);
    expect(link.received).toEqual([{ topic: `gw/${SN}/down/meter/1`, text: '{"reading":5}' }]);
  });
});
