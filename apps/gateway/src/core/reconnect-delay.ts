/**
 * How long to wait before the next connection attempt to the platform: doubling from `initialMs`
 * up to `maxMs`, with random jitter (between half and all of the step) so that thousands of
 * gateways cut off by the same outage do not all knock again in the same second.
 */
export interface ReconnectPolicy {
  readonly initialMs: number;
  readonly maxMs: number;
}

export const DEFAULT_RECONNECT: ReconnectPolicy = { initialMs: 1000, maxMs: 60_000 };

/** Delay before attempt `failures + 1`, after `failures` failed attempts in a row. */
export function reconnectDelay(failures: number, policy: ReconnectPolicy, random: () => number): number {
  const step = Math.min(policy.maxMs, policy.initialMs * 2 ** Math.min(failures, 30));
  return Math.round(step / 2 + (step / 2) * random());
}
