/**
 * Connects the platform to an external broker (MQTT_URL: EMQX, HiveMQ, Mosquitto) and consumes the
 * gateways' up topics through a shared subscription, so several platform nodes split the load.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { PLATFORM_SUBSCRIPTION } from '@lyyp/contracts/protocol';
import type { MessageHandler, MqttTransport, PublishOptions } from './transport.ts';

/**
 * How long the broker keeps a node's session after its connection drops (MQTT 5 session expiry).
 * Long enough that a reconnect finds the uploads queued meanwhile; short enough that a node which
 * is gone for good (a crash, a scale-in: each start has a new client id) leaves the shared
 * subscription soon. A session kept for ever would stay a member of the share group and take its
 * share of every gateway's uploads into a queue nobody reads, until the broker drops them.
 */
export const SESSION_EXPIRY_SECONDS = 60;

export class ExternalBrokerClient implements MqttTransport {
  readonly kind = 'external' as const;
  private client: MqttClient | null = null;

  constructor(
    private readonly url: string,
    private readonly nodeId: string,
    /** Nodes of one platform share this group, so each message reaches exactly one of them. */
    private readonly shareGroup: string,
    private readonly sessionExpirySeconds = SESSION_EXPIRY_SECONDS,
  ) {}

  async start(handler: MessageHandler): Promise<void> {
    const client = await mqtt.connectAsync(this.url, {
      clientId: `lyyp-platform-${this.nodeId}`,
      protocolVersion: 5,
      clean: false,
      properties: { sessionExpiryInterval: this.sessionExpirySeconds },
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
    });
    this.client = client;
    client.on('message', (topic, payload) => {
      void handler({ topic, payload });
    });
    const filter = `$share/${this.shareGroup}/${PLATFORM_SUBSCRIPTION}`;
    await client.subscribeAsync(filter, { qos: 1 });
  }

  async publish(topic: string, payload: string | Buffer, options: PublishOptions): Promise<void> {
    if (!this.client) throw new Error('external broker client is not started');
    await this.client.publishAsync(topic, payload, { qos: options.qos, retain: options.retain ?? false });
  }

  async close(): Promise<void> {
    await this.client?.endAsync();
    this.client = null;
  }
}
