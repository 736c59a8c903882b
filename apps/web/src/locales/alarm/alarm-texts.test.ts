import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_TEXTS } from '../index.ts';

const FEATURES = path.resolve(import.meta.dirname, '../../features');
const FOLDERS = ['alarm', 'message', 'sim'].map((folder) => path.join(FEATURES, folder));

function lookUp(texts: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
}

/** Every `t('alarm.…')` key the alarm, message and SIM screens use literally. */
const literalKeys = [
  ...new Set(
    FOLDERS.flatMap((folder) =>
      readdirSync(folder)
        .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.test.ts'))
        .flatMap((name) =>
          [...readFileSync(path.join(folder, name), 'utf8').matchAll(/\bt\(\s*'(alarm\.[\w.-]+)'/g)].map(
            (match) => match[1]!,
          ),
        ),
    ),
  ),
];

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
      ...[
        'name',
        'variableKey',
        'limitValue',
        'limitKey',
        'lowValue',
        'lowKey',
        'highValue',
        'highKey',
        'pushMethods',
      ].map((field) => `alarm.rule.required.${field}`),
      'routes.MonitorAlarms',
      'routes.MonitorMessagePreferences',
      'routes.SystemSim',
    ];
    expect(keys.filter((key) => typeof lookUp(CONSOLE_TEXTS[locale], key) !== 'string')).toEqual([]);
  });
});
