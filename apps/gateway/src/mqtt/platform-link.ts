/**
 * The gateway's MQTT connection to the platform. It signs in with the SN as client id and user
 * name and the secret as password, leaves a last will (`up/status` offline) for the platform to
 * hear when the connection dies, subscribes to its own `down/+` topics on every connection (an
 * empty `down/config` is told apart from a malformed one: it withdraws the configuration), and
 * reconnects after a loss with a doubling, jittered backoff. Each connection is a fresh client,
 * so nothing from a dead connection is replayed behind the agent's back: what to resend is the
 * buffer's decision alone.
 */
import mqtt, { type MqttClient } from 'mqtt';
import {
  ackPayloadSchema,
  downSubscription,
  parseTopic,
  topicFilterMatches,
  upTopic,
  type AckPayload,
  type StatusPayload,
  type UpTopic,
} from '@lyyp/contracts/protocol';
import type { MqttTls } from '@lyyp/contracts/gateway-ops';
import { DEFAULT_RECONNECT, reconnectDelay, type ReconnectPolicy } from '../core/reconnect-delay.ts';
import type { Scheduler, TimerHandle } from '../core/scheduler.ts';
import { systemScheduler } from '../modbus/system-scheduler.ts';
import { mqttTlsOptions } from './tls-options.ts';

export interface PlatformLinkHandlers {
  /** Connected and subscribed: time to say who we are and send what waits. */
  onConnected(): void;
  onDisconnected(reason: string): void;
  onAck(ack: AckPayload): void;
  /** A `down/config` message, JSON-parsed (null when it is not JSON). */
  onConfig(message: unknown): void;
  /** An empty `down/config`: the platform withdrew the configuration (its device was unbound). */
  onConfigCleared(): void;
  /** A `down/cmd` message, JSON-parsed (null when it is not JSON). */
  onCommand(message: unknown): void;
  /** A `down/ota` message (upgrade order), JSON-parsed (null when it is not JSON). */
  onOta?(message: unknown): void;
  /** A `down/view` message: someone watches the device live (smart traffic saving). */
  onView?(): void;
  /** A message on the additional subscription topic of the MQTT settings. */
  onSubscribed?(topic: string, payload: Buffer): void;
  /** No connection, and the next attempt is due in `delayMs` (no attempt is under way meanwhile). */
  onRetryScheduled?(delayMs: number): void;
  /** The address given never answered: the link went over to its fallback address for good. */
  onFallback?(fallback: LinkFallback): void;
}

/** Why the link runs on its fallback address: the address it was given, and how it failed. */
export interface LinkFallback {
  readonly url: string;
  readonly attempts: number;
  readonly reason: string;
  readonly at: number;
}

/** Attempts at a new address (one that never connected in this run) before the fallback is used. */
export const ATTEMPTS_BEFORE_FALLBACK = 3;

export interface PlatformLinkOptions {
  /** mqtt://host:port, mqtts://…, ws://…, wss://… */
  readonly url: string;
  /**
   * Where to connect instead when `url` never connects in `attemptsBeforeFallback` attempts: the
   * last address that worked. Once there, the link stays for the rest of the run.
   */
  readonly fallbackUrl?: string;
  readonly attemptsBeforeFallback?: number;
  readonly sn: string;
  readonly secret: string;
  readonly handlers: PlatformLinkHandlers;
  readonly scheduler?: Scheduler;
  readonly reconnect?: ReconnectPolicy;
  readonly random?: () => number;
  readonly connectTimeoutMs?: number;
  readonly keepaliveSeconds?: number;
  /** TLS files for `mqtts://` and `wss://` addresses (CA, client certificate and key). */
  readonly tls?: MqttTls;
  /** An additional topic filter to subscribe to, under the gateway's own down topics. */
  readonly subscribeTopic?: string;
  readonly onLog?: (level: 'info' | 'warn', message: string) => void;
}

const parseJson = (payload: Buffer): unknown => {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
};

export class PlatformLink {
  private client: MqttClient | null = null;
  private isConnected = false;
  private stopped = true;
  private failures = 0;
  private retryTimer: TimerHandle | null = null;
  private lastProblem = '';
  private readonly scheduler: Scheduler;
  private currentUrl: string;
  /** Whether `currentUrl` connected at least once in this run (a working address that drops is retried). */
  private everConnected = false;
  private fallback: LinkFallback | null = null;

  constructor(private readonly options: PlatformLinkOptions) {
    this.scheduler = options.scheduler ?? systemScheduler;
    this.currentUrl = options.url;
  }

  /** The address the link uses now. */
  get url(): string {
    return this.currentUrl;
  }

  /** Set once the link went over to its fallback address. */
  get fellBack(): LinkFallback | null {
    return this.fallback;
  }

  get connected(): boolean {
    return this.isConnected;
  }

  /** Waiting out the backoff before the next connection attempt. */
  get waitingToRetry(): boolean {
    return this.retryTimer !== null;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.openSession();
  }

