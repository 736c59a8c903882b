/**
 * Everything a gateway says over MQTT comes through here: it is parsed against the protocol
 * schemas, dispatched (status, data, configuration report, command reply), and answered (data
 * acknowledgements, configuration pushes). A bad message is rejected, counted and logged, and
 * changes nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  ackPayloadSchema,
  configReportSchema,
  downTopic,
  otaReportSchema,
  parseDataPayload,
  parseTopic,
  replyPayloadSchema,
  scriptReportSchema,
  statusPayloadSchema,
  type AckPayload,
  type ConfigPayload,
  type OtaReport,
  type ReplyPayload,
  type ScriptReport,
  type StatusPayload,
} from '@lyyp/contracts/protocol';
import type { Bus } from '../../bus/bus.ts';
import type { IncomingMessage, MqttTransport } from '../../mqtt/transport.ts';
import type { IngestService } from './ingest.service.ts';
import type { RuntimeRepository } from './runtime.repository.ts';

export interface GatewayLinkOptions {
  transport: MqttTransport;
  runtime: RuntimeRepository;
  ingest: IngestService;
  bus: Bus;
  logger: FastifyBaseLogger;
  now: () => number;
  /** Receives command replies (the command service). */
  onReply: (sn: string, reply: ReplyPayload) => Promise<void>;
}

export type ScriptReportHandler = (deviceId: string, report: ScriptReport) => Promise<void>;
export type OtaReportHandler = (sn: string, report: OtaReport) => Promise<void>;
/**
 * Told after a gateway's status is stored, with that status (the OTA rollout starts what now
 * qualifies; remote settings read what the agent runs).
 */
export type GatewayStatusHandler = (sn: string, status?: StatusPayload) => Promise<void>;

export class GatewayLinkService {
  /** Messages refused since start, by reason; also counted per gateway in the database. */
  readonly rejected = new Map<string, number>();
  private scriptReports: ScriptReportHandler | null = null;
  private otaReports: OtaReportHandler | null = null;
  private statusHandlers: GatewayStatusHandler[] = [];

  constructor(private readonly options: GatewayLinkOptions) {}

  async start(): Promise<void> {
    await this.options.transport.start((message) => this.handle(message));
  }

  /** Where `up/script` reports of bound gateways go (the edge logic module). */
  handleScriptReports(handler: ScriptReportHandler): void {
    this.scriptReports = handler;
  }

  /** Where `up/ota` reports go (the OTA module). */
  handleOtaReports(handler: OtaReportHandler): void {
    this.otaReports = handler;
  }

  /** Called after each stored status of a gateway. */
  onGatewayStatus(handler: GatewayStatusHandler): void {
    this.statusHandlers.push(handler);
  }

  private parse<T extends z.ZodType>(schema: T, message: IncomingMessage): z.infer<T> | null {
    return this.parseWith((input) => {
      const parsed = schema.safeParse(input);
      return parsed.success ? parsed.data : null;
    }, message);
  }

  private parseWith<T>(check: (input: unknown) => T | null, message: IncomingMessage): T | null {
    try {
      return check(JSON.parse(message.payload.toString('utf8')));
    } catch {
      return null;
    }
  }

  private async reject(sn: string, topic: string, reason: string) {
    this.rejected.set(reason, (this.rejected.get(reason) ?? 0) + 1);
    this.options.logger.warn({ sn, topic, reason }, 'gateway message rejected');
    await this.options.runtime.countRejected(sn, 1).catch(() => undefined);
  }

