/** Factories for the engine's tests: rules, groups and sample runs with readable defaults. */
import {
  alarmGroupSchema,
  alarmRuleSchema,
  notificationPreferencesSchema,
  type AlarmGroup,
  type AlarmGroupInput,
  type AlarmRule,
  type AlarmRuleInput,
  type NotificationPreferences,
} from '@lyyp/contracts/alarm';
import type { AlarmSample } from './rule-evaluator.ts';
import type { SampleValue } from './rule-condition.ts';

export const T0 = Date.UTC(2025, 5, 1, 8, 0, 0);
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

export function buildRule(overrides: Partial<AlarmRuleInput> = {}): AlarmRule {
  return alarmRuleSchema.parse({
    id: 'rule-1',
    name: 'Boiler too hot',
    variableKey: 'temp',
    condition: { operator: 'gt', limit: { kind: 'value', value: 80 } },
    ...overrides,
  });
}

/** One sample per value, `stepMs` apart from `start`, received at once (not late). */
export function samplesOf(
  values: readonly SampleValue[],
  options: { start?: number; stepMs?: number; references?: Record<string, SampleValue> } = {},
): AlarmSample[] {
  const start = options.start ?? T0;
  const step = options.stepMs ?? SECOND;
  return values.map((value, index) => ({
    time: start + index * step,
    receivedAt: start + index * step,
    value,
    ...(options.references ? { references: options.references } : {}),
  }));
}

export function buildGroup(overrides: Partial<AlarmGroupInput> = {}): AlarmGroup {
  return alarmGroupSchema.parse({
    id: 'group-1',
    name: 'Boiler room',
    channels: ['app', 'sms'],
    recipients: [{ accountId: 'alice', channels: ['app', 'sms'] }],
    ...overrides,
  });
}

export function buildPreferences(overrides: Partial<NotificationPreferences> = {}): NotificationPreferences {
  return notificationPreferencesSchema.parse({ timeZone: 'Asia/Shanghai', ...overrides });
}
