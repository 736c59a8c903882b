/** A gateway's MQTT side for tests: connects with its SN and secret, publishes, waits for answers. */
import mqtt, { type MqttClient } from 'mqtt';
import { downTopic, upTopic, type DownTopic, type UpTopic } from '@lyyp/contracts/protocol';

export class TestGateway {
  readonly received: Array<{ topic: string; payload: unknown }> = [];
  private constructor(
    readonly sn: string,
    readonly client: MqttClient,
  ) {
    client.on('message', (topic, payload) => {
      let parsed: unknown = payload.toString();
      try {
        parsed = JSON.parse(payload.toString());
      } catch {
        // keep the text
      }
      this.received.push({ topic, payload: parsed });
    });
  }

  static async connect(url: string, sn: string, secret: string, subscribe = true): Promise<TestGateway> {
    const client = await mqtt.connectAsync(url, {
      clientId: sn,
      username: sn,
      password: secret,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    const gateway = new TestGateway(sn, client);
    if (subscribe) await client.subscribeAsync(downTopic(sn, '+' as DownTopic), { qos: 1 });
    return gateway;
  }

  async send(kind: UpTopic, payload: unknown) {
    await this.client.publishAsync(
      upTopic(this.sn, kind),
      typeof payload === 'string' ? payload : JSON.stringify(payload),
      { qos: 1 },
    );
  }

  /** Waits for a message on one of this gateway's down topics that matches. */
  async waitFor<T>(
    kind: DownTopic,
    match: (payload: T) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<T> {
    const topic = downTopic(this.sn, kind);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.received.find((message) => message.topic === topic && match(message.payload as T));
      if (found) return found.payload as T;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no ${kind} message for ${this.sn} within ${timeoutMs} ms`);
  }

  async close() {
    await this.client.endAsync(true);
  }
}

/**
 * Polls until the check passes or the time is up (for effects that arrive asynchronously). The
 * default leaves room for a machine whose cores the rest of the suite keeps busy: a passing check
 * returns at once, so only a failure waits that long.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
