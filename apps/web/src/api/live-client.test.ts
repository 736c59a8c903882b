import type { LiveServerMessage } from '@lyyp/contracts/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveClient, retryDelayMs, type LiveSocket } from './live-client.ts';

class FakeSocket implements LiveSocket {
  readyState = 0;
  onopen: LiveSocket['onopen'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  onerror: LiveSocket['onerror'] = null;
  readonly sent: unknown[] = [];
  closedWith: number | undefined;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
  }
  /** The server accepts the connection. */
  accept() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  receive(message: LiveServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  /** The connection ends from the other side (or the network). */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

function setUp(mayConnect?: () => Promise<boolean>) {
  const sockets: FakeSocket[] = [];
  const onSessionEnded = vi.fn();
  const client = createLiveClient({
    url: () => 'ws://console.test/lyyp/developer/live',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      setInterval: (callback, ms) => setInterval(callback, ms),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    },
    now: () => Date.now(),
    random: () => 1,
    onSessionEnded,
    ...(mayConnect ? { mayConnect } : {}),
    pingIntervalMs: 20_000,
    retryInitialMs: 1_000,
    retryMaxMs: 30_000,
    lingerMs: 10_000,
  });
  const latest = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  };
  return { client, sockets, latest, onSessionEnded };
}

const values = (deviceId: string, value: number): LiveServerMessage => ({
  type: 'values',
  deviceId,
  serverTime: 1,
  values: [{ key: 't', ts: 1, receivedAt: 1, value, error: null }],
});

