/** Child process of the gateways benchmark: opens one MQTT connection per gateway and holds them. */
import mqtt, { type MqttClient } from 'mqtt';

interface Order {
  url: string;
  credentials: Array<{ sn: string; secret: string }>;
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
            clients.push(
              await mqtt.connectAsync(order.url, {
                clientId: sn,
                username: sn,
                password: secret,
                reconnectPeriod: 0,
                keepalive: 120,
                connectTimeout: 30_000,
              }),
            );
          } catch {
            failed += 1;
          }
        }),
      );
    }
    process.send?.({ connected: clients.length, failed });
  })();
});
