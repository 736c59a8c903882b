/**
 * The gateway's `up/status`: sent on every connection, whenever something a person would notice
 * changes (configuration version, a slave connecting or failing with another code), and every
 * minute with the slave counters.
 */
import type { GATEWAY_MODES, NetworkMode, SlaveCounters, StatusPayload } from '@lyyp/contracts/protocol';
import type { Scheduler, TimerHandle } from '../core/scheduler.ts';
import type { SlaveStatus } from '../modbus/slave-channel.ts';

export const DEFAULT_STATUS_INTERVAL_MS = 60_000;
/** The protocol carries at most this many slaves. */
const MAX_SLAVES = 64;

export interface GatewayIdentity {
  readonly firmware: string;
  readonly hardware: string;
  readonly networkMode: NetworkMode;
  readonly gatewayMode: (typeof GATEWAY_MODES)[number];
}

export interface StatusReporterOptions {
  readonly scheduler: Scheduler;
  readonly identity: GatewayIdentity;
  readonly configVersion: () => number;
  readonly slaves: () => readonly SlaveStatus[];
  /** What else the status carries when known (signal, system firmware, the MQTT address in use). */
  readonly extra?: () => Pick<StatusPayload, 'signal' | 'systemFirmware' | 'mqtt'>;
  /** The status while connected: online, or dormant when put to sleep. */
  readonly currentStatus?: () => 'online' | 'dormant';
  /** Publishes; false when not connected. */
  readonly publish: (payload: StatusPayload) => boolean;
  readonly intervalMs?: number;
}

export function slaveCountersOf(statuses: readonly SlaveStatus[]): SlaveCounters[] {
  return statuses.slice(0, MAX_SLAVES).map((status) => ({
    driverKey: status.driverKey,
    requests: status.requests,
    failures: status.failures,
    timeouts: status.timeouts,
    lastErrorCode: status.lastErrorCode,
  }));
}

export class StatusReporter {
  private timer: TimerHandle | null = null;
  private lastSignature = '';

  constructor(private readonly options: StatusReporterOptions) {}

  build(status?: StatusPayload['status']): StatusPayload {
    const { identity } = this.options;
    return {
      status: status ?? this.options.currentStatus?.() ?? 'online',
      ts: this.options.scheduler.now(),
      firmware: identity.firmware,
      hardware: identity.hardware,
      networkMode: identity.networkMode,
      gatewayMode: identity.gatewayMode,
      configVersion: this.options.configVersion(),
      slaves: slaveCountersOf(this.options.slaves()),
      ...this.options.extra?.(),
    };
  }

  /** Sends the status now and restarts the minute. */
  sendNow(): void {
    this.cancel();
    if (this.options.publish(this.build())) this.lastSignature = this.signature();
    this.timer = this.options.scheduler.setTimeout(() => {
      this.timer = null;
      this.sendNow();
    }, this.options.intervalMs ?? DEFAULT_STATUS_INTERVAL_MS);
  }

  /** Sends the status if something worth telling changed since the last one. */
  checkForChange(): void {
    if (this.timer && this.signature() !== this.lastSignature) this.sendNow();
  }

  stop(): void {
    this.cancel();
  }

  private signature(): string {
    const slaves = this.options
      .slaves()
      .map((slave) => `${slave.driverKey}:${slave.connected ? 1 : 0}:${slave.lastErrorCode ?? ''}`);
    return [
      this.options.configVersion(),
      this.options.currentStatus?.() ?? '',
      JSON.stringify(this.options.extra?.() ?? {}),
      ...slaves,
    ].join('|');
  }

  private cancel(): void {
    if (!this.timer) return;
    this.options.scheduler.clearTimeout(this.timer);
    this.timer = null;
  }
}
