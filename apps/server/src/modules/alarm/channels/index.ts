/** The channel adapters by channel code: one entry per channel of `ALARM_CHANNEL_DEFINITIONS`. */
import type { AlarmChannel } from '@lyyp/contracts/alarm';
import { appChannel } from './app.channel.ts';
import type { ChannelAdapter } from './channel.ts';
import { phoneChannel } from './phone.channel.ts';
import { smsChannel } from './sms.channel.ts';
import { voiceChannel } from './voice.channel.ts';
import { webhookChannel } from './webhook.channel.ts';
import { wechatChannel } from './wechat.channel.ts';

export const CHANNEL_ADAPTERS: { readonly [K in AlarmChannel]: ChannelAdapter & { readonly channel: K } } = {
  app: { ...appChannel, channel: 'app' },
  wechat: { ...wechatChannel, channel: 'wechat' },
  sms: { ...smsChannel, channel: 'sms' },
  phone: { ...phoneChannel, channel: 'phone' },
  voice: { ...voiceChannel, channel: 'voice' },
  webhook: { ...webhookChannel, channel: 'webhook' },
};

export { PermanentSendError, type ChannelAdapter, type ChannelContext, type ChannelSend } from './channel.ts';
export { SIGNATURE_HEADER, signBody } from './webhook.channel.ts';
