/**
 * The embedded MQTT broker (Aedes) on MQTT_PORT (TCP) and MQTT_WS_PORT (MQTT over WebSocket).
 * Each gateway signs in with its SN as client id and username and its secret as password, and may
 * publish only its own up topics and subscribe only its own down topics. The platform itself is
 * in-process and needs no connection.
 */
import net from 'node:net';
import http from 'node:http';
import { Aedes, type AedesPublishPacket, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { PLATFORM_SUBSCRIPTION, isOwnDownFilter, parseTopic } from '@lyyp/contracts/protocol';
import type { ConnectionEvents, MessageHandler, MqttTransport, PublishOptions } from './transport.ts';
import { createMessageEmitter } from './message-emitter.ts';

export interface EmbeddedBrokerOptions extends ConnectionEvents {
  port: number;
  wsPort: number | null;
  host: string;
  /** Whether the SN and secret belong to a known gateway. */
  verifyGateway(sn: string, secret: string): Promise<boolean>;
  /** How many following ports to try when the configured one is busy (0: fail at once). */
  fallbackPorts?: number;
  onRejected?(reason: string, clientId: string): void;
}

/** Gateway messages handled at once before the broker stops reading more (about 100 MB of uploads at most). */
const MAX_MESSAGES_IN_HANDLING = 5000;

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`port ${port} is in use`);
  }
}

