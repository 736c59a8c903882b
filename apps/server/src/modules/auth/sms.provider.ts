/**
 * Where SMS codes go. The default writes them to the server log (development and small sites);
 * the webhook provider posts them to an HTTP gateway of the operator's choice.
 */
import type { FastifyBaseLogger } from 'fastify';
import { CatalogueError } from '@lyyp/contracts';

export interface SmsMessage {
  tel: string;
  /** The verification code; empty for purpose `alarm`. */
  code: string;
  /** What the code is for (`register`, `login`, …), or `alarm` for an alarm notification. */
  purpose: string;
  /** Minutes the code stays valid, for the text the provider sends (0 for an alarm). */
  validMinutes: number;
  /** Purpose `alarm` only: the text to send as it is. Sign-in codes carry none. */
  text?: string;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  constructor(private readonly logger: FastifyBaseLogger) {}

  send(message: SmsMessage): Promise<void> {
    if (message.purpose === 'alarm') {
      this.logger.info({ tel: message.tel, purpose: message.purpose, text: message.text }, 'sms alarm sent');
      return Promise.resolve();
    }
    this.logger.info({ tel: message.tel, code: message.code, purpose: message.purpose }, 'sms code sent');
    return Promise.resolve();
  }
}

const WEBHOOK_TIMEOUT_MS = 10_000;

/** Posts `{ tel, code, purpose, validMinutes }` as JSON; any answer other than 2xx is a failed send. */
export class WebhookSmsProvider implements SmsProvider {
  readonly name = 'webhook';
  constructor(
    private readonly url: string,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
    } catch (error) {
      this.logger.error({ err: error, tel: message.tel }, 'sms webhook failed');
      throw new CatalogueError('1111', undefined, { cause: error });
    }
  }
}
