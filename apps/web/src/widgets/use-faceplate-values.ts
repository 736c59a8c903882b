/**
 * The values a running page reads when faceplate instances on it are bound to other devices than
 * the one running it: each of those devices is followed on the console's live channel (the server
 * sends only devices the viewer may see) and its values join the page's. A page without
 * faceplates of other devices reads the page's store as it is.
 */
import { useEffect, useMemo } from 'react';
import type { PageDocument } from '@lyyp/contracts/designer';
import type { ValueReader } from '@lyyp/designer-core';
import { liveClient } from '../api/live.ts';
import { applyLiveMessage, EMPTY_LIVE_STATE, type DeviceLiveState } from '../features/runtime/live-values.ts';
import { FaceplateValues, faceplateDevices } from './faceplate-values.ts';
import type { LiveValueSource } from './render-context.ts';

export interface PageValues {
  readonly read: ValueReader;
  readonly live?: LiveValueSource | undefined;
}

export function useFaceplateValues(
  document: PageDocument | null,
  pageDeviceId: string,
  { read, live }: PageValues,
): PageValues {
  const devices = faceplateDevices(document, pageDeviceId).join('\n');
  const values = useMemo(
    () =>
      devices === '' || !live
        ? null
        : new FaceplateValues(
            { read, subscribe: live.subscribe, version: live.version, changedAt: live.changedAt },
            pageDeviceId,
          ),
    [devices, read, live, pageDeviceId],
  );

  useEffect(() => {
    if (!values) return undefined;
    const stops = [values.attach()];
    for (const deviceId of devices.split('\n')) {
      let state: DeviceLiveState = EMPTY_LIVE_STATE;
      stops.push(
        liveClient.subscribe(deviceId, (message) => {
          const next = applyLiveMessage(state, deviceId, message);
          if (next === state) return;
          state = next;
          // Device variables by key, intermediate ones as `mvar:<key>`, as the page's store has them.
          const entries = Object.entries(next.values);
          values.setDevice(deviceId, {
            ...Object.fromEntries(entries),
            ...Object.fromEntries(entries.map(([key, value]) => [`mvar:${key}`, value])),
          });
        }),
      );
    }
    return () => stops.forEach((stop) => stop());
  }, [values, devices]);

  return useMemo(() => (values ? { read: values.read, live: values } : { read, live }), [values, read, live]);
}
