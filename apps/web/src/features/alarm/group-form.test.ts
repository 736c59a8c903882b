import { alarmGroupSchema } from '@lyyp/contracts/alarm';
import { describe, expect, it } from 'vitest';
import {
  createGroupValues,
  formNameOfGroupPath,
  personChannelsOf,
  toGroupFormValues,
  toGroupInput,
} from './group-form.ts';

describe('alarm group form ↔ group', () => {
  it('turns the form into a group the contract accepts, with minutes as seconds and forever repeats', () => {
    const input = toGroupInput({
      ...createGroupValues(),
      name: ' 值班 ',
      channels: ['app', 'sms', 'wechat', 'voice'],
      wechatUrl: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k',
      webhookUrl: 'https://left.over',
      recipients: [{ accountId: 'u1', channels: ['app', 'sms'] }],
      escalation: [
        { delayMinutes: 0, channels: ['app'] },
        { delayMinutes: 5, channels: ['sms'] },
      ],
      voice: { forever: true, times: 3, intervalSeconds: 30 },
    });
    expect(input.name).toBe('值班');
    expect(input.escalation).toEqual([
      { delaySeconds: 0, channels: ['app'] },
      { delaySeconds: 300, channels: ['sms'] },
    ]);
    expect(input.voice).toEqual({ times: 'forever', intervalSeconds: 30 });
    // A channel the group does not use sends no settings.
    expect(input.channelSettings).not.toHaveProperty('webhook');
    const group = alarmGroupSchema.parse(input);
    expect(alarmGroupSchema.parse(toGroupInput(toGroupFormValues(group), 'new'))).toEqual(group);
  });

  it('offers recipients only the person channels of the group', () => {
    expect(personChannelsOf(['app', 'wechat', 'sms', 'webhook'])).toEqual(['app', 'sms']);
  });

  it('places schema issues and server fields on the form', () => {
    expect(formNameOfGroupPath(['channelSettings', 'webhook', 'secret'])).toEqual(['webhookSecret']);
    expect(formNameOfGroupPath('group.channelSettings.wechat.url'.split('.'))).toEqual(['wechatUrl']);
    expect(formNameOfGroupPath(['escalation', 1, 'delaySeconds'])).toEqual(['escalation', 1, 'delayMinutes']);
    expect(formNameOfGroupPath(['recipients', 0, 'channels', 2])).toEqual(['recipients', 0, 'channels']);
    expect(formNameOfGroupPath(['voice', 'times'])).toEqual(['voice', 'times']);
    expect(formNameOfGroupPath(['productId'])).toBeNull();
  });
});
