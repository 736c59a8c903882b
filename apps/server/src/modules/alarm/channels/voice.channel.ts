/**
 * Voice announcement: the person's open consoles and apps speak the alarm text (a live event with
 * `speak`). Repeats follow the group's voice policy (§9: N times or forever); quiet hours hold it.
 */
import type { ChannelAdapter } from './channel.ts';
import { PermanentSendError } from './channel.ts';

export const voiceChannel: ChannelAdapter = {
  channel: 'voice',
  send(send, context) {
    if (!send.account) return Promise.reject(new PermanentSendError('no recipient'));
    context.bus.publish('notice', {
      accountId: send.account.id,
      speak: true,
      message: {
        id: send.id,
        type: 'alarm',
        title: send.title,
        body: send.text,
        status: 'unread',
        createdAt: context.now(),
        subject: { kind: 'alarm-record', id: send.record.id },
      },
    });
    return Promise.resolve();
  },
};
