/**
 * System keys a widget can be bound to besides product signals (§3 data binding `systemKey`): facts
 * about the device the viewer knows without a signal. One table serves the binding picker and the
 * runtime viewer.
 */
import type { LocalizedText } from '@lyyp/designer-core';
import type { LiveValue } from '@lyyp/designer-core';

export interface SystemFacts {
  readonly deviceName: string;
  readonly gatewaySn: string;
  readonly gatewayStatus: string;
  /** 0-100, or null when the gateway does not report it. */
  readonly signalStrength: number | null;
  /** 1 while the gateway is online, else 0: handy for show/hide and colour rules. */
  readonly online: number;
}

interface SystemKeyDefinition {
  readonly label: LocalizedText;
  readonly read: (facts: SystemFacts) => LiveValue;
}

export const SYSTEM_KEYS = {
  deviceName: { label: { zh: '设备名称', en: 'Device name' }, read: (facts) => facts.deviceName },
  gatewaySn: { label: { zh: '网关序列号', en: 'Gateway SN' }, read: (facts) => facts.gatewaySn },
  gatewayStatus: {
    label: { zh: '网关状态', en: 'Gateway status' },
    read: (facts) => facts.gatewayStatus,
  },
  online: { label: { zh: '在线（1/0）', en: 'Online (1/0)' }, read: (facts) => facts.online },
  signalStrength: {
    label: { zh: '信号强度', en: 'Signal strength' },
    read: (facts) => facts.signalStrength,
  },
} as const satisfies Record<string, SystemKeyDefinition>;

export type SystemKey = keyof typeof SYSTEM_KEYS;

export function isSystemKey(value: string): value is SystemKey {
  return Object.hasOwn(SYSTEM_KEYS, value);
}

/** Live values of every system key, under the keys `bindingKey` gives them (`key:<name>`). */
export function readSystemValues(facts: SystemFacts): Record<string, LiveValue> {
  return Object.fromEntries(
    (Object.keys(SYSTEM_KEYS) as SystemKey[]).map((key) => [`key:${key}`, SYSTEM_KEYS[key].read(facts)]),
  );
}
