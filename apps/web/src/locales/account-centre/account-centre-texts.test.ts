import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_TEXTS } from '../index.ts';

const FEATURES = path.resolve(import.meta.dirname, '../../features');
const FOLDERS = ['account-centre', 'account-centre/setup', 'equipment-admin', 'findpwd'].map((folder) =>
  path.join(FEATURES, folder),
);

function lookUp(texts: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
}

/** Every literal `t('…')` key of the account centre, staff device and password recovery screens. */
const literalKeys = [
  ...new Set(
    FOLDERS.flatMap((folder) =>
      readdirSync(folder)
        .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.test.ts'))
        .filter((name) => statSync(path.join(folder, name)).isFile())
        .flatMap((name) =>
          [...readFileSync(path.join(folder, name), 'utf8').matchAll(/\bt\(\s*'([\w.-]+)'/g)].map(
            (match) => match[1]!,
          ),
        ),
    ),
  ),
];

/** Keys the screens build from a value (`accountCentre.setup.title.${target}`). */
const builtKeys = [
  ...['password', 'tel', 'email', 'question'].flatMap((target) => [
    `accountCentre.setup.title.${target}`,
    `accountCentre.setup.successTitle.${target}`,
    `accountCentre.security.${target}`,
  ]),
  ...['tel', 'email', 'question', 'password'].map((method) => `accountCentre.setup.methods.${method}`),
  ...['validate', 'set', 'success'].map((step) => `accountCentre.setup.steps.${step}`),
  ...['personal', 'enterprise'].map((type) => `accountCentre.info.${type}`),
  ...['requested', 'issued'].map((status) => `accountCentre.orders.status.${status}`),
  ...['pending', 'success', 'failure'].map((result) => `equipmentAdmin.log.result.${result}`),
  ...['authorized', 'shared'].map((kind) => `equipmentAdmin.grants.kind.${kind}`),
  ...['Equipment', 'EquipmentLog', 'ManageFeedback', 'AccountLog', 'AccountFeedback', 'AccountOrders'].map(
    (name) => `routes.${name}`,
  ),
];

describe('account centre and staff device texts', () => {
  it('finds the keys the screens use', () => {
    expect(literalKeys.length).toBeGreaterThan(80);
  });

  it.each(['zh-CN', 'en-US'] as const)('has every key the screens use in %s', (locale) => {
    const missing = [...literalKeys, ...builtKeys].filter(
      (key) => typeof lookUp(CONSOLE_TEXTS[locale], key) !== 'string',
    );
    expect(missing).toEqual([]);
  });
});
