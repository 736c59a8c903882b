/**
 * WeChat Work group robot: a text message to the group's robot address, `@all` when the group
 * asks for it. The robot answers `{ errcode: 0 }` when it took the message.
 */
import type { ChannelAdapter } from './channel.ts';
import { PermanentSendError, postJson } from './channel.ts';

export const wechatChannel: ChannelAdapter = {
  channel: 'wechat',
  async send(send, context) {
    const settings = send.group.channelSettings.wechat;
    if (!settings) throw new PermanentSendError('the group has no robot address');
    const body = {
      msgtype: 'text',
      text: { content: `${send.title}\n${send.text}`, mentioned_list: settings.mentionAll ? ['@all'] : [] },
    };
    if (context.config.wechat === 'log') {
      context.logger.info({ channel: 'wechat', group: send.group.id, body }, 'wechat robot message (logged)');
      return;
    }
    const response = await postJson(context, settings.url, JSON.stringify(body));
    const answer = (await response.json().catch(() => null)) as { errcode?: number; errmsg?: string } | null;
    if (answer && typeof answer.errcode === 'number' && answer.errcode !== 0)
      throw new Error(`the robot answered ${answer.errcode} ${answer.errmsg ?? ''}`.trim());
  },
};
