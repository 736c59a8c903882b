/**
 * The platform as a gateway test needs it: an Aedes broker on a free loopback port that checks
 * the gateway's SN and secret, stores uploaded points idempotently on (key, time) and acknowledges
 * each upload, records everything else the gateway says, can withdraw the configuration (an empty
 * retained message), and can go away and come back on the same port. Every change it sees is
 * announced to `onChange` listeners, so tests wait for what they expect instead of polling.
 */
import net from 'node:net';
import { Aedes, type AedesPublishPacket, type Client } from 'aedes';
import {
  downTopic,
  parseTopic,
  type CommandPayload,
  type ConfigPayload,
  type ConfigReport,
  type DataPayload,
  type Point,
  type ReplyPayload,
  type ScriptReport,
  type StatusPayload,
} from '@lyyp/contracts/protocol';
import type { Gap } from '../../core/buffer-ledger.ts';

export interface FakePlatformOptions {
  readonly sn: string;
  readonly secret: string;
}

export class FakePlatform {
  /** Points stored, by `key@time`, each once. */
  readonly stored = new Map<string, Point>();
  /** Sequence numbers of uploads in arrival order (repeats included). */
  readonly arrivals: number[] = [];
  /** Every upload as it arrived (repeats included), with the time it arrived. */
  readonly uploads: Array<{ readonly payload: DataPayload; readonly receivedAt: number }> = [];
  /** Gaps reported, once per upload (a resent upload repeats its gaps). */
  private readonly gapsBySeq = new Map<number, Gap[]>();
  /** Uploads that arrived again after their acknowledgement was delivered. */
  readonly resentAfterAck: number[] = [];
  readonly statuses: StatusPayload[] = [];
  readonly configReports: ConfigReport[] = [];
  readonly replies: ReplyPayload[] = [];
  readonly scriptReports: ScriptReport[] = [];
  /** Set to false to take uploads without acknowledging them. */
  acknowledge = true;
  /** Set to false to ignore uploads altogether (neither stored nor acknowledged), as a failing platform does. */
  accepting = true;
  private readonly acked = new Set<number>();
  private readonly listeners = new Set<() => void>();
  private readonly sockets = new Set<net.Socket>();
  private readonly broker: Aedes;
  private readonly server: net.Server;
  private clientConnected = false;
  /** CONNECT packets received, accepted or not. */
  connectAttempts = 0;
  /** The last will the gateway left when it connected. */
  will: { topic: string; payload: unknown; retain: boolean } | null = null;
  port = 0;

