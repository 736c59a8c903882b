/**
 * The browser end of the live channel (`@lyyp/contracts/live`): one WebSocket per tab, signed in by
 * the session cookie, carrying the devices on screen. Screens subscribe per device; the socket opens
 * with the first subscription and closes after the last. Each (re)subscription answers with a
 * snapshot, then changes. A dropped connection is retried with growing, jittered waits and every
 * device is subscribed again; a quiet connection is probed with pings and replaced when the server
 * stops answering. Close code 4001 means the session is gone (signed out, password changed, account
 * disabled or deleted, sessions replaced; the server closes at once): no retry, every listener is
 * dropped and the session ends (the console goes to the sign-in page). Signing
 * out ends the channel first (`end`), so no reconnect is tried without a session.
 *
 * The server refuses the upgrade (HTTP 403) to an account whose codes do not allow live values (an
 * accounts-only staff member). So the client asks `mayConnect` (the policy's answer) before a
 * session's first connection, and again when a connection closes before it ever opened (a browser
 * cannot read why an upgrade failed): when the account may not have live values the client stops
 * ('refused') — no socket, no retries, screens simply show no live stream — until the channel is
 * ended at sign-out. A network failure (or a failed question) retries as before.
 *
 * WebSocket, timers, clock and randomness are injected, so the rules are tested without a network.
 */
import {
  LIVE_CLOSE_SESSION_ENDED,
  type LiveClientMessage,
  type LiveServerMessage,
} from '@lyyp/contracts/live';

