/**
 * The live state of the devices a screen shows, as an external store for React: it follows the
 * devices on the tab's live channel while someone reads it, folds every message in with
 * `applyLiveMessage`, and marks all values stale while the channel is not connected.
 */
import type { LiveClient } from '../../api/live-client.ts';
import { EMPTY_LIVE_DEVICE, applyConnection, applyLiveMessage, type LiveDeviceState } from './live-values.ts';

export type LiveDevices = Readonly<Record<string, LiveDeviceState>>;

export interface LiveStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => LiveDevices;
}

export function createLiveStore(
  client: LiveClient,
  deviceIds: readonly string[],
  now: () => number,
): LiveStore {
  const connected = () => client.state === 'open';
  let state: LiveDevices = Object.fromEntries(
    deviceIds.map((id) => [id, applyConnection(EMPTY_LIVE_DEVICE, connected())]),
  );
  const listeners = new Set<() => void>();
  let stop: (() => void) | null = null;

  const update = (next: LiveDevices) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  const updateDevice = (id: string, change: (device: LiveDeviceState) => LiveDeviceState) => {
    const current = state[id] ?? EMPTY_LIVE_DEVICE;
    const next = change(current);
    if (next !== current) update({ ...state, [id]: next });
  };

  function start() {
    const stops = deviceIds.map((id) =>
      client.subscribe(id, (message) =>
        updateDevice(id, (device) => applyLiveMessage(device, message, now())),
      ),
    );
    stops.push(
      client.onStateChange((connection) => {
        for (const id of deviceIds)
          updateDevice(id, (device) => applyConnection(device, connection === 'open'));
      }),
    );
    stop = () => stops.forEach((stopOne) => stopOne());
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stop?.();
          stop = null;
        }
      };
    },
    getSnapshot: () => state,
  };
}
