/**
 * The offline and power-off alarm form: delays are typed in minutes and stored in seconds; the
 * message is trimmed. Pure, so the conversion is tested without a page.
 */
import type { DeviceStatusAlarms } from '@lyyp/contracts/alarm';

export const STATUS_TYPES = ['offline', 'power-off'] as const;
export type StatusType = (typeof STATUS_TYPES)[number];

interface StatusValues {
  enabled: boolean;
  delayMinutes: number | null;
  groupIds: string[];
  pushMethods: DeviceStatusAlarms[StatusType]['pushMethods'];
  message: string;
}
export type StatusForm = Record<StatusType, StatusValues>;

export function toStatusForm(settings: DeviceStatusAlarms): StatusForm {
  const one = (type: StatusType): StatusValues => ({
    enabled: settings[type].enabled,
    delayMinutes: settings[type].delaySeconds / 60,
    groupIds: settings[type].groupIds,
    pushMethods: settings[type].pushMethods,
    message: settings[type].message,
  });
  return { offline: one('offline'), 'power-off': one('power-off') };
}

export function toStatusAlarms(values: StatusForm): DeviceStatusAlarms {
  const one = (type: StatusType) => ({
    enabled: values[type].enabled,
    delaySeconds: Math.round((values[type].delayMinutes ?? 0) * 60),
    groupIds: values[type].groupIds,
    pushMethods: values[type].pushMethods,
    message: values[type].message.trim(),
  });
  return { offline: one('offline'), 'power-off': one('power-off') };
}
