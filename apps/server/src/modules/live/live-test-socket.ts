/**
 * A live channel client for tests: a real WebSocket signed in by a session cookie, whose messages
 * and close are awaited as events (never by polling or sleeping).
 */
import WebSocket from 'ws';
import { LIVE_PATH, type LiveServerMessage } from '@lyyp/contracts/live';
import type { TestClient, TestServer } from '../../test/test-server.ts';

type Message<T extends LiveServerMessage['type']> = Extract<LiveServerMessage, { type: T }>;

export class TestLiveSocket {
  readonly messages: LiveServerMessage[] = [];
  /** Settles when the server (or the network) closes the socket: its close code and reason. */
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiting = new Set<(message: LiveServerMessage) => void>();

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) =>
      socket.once('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() })),
    );
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as LiveServerMessage;
      this.messages.push(message);
      for (const waiter of [...this.waiting]) waiter(message);
    });
  }

  /** Opens a socket on the server's port with the client's session cookie. */
  static open(
    server: TestServer,
    client: TestClient,
    headers: Record<string, string> = {},
  ): Promise<TestLiveSocket> {
    const address = server.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}`, { headers: { ...headers, cookie } });
      socket.once('open', () => resolve(new TestLiveSocket(socket)));
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`refused with ${response.statusCode}`)),
      );
      socket.once('error', reject);
    });
  }

  send(message: unknown) {
    this.socket.send(JSON.stringify(message));
  }

  /** The first message of the type (received already or next) that matches; fails when the socket closes first. */
  next<T extends LiveServerMessage['type']>(
    type: T,
    match: (message: Message<T>) => boolean = () => true,
  ): Promise<Message<T>> {
    const fits = (message: LiveServerMessage): message is Message<T> =>
      message.type === type && match(message as Message<T>);
    const found = this.messages.find(fits);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = (message: LiveServerMessage) => {
        if (!fits(message)) return;
        this.waiting.delete(waiter);
        resolve(message);
      };
      this.waiting.add(waiter);
      void this.closed.then(() => {
        if (this.waiting.delete(waiter)) reject(new Error(`closed before a ${type} message`));
      });
    });
  }

  /** Subscribes to a device and waits for its snapshot (the subscription is then in place). */
  async follow(deviceId: string): Promise<void> {
    this.send({ type: 'subscribe', deviceIds: [deviceId] });
    await this.next('snapshot', (message) => message.deviceId === deviceId);
  }

  /** A ping answered: the socket is open and the server has handled everything sent before it. */
  async answers(): Promise<boolean> {
    const before = this.messages.length;
    this.send({ type: 'ping' });
    await this.next('pong', (message) => this.messages.indexOf(message) >= before);
    return true;
  }

  close() {
    this.socket.close();
  }
}
