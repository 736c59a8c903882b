import { describe, expect, it } from 'vitest';
import { REQUIRED_RULE_FIELDS } from '../../features/alarm/rule-checks.ts';
import { CONSOLE_TEXTS } from '../index.ts';
import { literalKeysOf, lookUpText as lookUp } from '../monitor/screen-keys.ts';

/** Every `t('alarm.…')` key the alarm, message and SIM screens use literally. */
const literalKeys = literalKeysOf(['alarm', 'message', 'sim'], 'alarm');

describe('alarm, message and SIM texts', () => {
  it('finds the keys the screens use', () => {
    expect(literalKeys.length).toBeGreaterThan(100);
  });

  it.each(['zh-CN', 'en-US'] as const)('has every key the screens use in %s', (locale) => {
    const missing = literalKeys.filter((key) => typeof lookUp(CONSOLE_TEXTS[locale], key) !== 'string');
    expect(missing).toEqual([]);
  });

  it.each(['zh-CN', 'en-US'] as const)('has the keys built from registries in %s', (locale) => {
    const keys = [
      ...['pending', 'sent', 'failed', 'cancelled'].map((status) => `alarm.sendStatus.${status}`),
      'alarm.sendKind.alarm',
      'alarm.sendKind.release',
      'alarm.message.unread',
      'alarm.message.read',
      'alarm.notice.expire',
      'alarm.notice.notice',
      ...['limit', 'low', 'high'].map((name) => `alarm.rule.${name}`),
      ...REQUIRED_RULE_FIELDS.map((field) => `alarm.rule.required.${field}`),
      'routes.MonitorAlarms',
      'routes.MonitorMessagePreferences',
      'routes.SystemSim',
    ];
    expect(keys.filter((key) => typeof lookUp(CONSOLE_TEXTS[locale], key) !== 'string')).toEqual([]);
  });
});
