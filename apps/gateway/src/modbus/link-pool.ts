/**
 * The agent's connections: one link per endpoint (per slave on TCP, per port on a serial bus) and
 * one channel per driver. Poller and writer share the pool, so a write queues behind the poll on
 * the same connection instead of racing it.
 */
import type { ModbusDriver as Driver } from '@lyyp/contracts/device-model';
import type { Scheduler } from '../core/scheduler.ts';
import { DEFAULT_BACKOFF, ModbusLink, endpointOf, type BackoffPolicy } from './modbus-link.ts';
import { SlaveChannel, type SlaveStatus } from './slave-channel.ts';
import { systemScheduler } from './system-scheduler.ts';

export interface LinkPoolOptions {
  readonly scheduler?: Scheduler;
  readonly backoff?: BackoffPolicy;
}

export class LinkPool {
  private readonly links = new Map<string, ModbusLink>();
  private readonly channels = new Map<string, SlaveChannel>();
  readonly scheduler: Scheduler;
  private readonly backoff: BackoffPolicy;

  constructor(options: LinkPoolOptions = {}) {
    this.scheduler = options.scheduler ?? systemScheduler;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  channelFor(driver: Driver): SlaveChannel {
    const existing = this.channels.get(driver.key);
    if (existing) return existing;
    const endpoint = endpointOf(driver);
    let link = this.links.get(endpoint.key);
    if (!link) {
      link = new ModbusLink(endpoint, this.scheduler, this.backoff);
      this.links.set(endpoint.key, link);
    }
    const channel = new SlaveChannel(driver, link, this.scheduler);
    this.channels.set(driver.key, channel);
    return channel;
  }

  /** Counters of every slave, for status reports. */
  statuses(): SlaveStatus[] {
    return [...this.channels.values()].map((channel) => channel.status());
  }

  async close(): Promise<void> {
    await Promise.all([...this.links.values()].map((link) => link.close()));
    this.links.clear();
    this.channels.clear();
  }
}
