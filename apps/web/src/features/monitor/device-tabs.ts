/**
 * The tabs of a device (§2: device info, gateway detail, read/write data, history data, alarm
 * records, real-time curve, repair records, inspection records), in the specification's order with
 * the history curve and the history reports beside the history data, and the device's configuration
 * (§2 device management: its drivers) after the gateway detail, and last the product's knowledge base. The screen of each tab is registered by the page.
 */
export const DEVICE_TAB_KEYS = [
  'info',
  'gateway',
  'config',
  'data',
  'history',
  'historyCurve',
  'reports',
  'alarms',
  'realtimeCurve',
  'repairs',
  'inspections',
  'knowledge',
] as const;

export type DeviceTabKey = (typeof DEVICE_TAB_KEYS)[number];

/** The tab a device opens on: its live values. */
export const DEFAULT_DEVICE_TAB: DeviceTabKey = 'data';

export function readDeviceTab(value: string | null): DeviceTabKey {
  return (DEVICE_TAB_KEYS as readonly string[]).includes(value ?? '')
    ? (value as DeviceTabKey)
    : DEFAULT_DEVICE_TAB;
}
