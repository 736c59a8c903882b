/**
 * The preferences form and the contract's preferences: quiet hours as a switch and a time range
 * (`HH:mm`, spanning midnight when the end comes first), the language of what is sent, and one
 * row per alarm group the person is in (muted, or the channels received among those allowed).
 */
import type { Locale } from '@lyyp/contracts';
import type {
  AlarmChannel,
  GroupSubscription,
  MyAlarmGroup,
  NotificationPreferences,
} from '@lyyp/contracts/alarm';
import { DEFAULT_TIME_ZONE } from '@lyyp/contracts/alarm';

/** The part of dayjs the form needs: a time of day from `HH:mm`, and back. */
export interface ClockValue {
  format(pattern: string): string;
}
type ClockFactory<T extends ClockValue> = (text: string, pattern: string) => T;

export interface SubscriptionRow {
  groupId: string;
  muted?: boolean;
  channels?: AlarmChannel[];
}

export interface PreferencesFormValues<T extends ClockValue = ClockValue> {
  timeZone?: string;
  quietEnabled?: boolean;
  quietRange?: [T, T] | null;
  /** `''`: not chosen (Chinese). */
  locale?: Locale | '';
  subscriptions?: SubscriptionRow[];
}

/** The form from the stored preferences and the groups the person is in (one row each, in order). */
export function fromPreferences<T extends ClockValue>(
  preferences: NotificationPreferences,
  clock: ClockFactory<T>,
  groups: readonly MyAlarmGroup[],
): PreferencesFormValues<T> {
  return {
    timeZone: preferences.timeZone,
    quietEnabled: preferences.quietHours !== null,
    quietRange: preferences.quietHours
      ? [clock(preferences.quietHours.start, 'HH:mm'), clock(preferences.quietHours.end, 'HH:mm')]
      : null,
    locale: preferences.locale ?? '',
    subscriptions: groups.map((group) => ({
      groupId: group.groupId,
      muted: group.muted,
      channels: [...group.channels],
    })),
  };
}

/**
 * The preferences to save. A group received on every channel it allows needs no entry: kept
 * without one, it also brings a channel the group allows later.
 */
export function toPreferences<T extends ClockValue>(
  values: PreferencesFormValues<T>,
  groups: readonly MyAlarmGroup[],
): NotificationPreferences {
  const range = values.quietEnabled ? values.quietRange : null;
  const subscriptions: GroupSubscription[] = (values.subscriptions ?? []).flatMap((row) => {
    const allowed = groups.find((group) => group.groupId === row.groupId)?.allowed ?? [];
    const channels = (row.channels ?? []).filter((code) => allowed.includes(code));
    const muted = row.muted ?? false;
    return muted || channels.length < allowed.length ? [{ groupId: row.groupId, muted, channels }] : [];
  });
  return {
    timeZone: values.timeZone || DEFAULT_TIME_ZONE,
    quietHours: range ? { start: range[0].format('HH:mm'), end: range[1].format('HH:mm') } : null,
    locale: values.locale || null,
    subscriptions,
  };
}
