/**
 * The platform's live side, assembled: the MQTT transport (embedded broker, or an external broker
 * with MQTT_URL), ingest, gateway link, commands and the bus. `start()` opens the broker's ports and
 * begins consuming; `close()` stops consuming, drains the ingest queue and closes the broker.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus/bus.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { EmbeddedBroker } from './mqtt/embedded-broker.ts';
import { ExternalBrokerClient } from './mqtt/external-client.ts';
import type { MqttTransport } from './mqtt/transport.ts';
import { CommandRepository } from './modules/command/command.repository.ts';
import { CommandService, type DeviceAccess } from './modules/command/command.service.ts';
import { GatewayLinkService } from './modules/telemetry/gateway-link.service.ts';
import { HistoryQueries, HistoryRepository } from './modules/telemetry/history.repository.ts';
import { IngestService } from './modules/telemetry/ingest.service.ts';
import { RuntimeRepository } from './modules/telemetry/runtime.repository.ts';

export interface RuntimeDeps {
  config: Config;
  db: Database;
  bus: Bus;
  access: DeviceAccess;
  logger: FastifyBaseLogger;
  now: () => number;
}

export interface BrokerAddress {
  kind: 'embedded' | 'external';
  port: number | null;
  wsPort: number | null;
  url: string | null;
}

export class PlatformRuntime {
  readonly transport: MqttTransport;
  readonly runtime: RuntimeRepository;
  readonly history: HistoryRepository;
  readonly historyQueries: HistoryQueries;
  readonly ingest: IngestService;
  readonly link: GatewayLinkService;
  readonly commands: CommandService;
  private started = false;
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
    this.ingest = new IngestService(this.history, this.runtime, deps.bus, deps.now);
    this.commands = new CommandService({
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
    if (this.transport instanceof EmbeddedBroker) await this.transport.listen();
    await this.link.start();
    this.started = true;
    for (const hook of this.startHooks) hook();
    return this.address();
  }

  address(): BrokerAddress {
    if (this.transport instanceof EmbeddedBroker) {
      return { kind: 'embedded', port: this.transport.port, wsPort: this.transport.wsPort, url: null };
    }
    return { kind: 'external', port: null, wsPort: null, url: this.deps.config.mqtt.url ?? null };
  }

  async close(): Promise<void> {
    for (const hook of this.closeHooks) await hook();
    if (!this.started) return;
    this.started = false;
    await this.ingest.drain();
    await this.transport.close();
  }
}
