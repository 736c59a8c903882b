import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  COLLECTION_MODES,
  PARITIES,
  PROTOCOLS,
  READ_WRITE_TYPES,
  VARIABLE_KINDS,
} from '@lyyp/contracts/device-model';
import { GATEWAY_MODES, GATEWAY_STATUSES, NETWORK_MODES } from '@lyyp/contracts/protocol';
import { describe, expect, it } from 'vitest';
import { DEVICE_TAB_KEYS } from '../../features/monitor/device-tabs.ts';
import { RANGE_SHORTCUTS } from '../../features/monitor/history-range.ts';
import { CONSOLE_TEXTS } from '../index.ts';

const FEATURES = path.resolve(import.meta.dirname, '../../features');
const SCREENS = ['gateway', 'product', 'monitor'].map((folder) => path.join(FEATURES, folder));

function listSources(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) return listSources(full);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.test.ts') ? [full] : [];
  });
}

function lookUp(texts: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
}

/** Every `t('monitor.…')` key the screens use literally. */
const literalKeys = [
  ...new Set(
    SCREENS.flatMap(listSources).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'(monitor\.[\w.-]+)'/g)].map((match) => match[1]!),
    ),
  ),
];

/** Keys built from a state or option name, for every value the contracts define. */
const registryKeys = [
  ...GATEWAY_STATUSES.map((status) => `monitor.gatewayStatus.${status}`),
  ...['very-good', 'good', 'fair', 'bad', 'unknown'].map((band) => `monitor.signalBand.${band}`),
  ...['none', 'syncing', 'complete', 'failed'].map((state) => `monitor.configSync.${state}`),
  ...['published', 'development'].map((status) => `monitor.productStatus.${status}`),
  ...PROTOCOLS.map((protocol) => `monitor.protocol.${protocol}`),
  ...PARITIES.map((parity) => `monitor.parity.${parity}`),
  ...VARIABLE_KINDS.map((kind) => `monitor.variableKind.${kind}`),
  ...READ_WRITE_TYPES.map((mode) => `monitor.readWrite.${mode}`),
  ...COLLECTION_MODES.map((mode) => `monitor.collectionMode.${mode}`),
  ...RANGE_SHORTCUTS.map((shortcut) => `monitor.history.shortcuts.${shortcut}`),
  ...NETWORK_MODES.map((mode) => `monitor.networkMode.${mode}`),
  ...GATEWAY_MODES.map((mode) => `monitor.gatewayMode.${mode}`),
  ...DEVICE_TAB_KEYS.map((tab) => `monitor.detail.tabs.${tab}`),
];

describe('texts of the data screens', () => {
  it('finds the keys the screens use', () => {
    expect(literalKeys.length).toBeGreaterThan(50);
  });

  it.each(Object.keys(CONSOLE_TEXTS))('has a %s text for every key the screens use', (locale) => {
    const texts = CONSOLE_TEXTS[locale as keyof typeof CONSOLE_TEXTS];
    const missing = [...literalKeys, ...registryKeys].filter((key) => typeof lookUp(texts, key) !== 'string');
    expect(missing).toEqual([]);
  });
});