  private constructor(private readonly options: FakePlatformOptions) {
    this.broker = new Aedes({
      preConnect: (_client, packet, callback) => {
        this.connectAttempts += 1;
        if (packet.will) {
          const { topic, payload, retain } = packet.will;
          this.will = {
            topic,
            payload: JSON.parse(Buffer.from(payload).toString('utf8')) as unknown,
            retain: retain ?? false,
          };
        }
        callback(null, true);
      },
      authenticate: (client, username, password, done) => {
        const valid =
          client.id === options.sn && username === options.sn && password?.toString() === options.secret;
        done(valid ? null : Object.assign(new Error('bad credentials'), { returnCode: 4 as const }), valid);
      },
    });
    this.broker.on('clientReady', (client: Client) => {
      if (client.id === options.sn) this.clientConnected = true;
      this.changed();
    });
    this.broker.on('clientDisconnect', (client: Client) => {
      if (client.id === options.sn) this.clientConnected = false;
      this.changed();
    });
    this.broker.on('publish', (packet: AedesPublishPacket) => this.handleUp(packet));
    this.server = net.createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      this.broker.handle(socket);
    });
  }

  static async start(options: FakePlatformOptions): Promise<FakePlatform> {
    const platform = new FakePlatform(options);
    await platform.broker.listen();
    await platform.listen(0);
    return platform;
  }

  /** Calls `listener` after every upload, status, report, reply, acknowledgement and (dis)connection. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get gaps(): Gap[] {
    return [...this.gapsBySeq.values()].flat();
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  get gatewayConnected(): boolean {
    return this.clientConnected;
  }

  /** Publishes a configuration, retained like the platform does. */
  async pushConfig(config: ConfigPayload | Record<string, unknown>): Promise<void> {
    await this.publish(downTopic(this.options.sn, 'config'), config, true);
  }

  /** Withdraws the configuration as the platform does when the device is unbound: an empty retained message. */
  async clearConfig(): Promise<void> {
    await this.publishRaw(downTopic(this.options.sn, 'config'), Buffer.alloc(0), true);
  }

  async sendCommand(command: CommandPayload | Record<string, unknown>): Promise<void> {
    await this.publish(downTopic(this.options.sn, 'cmd'), command, false);
  }

  /** Tells the gateway someone watches the device live (`down/view`). */
  async sendView(ts = Date.now()): Promise<void> {
    await this.publish(downTopic(this.options.sn, 'view'), { ts }, false);
  }

  /** The reply to a command, once it came. */
  replyTo(uuid: string): ReplyPayload | undefined {
    return this.replies.find((reply) => reply.uuid === uuid);
  }

  /** Drops every connection and stops listening: the platform is unreachable. */
  async goOffline(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      for (const socket of this.sockets) socket.destroy();
    });
  }

  /** Listens again on the same port. */
  async comeBack(): Promise<void> {
    await this.listen(this.port);
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.broker.close(() => resolve()));
    if (this.server.listening) await new Promise((resolve) => this.server.close(resolve));
  }

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        const address = this.server.address();
        this.port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  }

  private publish(topic: string, payload: unknown, retain: boolean): Promise<void> {
    return this.publishRaw(topic, Buffer.from(JSON.stringify(payload)), retain);
  }

  private publishRaw(topic: string, payload: Buffer, retain: boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      this.broker.publish({ cmd: 'publish', topic, payload, qos: 1, retain, dup: false }, (error) =>
        error ? reject(error) : resolve(),
      );
    });
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private handleUp(packet: AedesPublishPacket): void {
    const topic = parseTopic(packet.topic);
    if (topic?.direction !== 'up' || topic.sn !== this.options.sn) return;
    const body: unknown = JSON.parse(Buffer.from(packet.payload).toString('utf8'));
    switch (topic.kind) {
      case 'data':
        this.handleData(body as DataPayload);
        break;
      case 'status':
        this.statuses.push(body as StatusPayload);
        break;
      case 'config':
        this.configReports.push(body as ConfigReport);
        break;
      case 'reply':
        this.replies.push(body as ReplyPayload);
        break;
      case 'script':
        this.scriptReports.push(body as ScriptReport);
        break;
      case 'ota':
        // Upgrade progress: the OTA runner's own tests and the OTA system test follow it.
        break;
    }
    this.changed();
  }

  private handleData(payload: DataPayload): void {
    if (!this.accepting) return;
    this.arrivals.push(payload.seq);
    this.uploads.push({ payload, receivedAt: Date.now() });
    if (this.acked.has(payload.seq)) this.resentAfterAck.push(payload.seq);
    if (payload.gaps?.length && !this.gapsBySeq.has(payload.seq))
      this.gapsBySeq.set(payload.seq, payload.gaps);
    let stored = 0;
    for (const point of payload.points) {
      const key = `${point.k}@${point.t}`;
      if (this.stored.has(key)) continue;
      this.stored.set(key, point);
      stored += 1;
    }
    if (!this.acknowledge) return;
    const ack = { seq: payload.seq, stored, duplicates: payload.points.length - stored };
    this.publish(downTopic(this.options.sn, 'ack'), ack, false)
      .then(() => {
        this.acked.add(payload.seq);
        this.changed();
      })
      .catch(() => undefined);
  }
}
