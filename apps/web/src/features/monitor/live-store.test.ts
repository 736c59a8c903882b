import type { LiveServerMessage } from '@lyyp/contracts/live';
import { describe, expect, it } from 'vitest';
import type { LiveClient, LiveConnectionState, LiveListener } from '../../api/live-client.ts';
import { createLiveStore } from './live-store.ts';

/** A live channel driven by the test: who follows which device, and what arrives. */
function createFakeClient() {
  const followers = new Map<string, Set<LiveListener>>();
  const stateListeners = new Set<(state: LiveConnectionState) => void>();
  let state: LiveConnectionState = 'open';
  const client: LiveClient = {
    listen: () => () => undefined,
    end: () => followers.clear(),
    subscribe(deviceId, listener) {
      const set = followers.get(deviceId) ?? new Set();
      followers.set(deviceId, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    onStateChange(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    get state() {
      return state;
    },
  };
  return {
    client,
    following: (deviceId: string) => followers.get(deviceId)?.size ?? 0,
    deliver: (message: LiveServerMessage & { deviceId: string }) =>
      followers.get(message.deviceId)?.forEach((listener) => listener(message)),
    setState: (next: LiveConnectionState) => {
      state = next;
      stateListeners.forEach((listener) => listener(next));
    },
  };
}

describe('live store', () => {
  it('follows its devices only while a screen reads it', () => {
    const fake = createFakeClient();
    const store = createLiveStore(fake.client, ['d1', 'd2'], () => 0);
    expect(fake.following('d1')).toBe(0);
    const stop = store.subscribe(() => undefined);
    expect(fake.following('d1')).toBe(1);
    expect(fake.following('d2')).toBe(1);
    stop();
    expect(fake.following('d1')).toBe(0);
  });

  it('updates the device a message is about and tells the screen', () => {
    const fake = createFakeClient();
    const store = createLiveStore(fake.client, ['d1', 'd2'], () => 0);
    let renders = 0;
    store.subscribe(() => (renders += 1));
    fake.deliver({ type: 'gateway', deviceId: 'd2', status: 'dormant', signal: 40 });
    expect(store.getSnapshot().d2?.gateway).toEqual({ status: 'dormant', signal: 40 });
    expect(store.getSnapshot().d1?.gateway).toBeNull();
    expect(renders).toBe(1);
  });

  it('marks its devices disconnected while the channel reconnects', () => {
    const fake = createFakeClient();
    const store = createLiveStore(fake.client, ['d1'], () => 0);
    store.subscribe(() => undefined);
    expect(store.getSnapshot().d1?.connected).toBe(true);
    fake.setState('reconnecting');
    expect(store.getSnapshot().d1?.connected).toBe(false);
    fake.setState('open');
    expect(store.getSnapshot().d1?.connected).toBe(true);
  });
});
