/**
 * Smart traffic saving, the platform's part: when someone watches a device live, its gateway
 * hears `down/view` (at most once a minute per device from this node), so with traffic saving on
 * it keeps sending changes at its change-report interval. Without such a hint for ten minutes the
 * gateway gathers changes for a minute instead (docs/protocol.md).
 */
import { downTopic, viewPayloadSchema } from '@lyyp/contracts/protocol';
import type { MqttTransport } from '../../mqtt/transport.ts';
import type { RuntimeRepository } from '../telemetry/runtime.repository.ts';

/** A device's gateway is told again at most this often (the gateway's idle limit is ten minutes). */
export const VIEW_HINT_MIN_INTERVAL_MS = 60_000;

export class ViewerHints {
  private readonly lastHint = new Map<string, number>();

  constructor(
    private readonly deps: {
      transport: Pick<MqttTransport, 'publish'>;
      runtime: Pick<RuntimeRepository, 'gatewayOfDevice'>;
      now: () => number;
      onError: (error: unknown) => void;
    },
  ) {}

  viewed(deviceIds: readonly string[]): void {
    for (const deviceId of deviceIds) this.hint(deviceId).catch(this.deps.onError);
  }

  private async hint(deviceId: string): Promise<void> {
    const now = this.deps.now();
    const last = this.lastHint.get(deviceId);
    if (last !== undefined && now - last < VIEW_HINT_MIN_INTERVAL_MS) return;
    this.lastHint.set(deviceId, now);
    const gateway = await this.deps.runtime.gatewayOfDevice(deviceId);
    if (!gateway || gateway.status !== 'online') return;
    const payload = viewPayloadSchema.parse({ ts: now });
    await this.deps.transport.publish(downTopic(gateway.sn, 'view'), JSON.stringify(payload), { qos: 0 });
  }
}
