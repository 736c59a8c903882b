/**
 * A TCP relay on a free loopback port in front of another port, as a network between a gateway
 * and its broker or its PLC: it counts every connection made to it, can be cut (open connections
 * dropped, new ones closed at once, as an unplugged cable or a wrong address looks to a client)
 * and joined again. Without a target it is an address where nothing answers.
 */
import net from 'node:net';

export class TcpRelay {
  /** Connections made to the relay so far, whether passed on or closed. */
  connections = 0;
  private cut: boolean;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
    private readonly target: number | null,
  ) {
    this.cut = target === null;
  }

  /** A relay to `target` on 127.0.0.1; with null, every connection is closed at once. */
  static async start(target: number | null): Promise<TcpRelay> {
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    const relay = new TcpRelay(server, typeof address === 'object' && address ? address.port : 0, target);
    server.on('connection', (socket) => relay.accept(socket));
    return relay;
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  private accept(client: net.Socket): void {
    this.connections += 1;
    client.on('error', () => undefined);
    if (this.cut || this.target === null) {
      client.destroy();
      return;
    }
    const upstream = net.connect(this.target, '127.0.0.1');
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    }
  }

  /** Drops every connection and refuses new ones until `join`. */
  disconnect(): void {
    this.cut = true;
    for (const socket of this.sockets) socket.destroy();
  }

  join(): void {
    if (this.target !== null) this.cut = false;
  }

  async stop(): Promise<void> {
    this.disconnect();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
