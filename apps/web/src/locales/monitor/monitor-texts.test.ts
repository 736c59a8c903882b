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
import { literalKeysOf, lookUpText as lookUp } from './screen-keys.ts';

/** Every `t('monitor.…')` key the screens use literally. */
const literalKeys = literalKeysOf(['gateway', 'product', 'monitor'], 'monitor');

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
