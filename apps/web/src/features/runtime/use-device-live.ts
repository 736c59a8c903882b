/** The live values of the device on screen, with the state of the connection. */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../app/session-store.ts';
import { EMPTY_LIVE_STATE, watchDevice, type DeviceLiveState, type LiveConnection } from './live-values.ts';

export function useDeviceLive(deviceId: string): { live: DeviceLiveState; connection: LiveConnection } {
  const navigate = useNavigate();
  const [live, setLive] = useState<DeviceLiveState>(EMPTY_LIVE_STATE);
  const [connection, setConnection] = useState<LiveConnection>('connecting');
  useEffect(
    () =>
      watchDevice({
        deviceId,
        onState: setLive,
        onConnection: setConnection,
        onSessionEnded: () => {
          useSessionStore.getState().clear();
          void navigate('/login');
        },
      }),
    [deviceId, navigate],
  );
  return { live, connection };
}
