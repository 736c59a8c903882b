/**
 * The preferences form and the contract's preferences: quiet hours as a switch and a time range
 * (`HH:mm`, spanning midnight when the end comes first), subscriptions per group.
 */
import type { AlarmChannel, NotificationPreferences } from '@lyyp/contracts/alarm';
import { DEFAULT_TIME_ZONE } from '@lyyp/contracts/alarm';

/** The part of dayjs the form needs: a time of day from `HH:mm`, and back. */
export interface ClockValue {
  format(pattern: string): string;
}
type ClockFactory<T extends ClockValue> = (text: string, pattern: string) => T;

export interface PreferencesFormValues<T extends ClockValue = ClockValue> {
  timeZone?: string;
  quietEnabled?: boolean;
  quietRange?: [T, T] | null;
  subscriptions?: { groupId?: string; muted?: boolean; channels?: AlarmChannel[] }[];
}

export function fromPreferences<T extends ClockValue>(
  preferences: NotificationPreferences,
  clock: ClockFactory<T>,
): PreferencesFormValues<T> {
  return {
    timeZone: preferences.timeZone,
    quietEnabled: preferences.quietHours !== null,
    quietRange: preferences.quietHours
      ? [clock(preferences.quietHours.start, 'HH:mm'), clock(preferences.quietHours.end, 'HH:mm')]
      : null,
    subscriptions: preferences.subscriptions.map((entry) => ({ ...entry, channels: [...entry.channels] })),
  };
}

export function toPreferences<T extends ClockValue>(
  values: PreferencesFormValues<T>,
): NotificationPreferences {
  const range = values.quietEnabled ? values.quietRange : null;
  return {
    timeZone: values.timeZone || DEFAULT_TIME_ZONE,
    quietHours: range ? { start: range[0].format('HH:mm'), end: range[1].format('HH:mm') } : null,
    subscriptions: (values.subscriptions ?? []).map((entry) => ({
      groupId: entry.groupId?.trim() ?? '',
      muted: entry.muted ?? false,
      channels: entry.channels ?? [],
    })),
  };
}
