/**
 * How the platform talks MQTT, whichever broker carries it: the embedded one (in-process) or an
 * external one (MQTT_URL, shared subscription). Both hand every gateway message to one handler and
 * publish the platform's messages.
 */

export interface IncomingMessage {
  topic: string;
  payload: Buffer;
}

export type MessageHandler = (message: IncomingMessage) => Promise<void>;

export interface PublishOptions {
  qos: 0 | 1;
  retain?: boolean;
}

export interface MqttTransport {
  readonly kind: 'embedded' | 'external';
  /** Starts delivering gateway messages to the handler. */
  start(handler: MessageHandler): Promise<void>;
  publish(topic: string, payload: string | Buffer, options: PublishOptions): Promise<void>;
  close(): Promise<void>;
  /**
   * Closes the connections a gateway holds (its secret was replaced); answers whether one was open.
   * Only a broker the platform runs can do this: an external broker's own admin ends the session.
   */
  disconnectGateway?(sn: string): Promise<boolean>;
}

/** The embedded broker also tells who connected and left, which an external broker says by will messages. */
export interface ConnectionEvents {
  onGatewayConnected?(sn: string): void;
  onGatewayDisconnected?(sn: string): void;
}
