/**
 * A device's current picture: its gateway, its latest values and how long each stays fresh. The
 * live channel sends it as the first message of a subscription, and `/equipment/values` answers it
 * over HTTP, so both say the same thing.
 */
import { staleAfterFor, type LiveGatewayStatus, type LiveValueItem } from '@lyyp/contracts/live';
import type { RuntimeRepository } from '../telemetry/runtime.repository.ts';

export interface DeviceSnapshot {
  gateway: { sn: string; status: LiveGatewayStatus; signal: number | null };
  /** Variable keys of the model, in model order. */
  keys: string[];
  /** Latest stored values (variables without one are absent). */
  values: LiveValueItem[];
  /** Per variable key: a value not refreshed for this long is stale (null: read on demand only). */
  staleAfterMs: Record<string, number | null>;
}

/** The snapshot of a device, or null when it has no model or gateway (unbound, removed). */
export async function readDeviceSnapshot(
  runtime: RuntimeRepository,
  deviceId: string,
): Promise<DeviceSnapshot | null> {
  const [context, gateway, latest] = await Promise.all([
    runtime.deviceContextById(deviceId),
    runtime.gatewayOfDevice(deviceId),
    runtime.latestValuesOf(deviceId),
  ]);
  if (!context || !gateway) return null;
  const pollOf = new Map(context.model.drivers.map((driver) => [driver.key, driver.pollIntervalMs]));
  const staleAfterMs: Record<string, number | null> = {};
  for (const variable of context.model.variables) {
    const poll = variable.driverKey ? pollOf.get(variable.driverKey) : undefined;
    staleAfterMs[variable.key] = variable.collectionMode === 'periodic' && poll ? staleAfterFor(poll) : null;
  }
  return {
    gateway: { sn: gateway.sn, status: gateway.status, signal: gateway.signal },
    keys: context.model.variables.map((variable) => variable.key),
    values: latest.map((row) => ({
      key: row.key,
      ts: row.ts.getTime(),
      receivedAt: row.receivedAt.getTime(),
      value: row.value ?? null,
      error: row.error,
    })),
    staleAfterMs,
  };
}
