/**
 * Whether the alarm tone is muted, remembered per browser in localStorage so it survives a reload
 * and a new sign-in. The storage is injected; a browser that refuses storage (private mode, quota)
 * still mutes for the open page.
 */
import { createStore } from 'zustand/vanilla';

export const ALARM_MUTE_STORAGE_KEY = 'lyyp.alarm.muted';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface MuteState {
  muted: boolean;
  setMuted: (muted: boolean) => void;
  toggle: () => void;
}

export function readMuted(storage: KeyValueStorage | undefined): boolean {
  try {
    return storage?.getItem(ALARM_MUTE_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function createMuteStore(storage: KeyValueStorage | undefined) {
  return createStore<MuteState>()((set, get) => ({
    muted: readMuted(storage),
    setMuted: (muted) => {
      try {
        storage?.setItem(ALARM_MUTE_STORAGE_KEY, String(muted));
      } catch {
        // Not remembered, but still muted for this page.
      }
      set({ muted });
    },
    toggle: () => get().setMuted(!get().muted),
  }));
}
