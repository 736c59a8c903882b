/** In-app: a message in the person's message centre and a pop-up on their open consoles. */
import type { ChannelAdapter } from './channel.ts';
import { PermanentSendError } from './channel.ts';

export const appChannel: ChannelAdapter = {
  channel: 'app',
  async send(send, context) {
    if (!send.account) throw new PermanentSendError('no recipient');
    const message = await context.messages.createAlarmMessage({
      accountId: send.account.id,
      title: send.title,
      body: send.text,
      texts: send.texts,
      recordId: send.record.id,
      dedupeKey: `send:${send.id}`,
    });
    if (message) context.bus.publish('notice', { accountId: send.account.id, message, speak: false });
  },
};
