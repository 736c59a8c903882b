/**
 * Connects the platform to an external broker (MQTT_URL: EMQX, HiveMQ, Mosquitto) and consumes the
 * gateways' up topics through a shared subscription, so several platform nodes split the load.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { PLATFORM_SUBSCRIPTION } from '@lyyp/contracts/protocol';
import type { MessageHandler, MqttTransport, PublishOptions } from './transport.ts';

export class ExternalBrokerClient implements MqttTransport {
  readonly kind = 'external' as const;
  private client: MqttClient | null = null;

  constructor(
    private readonly url: string,
    private readonly nodeId: string,
    /** Nodes of one platform share this group, so each message reaches exactly one of them. */
    private readonly shareGroup: string,
  ) {}

  async start(handler: MessageHandler): Promise<void> {
    const client = await mqtt.connectAsync(this.url, {
      clientId: `lyyp-platform-${this.nodeId}`,
      clean: false,
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
