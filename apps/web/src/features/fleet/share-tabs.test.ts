import { describe, expect, it } from 'vitest';
import { DEVICE_TAB_KEYS } from '../monitor/device-tabs.ts';
import { chooseDeviceTab, visibleDeviceTabs } from './share-tabs.ts';

describe('device tabs under a share', () => {
  it('shows every tab to anyone not seeing the device through a share', () => {
    expect(visibleDeviceTabs(DEVICE_TAB_KEYS, null)).toEqual([...DEVICE_TAB_KEYS]);
  });

  it('shows a receiver only the menus of the share, never the configuration', () => {
    const visible = visibleDeviceTabs(DEVICE_TAB_KEYS, { topMenu: false, menus: ['history', 'data'] });
    expect(visible).toEqual(['data', 'history']);
    expect(visibleDeviceTabs(DEVICE_TAB_KEYS, { topMenu: true, menus: [] })).toEqual([]);
  });

  it('falls back to the first visible tab', () => {
    expect(chooseDeviceTab('config', ['data', 'history'])).toBe('data');
    expect(chooseDeviceTab('history', ['data', 'history'])).toBe('history');
    expect(chooseDeviceTab('data', [])).toBeUndefined();
  });
});
