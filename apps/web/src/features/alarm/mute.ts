/** The browser's one alarm mute store, on its localStorage. */
import { useStore } from 'zustand';
import { createMuteStore } from './mute-store.ts';

export const alarmMuteStore = createMuteStore(
  typeof window === 'undefined' ? undefined : window.localStorage,
);

export function useAlarmMute() {
  return useStore(alarmMuteStore);
}
