/**
 * The platform's live side, assembled: the MQTT transport (embedded broker, or an external broker
 * with MQTT_URL), ingest, gateway link, gateway liveness, commands and the bus. `start()` sets every
 * gateway's status right (see gateway-liveness.ts), opens the broker's ports and begins consuming;
 * `close()` stops consuming, drains the ingest queue and closes the broker.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus/bus.ts';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { gatewayBrokerUrl, withoutCredentials } from './mqtt/broker-address.ts';
import { EmbeddedBroker } from './mqtt/embedded-broker.ts';
import { ExternalBrokerClient } from './mqtt/external-client.ts';
import type { MqttTransport } from './mqtt/transport.ts';
import { CommandRepository } from './modules/command/command.repository.ts';
import { CommandService, type DeviceAccess } from './modules/command/command.service.ts';
import { GatewayLinkService } from './modules/telemetry/gateway-link.service.ts';
import { GatewayLiveness } from './modules/telemetry/gateway-liveness.ts';
import { HistoryQueries } from './modules/telemetry/history-queries.repository.ts';
import { HistoryRepository } from './modules/telemetry/history.repository.ts';
import { IngestService, ONE_AT_A_TIME_OVERLAP_FROM_POINTS } from './modules/telemetry/ingest.service.ts';
import { RuntimeRepository } from './modules/telemetry/runtime.repository.ts';

export interface RuntimeDeps {
  config: Config;
  db: Database;
  databaseKind: DatabaseHandle['kind'];
  bus: Bus;
  access: DeviceAccess;
  logger: FastifyBaseLogger;
  now: () => number;
}

export interface BrokerAddress {
  kind: 'embedded' | 'external';
  port: number | null;
  wsPort: number | null;
  /** The external broker, without the platform's account. */
  url: string | null;
  /** Where gateways connect (the credentials answer shows the same). */
  gatewayUrl: string;
}

export class PlatformRuntime {
  readonly transport: MqttTransport;
  readonly runtime: RuntimeRepository;
  readonly history: HistoryRepository;
  readonly historyQueries: HistoryQueries;
  readonly ingest: IngestService;
  readonly link: GatewayLinkService;
  readonly liveness: GatewayLiveness;
  readonly commands: CommandService;
  private readonly startHooks: Array<() => void> = [];
  private readonly closeHooks: Array<() => Promise<void>> = [];

  constructor(private readonly deps: RuntimeDeps) {
    this.runtime = new RuntimeRepository(deps.db);
    this.history = new HistoryRepository(deps.db);
    this.historyQueries = new HistoryQueries(deps.db);
    const { config } = deps;
    this.transport = config.mqtt.url
      ? new ExternalBrokerClient(config.mqtt.url, randomUUID().slice(0, 8), config.mqtt.shareGroup)
      : new EmbeddedBroker({
          host: config.host,
          port: config.mqtt.port,
          wsPort: config.mqtt.wsPort,
          fallbackPorts: config.mqtt.portsExplicit ? 0 : 10,
          verifyGateway: async (sn, secret) => (await this.runtime.gatewaySecret(sn)) === secret,
          onGatewayDisconnected: (sn) => {
            this.link
              .gatewayLeft(sn)
              .catch((error: unknown) => deps.logger.warn({ err: error, sn }, 'offline update failed'));
          },
          onRejected: (reason, clientId) => deps.logger.warn({ clientId, reason }, 'mqtt request refused'),
        });
    this.ingest = new IngestService(this.history, this.runtime, deps.bus, deps.now, {
      // The embedded database runs one statement at a time (see `overlapFromPoints`).
      overlapFromPoints: deps.databaseKind === 'pglite' ? ONE_AT_A_TIME_OVERLAP_FROM_POINTS : 0,
    });
    const transport = this.transport;
    this.liveness = new GatewayLiveness({
      runtime: this.runtime,
      bus: deps.bus,
      logger: deps.logger,
      now: deps.now,
      ...(transport instanceof EmbeddedBroker ? { isConnected: (sn) => transport.isConnected(sn) } : {}),
    });
    this.commands = new CommandService({
      liveness: this.liveness,
      commands: new CommandRepository(deps.db),
      runtime: this.runtime,
      transport: this.transport,
      bus: deps.bus,
      access: deps.access,
      now: deps.now,
    });
    this.link = new GatewayLinkService({
      transport: this.transport,
      runtime: this.runtime,
      ingest: this.ingest,
      bus: deps.bus,
      logger: deps.logger,
      now: deps.now,
      onReply: (sn, reply) => this.commands.handleReply(sn, reply),
    });
  }

  /** Work that runs while the runtime does (the alarm sweeps): started after it, stopped before it closes. */
  alongside(start: () => void, stop: () => Promise<void>) {
    this.startHooks.push(start);
    this.closeHooks.push(stop);
  }

  /** Opens the embedded broker's ports (or connects to the external broker) and starts consuming. */
  async start(): Promise<BrokerAddress> {
    // Before the embedded broker takes connections: a status left "online" by a crash is not true.
    await this.liveness.reconcileOnStart();
    if (this.transport instanceof EmbeddedBroker) await this.transport.listen();
    await this.link.start();
    this.liveness.startSweeping();
    for (const hook of this.startHooks) hook();
    return this.address();
  }

  address(): BrokerAddress {
    const gatewayUrl = this.gatewayBrokerUrl();
    if (this.transport instanceof EmbeddedBroker) {
      return {
        kind: 'embedded',
        port: this.transport.port,
        wsPort: this.transport.wsPort,
        url: null,
        gatewayUrl,
      };
    }
    const { url } = this.deps.config.mqtt;
    return {
      kind: 'external',
      port: null,
      wsPort: null,
      url: url ? withoutCredentials(url) : null,
      gatewayUrl,
    };
  }

  /** The broker address for gateways: never the platform's own account (see mqtt/broker-address.ts). */
  gatewayBrokerUrl(): string {
    const listening = this.transport instanceof EmbeddedBroker ? this.transport.port : 0;
    return gatewayBrokerUrl(this.deps.config, listening || this.deps.config.mqtt.port);
  }

  /**
   * Closes whatever `start()` opened, also after a start that failed half-way or none at all; a
   * platform that never started its MQTT side holds nothing, and closing twice is harmless.
   */
  async close(): Promise<void> {
    for (const hook of this.closeHooks) await hook();
    await this.liveness.stop();
    await this.ingest.drain();
    await this.transport.close();
  }
}
