/**
 * What the live channel says about one device, folded into the state a screen shows: the latest
 * value of each variable, the gateway's status and signal, and whether each value is stale.
 *
 * Staleness is the contracts' rule (`isStale`) judged on the server's clock, estimated from the
 * `serverTime` of the last message, because `receivedAt` is a server time. While the channel is
 * disconnected nothing can be trusted to be current, so every value shows stale.
 */
import {
  isStale,
  type LiveGatewayStatus,
  type LiveServerMessage,
  type LiveValueItem,
} from '@lyyp/contracts/live';

export interface LiveDeviceState {
  /** False until the first snapshot arrived. */
  loaded: boolean;
  connected: boolean;
  gateway: { status: LiveGatewayStatus; signal: number | null } | null;
  values: Readonly<Record<string, LiveValueItem>>;
  staleAfterMs: Readonly<Record<string, number | null>>;
  /** Server clock minus this browser's clock, from the last message that carried a server time. */
  clockOffsetMs: number;
  config: { state: 'none' | 'syncing' | 'complete' | 'failed'; version: number } | null;
  /** Set when the channel refused the device (1003: not visible). */
  errorCode: string | null;
}

export const EMPTY_LIVE_DEVICE: LiveDeviceState = {
  loaded: false,
  connected: false,
  gateway: null,
  values: {},
  staleAfterMs: {},
  clockOffsetMs: 0,
  config: null,
  errorCode: null,
};

/** Keeps the newer of two reports of a variable (a snapshot and a change may cross). */
function mergeValues(
  current: Readonly<Record<string, LiveValueItem>>,
  incoming: readonly LiveValueItem[],
): Record<string, LiveValueItem> {
  const next = { ...current };
  for (const item of incoming) {
    const known = next[item.key];
    if (!known || item.ts >= known.ts) next[item.key] = item;
  }
  return next;
}

/** Values the gateway polled again without change are current as of `receivedAt`. */
function confirmCurrent(
  current: Readonly<Record<string, LiveValueItem>>,
  keys: readonly string[],
  receivedAt: number,
): Record<string, LiveValueItem> {
  const next = { ...current };
  for (const key of keys) {
    const known = next[key];
    if (known && receivedAt > known.receivedAt) next[key] = { ...known, receivedAt };
  }
  return next;
}

/** The device state after one live message, received at `clientNow` on this browser's clock. */
export function applyLiveMessage(
  state: LiveDeviceState,
  message: LiveServerMessage,
  clientNow: number,
): LiveDeviceState {
  switch (message.type) {
    case 'snapshot':
      return {
        ...state,
        loaded: true,
        gateway: message.gateway,
        values: mergeValues({}, message.values),
        staleAfterMs: message.staleAfterMs,
        clockOffsetMs: message.serverTime - clientNow,
        errorCode: null,
      };
    case 'values':
      return {
        ...state,
        values: mergeValues(state.values, message.values),
        clockOffsetMs: message.serverTime - clientNow,
      };
    case 'fresh':
      return { ...state, values: confirmCurrent(state.values, message.keys, message.receivedAt) };
    case 'gateway':
      return { ...state, gateway: { status: message.status, signal: message.signal } };
    case 'config':
      return { ...state, config: { state: message.state, version: message.version } };
    case 'error':
      return { ...state, errorCode: message.code };
    case 'command':
    case 'alarm':
    case 'notice':
    case 'pong':
      return state;
  }
}

export function applyConnection(state: LiveDeviceState, connected: boolean): LiveDeviceState {
  return state.connected === connected ? state : { ...state, connected };
}

/** Whether a variable's value should be marked stale at `clientNow`. A missing value is not "stale", it is absent. */
export function isValueStale(state: LiveDeviceState, key: string, clientNow: number): boolean {
  const item = state.values[key];
  if (!item) return false;
  const online = state.connected && state.gateway?.status === 'online';
  return isStale(item, state.staleAfterMs[key], online, clientNow + state.clockOffsetMs);
}

/** Every variable key the device's model has, as the snapshot lists them (values may be missing). */
export function listLiveKeys(state: LiveDeviceState): string[] {
  const keys = new Set([...Object.keys(state.staleAfterMs), ...Object.keys(state.values)]);
  return [...keys];
}
