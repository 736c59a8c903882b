import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_PATH, type LiveServerMessage } from '@lyyp/contracts/live';
import { FACTORY_PASSWORD, buildAccount, buildBoundDevice } from '../../test/factories.ts';
import { TestGateway } from '../../test/gateway-client.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';

class LiveSocket {
  readonly messages: LiveServerMessage[] = [];
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) =>
      this.messages.push(JSON.parse(data.toString()) as LiveServerMessage),
    );
  }

  static open(port: number, cookie: string, userAgent?: string): Promise<LiveSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}`, {
        headers: { cookie, ...(userAgent ? { 'user-agent': userAgent } : {}) },
      });
      socket.once('open', () => resolve(new LiveSocket(socket)));
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`refused with ${response.statusCode}`)),
      );
      socket.once('error', reject);
    });
  }

  send(message: unknown) {
    this.socket.send(JSON.stringify(message));
  }

  async next<T extends LiveServerMessage['type']>(
    type: T,
    match: (message: Extract<LiveServerMessage, { type: T }>) => boolean = () => true,
  ) {
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const found = this.messages.find(
        (message): message is Extract<LiveServerMessage, { type: T }> =>
          message.type === type && match(message as never),
      );
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no ${type} message`);
  }
}

describe('live channel', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer(databaseVariants()[0]!);
    await server.runtime.start();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => server.close());

  async function signedIn(username: string) {
    const client = new TestClient(server);
    expect((await client.login(username, FACTORY_PASSWORD)).code).toBe('200');
    return `lyyp_session=${client.sessionToken!}`;
  }

  it('refuses a connection without a session', async () => {
    await expect(LiveSocket.open(port, '')).rejects.toThrow(/401/);
  });

  it('sends a snapshot of latest values, then every change, marking what is periodic', async () => {
    const { device, gateway, owner } = await buildBoundDevice(server.database.db);
    const link = await TestGateway.connect(
      `mqtt://127.0.0.1:${server.runtime.address().port}`,
      gateway.sn,
      gateway.secret,
    );
    await link.send('status', { status: 'online', ts: Date.now() });
    await link.send('data', { seq: 1, points: [{ k: 'waterTemperature', t: Date.now(), v: 70.5 }] });
    await link.waitFor('ack');

    const live = await LiveSocket.open(port, await signedIn(owner.username!));
    live.send({ type: 'subscribe', deviceIds: [device.id] });
    const snapshot = await live.next('snapshot');
    expect(snapshot.gateway.status).toBe('online');
    expect(snapshot.values.find((value) => value.key === 'waterTemperature')?.value).toBe(70.5);
    expect(snapshot.staleAfterMs.waterTemperature).toBeGreaterThan(0);
    expect(snapshot.staleAfterMs.serialNumber).toBeNull();

    await link.send('data', {
      seq: 2,
      points: [{ k: 'waterTemperature', t: Date.now(), v: 71 }],
      polled: [{ driver: 'boiler', t: Date.now() }],
    });
    const change = await live.next('values', (message) => message.values.some((value) => value.value === 71));
    expect(change.deviceId).toBe(device.id);
    const fresh = await live.next('fresh');
    expect(fresh.keys).toContain('steamPressure');

    await link.close();
    const offline = await live.next('gateway', (message) => message.status === 'offline');
    expect(offline.deviceId).toBe(device.id);
    live.socket.close();
  });

  it('answers a device the session may not see as missing and sends nothing of it', async () => {
    const { device, gateway } = await buildBoundDevice(server.database.db);
    const stranger = await buildAccount(server.database.db, 'terminal');
    const live = await LiveSocket.open(port, await signedIn(stranger.username!));
    live.send({ type: 'subscribe', deviceIds: [device.id, 'no-such-device'] });
    const refusals = [
      await live.next('error', (message) => message.deviceId === device.id),
      await live.next('error', (message) => message.deviceId === 'no-such-device'),
    ];
    expect(refusals.map((message) => message.code)).toEqual(['1003', '1003']);
    const link = await TestGateway.connect(
      `mqtt://127.0.0.1:${server.runtime.address().port}`,
      gateway.sn,
      gateway.secret,
    );
    await link.send('data', { seq: 1, points: [{ k: 'waterTemperature', t: Date.now(), v: 99 }] });
    await link.waitFor('ack');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(live.messages.filter((message) => message.type !== 'error')).toEqual([]);
    await link.close();
    live.socket.close();
  });

  it('closes the socket on a message it cannot read', async () => {
    const { owner } = await buildBoundDevice(server.database.db);
    const live = await LiveSocket.open(port, await signedIn(owner.username!));
    const closed = new Promise<number>((resolve) => live.socket.once('close', (code) => resolve(code)));
    live.socket.send('not json');
    expect(await closed).toBe(4002);
  });

  it('tells a browser older than the console supports 1602 and closes', async () => {
    const { owner } = await buildBoundDevice(server.database.db);
    const cookie = await signedIn(owner.username!);
    const old =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.0.0 Safari/537.36';
    const live = await LiveSocket.open(port, cookie, old);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      live.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    expect(await closed).toEqual({ code: 4003, reason: '1602' });
    expect(live.messages).toMatchObject([{ type: 'error', code: '1602' }]);
    // A current browser is served as usual.
    const current = await LiveSocket.open(port, cookie, old.replace('Chrome/90', 'Chrome/140'));
    current.socket.close();
  });
});
