/**
 * Phone call through a voice provider's webhook (`ALARM_VOICE_PROVIDER=webhook`): it receives
 * `{ tel, text, kind, recordId, sendId }` and places the call. By default the call is only logged.
 */
import type { ChannelAdapter } from './channel.ts';
import { PermanentSendError, postJson } from './channel.ts';

export const phoneChannel: ChannelAdapter = {
  channel: 'phone',
  async send(send, context) {
    const tel = send.account?.tel;
    if (!tel) throw new PermanentSendError('the recipient has no phone number');
    const body = { tel, text: send.text, kind: send.kind, recordId: send.record.id, sendId: send.id };
    const { provider, webhookUrl } = context.config.voice;
    if (provider === 'log' || !webhookUrl) {
      context.logger.info({ channel: 'phone', ...body }, 'alarm call (logged)');
      return;
    }
    await postJson(context, webhookUrl, JSON.stringify(body));
  },
};
