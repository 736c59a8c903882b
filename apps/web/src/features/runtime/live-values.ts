/**
 * Live values of one device over the live channel (`@lyyp/contracts/live`): subscribe, take the
 * snapshot, then apply value and gateway updates; reconnect with a growing wait when the socket
 * drops. The state changes are a pure function so they can be tested without a socket.
 */
import {
  LIVE_CLOSE_SESSION_ENDED,
  LIVE_PATH,
  type LiveGatewayStatus,
  type LiveServerMessage,
  type LiveValue,
} from '@lyyp/contracts/live';

export interface DeviceLiveState {
  /** Latest value per variable key. */
  readonly values: Readonly<Record<string, LiveValue>>;
  readonly gateway: { readonly status: LiveGatewayStatus; readonly signal: number | null } | null;
}

export const EMPTY_LIVE_STATE: DeviceLiveState = { values: {}, gateway: null };

/** The device's state after one message; messages about other devices change nothing. */
export function applyLiveMessage(
  state: DeviceLiveState,
  deviceId: string,
  message: LiveServerMessage,
): DeviceLiveState {
  if (message.type === 'pong' || message.deviceId !== deviceId) return state;
  switch (message.type) {
    case 'snapshot':
      return {
        values: Object.fromEntries(message.values.map((item) => [item.key, item.value])),
        gateway: { status: message.gateway.status, signal: message.gateway.signal },
      };
    case 'values':
      return {
        ...state,
        values: {
          ...state.values,
          ...Object.fromEntries(message.values.map((item) => [item.key, item.value])),
        },
      };
    case 'gateway':
      return { ...state, gateway: { status: message.status, signal: message.signal } };
    case 'fresh':
    case 'command':
    case 'config':
    case 'error':
      return state;
  }
}

export type LiveConnection = 'connecting' | 'open' | 'closed';

export interface LiveSocketLike {
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  send: (data: string) => void;
  close: () => void;
}

export interface WatchDeviceOptions {
  readonly deviceId: string;
  readonly onState: (state: DeviceLiveState) => void;
  readonly onConnection: (connection: LiveConnection) => void;
  /** The session ended (the server closed with 4001): the console signs in again. */
  readonly onSessionEnded: () => void;
  readonly createSocket?: (url: string) => LiveSocketLike;
  readonly url?: string;
}

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

function defaultUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${LIVE_PATH}`;
}

/** Follows a device until the returned function is called. */
export function watchDevice(options: WatchDeviceOptions): () => void {
  const createSocket =
    options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as LiveSocketLike);
  let state = EMPTY_LIVE_STATE;
  let socket: LiveSocketLike | null = null;
  let retryMs = RETRY_MIN_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const connect = () => {
    options.onConnection('connecting');
    const current = createSocket(options.url ?? defaultUrl());
    socket = current;
    current.onopen = () => {
      retryMs = RETRY_MIN_MS;
      options.onConnection('open');
      current.send(JSON.stringify({ type: 'subscribe', deviceIds: [options.deviceId] }));
    };
    current.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      const next = applyLiveMessage(state, options.deviceId, JSON.parse(event.data) as LiveServerMessage);
      if (next !== state) {
        state = next;
        options.onState(state);
      }
    };
    current.onclose = (event) => {
      if (stopped) return;
      options.onConnection('closed');
      if (event.code === LIVE_CLOSE_SESSION_ENDED) {
        options.onSessionEnded();
        return;
      }
      timer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
  };

  connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    socket?.close();
  };
}
