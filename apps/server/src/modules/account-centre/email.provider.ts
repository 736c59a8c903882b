/**
 * Where emails go, like the SMS provider: the default writes them to the server log (development
 * and small sites); `smtp` sends through a mail server (nodemailer), `webhook` posts them to an
 * HTTP gateway. `EmailCodeSender` lets the SMS code service send its codes by email, so emailed
 * codes follow exactly the rules of texted ones (6 digits, 10 minutes, resend wait, daily cap).
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { CatalogueError, isSafeUrl } from '@lyyp/contracts';
import type { Config } from '../../config.ts';
import type { SmsMessage, SmsProvider } from '../auth/sms.provider.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}

export class LogEmailProvider implements EmailProvider {
  readonly name = 'log';
  constructor(private readonly logger: FastifyBaseLogger) {}

  send(message: EmailMessage): Promise<void> {
    this.logger.info({ to: message.to, subject: message.subject, text: message.text }, 'email sent');
    return Promise.resolve();
  }
}

const SEND_TIMEOUT_MS = 10_000;

export class SmtpEmailProvider implements EmailProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly logger: FastifyBaseLogger,
  ) {
    // Timeouts can be given in the URL (`?connectionTimeout=10000&socketTimeout=10000`).
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: EmailMessage): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, ...message });
    } catch (error) {
      // The error may quote the server's answer but never the URL with its password.
      this.logger.error({ err: error, to: message.to }, 'smtp send failed');
      throw new CatalogueError('1112', undefined, { cause: error });
    }
  }
}

/** Posts `{ to, subject, text }` as JSON; any answer other than 2xx is a failed send. */
export class WebhookEmailProvider implements EmailProvider {
  readonly name = 'webhook';
  constructor(
    private readonly url: string,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    try {
      // The address is checked at use as well as at start (stored addresses rule).
      if (!isSafeUrl(this.url, { relative: false })) throw new Error('unsafe email webhook address');
      const response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`email webhook answered ${response.status}`);
    } catch (error) {
      this.logger.error({ err: error, to: message.to }, 'email webhook failed');
      throw new CatalogueError('1112', undefined, { cause: error });
    }
  }
}

export function createEmailProvider(config: Config['email'], logger: FastifyBaseLogger): EmailProvider {
  if (config.provider === 'smtp' && config.smtpUrl)
    return new SmtpEmailProvider(config.smtpUrl, config.from, logger);
  if (config.provider === 'webhook' && config.webhookUrl)
    return new WebhookEmailProvider(config.webhookUrl, logger);
  return new LogEmailProvider(logger);
}

const SUBJECTS: Record<string, string> = {
  security: '身份验证码 / Identity verification code',
  'email-bind': '邮箱绑定验证码 / Email verification code',
  'findpwd-email': '找回密码验证码 / Password recovery code',
};

/** The SMS code service's provider for codes that go by email: `tel` carries the email address. */
export class EmailCodeSender implements SmsProvider {
  readonly name = 'email';
  constructor(private readonly email: EmailProvider) {}

  send(message: SmsMessage): Promise<void> {
    return this.email.send({
      to: message.tel,
      subject: SUBJECTS[message.purpose] ?? SUBJECTS.security!,
      text:
        `验证码 ${message.code}，${message.validMinutes} 分钟内有效。\n` +
        `Your code is ${message.code}; it is valid for ${message.validMinutes} minutes.`,
    });
  }
}
