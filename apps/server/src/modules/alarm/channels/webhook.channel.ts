/**
 * Signed webhook: `POST` of a JSON event to the group's address with
 * `X-Lyyp-Signature: sha256=<hex HMAC-SHA256 of the exact body, keyed by the group's secret>`,
 * `X-Lyyp-Event` (`alarm.raised` or `alarm.released`) and `X-Lyyp-Delivery` (the send's id, the
 * same on a retry). The receiver recomputes the HMAC over the raw body and compares.
 */
import { createHmac } from 'node:crypto';
import type { ChannelAdapter } from './channel.ts';
import { PermanentSendError, postJson } from './channel.ts';

export const SIGNATURE_HEADER = 'x-lyyp-signature';

export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export const webhookChannel: ChannelAdapter = {
  channel: 'webhook',
  async send(send, context) {
    const settings = send.group.channelSettings.webhook;
    if (!settings) throw new PermanentSendError('the group has no webhook address');
    const event = send.kind === 'alarm' ? 'alarm.raised' : 'alarm.released';
    const body = JSON.stringify({
      event,
      deliveryId: send.id,
      device: { id: send.record.deviceId, name: send.deviceName },
      record: send.record,
      text: send.text,
      sentAt: context.now(),
    });
    if (context.config.webhook === 'log') {
      context.logger.info(
        { channel: 'webhook', group: send.group.id, event, deliveryId: send.id },
        'alarm webhook (logged)',
      );
      return;
    }
    await postJson(context, settings.url, body, {
      [SIGNATURE_HEADER]: signBody(body, settings.secret),
      'x-lyyp-event': event,
      'x-lyyp-delivery': send.id,
    });
  },
};
