/**
 * Child process of the gateways and template-sync benchmarks: opens one MQTT connection per
 * gateway and holds them. With `respond`, each gateway also behaves like an edge agent that does
 * its work at once: it reports online, applies every configuration it is sent (`up/config`
 * applied) and answers every command with success.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { downTopic, parseTopic, upTopic } from '@lyyp/contracts/protocol';

interface Order {
  url: string;
  credentials: Array<{ sn: string; secret: string }>;
  respond?: boolean;
}

function answerAsAgent(client: MqttClient, sn: string): Promise<unknown> {
  client.on('message', (topic, payload) => {
    const parsed = parseTopic(topic);
    if (parsed?.direction !== 'down' || payload.length === 0) return;
    if (parsed.kind === 'config') {
      const { version } = JSON.parse(payload.toString()) as { version: number };
      client.publish(upTopic(sn, 'config'), JSON.stringify({ version, status: 'applied' }), { qos: 1 });
    } else if (parsed.kind === 'cmd') {
      const { uuid } = JSON.parse(payload.toString()) as { uuid: string };
      client.publish(
        upTopic(sn, 'reply'),
        JSON.stringify({ uuid, status: 'success', code: '200', data: { value: 1 } }),
        {
          qos: 1,
        },
      );
    }
  });
  return client.subscribeAsync(downTopic(sn, '+' as never), { qos: 1 }).then(() =>
    client.publishAsync(
      upTopic(sn, 'status'),
      JSON.stringify({ status: 'online', ts: Date.now(), configVersion: 0 }),
      {
        qos: 1,
      },
    ),
  );
}

process.once('message', (order: Order) => {
  void (async () => {
    const clients: MqttClient[] = [];
    let failed = 0;
    const parallel = 200;
    for (let start = 0; start < order.credentials.length; start += parallel) {
      await Promise.all(
        order.credentials.slice(start, start + parallel).map(async ({ sn, secret }) => {
          try {
            const client = await mqtt.connectAsync(order.url, {
              clientId: sn,
              username: sn,
              password: secret,
              reconnectPeriod: 0,
              keepalive: 120,
              connectTimeout: 30_000,
            });
            clients.push(client);
            if (order.respond) await answerAsAgent(client, sn);
          } catch {
            failed += 1;
          }
        }),
      );
    }
    process.send?.({ connected: clients.length, failed });
  })();
});
