/**
 * Live values of one device as the viewer keeps them: the snapshot, then value and gateway updates
 * from the console's live channel (`api/live.ts`), applied by a pure function.
 */
import type { LiveGatewayStatus, LiveServerMessage, LiveValue } from '@lyyp/contracts/live';

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
  if (message.type === 'pong' || message.type === 'notice' || message.deviceId !== deviceId) return state;
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
    case 'alarm':
    case 'config':
    case 'error':
      return state;
  }
}
