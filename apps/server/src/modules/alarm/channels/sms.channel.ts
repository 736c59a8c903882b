/** SMS to the person's phone through the platform's SMS provider (purpose `alarm`). */
import type { ChannelAdapter } from './channel.ts';
import { PermanentSendError } from './channel.ts';

export const smsChannel: ChannelAdapter = {
  channel: 'sms',
  async send(send, context) {
    const tel = send.account?.tel;
    if (!tel) throw new PermanentSendError('the recipient has no phone number');
    try {
      await context.sms.send({ tel, code: '', purpose: 'alarm', validMinutes: 0, text: send.text });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      throw new Error(`SMS provider: ${cause instanceof Error ? cause.message : String(cause)}`, {
        cause: error,
      });
    }
  },
};
