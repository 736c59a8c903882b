/**
 * The live values of the device on screen, through the console's one live channel client (shared
 * with the monitoring screens; it reconnects, resubscribes and ends the session when the server
 * says so), with the state of the connection.
 */
import { useEffect, useState } from 'react';
import type { LiveConnectionState } from '../../api/live-client.ts';
import { liveClient } from '../../api/live.ts';
import { applyLiveMessage, EMPTY_LIVE_STATE, type DeviceLiveState } from './live-values.ts';

export function useDeviceLive(deviceId: string): { live: DeviceLiveState; connection: LiveConnectionState } {
  const [live, setLive] = useState<DeviceLiveState>(EMPTY_LIVE_STATE);
  const [connection, setConnection] = useState<LiveConnectionState>(liveClient.state);
  useEffect(() => {
    const stopFollowing = liveClient.subscribe(deviceId, (message) =>
      setLive((current) => applyLiveMessage(current, deviceId, message)),
    );
    const stopWatching = liveClient.onStateChange(setConnection);
    return () => {
      stopFollowing();
      stopWatching();
      setLive(EMPTY_LIVE_STATE);
    };
  }, [deviceId]);
  return { live, connection };
}