function listen(server: net.Server | http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

export class EmbeddedBroker implements MqttTransport {
  readonly kind = 'embedded' as const;
  /**
   * Created on first use (listening, consuming or publishing): Aedes 1.x sets up its persistence
   * asynchronously, and a broker holds timers until it is closed, so none exists before it is needed.
   */
  private created: Promise<Aedes> | null = null;
  private aedes: Aedes | null = null;
  private tcp: net.Server | null = null;
  private web: http.Server | null = null;
  private sockets: WebSocketServer | null = null;
  /** Connections per gateway: a reconnect may arrive before the old connection's goodbye. */
  private readonly connections = new Map<string, Set<Client>>();
  port = 0;
  wsPort: number | null = null;

  constructor(private readonly options: EmbeddedBrokerOptions) {}

  /** The broker, created once. A platform that publishes before it listens (tests) keeps retained messages. */
  private broker(): Promise<Aedes> {
    this.created ??= this.createBroker().then((broker) => {
      broker.on('clientReady', (client: Client) => {
        const open = this.connections.get(client.id) ?? new Set<Client>();
        open.add(client);
        this.connections.set(client.id, open);
        this.options.onGatewayConnected?.(client.id);
      });
      broker.on('clientDisconnect', (client: Client) => {
        const open = this.connections.get(client.id);
        open?.delete(client);
        if (open && open.size > 0) return;
        this.connections.delete(client.id);
        this.options.onGatewayDisconnected?.(client.id);
      });
      this.aedes = broker;
      return broker;
    });
    return this.created;
  }

  /** MQTT clients connected right now. */
  get connectedClients(): number {
    return this.aedes?.connectedClients ?? 0;
  }

  isConnected(sn: string): boolean {
    return (this.connections.get(sn)?.size ?? 0) > 0;
  }

  async disconnectGateway(sn: string): Promise<boolean> {
    const open = [...(this.connections.get(sn) ?? [])];
    await Promise.all(open.map((client) => new Promise<void>((resolve) => client.close(() => resolve()))));
    return open.length > 0;
  }

  private createBroker(): Promise<Aedes> {
    return Aedes.createBroker({
      mq: createMessageEmitter(),
      // Gateway ids are their 12-digit SNs; allow longer ids for tools without accepting any.
      maxClientsIdLength: 64,
      authenticate: (client, username, password, done) => {
        const sn = client.id;
        if (!username || username !== sn || !password) {
          this.options.onRejected?.('bad credentials', sn);
          done(Object.assign(new Error('bad credentials'), { returnCode: 4 as const }), false);
          return;
        }
        this.options
          .verifyGateway(sn, password.toString('utf8'))
          .then((valid) => {
            if (!valid) this.options.onRejected?.('bad credentials', sn);
            done(
              valid ? null : Object.assign(new Error('bad credentials'), { returnCode: 4 as const }),
              valid,
            );
          })
          .catch(() =>
            done(Object.assign(new Error('server unavailable'), { returnCode: 3 as const }), false),
          );
      },
      authorizePublish: (client, packet, callback) => {
        if (!client) return callback(null);
        const topic = parseTopic(packet.topic);
        if (topic?.direction === 'up' && topic.sn === client.id && !packet.retain) return callback(null);
        this.options.onRejected?.(`publish to ${packet.topic}`, client.id);
        callback(new Error('not authorised'));
      },
      authorizeSubscribe: (client, subscription, callback) => {
        if (isOwnDownFilter(client.id, subscription.topic)) return callback(null, subscription);
        this.options.onRejected?.(`subscribe to ${subscription.topic}`, client.id);
        // A null subscription answers the client with a failed SUBACK instead of dropping it.
        callback(null, null);
      },
    });
  }

  /** Listens on the port, or on one of the next `fallbackPorts` ports when it is busy. */
  private async listenWithFallback(server: net.Server | http.Server, port: number): Promise<number> {
    const tries = port === 0 ? 0 : (this.options.fallbackPorts ?? 0);
    for (let offset = 0; ; offset += 1) {
      try {
        return await listen(server, port + offset, this.options.host);
      } catch (error) {
        if (!(error instanceof PortInUseError) || offset >= tries)
          throw offset > 0 && error instanceof PortInUseError ? new PortInUseError(port) : error;
      }
    }
  }

  /** Opens the broker's ports; on failure everything opened so far is closed again. */
  async listen(): Promise<void> {
    const broker = await this.broker();
    try {
      // Small MQTT packets (acks, commands, replies) must not wait for Nagle's algorithm.
      this.tcp = net.createServer({ noDelay: true }, (socket) => broker.handle(socket));
      this.port = await this.listenWithFallback(this.tcp, this.options.port);
      if (this.options.wsPort !== null) {
        this.web = http.createServer((_request, response) =>
          response.writeHead(426).end('MQTT over WebSocket only'),
        );
        this.sockets = new WebSocketServer({ server: this.web });
        this.sockets.on('connection', (socket, request) =>
          broker.handle(createWebSocketStream(socket), request),
        );
        this.wsPort = await this.listenWithFallback(this.web, this.options.wsPort);
      }
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  /**
   * Hands every gateway message to the handler. A message's delivery is released as soon as it is
   * handed over, not when its handling ends: Aedes reads a client's next packet only after the
   * previous one is delivered, and a gateway keeps several uploads unacknowledged (the data ack, not
   * the MQTT one, tells it what is stored), so its next uploads can join the same group commit.
   * Beyond `MAX_MESSAGES_IN_HANDLING` the releases wait, so a flood is held back at the sockets.
   */
  async start(handler: MessageHandler): Promise<void> {
    const broker = await this.broker();
    let handling = 0;
    const held: Array<() => void> = [];
    return new Promise((resolve) => {
      broker.subscribe(
        PLATFORM_SUBSCRIPTION,
        (packet: AedesPublishPacket, done: () => void) => {
          handling += 1;
          handler({
            topic: packet.topic,
            payload: Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
          })
            .catch(() => undefined)
            .finally(() => {
              handling -= 1;
              const next = held.shift();
              if (next) queueMicrotask(next);
            });
          // Released after this call returns: the broker delivers its next queued message from the
          // release, and doing that inside this call would nest one call per queued message.
          if (handling <= MAX_MESSAGES_IN_HANDLING) queueMicrotask(done);
          else held.push(done);
        },
        resolve,
      );
    });
  }

  async publish(topic: string, payload: string | Buffer, options: PublishOptions): Promise<void> {
    const broker = await this.broker();
    return new Promise((resolve, reject) => {
      broker.publish(
        {
          cmd: 'publish',
          topic,
          payload: Buffer.isBuffer(payload) ? payload : Buffer.from(payload),
          qos: options.qos,
          retain: options.retain ?? false,
          dup: false,
        },
        (error) => (error ? reject(error) : resolve()),
      );
    });
  }

  /**
   * Closes the broker (every client connection with it) and both listeners. Open sockets are
   * ended by the broker; the servers then close without waiting for idle keep-alive connections.
   */
  async close(): Promise<void> {
    const created = this.created;
    this.created = null;
    this.aedes = null;
    const broker = await created?.catch(() => null);
    if (broker) await new Promise<void>((resolve) => broker.close(() => resolve()));
    await closeServer(this.tcp);
    this.tcp = null;
    if (this.sockets) {
      for (const client of this.sockets.clients) client.terminate();
      await new Promise((resolve) => this.sockets!.close(resolve));
      this.sockets = null;
    }
    await closeServer(this.web);
    this.web = null;
  }
}

function closeServer(server: net.Server | http.Server | null): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  if (server instanceof http.Server) server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
