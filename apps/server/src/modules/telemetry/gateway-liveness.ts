/**
 * Keeps every gateway's status true, also after a crash of the platform: a gateway is online only
 * while it is connected and heard from. The broker's goodbye (connection closed, or the last will
 * on an external broker) normally says when a gateway leaves; this covers what that misses — a
 * platform killed while gateways were online, a goodbye published while no node listened, a lost
 * database update — and answers commands whether a gateway can be reached now.
 *
 * - Embedded broker: the broker is in this process, so at start nobody is connected: every gateway
 *   is offline until it connects and says so. Later the broker's own list of connections decides.
 * - External broker: other nodes may hold gateways' connections, so a node decides by what it
 *   heard: a gateway silent for longer than GATEWAY_SILENCE_TIMEOUT_MS is offline; one that is
 *   connected reports its status within GATEWAY_STATUS_INTERVAL_MS and so is never taken down.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../bus/bus.ts';
import type { RuntimeRepository } from './runtime.repository.ts';

/** Gateways report their status at least this often (docs/protocol.md, "Status"). */
export const GATEWAY_STATUS_INTERVAL_MS = 60_000;
/** The longest MQTT keep-alive docs/protocol.md recommends; brokers give up after 1.5 of them. */
export const GATEWAY_MAX_KEEPALIVE_MS = 60_000;
/**
 * Heard from within this time, or not online: a status period, plus the keep-alive grace after
 * which the broker itself would have declared the gateway gone (and published its will).
 */
export const GATEWAY_SILENCE_TIMEOUT_MS = GATEWAY_STATUS_INTERVAL_MS + 1.5 * GATEWAY_MAX_KEEPALIVE_MS;
/** How often statuses are checked against connections and silence. */
export const GATEWAY_SWEEP_INTERVAL_MS = 30_000;

export type GatewayPresence = 'online' | 'offline' | 'dormant';

export interface GatewayLivenessOptions {
  runtime: RuntimeRepository;
  bus: Bus;
  logger: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  now: () => number;
  /**
   * Whether a gateway holds a connection to this process's broker. Given for the embedded broker
   * only; an external broker does not say, and silence decides.
   */
  isConnected?: (sn: string) => boolean;
}

export class GatewayLiveness {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;

  constructor(private readonly options: GatewayLivenessOptions) {}

  /**
   * Sets statuses right before gateway messages are consumed. With the embedded broker this must
   * run before it listens: nobody is connected, so every gateway is offline.
   */
  async reconcileOnStart(): Promise<number> {
    const changed = this.options.isConnected
      ? await this.options.runtime.markGatewaysOffline()
      : await this.options.runtime.markGatewaysOffline({ silentBefore: this.silenceCutoff() });
    this.announce(changed);
    if (changed.length > 0)
      this.options.logger.info(
        { gateways: changed.length },
        'gateways not connected marked offline at start',
      );
    return changed.length;
  }

  /** Marks offline what is not connected (embedded) or has been silent too long (external). */
  sweep(): Promise<number> {
    // One sweep at a time; a caller arriving meanwhile waits for the running one.
    this.sweeping ??= this.sweepOnce().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async sweepOnce(): Promise<number> {
    const { runtime, isConnected } = this.options;
    let changed;
    if (isConnected) {
      const startedAt = new Date(this.options.now());
      const gone = (await runtime.gatewaysNotOffline()).filter((sn) => !isConnected(sn));
      changed = [];
      for (let start = 0; start < gone.length; start += 1000)
        changed.push(
          ...(await runtime.markGatewaysOffline({
            sns: gone.slice(start, start + 1000),
            silentBefore: startedAt,
          })),
        );
    } else {
      changed = await runtime.markGatewaysOffline({ silentBefore: this.silenceCutoff() });
    }
    this.announce(changed);
    return changed.length;
  }

  /**
   * Whether a command can reach the gateway now, from its stored status and what this node knows:
   * its broker's connections (embedded) or when the gateway was last heard from (external).
   */
  presenceOf(sn: string, state: { status: string; lastSeenAt: Date | null } | undefined): GatewayPresence {
    if (!state) return 'offline';
    if (state.status === 'dormant') return 'dormant';
    if (state.status !== 'online') return 'offline';
    if (this.options.isConnected) return this.options.isConnected(sn) ? 'online' : 'offline';
    const heard = state.lastSeenAt?.getTime();
    return heard !== undefined && heard >= this.silenceCutoff().getTime() ? 'online' : 'offline';
  }

  /** Sweeps every GATEWAY_SWEEP_INTERVAL_MS until `stop()`. */
  startSweeping(intervalMs = GATEWAY_SWEEP_INTERVAL_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'gateway status sweep failed'),
      );
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping?.catch(() => undefined);
  }

  private silenceCutoff(): Date {
    return new Date(this.options.now() - GATEWAY_SILENCE_TIMEOUT_MS);
  }

  private announce(changed: ReadonlyArray<{ sn: string; deviceId: string | null }>) {
    const at = this.options.now();
    for (const { sn, deviceId } of changed)
      this.options.bus.publish('gatewayStatus', { sn, deviceId, status: 'offline', signal: null, at });
  }
}