describe('live channel client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens one socket for the first device on screen and subscribes every device once it is open', () => {
    const { client, sockets, latest } = setUp();
    client.subscribe('d1', () => undefined);
    client.subscribe('d2', () => undefined);
    expect(sockets).toHaveLength(1);
    latest().accept();
    expect(latest().sent).toEqual([{ type: 'subscribe', deviceIds: ['d1', 'd2'] }]);
    client.subscribe('d3', () => undefined);
    expect(latest().sent.at(-1)).toEqual({ type: 'subscribe', deviceIds: ['d3'] });
    expect(client.state).toBe('open');
  });

  it('asks for a fresh snapshot when a second screen follows a device already followed', () => {
    const { client, latest } = setUp();
    client.subscribe('d1', () => undefined);
    latest().accept();
    client.subscribe('d1', () => undefined);
    expect(latest().sent).toEqual([
      { type: 'subscribe', deviceIds: ['d1'] },
      { type: 'subscribe', deviceIds: ['d1'] },
    ]);
  });

  it('delivers each message only to the screens following that device', () => {
    const { client, latest } = setUp();
    const first = vi.fn();
    const second = vi.fn();
    client.subscribe('d1', first);
    client.subscribe('d2', second);
    latest().accept();
    latest().receive(values('d2', 7));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(expect.objectContaining({ type: 'values', deviceId: 'd2' }));
  });

  it('reconnects after a drop with growing waits and subscribes every device again', () => {
    const { client, sockets, latest } = setUp();
    const states: string[] = [];
    client.onStateChange((state) => states.push(state));
    client.subscribe('d1', () => undefined);
    latest().accept();

    latest().drop();
    expect(client.state).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);

    latest().drop();
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);

    latest().accept();
    expect(latest().sent).toEqual([{ type: 'subscribe', deviceIds: ['d1'] }]);
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);

    // A successful connection starts the waits over.
    latest().drop();
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(4);
  });

  it('keeps waits between half and all of a doubling ceiling, never above the maximum', () => {
    expect(retryDelayMs(0, 0, 1_000, 30_000)).toBe(500);
    expect(retryDelayMs(3, 1, 1_000, 30_000)).toBe(8_000);
    expect(retryDelayMs(12, 1, 1_000, 30_000)).toBe(30_000);
    expect(retryDelayMs(12, 0, 1_000, 30_000)).toBe(15_000);
  });

  it('pings while connected and replaces a connection that stopped answering', () => {
    const { client, sockets, latest } = setUp();
    client.subscribe('d1', () => undefined);
    latest().accept();
    vi.advanceTimersByTime(20_000);
    expect(latest().sent.at(-1)).toEqual({ type: 'ping' });
    latest().receive({ type: 'pong', serverTime: 1 });
    vi.advanceTimersByTime(20_000);
    expect(latest().closedWith).toBeUndefined();

    // Silence for more than two ping periods: the socket is closed and a new one follows.
    vi.advanceTimersByTime(40_000);
    expect(sockets[0]?.closedWith).toBe(1000);
    sockets[0]?.drop(1006);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('ends the session on close code 4001 and does not reconnect', () => {
    const { client, sockets, latest, onSessionEnded } = setUp();
    client.subscribe('d1', () => undefined);
    latest().accept();
    latest().drop(4001);
    vi.advanceTimersByTime(60_000);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
    expect(client.state).toBe('idle');
  });

  it('ends at sign-out: closes the socket, drops a pending reconnect, and connects again only when asked', () => {
    const { client, sockets, latest, onSessionEnded } = setUp();
    const stop = client.subscribe('d1', () => undefined);
    client.listen(() => undefined);
    latest().accept();
    // The connection dropped and a reconnect is waiting when the person signs out.
    latest().drop();
    expect(client.state).toBe('reconnecting');
    client.end();
    expect(client.state).toBe('idle');
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
    // A screen still mounted lets go without effect; the next sign-in opens a new socket.
    stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    client.listen(() => undefined);
    expect(sockets).toHaveLength(2);
    latest().accept();
    expect(client.state).toBe('open');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('closes an open socket at sign-out at once, without waiting for the linger', () => {
    const { client, latest } = setUp();
    client.listen(() => undefined);
    latest().accept();
    client.end();
    expect(latest().closedWith).toBe(1000);
    expect(client.state).toBe('idle');
  });

  it('unsubscribes a device nobody follows and closes the socket a while after the last screen leaves', () => {
    const { client, sockets, latest } = setUp();
    const stopFirst = client.subscribe('d1', () => undefined);
    const stopSecond = client.subscribe('d2', () => undefined);
    latest().accept();
    stopFirst();
    expect(latest().sent.at(-1)).toEqual({ type: 'unsubscribe', deviceIds: ['d1'] });
    stopSecond();
    vi.advanceTimersByTime(9_999);
    expect(latest().closedWith).toBeUndefined();

    // Coming back within the linger keeps the same socket.
    const stopAgain = client.subscribe('d2', () => undefined);
    vi.advanceTimersByTime(20_000);
    expect(sockets).toHaveLength(1);
    stopAgain();
    vi.advanceTimersByTime(10_000);
    expect(latest().closedWith).toBe(1000);
    expect(client.state).toBe('idle');
  });
  it('keeps a connection for the console header and hands it every message, followed device or not', () => {
    const { client, sockets, latest } = setUp();
    const header = vi.fn();
    const stopHeader = client.listen(header);
    expect(sockets).toHaveLength(1);
    latest().accept();
    // Nothing to subscribe: the session receives its alarms without following devices.
    expect(latest().sent).toEqual([]);
    const notice: LiveServerMessage = {
      type: 'notice',
      speak: false,
      message: {
        id: 'm1',
        type: 'announcement',
        title: 'Maintenance',
        body: '',
        status: 'unread',
        createdAt: 1,
        subject: null,
      },
    };
    latest().receive(notice);
    latest().receive(values('d9', 1));
    expect(header.mock.calls.map(([message]) => (message as LiveServerMessage).type)).toEqual([
      'notice',
      'values',
    ]);

    // A screen that stops following its device does not close the header's connection.
    const stopScreen = client.subscribe('d1', () => undefined);
    stopScreen();
    // Past the linger, before the ping probe would give up on a silent connection.
    vi.advanceTimersByTime(15_000);
    expect(latest().closedWith).toBeUndefined();

    // After a drop the header is served again on a new connection.
    latest().drop();
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
    latest().accept();
    latest().receive(notice);
    expect(header).toHaveBeenCalledTimes(3);

    stopHeader();
    vi.advanceTimersByTime(10_000);
    expect(latest().closedWith).toBe(1000);
  });

  it('opens no socket when the account may not have live values, until the channel ends', async () => {
    const mayConnect = vi.fn(() => Promise.resolve(false));
    const { client, sockets } = setUp(mayConnect);
    const states: string[] = [];
    client.onStateChange((state) => states.push(state));
    client.subscribe('d1', () => undefined);
    await vi.waitFor(() => expect(client.state).toBe('refused'));
    expect(sockets).toHaveLength(0);
    vi.advanceTimersByTime(10 * 60_000);
    client.subscribe('d2', () => undefined);
    client.listen(() => undefined);
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(0);
    expect(mayConnect).toHaveBeenCalledTimes(1);
    expect(states).toEqual(['connecting', 'refused']);

    // Signing out ends the refusal with the channel: the next session asks again.
    mayConnect.mockImplementation(() => Promise.resolve(true));
    client.end();
    client.subscribe('d1', () => undefined);
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    expect(mayConnect).toHaveBeenCalledTimes(2);
  });

  it('stops for good when an upgrade is refused later (the rights changed: 403)', async () => {
    const answers = [true, false];
    const mayConnect = vi.fn(() => Promise.resolve(answers.shift() ?? false));
    const { client, sockets, latest } = setUp(mayConnect);
    client.subscribe('d1', () => undefined);
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    // The browser sees only a close before the socket opened.
    latest().drop();
    await vi.waitFor(() => expect(client.state).toBe('refused'));
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
    expect(mayConnect).toHaveBeenCalledTimes(2);
  });

  it('retries as before when the failed upgrade was the network, or the question failed too', async () => {
    const answers = [
      () => Promise.resolve(true),
      () => Promise.resolve(true),
      () => Promise.reject(new Error('offline')),
    ];
    const mayConnect = vi.fn(() => (answers.shift() ?? (() => Promise.resolve(true)))());
    const { client, sockets, latest } = setUp(mayConnect);
    client.subscribe('d1', () => undefined);
    // Asked once before the first connection.
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    // The retry is set once the answer came; each wait is the usual back-off.
    const retriedAfter = (wait: number, count: number) =>
      vi.waitFor(() => {
        vi.advanceTimersByTime(wait);
        expect(sockets).toHaveLength(count);
      });
    latest().drop();
    await retriedAfter(1_000, 2);
    latest().drop();
    await retriedAfter(2_000, 3);
    expect(mayConnect).toHaveBeenCalledTimes(3);
    // A connection that had opened and then dropped is the network: no question asked.
    latest().accept();
    latest().drop();
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(4);
    expect(mayConnect).toHaveBeenCalledTimes(3);
    expect(client.state).toBe('reconnecting');
  });
});
