import { describe, expect, it } from 'vitest';
import { ALARM_MUTE_STORAGE_KEY, createMuteStore, readMuted, type KeyValueStorage } from './mute-store.ts';

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

describe('alarm tone mute', () => {
  it('starts unmuted in a new browser and remembers a mute', () => {
    const storage = memoryStorage();
    const store = createMuteStore(storage);
    expect(store.getState().muted).toBe(false);
    store.getState().toggle();
    expect(store.getState().muted).toBe(true);
    expect(storage.data[ALARM_MUTE_STORAGE_KEY]).toBe('true');
    // A reload reads it back.
    expect(createMuteStore(storage).getState().muted).toBe(true);
    store.getState().setMuted(false);
    expect(createMuteStore(storage).getState().muted).toBe(false);
  });

  it('still mutes the open page when the browser refuses storage', () => {
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readMuted(refusing)).toBe(false);
    const store = createMuteStore(refusing);
    store.getState().setMuted(true);
    expect(store.getState().muted).toBe(true);
    expect(createMuteStore(undefined).getState().muted).toBe(false);
  });
});
