/**
 * The live values of the device on screen, through the console's one live channel client (shared
 * with the monitoring screens; it reconnects, resubscribes and ends the session when the server
 * says so), with the state of the connection. Values go into a `PageValueStore` rather than React
 * state: a message re-renders only the widgets whose values changed.
 */
import { useEffect, useRef, useState } from 'react';
import type { LiveConnectionState } from '../../api/live-client.ts';
import { liveClient } from '../../api/live.ts';
import { applyLiveMessage, EMPTY_LIVE_STATE, type DeviceLiveState } from './live-values.ts';
import { PageValueStore } from './page-value-store.ts';
import { buildValueMap, type DeviceFacts } from './runtime-values.ts';

export function useDeviceLive(
  deviceId: string,
  facts: DeviceFacts,
): { values: PageValueStore; connection: LiveConnectionState } {
  const [values] = useState(() => new PageValueStore());
  const [connection, setConnection] = useState<LiveConnectionState>(liveClient.state);
  const live = useRef<DeviceLiveState>(EMPTY_LIVE_STATE);
  const known = useRef<DeviceFacts>(facts);
  const { deviceName, gatewaySn, gatewayStatus } = facts;

  // The device's own facts (name, gateway) feed the system keys; they arrive after the page opens.
  useEffect(() => {
    known.current = { deviceName, gatewaySn, gatewayStatus };
    values.replace(buildValueMap(live.current, known.current));
  }, [values, deviceName, gatewaySn, gatewayStatus]);

  useEffect(() => {
    const stopFollowing = liveClient.subscribe(deviceId, (message) => {
      const next = applyLiveMessage(live.current, deviceId, message);
      if (next === live.current) return;
      live.current = next;
      values.replace(buildValueMap(next, known.current));
    });
    return () => {
      stopFollowing();
      // Another device starts from nothing, not from this one's values.
      live.current = EMPTY_LIVE_STATE;
      values.replace(buildValueMap(EMPTY_LIVE_STATE, known.current));
    };
  }, [values, deviceId]);

  useEffect(() => liveClient.onStateChange(setConnection), []);
  return { values, connection };
}
