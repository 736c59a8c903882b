/**
 * The browser live channel (`@lyyp/contracts/live`): a WebSocket at `/lyyp/developer/live` that
 * carries value changes, gateway status, command results and configuration sync state of the
 * devices the session subscribed to (and may see).
 */
import { z } from 'zod';
import type { AlarmRecord, Message } from '../alarm/index.ts';

export const LIVE_PATH = '/lyyp/developer/live';

export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), deviceIds: z.array(z.string().min(1)).min(1).max(200) }),
  z.object({ type: z.literal('unsubscribe'), deviceIds: z.array(z.string().min(1)).min(1).max(200) }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

export type LiveValue = number | string | boolean | null;

export interface LiveValueItem {
  key: string;
  /** Device time of the value. */
  ts: number;
  /** Server time the platform received it; staleness is judged on this clock. */
  receivedAt: number;
  value: LiveValue;
  error: string | null;
}

export type LiveGatewayStatus = 'online' | 'offline' | 'dormant' | 'power-off';

export type LiveServerMessage =
  | {
      type: 'snapshot';
      deviceId: string;
      serverTime: number;
      gateway: { sn: string; status: LiveGatewayStatus; signal: number | null };
      values: LiveValueItem[];
      /** Per variable key: a value not refreshed for this long is stale (null: read on demand only). */
      staleAfterMs: Record<string, number | null>;
    }
  | { type: 'values'; deviceId: string; serverTime: number; values: LiveValueItem[] }
  /** The gateway polled these variables at `receivedAt` and they had not changed: still current. */
  | { type: 'fresh'; deviceId: string; keys: string[]; receivedAt: number }
  | { type: 'gateway'; deviceId: string; status: LiveGatewayStatus; signal: number | null }
  | {
      type: 'command';
      deviceId: string;
      uuid: string;
      status: 'pending' | 'success' | 'failure';
      code: string | null;
    }
  | { type: 'config'; deviceId: string; state: 'none' | 'syncing' | 'complete' | 'failed'; version: number }
  /**
   * An alarm of a device the session may see was raised, released or acknowledged: sent to every
   * connection of such a session, subscribed to the device or not (the console's pop-up and lists).
   */
  | {
      type: 'alarm';
      deviceId: string;
      event: 'raised' | 'released' | 'acknowledged';
      record: AlarmRecord;
    }
  /** A message for this account (in-app alarm, expiry reminder); `speak`: announce it by voice. */
  | { type: 'notice'; message: Message; speak: boolean }
  /**
   * A refusal. With `deviceId`: that device's subscription was refused or ended (1003 not visible,
   * 1201 without a view code, 1210 access changed while subscribed); without: the connection's.
   */
  | { type: 'error'; code: string; message: string; deviceId?: string }
  | { type: 'pong'; serverTime: number };

/**
 * Close codes the server uses: the session ended (the client signs in again) or a protocol fault.
 * The session ends when its account signs out, changes its password, is disabled or deleted, or
 * its session is replaced; the socket closes at once, with the catalogue code (1010, 1006, 1206) as
 * the close reason after an `error` message carrying it.
 */
export const LIVE_CLOSE_SESSION_ENDED = 4001;
export const LIVE_CLOSE_BAD_MESSAGE = 4002;

/**
 * A subscription needs one of these permission codes (the device list of the monitoring site or of
 * the back office), besides the device's data scope; alarm events need them too.
 */
export const LIVE_VIEW_CODES = ['monitor:device:view', 'manage:equipment:view'] as const;

/**
 * Whether a value should be shown as stale: its gateway is not online, or it was not refreshed
 * within its variable's period. Shared by the console and its tests.
 */
export function isStale(
  item: Pick<LiveValueItem, 'receivedAt'>,
  staleAfterMs: number | null | undefined,
  gatewayOnline: boolean,
  now: number,
): boolean {
  if (!gatewayOnline) return true;
  if (staleAfterMs === null || staleAfterMs === undefined) return false;
  return now - item.receivedAt > staleAfterMs;
}

/** How long a periodic value stays fresh: two poll periods plus transit, at least five seconds. */
export function staleAfterFor(pollIntervalMs: number): number {
  return Math.max(2 * pollIntervalMs + 1000, 5000);
}

export * from './current-values.ts';
export * from './browser-support.ts';
