/** React access to the live channel: devices' live state, and a clock that ticks for staleness. */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { liveClient } from '../../api/live.ts';
import { EMPTY_LIVE_DEVICE, type LiveDeviceState } from './live-values.ts';
import { createLiveStore, type LiveDevices } from './live-store.ts';

/** Messages are stamped with this browser's clock when they arrive (for staleness on the server clock). */
const readClientClock = () => Date.now();

/** The live state of every device in `deviceIds`, kept current while the component is shown. */
export function useLiveDevices(deviceIds: readonly string[]): LiveDevices {
  const key = deviceIds.join('\n');
  const store = useMemo(
    () => createLiveStore(liveClient, key ? key.split('\n') : [], readClientClock),
    [key],
  );
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

export function useLiveDevice(deviceId: string): LiveDeviceState {
  return useLiveDevices([deviceId])[deviceId] ?? EMPTY_LIVE_DEVICE;
}

/** This browser's clock, read again every `intervalMs`, so stale marks appear without new messages. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