/** The part of the browser's WebSocket this client uses. */
export interface LiveSocket {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export type LiveConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'refused';

export type LiveListener = (message: LiveServerMessage) => void;

export interface LiveClientOptions {
  url: () => string;
  createSocket: (url: string) => LiveSocket;
  timers: LiveTimers;
  now: () => number;
  random?: () => number;
  /** The server closed with 4001: the session has ended. */
  onSessionEnded: () => void;
  /**
   * Whether the account may have live values at all, asked after a connection closed before it
   * opened; resolving `false` stops the client (the server refuses the upgrade with 403).
   */
  mayConnect?: () => Promise<boolean>;
  pingIntervalMs?: number;
  retryInitialMs?: number;
  retryMaxMs?: number;
  /** The socket stays this long after the last screen leaves, so moving between screens keeps it. */
  lingerMs?: number;
}

/** WebSocket.OPEN */
const OPEN = 1;
/** The server accepts at most this many devices in one subscribe message. */
export const SUBSCRIBE_BATCH = 200;
export const DEFAULT_PING_INTERVAL_MS = 20_000;
export const DEFAULT_RETRY_INITIAL_MS = 1_000;
export const DEFAULT_RETRY_MAX_MS = 30_000;
export const DEFAULT_LINGER_MS = 10_000;

/**
 * Wait before reconnect attempt `attempt` (0-based): doubling from the initial wait up to the
 * maximum, then spread over its upper half so a restarted platform is not hit by every tab at once.
 */
export function retryDelayMs(attempt: number, random: number, initialMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

export function createLiveClient(options: LiveClientOptions) {
  const { timers } = options;
  const random = options.random ?? Math.random;
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS;
  const retryInitialMs = options.retryInitialMs ?? DEFAULT_RETRY_INITIAL_MS;
  const retryMaxMs = options.retryMaxMs ?? DEFAULT_RETRY_MAX_MS;
  const lingerMs = options.lingerMs ?? DEFAULT_LINGER_MS;

  const listeners = new Map<string, Set<LiveListener>>();
  /** Listeners of everything the session receives (alarms and notices of any device it may see). */
  const sessionListeners = new Set<LiveListener>();
  const wanted = () => listeners.size > 0 || sessionListeners.size > 0;
  const stateListeners = new Set<(state: LiveConnectionState) => void>();
  let socket: LiveSocket | null = null;
  let state: LiveConnectionState = 'idle';
  let attempt = 0;
  let retryTimer: unknown = null;
  let pingTimer: unknown = null;
  let lingerTimer: unknown = null;
  let lastHeardAt = 0;
  /** Asking `mayConnect` after a failed upgrade: nothing connects meanwhile. */
  let asking = false;
  /** The account may not have live values: nothing connects until `end`. */
  let refused = false;
  /**
   * Whether the policy was asked before this session's first connection: an account that may not
   * have live values then never opens a socket the server would refuse (the browser logs each one).
   */
  let checked = false;
  /** Bumped by `end`, so an answer to a question asked before it is ignored. */
  let generation = 0;

  function setState(next: LiveConnectionState) {
    if (state === next) return;
    state = next;
    for (const listener of stateListeners) listener(next);
  }

  function send(message: LiveClientMessage) {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  function sendSubscriptions(type: 'subscribe' | 'unsubscribe', deviceIds: readonly string[]) {
    for (let index = 0; index < deviceIds.length; index += SUBSCRIBE_BATCH) {
      send({ type, deviceIds: deviceIds.slice(index, index + SUBSCRIBE_BATCH) });
    }
  }

  function stopTimers() {
    if (pingTimer !== null) timers.clearInterval(pingTimer);
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    pingTimer = null;
    retryTimer = null;
  }

  function dispatch(message: LiveServerMessage) {
    for (const listener of [...sessionListeners]) listener(message);
    if (!('deviceId' in message) || !message.deviceId) return;
    for (const listener of [...(listeners.get(message.deviceId) ?? [])]) listener(message);
  }

  function handleMessage(data: unknown) {
    lastHeardAt = options.now();
    if (typeof data !== 'string') return;
    let message: LiveServerMessage;
    try {
      message = JSON.parse(data) as LiveServerMessage;
    } catch {
      return;
    }
    dispatch(message);
  }

  /** No answer to two pings in a row: the connection is dead even if the socket has not noticed. */
  function probe() {
    if (options.now() - lastHeardAt > pingIntervalMs * 2) {
      socket?.close();
      return;
    }
    send({ type: 'ping' });
  }

  function scheduleRetry() {
    setState('reconnecting');
    const wait = retryDelayMs(attempt, random(), retryInitialMs, retryMaxMs);
    attempt += 1;
    retryTimer = timers.setTimeout(() => {
      retryTimer = null;
      connect();
    }, wait);
  }

  /**
   * Before the first connection, or after one closed before it opened (refused by the policy, or
   * only the network?): asks whether the account may have live values, then connects (`first`) or
   * retries with the usual back-off.
   */
  function ask(mayConnect: () => Promise<boolean>, first: boolean) {
    asking = true;
    setState(first ? 'connecting' : 'reconnecting');
    const asked = generation;
    const settle = (allowed: boolean) => {
      if (asked !== generation) return;
      asking = false;
      if (allowed) {
        if (!wanted()) setState('idle');
        else if (first) connect();
        else scheduleRetry();
        return;
      }
      refused = true;
      setState('refused');
    };
    // A question that fails says nothing about the policy: retried as a dropped connection is.
    mayConnect().then(settle, () => settle(true));
  }

  function connect() {
    if (socket || !wanted() || refused || asking) return;
    if (!checked && options.mayConnect) {
      checked = true;
      ask(options.mayConnect, true);
      return;
    }
    setState(attempt === 0 ? 'connecting' : 'reconnecting');
    const opened = options.createSocket(options.url());
    socket = opened;
    let everOpened = false;
    opened.onopen = () => {
      everOpened = true;
      attempt = 0;
      lastHeardAt = options.now();
      setState('open');
      sendSubscriptions('subscribe', [...listeners.keys()]);
      pingTimer = timers.setInterval(probe, pingIntervalMs);
    };
    opened.onmessage = (event) => handleMessage(event.data);
    opened.onerror = () => undefined;
    opened.onclose = (event) => {
      if (socket !== opened) return;
      socket = null;
      stopTimers();
      if (event.code === LIVE_CLOSE_SESSION_ENDED) {
        listeners.clear();
        sessionListeners.clear();
        setState('idle');
        options.onSessionEnded();
        return;
      }
      if (!wanted()) setState('idle');
      else if (!everOpened && options.mayConnect) ask(options.mayConnect, false);
      else scheduleRetry();
    };
  }

  function cancelLinger() {
    if (lingerTimer !== null) timers.clearTimeout(lingerTimer);
    lingerTimer = null;
  }

  function disconnect() {
    lingerTimer = null;
    stopTimers();
    const closing = socket;
    socket = null;
    attempt = 0;
    setState(refused ? 'refused' : 'idle');
    closing?.close(1000, 'no subscriptions');
  }

  return {
    /** Follows one device; the returned function stops following it. */
    subscribe(deviceId: string, listener: LiveListener): () => void {
      let set = listeners.get(deviceId);
      if (!set) listeners.set(deviceId, (set = new Set()));
      set.add(listener);
      cancelLinger();
      // Asked again even when the device is already followed: the server answers every subscribe
      // with a snapshot, which the new screen needs to start from.
      if (!socket && retryTimer === null) connect();
      else sendSubscriptions('subscribe', [deviceId]);
      return () => {
        const current = listeners.get(deviceId);
        if (!current?.delete(listener) || current.size > 0) return;
        listeners.delete(deviceId);
        sendSubscriptions('unsubscribe', [deviceId]);
        if (!wanted()) lingerTimer = timers.setTimeout(disconnect, lingerMs);
      };
    },
    /**
     * Hears every message of the session, whichever devices are followed (the console header's
     * alarm and notice events); keeps the connection open while any such listener remains.
     */
    listen(listener: LiveListener): () => void {
      sessionListeners.add(listener);
      cancelLinger();
      if (!socket && retryTimer === null) connect();
      return () => {
        if (!sessionListeners.delete(listener)) return;
        if (!wanted()) lingerTimer = timers.setTimeout(disconnect, lingerMs);
      };
    },
    /**
     * Ends the channel at sign-out, before the session is dropped: closes the socket, stops a
     * reconnect waiting to happen and forgets every listener, so nothing tries to connect without a
     * session. The next screen that follows a device (after signing in again) opens a new socket.
     */
    end(): void {
      listeners.clear();
      sessionListeners.clear();
      cancelLinger();
      generation += 1;
      asking = false;
      refused = false;
      checked = false;
      disconnect();
    },
    onStateChange(listener: (state: LiveConnectionState) => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    get state(): LiveConnectionState {
      return state;
    },
  };
}

export type LiveClient = ReturnType<typeof createLiveClient>;
