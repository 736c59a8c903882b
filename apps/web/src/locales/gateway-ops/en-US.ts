/** English texts of a gateway's operations; the type makes every Chinese key required here. */
import type { gatewayOpsZhCN } from './zh-CN.ts';

type Texts<T> = {
  [K in keyof T]: T[K] extends string ? string : Texts<T[K]>;
};

export const gatewayOpsEnUS: Texts<typeof gatewayOpsZhCN> = {
  operations: {
    title: 'Gateway operations',
    replace: 'Replace gateway',
    factoryReset: 'Factory reset',
    clearData: 'Clear data',
    restart: 'Restart gateway',
    restartConfirm: 'Restart the gateway? Collection pauses while it restarts.',
    restarted: 'The gateway restarted',
    lastReplacement: 'Last replacement: {{oldSn}} → {{newSn}} ({{at}})',
    replacementState: {
      syncing: 'Syncing',
      complete: 'Complete',
      failed: 'Failed',
    },
    offlineHint: 'An offline or dormant gateway cannot be reset, set or restarted',
  },
  replace: {
    title: 'Replace gateway',
    intro:
      'History, alarms, reports, configuration, pages and shares stay with the device; the new gateway continues collecting. The old gateway is released.',
    sn: 'New gateway SN',
    code: 'New gateway verification code',
    confirm: 'I confirm the replacement; the old gateway leaves the device',
    submit: 'Replace',
    done: 'Replaced by {{sn}}; sending the configuration to the new gateway',
  },
  factoryReset: {
    title: 'Factory reset',
    intro:
      'The gateway returns to its factory settings: remote settings go back to their defaults and it forgets its configuration (the platform sends it again).',
    keep: 'Keep platform data',
    discard: 'Do not keep platform data',
    discardHint:
      'Without keeping, once the gateway confirms, the platform deletes the device’s history, summaries, report rows, ended alarm records and current values.',
    confirm: 'I understand this cannot be undone',
    submit: 'Reset',
    done: 'The gateway is back to factory settings',
  },
  clearData: {
    title: 'Clear data',
    intro:
      'Deletes the device’s data on the platform: history with its summaries, report rows, ended alarm records and data gaps. Writes and the device log stay.',
    all: 'All',
    range: 'By date',
    period: 'Dates',
    confirm: 'I understand deleted data cannot be recovered',
    submit: 'Clear',
    done: 'Deleted {{points}} history points, {{summaries}} summaries, {{reportRows}} report rows, {{alarmRecords}} alarm records',
  },
  settings: {
    title: 'Remote settings',
    save: 'Save and send',
    saved: 'The gateway answered the settings',
    state: {
      none: 'Not sent',
      syncing: 'Syncing',
      complete: 'Complete',
      failed: 'Failed',
    },
    restartNeeded: 'Some settings take effect after a restart: {{keys}}',
    sections: {
      mode: 'Working mode',
      wan: 'WAN',
      wlan: 'WLAN (4G)',
      wifi: 'Wi-Fi',
      lan: 'LAN',
      mqtt: 'MQTT connection',
      features: 'Features',
    },
    modes: {
      standard: 'Standard',
      switch: 'Switch',
      router: 'Router',
    },
    modeHint: 'A new working mode takes effect after the gateway restarts',
    addressing: {
      dhcp: 'Automatic (DHCP)',
      static: 'Static IP',
    },
    wifiRoles: {
      client: 'Join a network',
      hotspot: 'Hotspot',
    },
    outcome: {
      applied: 'Applied',
      'restart-required': 'After restart',
      unsupported: 'Not on this gateway',
      failed: 'Failed',
    },
    passwordKept: 'Set; leave empty to keep it',
    reportIntervalHint: 'Default 1 s, 2-5 s suggested',
    trafficSavingHint: 'Live data stops after 10 minutes without a viewer',
  },
  fields: {
    mode: 'Working mode',
    wan: 'WAN',
    'wan.addressing': 'Addressing',
    'wan.ip': 'WAN IP address',
    'wan.subnet': 'WAN subnet mask',
    'wan.gateway': 'WAN gateway',
    'wan.dns': 'DNS servers',
    wlan: 'WLAN',
    'wlan.enabled': 'Use 4G',
    'wlan.apn': 'APN',
    wifi: 'Wi-Fi',
    'wifi.enabled': 'Use Wi-Fi',
    'wifi.role': 'Wi-Fi role',
    'wifi.ssid': 'Wi-Fi name',
    'wifi.password': 'Wi-Fi password',
    lan: 'LAN',
    'lan.ip': 'LAN IP address',
    'lan.subnet': 'LAN subnet mask',
    'lan.dhcpServer': 'DHCP server',
    mqtt: 'MQTT',
    'mqtt.url': 'MQTT server address',
    'mqtt.keepAliveSeconds': 'Keep-alive (s)',
    trafficSaving: 'Smart traffic saving',
    reportIntervalSeconds: 'Change-report interval (s)',
    antiTamper: 'Anti-tamper',
    basePositioning: 'Base-station positioning',
    dormant: 'Dormant',
    sn: 'New gateway SN',
    verificationCode: 'New gateway verification code',
  },
};
