import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { upTopic } from '@lyyp/contracts/protocol';
import { ExternalBrokerClient } from './external-client.ts';

const brokerUrl = process.env.TEST_MQTT_URL;

describe.runIf(brokerUrl)('platform node on an external broker (Mosquitto)', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const client of opened.splice(0)) await client.close();
  });

  it('leaves the shared subscription once a stopped node’s session expires, so the live node gets every upload', async () => {
    const group = `test-${randomUUID().slice(0, 8)}`;
    // A node that stops (a crash or a scale-in) with a one-second session expiry.
    const gone = new ExternalBrokerClient(brokerUrl!, `gone-${group}`, group, 1);
    await gone.start(() => Promise.resolve());
    await gone.close();

    const received = new Set<string>();
    let arrived: (() => void) | null = null;
    const live = new ExternalBrokerClient(brokerUrl!, `live-${group}`, group, 1);
    opened.push(live);
    await live.start((message) => {
      received.add(message.payload.toString('utf8'));
      arrived?.();
      return Promise.resolve();
    });
    const gateway = await mqtt.connectAsync(brokerUrl!, { clientId: `gw-${group}` });
    opened.push({ close: () => gateway.endAsync() });

    /** Publishes one upload and tells whether the live node got it within the wait. */
    const deliveredToLive = async (index: number) => {
      const body = `${group}-${index}`;
      const got = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 500);
        arrived = () => {
          if (!received.has(body)) return;
          clearTimeout(timer);
          resolve(true);
        };
      });
      await gateway.publishAsync(upTopic('000000000001', 'data'), body, { qos: 1 });
      return got;
    };

    // While the stopped node's session lives, the broker may hand it some uploads; once it has
    // expired, every upload reaches the live node.
    let inARow = 0;
    let index = 0;
    const deadline = Date.now() + 20_000;
    while (inARow < 20 && Date.now() < deadline) {
      inARow = (await deliveredToLive(index)) ? inARow + 1 : 0;
      index += 1;
    }
    expect(inARow).toBe(20);
  });
});
