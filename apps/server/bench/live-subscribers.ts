/** Child process of the live benchmark: many WebSocket subscribers that stamp each value's arrival. */
import WebSocket from 'ws';

interface Order {
  url: string;
  cookie: string;
  deviceId: string;
  count: number;
}

const arrivals: Array<[number, number]> = [];
const wallClock = () => performance.timeOrigin + performance.now();

process.on('message', (message: Order | 'report') => {
  if (message === 'report') {
    process.send?.(arrivals);
    return;
  }
  void (async () => {
    const opened: Array<Promise<void>> = [];
    for (let index = 0; index < message.count; index += 1) {
      const socket = new WebSocket(message.url, { headers: { cookie: message.cookie } });
      opened.push(
        new Promise((resolve, reject) => {
          socket.on('message', (data: Buffer) => {
            const parsed = JSON.parse(data.toString()) as {
              type: string;
              values?: Array<{ value: unknown }>;
            };
            if (parsed.type === 'snapshot') resolve();
            if (parsed.type === 'values')
              for (const value of parsed.values ?? [])
                if (typeof value.value === 'number') arrivals.push([value.value, wallClock()]);
          });
          socket.once('open', () =>
            socket.send(JSON.stringify({ type: 'subscribe', deviceIds: [message.deviceId] })),
          );
          socket.once('error', reject);
        }),
      );
    }
    await Promise.all(opened);
    process.send?.('ready');
  })();
});