  /**
   * Closes the connection cleanly. A clean close sends no will, so `farewell` (an offline status)
   * is published first when given.
   */
  async stop(farewell?: StatusPayload): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) this.scheduler.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    const wasConnected = this.isConnected;
    this.isConnected = false;
    if (!client) return;
    if (wasConnected && farewell) {
      await Promise.race([
        client
          .publishAsync(upTopic(this.options.sn, 'status'), JSON.stringify(farewell), { qos: 1 })
          .catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 1000)),
      ]);
    }
    await client.endAsync(!wasConnected).catch(() => undefined);
  }

  /** Publishes on one of the gateway's up topics; false when not connected. */
  publish(kind: UpTopic, payload: string | Buffer, qos: 0 | 1 = 1): boolean {
    const client = this.client;
    if (!client || !this.isConnected) return false;
    client.publish(upTopic(this.options.sn, kind), payload, { qos, retain: false }, (error) => {
      if (error && this.client === client) this.log('warn', `publish on up/${kind} failed: ${error.message}`);
    });
    return true;
  }

  private log(level: 'info' | 'warn', message: string): void {
    this.options.onLog?.(level, message);
  }

  private openSession(): void {
    const { sn, secret } = this.options;
    const url = this.currentUrl;
    const client = mqtt.connect(url, {
      ...mqttTlsOptions(url, this.options.tls),
      clientId: sn,
      username: sn,
      password: secret,
      clean: true,
      reconnectPeriod: 0,
      resubscribe: false,
      connectTimeout: this.options.connectTimeoutMs ?? 10_000,
      keepalive: this.options.keepaliveSeconds ?? 30,
      will: {
        topic: upTopic(sn, 'status'),
        payload: Buffer.from(
          JSON.stringify({ status: 'offline', ts: this.scheduler.now() } satisfies StatusPayload),
        ),
        qos: 1,
        retain: false,
      },
    });
    this.client = client;
    let ended = false;

    client.on('connect', () => {
      const extra = this.options.subscribeTopic;
      client
        .subscribeAsync(downSubscription(sn), { qos: 1 })
        .then(async (granted) => {
          if (this.client !== client) return;
          if (granted.some((grant) => grant.qos > 2))
            throw new Error('the platform refused the subscription to down/+');
          // The additional topic is a convenience: a refusal is logged, the link works on.
          if (extra) {
            const extraGrant = await client.subscribeAsync(extra, { qos: 1 });
            if (this.client !== client) return;
            if (extraGrant.some((grant) => grant.qos > 2))
              this.log('warn', `the broker refused the subscription to ${extra}`);
            else this.log('info', `subscribed to ${extra}`);
          }
          this.failures = 0;
          this.lastProblem = '';
          this.everConnected = true;
          this.isConnected = true;
          this.log('info', `connected to ${url}`);
          this.options.handlers.onConnected();
        })
        .catch((error: unknown) => {
          this.noteProblem(error instanceof Error ? error.message : String(error));
          client.end(true);
        });
    });

    client.on('message', (topic, payload) => {
      if (this.client !== client) return;
      const parsed = parseTopic(topic);
      if (parsed?.direction !== 'down' || parsed.sn !== sn) {
        if (this.options.subscribeTopic && topicFilterMatches(this.options.subscribeTopic, topic))
          this.options.handlers.onSubscribed?.(topic, payload);
        return;
      }
      switch (parsed.kind) {
        case 'ack': {
          const ack = ackPayloadSchema.safeParse(parseJson(payload));
          if (ack.success) this.options.handlers.onAck(ack.data);
          else this.log('warn', 'ignored a malformed down/ack');
          return;
        }
        case 'config':
          if (payload.length === 0) this.options.handlers.onConfigCleared();
          else this.options.handlers.onConfig(parseJson(payload));
          return;
        case 'cmd':
          this.options.handlers.onCommand(parseJson(payload));
          return;
        case 'ota':
          this.options.handlers.onOta?.(parseJson(payload));
          return;
        case 'view':
          this.options.handlers.onView?.();
          return;
      }
    });

    client.on('error', (error) => this.noteProblem(error.message));

    client.on('close', () => {
      if (ended) return;
      ended = true;
      client.end(true);
      if (this.client !== client) return;
      this.client = null;
      const wasConnected = this.isConnected;
      this.isConnected = false;
      if (wasConnected) this.options.handlers.onDisconnected(this.lastProblem || 'connection closed');
      if (!this.stopped) this.scheduleReconnect();
    });
  }

  /** Logs a connection problem once, not on every retry. */
  private noteProblem(reason: string): void {
    const problem = /bad username or password|not authori[sz]ed/i.test(reason)
      ? `the platform refused SN ${this.options.sn} with this secret (check --sn and --secret, and that the gateway is registered)`
      : reason;
    if (problem === this.lastProblem) return;
    this.lastProblem = problem;
    this.log('warn', `platform connection: ${problem}`);
  }

  /** After a failed attempt: a new address that never answered gives way to the fallback. */
  private considerFallback(attempts: number): void {
    const { fallbackUrl } = this.options;
    const limit = this.options.attemptsBeforeFallback ?? ATTEMPTS_BEFORE_FALLBACK;
    if (!fallbackUrl || this.everConnected || this.fallback || fallbackUrl === this.currentUrl) return;
    if (attempts < limit) return;
    this.fallback = {
      url: this.currentUrl,
      attempts,
      reason: this.lastProblem || 'no answer',
      at: this.scheduler.now(),
    };
    this.log(
      'warn',
      `platform connection: ${this.currentUrl} failed ${attempts} times (${this.fallback.reason}); using the last address that worked, ${fallbackUrl}`,
    );
    this.currentUrl = fallbackUrl;
    this.failures = 0;
    this.lastProblem = '';
    this.options.handlers.onFallback?.(this.fallback);
  }

  private scheduleReconnect(): void {
    // Attempts at this address so far: the one that just failed and those before it.
    if (!this.everConnected) this.considerFallback(this.failures + 1);
    const delay = reconnectDelay(
      this.failures,
      this.options.reconnect ?? DEFAULT_RECONNECT,
      this.options.random ?? Math.random,
    );
    this.failures += 1;
    this.retryTimer = this.scheduler.setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.openSession();
    }, delay);
    this.options.handlers.onRetryScheduled?.(delay);
  }
}
