/**
 * The live channel's alarm and notice events for React: the console header and the alarm lists
 * listen to every alarm of the devices the session may see, followed on screen or not.
 */
import type { LiveServerMessage } from '@lyyp/contracts/live';
import { useEffect, useRef } from 'react';
import { liveClient } from '../../api/live.ts';

export type LiveAlarmEvent = Extract<LiveServerMessage, { type: 'alarm' }>;
export type LiveNoticeEvent = Extract<LiveServerMessage, { type: 'notice' }>;

function useSessionMessages<T extends LiveServerMessage>(type: T['type'], handler: (message: T) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () =>
      liveClient.listen((message) => {
        if (message.type === type) latest.current(message as T);
      }),
    [type],
  );
}

export function useAlarmEvents(handler: (event: LiveAlarmEvent) => void): void {
  useSessionMessages<LiveAlarmEvent>('alarm', handler);
}

export function useNoticeEvents(handler: (event: LiveNoticeEvent) => void): void {
  useSessionMessages<LiveNoticeEvent>('notice', handler);
}
