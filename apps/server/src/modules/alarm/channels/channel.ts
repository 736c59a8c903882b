/**
 * What a notification channel adapter is: one file per channel of the contracts registry
 * (`ALARM_CHANNEL_DEFINITIONS`), each sending one planned send. An adapter throws on failure;
 * a `PermanentSendError` is not retried (a person without a phone number), anything else is.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@lyyp/contracts';
import { isPushAddress, type AlarmChannel, type AlarmGroup, type AlarmRecord } from '@lyyp/contracts/alarm';
import type { Bus } from '../../../bus/bus.ts';
import type { Config } from '../../../config.ts';
import type { SmsProvider } from '../../auth/sms.provider.ts';
import type { MessageService } from '../message.service.ts';

export interface ChannelSend {
  /** Stable id of the planned send (a receiver can drop a repeated delivery by it). */
  readonly id: string;
  readonly kind: 'alarm' | 'release';
  readonly occurrence: number;
  readonly record: AlarmRecord;
  readonly deviceName: string;
  /** The recipient's language (chosen in their preferences; Chinese when unknown or for a group target). */
  readonly locale: Locale;
  /** Short title and full text in `locale`. */
  readonly title: string;
  readonly text: string;
  /** Title and text in every language (the message centre shows each reader their own). */
  readonly texts: Readonly<Record<Locale, { readonly title: string; readonly text: string }>>;
  readonly group: AlarmGroup;
  /** The person for person channels; null for a group's own target. */
  readonly account: { readonly id: string; readonly name: string | null; readonly tel: string | null } | null;
}

export interface ChannelContext {
  readonly config: Config['alarm'];
  readonly sms: SmsProvider;
  readonly bus: Bus;
  readonly messages: Pick<MessageService, 'createAlarmMessage'>;
  readonly logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  readonly fetch: typeof fetch;
  readonly now: () => number;
}

export interface ChannelAdapter {
  readonly channel: AlarmChannel;
  send(send: ChannelSend, context: ChannelContext): Promise<void>;
}

/** A failure that a retry cannot fix (no phone number, an address that is not http or https). */
export class PermanentSendError extends Error {
  override name = 'PermanentSendError';
}

/** Posts JSON to an address checked again at use (http or https only); non-2xx is a failure. */
export async function postJson(
  context: ChannelContext,
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  if (!isPushAddress(url)) throw new PermanentSendError('the address is not an http or https address');
  const response = await context.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(context.config.sendTimeoutMs),
  });
  if (!response.ok) throw new Error(`the receiver answered HTTP ${response.status}`);
  return response;
}