  async handle(message: IncomingMessage): Promise<void> {
    const topic = parseTopic(message.topic);
    if (!topic || topic.direction !== 'up') return;
    const { sn } = topic;
    try {
      switch (topic.kind) {
        case 'data': {
          const payload = this.parseWith(parseDataPayload, message);
          if (!payload) return await this.reject(sn, message.topic, 'invalid data payload');
          const result = await this.options.ingest.ingest(sn, payload);
          if (!result) {
            // Nothing can be stored for a gateway without a device; acknowledging stops it resending.
            await this.reject(sn, message.topic, 'gateway has no bound device');
            this.acknowledge(sn, ackPayloadSchema.parse({ seq: payload.seq, stored: 0, duplicates: 0 }));
            return;
          }
          const ack = ackPayloadSchema.parse({
            seq: payload.seq,
            stored: result.stored,
            duplicates: result.duplicates,
          });
          this.acknowledge(sn, ack);
          return;
        }
        case 'status': {
          const payload = this.parse(statusPayloadSchema, message);
          if (!payload) return await this.reject(sn, message.topic, 'invalid status payload');
          await this.options.runtime.updateGateway(sn, {
            status: payload.status,
            lastSeenAt: new Date(this.options.now()),
            ...(payload.signal !== undefined ? { signal: payload.signal } : {}),
            ...(payload.firmware !== undefined ? { firmware: payload.firmware } : {}),
            ...(payload.systemFirmware !== undefined ? { systemFirmware: payload.systemFirmware } : {}),
            ...(payload.hardware !== undefined ? { hardwareModel: payload.hardware } : {}),
            ...(payload.networkMode !== undefined ? { networkMode: payload.networkMode } : {}),
            ...(payload.gatewayMode !== undefined ? { gatewayMode: payload.gatewayMode } : {}),
            ...(payload.configVersion !== undefined ? { configVersionReported: payload.configVersion } : {}),
            ...(payload.slaves !== undefined ? { slaveCounters: payload.slaves } : {}),
          });
          const context = await this.options.runtime.deviceContextBySn(sn);
          this.options.bus.publish('gatewayStatus', {
            sn,
            deviceId: context?.deviceId ?? null,
            status: payload.status,
            signal: payload.signal ?? null,
            at: this.options.now(),
          });
          // A gateway running another version (replaced, reset, or the retained copy was lost with a
          // broker restart) gets the current configuration again.
          if (payload.status === 'online' && context && payload.configVersion !== context.version) {
            await this.pushConfig(context.deviceId);
          }
          // A gateway unbound while it was offline still runs its old configuration: withdraw it again.
          if (payload.status === 'online' && !context && (payload.configVersion ?? 0) > 0)
            await this.clearConfig(sn);
          for (const handler of this.statusHandlers) await handler(sn, payload);
          return;
        }
        case 'config': {
          const payload = this.parse(configReportSchema, message);
          if (!payload) return await this.reject(sn, message.topic, 'invalid config report');
          const context = await this.options.runtime.deviceContextBySn(sn);
          // The current version reached the gateway through the broker's retained copy (it was saved
          // while the gateway was away): it counts as sent from now.
          if (context && payload.version === context.version && context.configVersion !== context.version)
            await this.options.runtime.markConfigPushed(context.deviceId, sn, context.version);
          const state = await this.options.runtime.recordConfigReport(
            sn,
            payload.version,
            payload.status === 'applied',
            payload.message ?? payload.code ?? null,
            context ? context.version : payload.version,
          );
          this.options.bus.publish('configSync', {
            sn,
            deviceId: context?.deviceId ?? null,
            state,
            version: payload.version,
          });
          return;
        }
        case 'script': {
          const payload = this.parse(scriptReportSchema, message);
          if (!payload) return await this.reject(sn, message.topic, 'invalid script report');
          const context = await this.options.runtime.deviceContextBySn(sn);
          if (!context) return await this.reject(sn, message.topic, 'gateway has no bound device');
          await this.scriptReports?.(context.deviceId, payload);
          return;
        }
        case 'ota': {
          const payload = this.parse(otaReportSchema, message);
          if (!payload) return await this.reject(sn, message.topic, 'invalid upgrade report');
          await this.otaReports?.(sn, payload);
          return;
        }
        case 'reply': {
          const payload = this.parse(replyPayloadSchema, message);
          if (!payload) return await this.reject(sn, message.topic, 'invalid command reply');
          await this.options.onReply(sn, payload);
          return;
        }
      }
    } catch (error) {
      // Not acknowledged: the gateway keeps the data and sends it again.
      this.options.logger.error({ err: error, sn, topic: message.topic }, 'gateway message failed');
    }
  }

  /**
   * Publishes an acknowledgement without waiting for its delivery. The embedded broker delivers the
   * platform's messages through the same bounded queue as the gateways' uploads, and an upload's
   * delivery ends only when its handling does: an upload that waited here for its own ack would hold
   * a slot the ack needs, and with every slot held by such uploads nothing would move again.
   */
  private acknowledge(sn: string, ack: AckPayload) {
    this.options.transport
      .publish(downTopic(sn, 'ack'), JSON.stringify(ack), { qos: 1 })
      .catch((error: unknown) =>
        this.options.logger.warn({ err: error, sn, seq: ack.seq }, 'acknowledgement not sent'),
      );
  }

  /** Sends a device's configuration (retained, so a gateway connecting later gets it too). */
  async pushConfig(deviceId: string): Promise<number | null> {
    const context = await this.retainConfig(deviceId);
    if (!context) return null;
    await this.options.runtime.markConfigPushed(deviceId, context.sn, context.version);
    this.options.bus.publish('configSync', {
      sn: context.sn,
      deviceId,
      state: 'syncing',
      version: context.version,
    });
    return context.version;
  }

  /**
   * Replaces the retained configuration on the broker with the device's current one, without
   * counting it as sent (the device stays `queued` until its gateway is back). The retained copy is
   * what a gateway gets first when it connects: were it an older version, the gateway would run it —
   * and poll an address no longer the device's — until its status report brought the current one.
   */
  async retainConfig(deviceId: string): Promise<{ sn: string; version: number } | null> {
    const context = await this.options.runtime.deviceContextById(deviceId);
    if (!context) return null;
    this.options.ingest.forgetDevice(context.sn);
    const payload: ConfigPayload = { version: context.version, model: context.model };
    await this.options.transport.publish(downTopic(context.sn, 'config'), JSON.stringify(payload), {
      qos: 1,
      retain: true,
    });
    return { sn: context.sn, version: context.version };
  }

  /** Clears a gateway's retained configuration (its device was unbound). */
  async clearConfig(sn: string): Promise<void> {
    this.options.ingest.forgetDevice(sn);
    await this.options.transport.publish(downTopic(sn, 'config'), '', { qos: 1, retain: true });
  }

  async pushProductConfig(productId: string): Promise<void> {
    for (const deviceId of await this.options.runtime.deviceIdsOfProduct(productId))
      await this.pushConfig(deviceId);
  }

  async gatewayLeft(sn: string): Promise<void> {
    await this.options.runtime.updateGateway(sn, { status: 'offline' });
    const context = await this.options.runtime.deviceContextBySn(sn);
    this.options.bus.publish('gatewayStatus', {
      sn,
      deviceId: context?.deviceId ?? null,
      status: 'offline',
      signal: null,
      at: this.options.now(),
    });
  }
}
