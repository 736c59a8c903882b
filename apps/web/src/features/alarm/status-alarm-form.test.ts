import { deviceStatusAlarmsSchema } from '@lyyp/contracts/alarm';
import { describe, expect, it } from 'vitest';
import { toStatusAlarms, toStatusForm } from './status-alarm-form.ts';

describe('offline and power-off alarm form', () => {
  it('shows delays in minutes and saves them in seconds, trimming the message', () => {
    const defaults = deviceStatusAlarmsSchema.parse({});
    const form = toStatusForm(defaults);
    expect(form.offline).toMatchObject({ enabled: false, delayMinutes: 5, pushMethods: ['app'] });
    form.offline = { ...form.offline, enabled: true, delayMinutes: 1.5, message: '  {device} 离线  ' };
    const saved = toStatusAlarms(form);
    expect(saved.offline).toEqual({
      enabled: true,
      delaySeconds: 90,
      groupIds: [],
      pushMethods: ['app'],
      message: '{device} 离线',
    });
    expect(deviceStatusAlarmsSchema.safeParse(saved).success).toBe(true);
    expect(toStatusAlarms(toStatusForm(defaults))).toEqual(defaults);
  });
});
