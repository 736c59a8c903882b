/**
 * The bus across several platform nodes, over Redis pub/sub (BUS_URL). Every node publishes to
 * Redis and receives from it, its own events included, so each event reaches each node once.
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Bus, BusChannel, BusEvents } from './bus.ts';

const PREFIX = 'lyyp:bus:';

/** Every channel of the bus: a channel added to `BusEvents` and left out here fails the typecheck. */
const CHANNELS: Record<BusChannel, true> = {
  values: true,
  fresh: true,
  gatewayStatus: true,
  command: true,
  configSync: true,
  alarm: true,
  notice: true,
  accessRevoked: true,
  accountChanged: true,
};

export class RedisBus implements Bus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly emitter = new EventEmitter();
  private readonly subscribed = new Set<string>();

  private constructor(
    url: string,
    private readonly onError: (error: unknown) => void,
  ) {
    const options = { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, options);
    this.emitter.setMaxListeners(0);
    this.subscriber.on('message', (channel: string, message: string) => {
      try {
        this.emitter.emit(channel.slice(PREFIX.length), JSON.parse(message));
      } catch (error) {
        this.onError(error);
      }
    });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
  }

  static async connect(url: string, onError: (error: unknown) => void): Promise<RedisBus> {
    const bus = new RedisBus(url, onError);
    await Promise.all([bus.publisher.connect(), bus.subscriber.connect()]);
    // Subscribe to every channel up front so no event published after start is missed.
    for (const channel of Object.keys(CHANNELS) as BusChannel[]) {
      await bus.subscriber.subscribe(PREFIX + channel);
      bus.subscribed.add(channel);
    }
    return bus;
  }

  publish<C extends BusChannel>(channel: C, event: BusEvents[C]): void {
    this.publisher.publish(PREFIX + channel, JSON.stringify(event)).catch(this.onError);
  }

  subscribe<C extends BusChannel>(channel: C, handler: (event: BusEvents[C]) => void): () => void {
    this.emitter.on(channel, handler);
    return () => this.emitter.off(channel, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    await Promise.all([this.publisher.quit(), this.subscriber.quit()]).catch(() => undefined);
  }
}
